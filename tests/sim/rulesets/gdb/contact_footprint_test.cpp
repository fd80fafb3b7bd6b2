// Bases meet edge to edge at contact: in every shipped GdB scenario, when a charge (or a
// countercharge, a pursuit, an uncontrolled charge) makes contact, the two units' blocks of bases
// as the events record them touch (at most 1 mm apart) and do not reach into each other by more
// than 1 mm.

#include <map>

#include <gtest/gtest.h>

#include "sim/geom/fixed_geometry.h"
#include "sim/rulesets/gdb/battle/battle_engine.h"
#include "sim/rulesets/gdb/battle/formation_geometry.h"
#include "sim/rulesets/gdb/gdb_ruleset.h"

namespace vedette::sim::battle {
namespace {

const std::string kContactReplays = std::string(VEDETTE_SOURCE_DIR) + "/replays/";

gdb::Formation contact_formation(const std::string& name) {
    const auto& names = gdb::formation_names();
    for (std::size_t f = 0; f < names.size(); ++f)
        if (names[f] == name) return static_cast<gdb::Formation>(f);
    ADD_FAILURE() << "unknown formation " << name;
    return gdb::Formation::line;
}

// Each contact event's two blocks, from the latest snapshots of the two units.
struct ContactPair {
    int seq;
    geom::Rect a, b;
};

std::vector<ContactPair> contacts_of(const std::string& relative) {
    static const gdb::GdbRuleset gdb(std::string(VEDETTE_SOURCE_DIR) + "/sim/rulesets");
    const BattleRules& rules = gdb.battle_rules();
    const Scenario scenario = read_scenario_file(kContactReplays + relative, rules);
    const replay::Recorded result = run_battle(gdb, scenario);
    std::map<int, record::Snapshot> latest;
    std::vector<ContactPair> out;
    const auto rect = [&](int unit) {
        const record::Snapshot& s = latest.at(unit);
        return unit_rect(rules, scenario.units[static_cast<std::size_t>(unit)].unit.type,
                         contact_formation(s.look.layout), s.look.figures, s.pose.pos,
                         s.pose.facing);
    };
    for (const record::Event& e : result.events) {
        for (const record::Snapshot& s : e.after) latest[s.unit] = s;
        if (e.kind == "contact" && e.units.size() == 2)
            out.push_back({e.seq, rect(e.units[0]), rect(e.units[1])});
    }
    return out;
}

TEST(ContactFootprints, BlocksTouchEdgeToEdgeAtEveryContact) {
    int checked = 0;
    for (const char* scenario :
         {"demo/demo_battle.scenario.json", "seed000/02_dragoons_vs_square.scenario.json",
          "seed000/03_uhlans_vs_battery.scenario.json",
          "seed000/04_cuirassiers_vs_dragoons.scenario.json",
          "seed000/05_hussars_opportunity_charge.scenario.json",
          "seed000/06_lancers_vs_spanish_battery.scenario.json",
          "examples/walkthrough.scenario.json"}) {
        for (const ContactPair& c : contacts_of(scenario)) {
            EXPECT_LE(geom::overlap_depth(c.a, c.b), 1)
                << scenario << ", event " << c.seq << ": the blocks overlap";
            EXPECT_LE(geom::distance(c.a, c.b), 1)
                << scenario << ", event " << c.seq << ": the blocks do not touch";
            ++checked;
        }
    }
    EXPECT_GE(checked, 10) << "the scenarios should make at least ten contacts";
}

}  // namespace
}  // namespace vedette::sim::battle

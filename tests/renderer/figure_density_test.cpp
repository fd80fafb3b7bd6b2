// Figures stand on their bases as the rules base them: a GdB unit's block is its bases side by
// side (gdb.json "bases" and "formations"), and the layout puts on every base the figures the
// rules give a base of its troop type, all inside the unit's own block, also while a melee makes
// them surge at the enemy and when they stand untidily. (The renderer itself knows no rules: the
// test asks the GdB block code for the footprint and checks the renderer against it.)

#include <cmath>
#include <map>

#include <gtest/gtest.h>

#include "renderer/scene/figure_layout.h"
#include "sim/replay/older_facts.h"
#include "sim/rulesets/gdb/battle/battle_rules.h"
#include "sim/rulesets/gdb/battle/formation_geometry.h"
#include "tests/renderer/demo_fixture.h"

namespace vedette::render {
namespace {

using sim::battle::BattleRules;
using sim::gdb::Formation;
using sim::gdb::TroopType;

const BattleRules& gdb_battle_rules() {
    static const BattleRules r =
        sim::battle::load_battle_rules(kSource + "/sim/rulesets/gdb/gdb.json");
    return r;
}

// A unit of `bases` full bases of `type` in `formation`, at the origin facing +y, as the GdB
// record describes it (the roster visual is the troop type's name).
UnitView gdb_unit(TroopType type, Formation formation, int bases) {
    const auto& rules = gdb_battle_rules();
    const int figures = bases * rules.base_of(type).figures;
    const auto block = sim::battle::unit_block(rules, type, formation, figures);
    UnitView u;
    u.unit = 0;
    u.visual = std::string(sim::gdb::to_string(type));
    u.layout = sim::gdb::formation_names()[static_cast<std::size_t>(formation)];
    u.formation = u.from_formation = render::formation_of(sim::replay::stand_in_words(u.layout));
    u.figures = figures;
    u.width_mm = u.from_width_mm = static_cast<double>(block.width_mm);
    u.depth_mm = u.from_depth_mm = static_cast<double>(block.depth_mm);
    return u;
}

const std::vector<Instance>& figures_of(const InstanceBatches& b, const UnitView& u) {
    return b.by_mesh[static_cast<std::size_t>(visuals().figure(u.visual).mesh)];
}

InstanceBatches lay_out(const UnitView& u, std::int64_t time_ms = 0) {
    SceneState s;
    s.time_ms = time_ms;
    s.units = {u};
    return layout_figures(s, visuals());
}

// Figures per base: the block cut into the bases the rules put in it (open order and skirmish
// bases stand a base apart, so each has twice the room).
std::map<std::pair<int, int>, int> per_base(const UnitView& u, TroopType type, bool spread) {
    const auto& base = gdb_battle_rules().base_of(type);
    const double bw = double(base.width_mm) * (spread ? 2 : 1);
    const double bd = double(base.depth_mm) * (spread ? 2 : 1);
    std::map<std::pair<int, int>, int> counts;
    // Kept in a local: a range-for over a member of a temporary would read freed memory.
    const InstanceBatches batches = lay_out(u);
    for (const Instance& f : figures_of(batches, u)) {
        const int col = int(std::floor((f.x + u.width_mm / 2) / bw));
        const int row = int(std::floor((u.depth_mm / 2 - f.y) / bd));
        ++counts[{col, row}];
    }
    return counts;
}

TEST(FigureDensity, AGdbBattalionHasTheRulesFiguresOnEveryBase) {
    struct Case {
        TroopType type;
        Formation formation;
        int bases;
    };
    for (const Case c : {Case{TroopType::infantry, Formation::line, 6},
                         Case{TroopType::infantry, Formation::column, 6},
                         Case{TroopType::infantry, Formation::attack_column, 8},
                         Case{TroopType::infantry, Formation::line, 9},
                         Case{TroopType::lancers, Formation::line, 6},
                         Case{TroopType::cuirassiers, Formation::squadron_column, 4},
                         Case{TroopType::skirmishers, Formation::skirmish, 4},
                         Case{TroopType::artillery, Formation::unlimbered, 2}}) {
        const UnitView u = gdb_unit(c.type, c.formation, c.bases);
        const std::string what =
            u.visual + " in " + u.layout + ", " + std::to_string(c.bases) + " bases";
        const InstanceBatches b = lay_out(u);
        // As many figures on the footprint as the rules give the unit.
        EXPECT_EQ(figures_of(b, u).size(), static_cast<std::size_t>(u.figures)) << what;
        EXPECT_EQ(b.figures, static_cast<std::size_t>(u.figures)) << what;
        const bool spread = c.formation == Formation::skirmish;
        const auto counts = per_base(u, c.type, spread);
        EXPECT_EQ(counts.size(), static_cast<std::size_t>(c.bases)) << what;
        for (const auto& [cell, n] : counts)
            EXPECT_EQ(n, gdb_battle_rules().base_of(c.type).figures)
                << what << ": base " << cell.first << "," << cell.second;
    }
}

// Every figure's centre stays on its own block, half a figure's spacing in from the edges (or
// on the middle line of a block shallower than a figure), so a unit in contact never reaches
// over the edge where the enemy's base touches it.
void expect_on_block(const UnitView& u, const std::string& what, std::int64_t time_ms = 0) {
    const float fw = visuals().figure(u.visual).spacing_mm;
    const double in_x = std::min(double(fw) / 2, u.width_mm / 2);
    const double in_y = std::min(double(fw) / 2, u.depth_mm / 2);
    const InstanceBatches batches = lay_out(u, time_ms);
    for (const Instance& f : figures_of(batches, u)) {
        EXPECT_LE(std::abs(f.x), u.width_mm / 2 - in_x + 1e-3) << what;
        EXPECT_LE(std::abs(f.y), u.depth_mm / 2 - in_y + 1e-3) << what;
    }
}

TEST(FigureDensity, FiguresStayOnTheirBlockInAMeleeAndWhenUntidy) {
    for (const TroopType type : {TroopType::infantry, TroopType::cuirassiers}) {
        for (const Formation formation : {Formation::line, Formation::column}) {
            UnitView u = gdb_unit(type, formation, 6);
            const std::string what = u.visual + " in " + u.layout;
            expect_on_block(u, what);
            // The melee's surge at its strongest, straight ahead, at many moments.
            u.clash = 1.0f, u.clash_x = 0, u.clash_y = 1;
            u.disordered = true;
            for (std::int64_t ms = 0; ms < 2000; ms += 37)
                expect_on_block(u, what + " surging, untidy", ms);
        }
    }
}

}  // namespace
}  // namespace vedette::render

#include "sim/rulesets/gdb/gdb_record.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "sim/ruleset/event_recorder.h"
#include "sim/rulesets/gdb/battle/formation_geometry.h"

namespace vedette::sim::battle {

const std::vector<record::Phase>& gdb_phases() {
    static const std::vector<record::Phase> p = {{"setup", "Setup"},
                                                 {"charges", "Charges"},
                                                 {"movement", "Movement"},
                                                 {"melee", "Melee"},
                                                 {"mandatory", "Mandatory moves"}};
    return p;
}

namespace {

// How each formation's figures stand: a square and a mass on four faces, skirmishers and open
// order spread out, limbered guns with their limbers; lines and columns in ranks and files.
record::Stand stand_of(gdb::Formation f) {
    using F = gdb::Formation;
    if (f == F::square || f == F::mass) return record::Stand::four_faces;
    if (f == F::skirmish || f == F::open_order) return record::Stand::open;
    if (f == F::limbered) return record::Stand::limbered;
    return record::Stand::ranks;
}

// The figures the renderer draws for each troop type (keys of assets/models.json).
std::string visual_of(gdb::TroopType t) {
    return t == gdb::TroopType::artillery ? "artillery_crew" : std::string(gdb::to_string(t));
}

record::RosterUnit roster_unit(const RecordContext& c, const ScenarioUnit& su) {
    const Side& side = c.scenario.sides[static_cast<std::size_t>(su.side)];
    record::RosterUnit r;
    r.id = su.id;
    r.name = su.unit.name;
    r.side = su.side;
    r.nation = su.unit.nation;
    r.visual = visual_of(su.unit.type);
    r.properties = {{"side", side.name},
                    {"nation", su.unit.nation},
                    {"type", std::string(gdb::to_string(su.unit.type))},
                    {"class", std::string(gdb::to_string(su.unit.klass))},
                    {"figures at the start", std::to_string(su.unit.figures)}};
    // The 22-degree sector a charge may be declared into, as far as the unit's charge move (troops
    // without a charge move, such as artillery, have none).
    const auto& moves = c.rules.moves[static_cast<std::size_t>(su.unit.type)];
    if (moves.charge_mm > 0)
        r.overlays.push_back({"arc",
                              "charge sector (22 degrees, seed 000)",
                              moves.charge_mm,
                              22,
                              std::nullopt,
                              -1,
                              {}});
    if (su.brigade >= 0 && su.brigade < static_cast<int>(side.brigades.size())) {
        const Brigade& b = side.brigades[static_cast<std::size_t>(su.brigade)];
        r.properties.push_back({"brigade", b.name});
        r.properties.push_back({"general", b.general.name});
        // The scenario reader refused any scale the ruleset data does not define.
        const long radius = c.rules.scales.at(c.scenario.scale).command_radius_mm;
        record::Overlay ring{
            "ring", "command radius of " + b.general.name, radius, 0, b.general.at, -1, {}};
        if (const auto it = c.scenario.unit_index.find(b.general.attached_to);
            it != c.scenario.unit_index.end())
            ring.centre.reset(), ring.centre_unit = it->second;
        r.overlays.push_back(ring);
    }
    r.properties.push_back({"C-in-C", side.commander.name});
    return r;
}

}  // namespace

record::Header gdb_header(const RecordContext& c) {
    record::Header h = ruleset::start_header("gdb", c.rules_hash, c.looks, c.scenario.title,
                                             c.scenario.description, gdb_phases());
    for (const auto& s : c.scenario.sides) h.sides.push_back({s.id, s.name, s.nation});
    for (const auto& su : c.scenario.units) h.units.push_back(roster_unit(c, su));
    h.board.terrain = c.scenario.terrain;
    record::set_written_board(h.board, nlohmann::ordered_json::parse(c.scenario.written_board));
    return h;
}

record::Look formation_look(const BattleRules& rules, gdb::TroopType type, gdb::Formation formation,
                            int figures) {
    record::Look look;
    look.figures = figures;
    look.layout = std::string(gdb::to_string(formation));
    look.stand = stand_of(formation);
    // A unit down to no figures still has the footprint of one base, where its marker stands.
    const Block block = unit_block(rules, type, formation, std::max(1, figures));
    look.width_mm = block.width_mm;
    look.depth_mm = block.depth_mm;
    return look;
}

void show_state(record::Look& look, const std::string& state) {
    look.disordered = state == "unformed" || state == "blown" || state == "pursuing" ||
                      state == "broken" || state == "retreating" || state == "wavering";
    look.fleeing = state == "broken" || state == "retreating";
    look.off_table = state == "removed" || state == "dispersed";
}

gdb::Formation formation_named(const std::string& name, gdb::Formation fallback) {
    const auto& names = gdb::formation_names();
    for (std::size_t f = 0; f < names.size(); ++f)
        if (names[f] == name) return static_cast<gdb::Formation>(f);
    return fallback;
}

}  // namespace vedette::sim::battle

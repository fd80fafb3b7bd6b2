#include "sim/rulesets/gdb/gdb_record.h"

#include <algorithm>

#include "sim/rulesets/gdb/battle/formation_geometry.h"

namespace vedette::sim::battle {

using record::Category;

const std::vector<record::Phase>& gdb_phases() {
    static const std::vector<record::Phase> p = {{"setup", "Setup"},
                                                 {"charges", "Charges"},
                                                 {"movement", "Movement"},
                                                 {"melee", "Melee"},
                                                 {"mandatory", "Mandatory moves"}};
    return p;
}

namespace {

// The figures the renderer draws for each troop type (keys of assets/models.json).
std::string visual_of(gdb::TroopType t) {
    return t == gdb::TroopType::artillery ? "artillery_crew" : std::string(gdb::to_string(t));
}

gdb::Formation formation_named(const std::string& name, gdb::Formation fallback) {
    const auto& names = gdb::formation_names();
    for (std::size_t f = 0; f < names.size(); ++f)
        if (names[f] == name) return static_cast<gdb::Formation>(f);
    return fallback;
}

// The look of a unit of `type` in `formation` with `figures` on the table.
record::Look look_of(const RecordContext& c, gdb::TroopType type, const std::string& formation,
                     int figures) {
    record::Look look;
    look.figures = figures;
    look.layout = formation;
    const auto block = unit_block(c.rules, type, formation_named(formation, gdb::Formation::line),
                                  std::max(1, figures));
    look.width_mm = block.width_mm;
    look.depth_mm = block.depth_mm;
    return look;
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
    record::Header h;
    h.ruleset = "gdb";
    h.rules_hash = c.rules_hash;
    h.title = c.scenario.title;
    h.description = c.scenario.description;
    h.phases = gdb_phases();
    for (const auto& s : c.scenario.sides) h.sides.push_back({s.id, s.name, s.nation});
    for (const auto& su : c.scenario.units) h.units.push_back(roster_unit(c, su));
    h.board.terrain = c.scenario.terrain;
    nlohmann::ordered_json board = nlohmann::ordered_json::object();
    const auto& j = c.scenario.json;
    if (j.contains("table")) board["table"] = j["table"];
    if (j.contains("terrain")) board["terrain"] = j["terrain"];
    record::set_written_board(h.board, board);
    // How the viewer draws GdB's events and states: gdb.json's "looks", copied as data.
    if (c.tables.contains("looks"))
        h.looks = record::looks_from_json(c.tables["looks"], "gdb.json", "$.looks");
    return h;
}

record::Snapshot to_record(const UnitSnapshot& s, const RecordContext& c) {
    record::Snapshot r;
    r.unit = s.unit;
    r.pose = {s.pos, s.facing};
    const auto type = c.scenario.units[static_cast<std::size_t>(s.unit)].unit.type;
    r.look = look_of(c, type, s.formation, s.figures);
    const std::string& st = s.status;
    r.look.disordered = st == "unformed" || st == "blown" || st == "pursuing" || st == "broken" ||
                        st == "retreating" || st == "wavering";
    r.look.fleeing = st == "broken" || st == "retreating";
    r.look.off_table = st == "removed" || st == "dispersed";
    if (s.guns_abandoned) r.look.markers.push_back({"abandoned_guns", s.guns_at});
    r.state = st;
    return r;
}

namespace {

// Episodes: a charge from its declaration to the next declaration in that turn's charge phase; a
// melee with its consequences up to the next melee of that turn's melee phase.
void number_episodes(const std::vector<Event>& in, std::vector<record::Event>& out) {
    int next = 0, current = -1, turn = -1;
    std::string phase;
    for (std::size_t i = 0; i < in.size(); ++i) {
        const Event& e = in[i];
        if (e.turn != turn || e.phase != phase) current = -1;
        turn = e.turn, phase = e.phase;
        if ((e.phase == "charges" && e.kind == kind_name(EventKind::charge_declared)) ||
            (e.phase == "melee" && e.kind == kind_name(EventKind::melee)))
            current = next++;
        out[i].episode = current;
    }
}

// A formation change ordered as a reaction (form_square, formation_change) that completes before
// contact: the engine records the new formation only when the charge arrives, but the figures
// are shown moving into it during the order's own event and holding it until then.
void early_formation_changes(const std::vector<Event>& in, const RecordContext& c,
                             std::vector<record::Event>& out) {
    std::vector<std::string> formation(c.scenario.units.size());  // as recorded so far
    for (std::size_t i = 0; i < in.size(); ++i) {
        const Event& e = in[i];
        const bool order = (e.kind == kind_name(EventKind::form_square) ||
                            e.kind == kind_name(EventKind::formation_change)) &&
                           !e.units.empty() && e.completes_before_contact;
        if (order) {
            const int unit = e.units[0];
            // The first later event of the same turn that records this unit in another formation.
            for (std::size_t j = i + 1; j < in.size() && in[j].turn == e.turn; ++j) {
                const auto it = std::find_if(in[j].after.begin(), in[j].after.end(),
                                             [&](const UnitSnapshot& a) { return a.unit == unit; });
                if (it == in[j].after.end() ||
                    it->formation == formation[static_cast<std::size_t>(unit)])
                    continue;
                if (j > i + 1 &&
                    !(e.kind == kind_name(EventKind::form_square) && it->formation != "square")) {
                    record::Effect fx;
                    fx.kind = record::EffectKind::formation_change;
                    fx.units = {unit};
                    fx.look = to_record(*it, c).look;
                    fx.until_ms = in[j].t1_ms;
                    out[i].effects.push_back(std::move(fx));
                }
                break;
            }
        }
        for (const auto& a : e.after)
            if (a.unit >= 0 && a.unit < static_cast<int>(formation.size()))
                formation[static_cast<std::size_t>(a.unit)] = a.formation;
    }
}

// Clashes, volleys and falling figures, from the kind and the snapshots.
void visual_effects(const std::vector<Event>& in, std::vector<record::Event>& out) {
    std::vector<int> figures;
    for (std::size_t i = 0; i < in.size(); ++i) {
        const Event& e = in[i];
        if (e.kind == kind_name(EventKind::melee) && !e.units.empty())
            out[i].effects.push_back({record::EffectKind::clash, e.units, std::nullopt, 0, 0});
        if (e.kind == kind_name(EventKind::volley) && !e.units.empty())
            out[i].effects.push_back(
                {record::EffectKind::volley, {e.units[0]}, std::nullopt, 0, 0});
        for (const auto& a : e.after) {
            if (a.unit < 0) continue;
            if (figures.size() <= static_cast<std::size_t>(a.unit))
                figures.resize(static_cast<std::size_t>(a.unit) + 1, -1);
            int& before = figures[static_cast<std::size_t>(a.unit)];
            if (before > a.figures)
                out[i].effects.push_back({record::EffectKind::figures_fall,
                                          {a.unit},
                                          std::nullopt,
                                          0,
                                          before - a.figures});
            before = a.figures;
        }
    }
}

}  // namespace

std::vector<record::Event> to_record(const std::vector<Event>& events, const RecordContext& c) {
    std::vector<record::Event> out(events.size());
    for (std::size_t i = 0; i < events.size(); ++i) {
        const Event& e = events[i];
        record::Event& r = out[i];
        r.seq = e.seq;
        r.turn = e.turn;
        r.phase = e.phase;
        r.category = category_of_kind(e.kind);
        r.kind = e.kind;
        r.units = e.units;
        r.rule = e.rule;
        r.text = e.text;
        r.t0_ms = e.t0_ms;
        r.t1_ms = e.t1_ms;
        if (e.motion)
            r.motion = record::Motion{e.motion->path, e.motion->facing_end, e.motion->gait};
        if (e.explanation) r.explanation = *e.explanation;
        for (const auto& a : e.after) r.after.push_back(to_record(a, c));
    }
    number_episodes(events, out);
    early_formation_changes(events, c, out);
    visual_effects(events, out);
    return out;
}

std::vector<record::Keyframe> to_record(const std::vector<Keyframe>& keyframes,
                                        const RecordContext& c) {
    std::vector<record::Keyframe> out;
    for (const auto& k : keyframes) {
        record::Keyframe r{k.seq, k.turn, k.time_ms, {}};
        for (const auto& s : k.units) r.units.push_back(to_record(s, c));
        out.push_back(std::move(r));
    }
    return out;
}

replay::Recorded to_record(const BattleResult& result, const RecordContext& c) {
    replay::Recorded r;
    r.header = gdb_header(c);
    r.seed = c.scenario.seed;
    r.scenario_text = c.scenario.json.dump();
    r.events = to_record(result.events, c);
    for (const auto& t : result.turn_hashes) r.turn_hashes.push_back({t.turn, t.hash});
    r.keyframes = to_record(result.keyframes, c);
    return r;
}

}  // namespace vedette::sim::battle

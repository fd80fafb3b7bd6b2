// The battle runner's frame: state, the turn loop, events (each unit's snapshot as the record
// shows it), dice, hashes and geometry helpers.
// The phases live in charge_sequence.cpp, melee_phase.cpp and mandatory_moves.cpp.

#include "sim/rulesets/gdb/battle/battle_engine.h"

#include <algorithm>

#include "sim/rules/ruleset_files.h"
#include "sim/rulesets/gdb/battle/formation_geometry.h"
#include "sim/rulesets/gdb/gdb_record.h"

namespace vedette::sim::battle {

using geom::i64;
using geom::Vec;

std::vector<std::string> unit_ids(const Scenario& scenario) {
    std::vector<std::string> ids;
    for (const auto& u : scenario.units) ids.push_back(u.id);
    return ids;
}

std::string status_name(const UnitState& s) {
    if (s.dispersed) return "dispersed";
    if (!s.on_table) return "removed";
    if (s.pending == Pending::push_back) return "pushed_back";
    if (s.pending == Pending::pursue || s.pursuing) return "pursuing";
    if (s.blown) return "blown";
    return std::string(gdb::to_string(s.status));
}

Battle::Battle(const gdb::GdbRuleset& ruleset, const Scenario& scenario)
    : melee_rules_(ruleset.melee_rules()),
      rules_(ruleset.battle_rules()),
      tables_(ruleset.tables()),
      scenario_(scenario),
      scale_(rules_.scales.at(scenario.scale)),
      prng_(scenario.seed),
      ids_(unit_ids(scenario)),
      dice_(scenario.dice.given, scenario.dice.loose),
      recorder_(scenario.units.size()),
      tape_(scenario.branch, [this] { return static_cast<int>(recorder_.event_count()); }) {
    for (const auto& su : scenario.units) {
        UnitState s;
        s.pos = su.at;
        s.facing = geom::direction_of_degrees(su.facing_deg);
        s.figures = su.unit.figures;
        s.formation = su.unit.formation;
        s.status = su.unit.status;
        units_.push_back(s);
        move_rates_.push_back(rules_.moves_of(su.unit.type, scale_));
    }
}

replay::Recorded run_battle(const gdb::GdbRuleset& ruleset, const Scenario& scenario) {
    return Battle(ruleset, scenario).run();
}

replay::Recorded Battle::run() {
    std::vector<int> all;
    for (std::size_t i = 0; i < units_.size(); ++i) all.push_back(static_cast<int>(i));
    // The setup carries every unit: the state the first keyframe must equal.
    emit(EventKind::setup, all, "scenario",
         scenario_.title.empty() ? "The armies deploy" : scenario_.title, 1000);
    for (turn_ = 1; turn_ <= scenario_.turns; ++turn_) {
        phasing_ = (scenario_.first_side + turn_ - 1) % 2;
        start_turn();
        charge_phase();
        movement_phase();
        melee_phase();
        mandatory_phase();
        end_turn();
    }
    const RecordContext context{scenario_, rules_, tables_, melee_rules_.hash, melee_rules_.looks};
    replay::Recorded out =
        recorder_.finish(gdb_header(context), scenario_.seed, scenario_.json_text);
    out.dice = dice_.audit();
    out.tape = tape_.dice();
    out.branch = scenario_.branch;
    return out;
}

void Battle::start_turn() {
    recorder_.begin_turn(turn_, everyone());
    for (auto& u : units_) {
        u.pursued_last_turn = u.pursuing;
        u.charged = u.was_charged = u.countercharged = u.countercharge_bonus = false;
        u.countercharge_forward = 0;
        u.general_leads = u.flank_contact = u.retreated_this_turn = u.behind_obstacle = false;
        u.reinforcement = u.stood_aside = false;
        u.charged_by = -1;
    }
    opportunity_used_ = {0, 0};
    phase_ = "charges";
    emit(EventKind::turn_start, {}, "GdB turn sequence",
         "Turn " + std::to_string(turn_) + ": " +
             scenario_.sides[static_cast<std::size_t>(phasing_)].name + " is the phasing side",
         800);
}

void Battle::end_turn() {
    recorder_.end_turn(state_hash());
}

std::string Battle::state_hash() const {
    std::string bytes;
    auto put = [&](i64 v) { bytes.append(reinterpret_cast<const char*>(&v), sizeof v); };
    for (const auto& u : units_) {
        put(u.pos.x);
        put(u.pos.y);
        put(u.facing.x);
        put(u.facing.y);
        put(u.figures);
        put(static_cast<i64>(u.formation));
        put(static_cast<i64>(u.status));
        put(u.on_table);
        put(u.guns_abandoned);
        put(static_cast<i64>(u.pending));
    }
    put(static_cast<i64>(recorder_.event_count()));
    return fnv1a64_hex(bytes);
}

record::Snapshot Battle::snapshot(int unit) const {
    const UnitState& s = units_[static_cast<std::size_t>(unit)];
    record::Snapshot snap;
    snap.unit = unit;
    snap.pose = {s.pos, s.facing};
    snap.look = formation_look(rules_, scenario_.units[static_cast<std::size_t>(unit)].unit.type,
                               s.formation, s.figures);
    snap.state = status_name(s);
    show_state(snap.look, snap.state);
    if (s.guns_abandoned) snap.look.markers.push_back({"abandoned_guns", s.guns_at});
    return snap;
}

std::vector<record::Snapshot> Battle::everyone() const {
    std::vector<record::Snapshot> all;
    for (std::size_t u = 0; u < units_.size(); ++u) all.push_back(snapshot(static_cast<int>(u)));
    return all;
}

record::Event& Battle::emit(EventKind kind, std::vector<int> units, const std::string& rule,
                            std::string text, std::int64_t duration_ms) {
    std::vector<record::Snapshot> after;
    for (int u : units) after.push_back(snapshot(u));
    return recorder_.emit(phase_, kind, std::move(units), rule, std::move(text), duration_ms,
                          std::move(after));
}

record::Event& Battle::emit_motion(EventKind kind, int unit, std::vector<int> units,
                                   const std::string& rule, std::string text, Vec from, Vec to,
                                   Vec facing_end, const std::string& gait) {
    // Replay time: table millimetres per second by gait, so a gallop looks like one.
    const i64 speed = gait == "gallop" ? 160 : gait == "trot" ? 90 : gait == "flee" ? 120 : 50;
    const i64 length = geom::length(to - from);
    const i64 duration = std::max<i64>(600, length * 1000 / speed);
    move_unit(unit, to, facing_end);
    record::Event& e = emit(kind, std::move(units), rule, std::move(text), duration);
    e.motion = record::Motion{{from, to}, facing_end, gait};
    return e;
}

replay::Die Battle::roll(int unit, const std::string& purpose) {
    return dice_.roll(turn_, unit, purpose, 1, 6, tape_, [this] { return prng_.d6(); });
}

geom::Rect Battle::rect_at(int unit, Vec pos, Vec facing) const {
    const auto& su = scenario_.units[static_cast<std::size_t>(unit)];
    const auto& s = units_[static_cast<std::size_t>(unit)];
    return unit_rect(rules_, su.unit.type, s.formation, s.figures, pos, facing);
}

geom::Rect Battle::rect_of(int unit) const {
    const auto& s = units_[static_cast<std::size_t>(unit)];
    return rect_at(unit, s.pos, s.facing);
}

bool Battle::is_cavalry(int unit) const {
    return gdb::is_cavalry(scenario_.units[static_cast<std::size_t>(unit)].unit.type);
}

bool Battle::in_contact(int unit) const {
    for (const auto& c : contacts_)
        if (c.attacker == unit || c.defender == unit) return true;
    return false;
}

bool Battle::can_act(int unit) const {
    const auto& s = units_[static_cast<std::size_t>(unit)];
    return s.on_table && !s.dispersed && s.status != gdb::Status::broken &&
           s.status != gdb::Status::retreating && !s.blown && s.pending == Pending::none &&
           !in_contact(unit);
}

const Commander* Battle::attached_general(int unit) const {
    const auto& su = scenario_.units[static_cast<std::size_t>(unit)];
    const Side& side = scenario_.sides[static_cast<std::size_t>(su.side)];
    for (const auto& b : side.brigades)
        if (b.general.attached_to == su.id) return &b.general;
    if (side.commander.attached_to == su.id) return &side.commander;
    return nullptr;
}

namespace {
i64 point_to_rect(Vec p, const geom::Rect& r) {
    const auto c = r.corners();
    if (geom::point_in_polygon(p, std::vector<Vec>(c.begin(), c.end()))) return 0;
    i64 best = -1;
    for (int i = 0; i < 4; ++i) {
        const i64 d = geom::distance_squared_to_segment(p, c[i], c[(i + 1) % 4]);
        if (best < 0 || d < best) best = d;
    }
    return static_cast<i64>(geom::isqrt(static_cast<std::uint64_t>(best)));
}
}  // namespace

Vec Battle::general_at(const Commander& general) const {
    Vec at = general.at;
    int latest = 0;  // the latest move up to this turn (of one turn, the last written)
    for (const auto& m : scenario_.general_moves)
        if (m.general == general.id && m.turn <= turn_ && m.turn >= latest) {
            at = m.to;
            latest = m.turn;
        }
    return at;
}

i64 Battle::command_distance(int unit) const {
    // The brigade general or the C-in-C, whichever is nearer (seed 000: 15 cm).
    const auto& su = scenario_.units[static_cast<std::size_t>(unit)];
    const Side& side = scenario_.sides[static_cast<std::size_t>(su.side)];
    const geom::Rect r = rect_of(unit);
    const Commander& g = side.brigades[static_cast<std::size_t>(su.brigade)].general;
    const Vec gpos =
        g.attached_to.empty()
            ? general_at(g)
            : units_[static_cast<std::size_t>(scenario_.unit_index.at(g.attached_to))].pos;
    const Vec cpos =
        side.commander.attached_to.empty()
            ? general_at(side.commander)
            : units_[static_cast<std::size_t>(scenario_.unit_index.at(side.commander.attached_to))]
                  .pos;
    return std::min(point_to_rect(gpos, r), point_to_rect(cpos, r));
}

const TerrainFeature* Battle::feature_at(Vec p) const {
    for (const auto& f : scenario_.terrain.features)
        if (f.is_area() && geom::point_in_polygon(p, f.points)) return &f;
    return nullptr;
}

std::vector<const TerrainFeature*> Battle::obstacles_crossed(Vec a, Vec b) const {
    std::vector<const TerrainFeature*> out;
    for (const auto& f : scenario_.terrain.features) {
        if (f.kind != FeatureKind::hedge && f.kind != FeatureKind::wall &&
            f.kind != FeatureKind::stream)
            continue;
        for (std::size_t i = 0; i + 1 < f.points.size(); ++i)
            if (geom::segments_intersect(a, b, f.points[i], f.points[i + 1])) {
                out.push_back(&f);
                break;
            }
    }
    return out;
}

const BattleRules::Obstacle& Battle::obstacle_rules(const TerrainFeature& f) const {
    return f.kind == FeatureKind::hedge  ? rules_.hedge
           : f.kind == FeatureKind::wall ? rules_.wall
                                         : rules_.stream;
}

void Battle::move_unit(int unit, Vec to, Vec facing) {
    auto& s = units_[static_cast<std::size_t>(unit)];
    s.pos = to;
    s.facing = facing;
}

Vec Battle::flee_path_end(int unit, Vec dir, i64 distance, std::vector<int>& passed_through) {
    const auto& s = units_[static_cast<std::size_t>(unit)];
    const int side = scenario_.units[static_cast<std::size_t>(unit)].side;
    Vec end = s.pos + geom::scale(dir, distance);
    // Friends overlapped along the way are disordered; the fleeing unit ends behind them.
    for (int guard = 0; guard < 8; ++guard) {
        bool moved = false;
        for (std::size_t f = 0; f < units_.size(); ++f) {
            const int id = static_cast<int>(f);
            if (id == unit || !units_[f].on_table || scenario_.units[f].side != side) continue;
            const geom::Rect fr = rect_of(id);
            const bool crossed = geom::segment_crosses_rect(s.pos, end, fr) ||
                                 geom::overlaps(rect_at(unit, end, dir), fr);
            if (!crossed) continue;
            if (std::find(passed_through.begin(), passed_through.end(), id) == passed_through.end())
                passed_through.push_back(id);
            if (geom::overlaps(rect_at(unit, end, dir), fr)) {
                end = end + geom::scale(dir, fr.half_depth * 2 + rect_of(unit).half_depth * 2 + 10);
                moved = true;
            }
        }
        if (!moved) break;
    }
    return end;
}

}  // namespace vedette::sim::battle

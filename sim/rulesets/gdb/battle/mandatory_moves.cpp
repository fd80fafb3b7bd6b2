// The mandatory move phase: retreats, routs, push backs, pursuits and blown cavalry retiring,
// then rallies (GdB 12.19, 12.23-12.25).

#include <algorithm>

#include "sim/rulesets/gdb/battle/battle_engine.h"
#include "sim/rulesets/gdb/melee/melee_engine.h"

namespace vedette::sim::battle {

using geom::i64;
using geom::Vec;

namespace {
// Whole centimetres, rounded down (charge::cm writes tenths): the retreat narration's own form.
std::string whole_cm(i64 mm) {
    return std::to_string(mm / 10) + " cm";
}
}  // namespace

void Battle::mandatory_phase() {
    phase_ = "mandatory";
    std::vector<bool> moved(units_.size(), false);
    for (auto& s : units_) s.disordered_in_flight.clear();
    retreats_and_routs(moved);
    push_backs(moved);
    occupy_won_areas(moved);
    make_bonus_moves(moved);
    pursuits(moved);
    reman_abandoned_guns();
    rallies(moved);
}

bool Battle::off_table(int u) const {
    return !fits_on_table(rect_of(u));
}

bool Battle::fits_on_table(const geom::Rect& r) const {
    for (const Vec& c : r.corners())
        if (c.x < 0 || c.y < 0 || c.x > scenario_.terrain.width_mm ||
            c.y > scenario_.terrain.depth_mm)
            return false;
    return true;
}

Vec Battle::stop_at_table_edge(int u, Vec from, Vec end, Vec facing) const {
    if (fits_on_table(rect_at(u, end, facing))) return end;
    const i64 length = geom::length(end - from);
    if (length == 0) return from;
    const Vec dir = geom::normalize(end - from);
    // The table is convex: the positions along the move that fit are one stretch from `from`.
    i64 lo = 0, hi = length;
    while (lo < hi) {
        const i64 mid = (lo + hi + 1) / 2;
        if (fits_on_table(rect_at(u, from + geom::scale(dir, mid), facing)))
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo == 0 ? from : from + geom::scale(dir, lo);
}

int Battle::nearest_enemy(int u) const {
    int best = -1;
    i64 best_d = 0;
    for (std::size_t e = 0; e < units_.size(); ++e) {
        if (scenario_.units[e].side == scenario_.units[static_cast<std::size_t>(u)].side ||
            !units_[e].on_table)
            continue;
        const i64 d = geom::length_squared(units_[e].pos - units_[static_cast<std::size_t>(u)].pos);
        if (best < 0 || d < best_d) {
            best = static_cast<int>(e);
            best_d = d;
        }
    }
    return best;
}

namespace {
// A retreat or push back the table measured otherwise (a melee's dice with retreat=): its note.
std::string retreat_as_played(i64 played, i64 by_rules, const std::string& rule) {
    if (played <= 0 || played == by_rules) return "";
    return whole_cm(played) + " at the table; by the rules (" + rule + ") the move is " +
           whole_cm(by_rules);
}
}  // namespace

// Retreats and routs first; broken units keep fleeing each turn.
void Battle::retreats_and_routs(std::vector<bool>& moved) {
    for (std::size_t i = 0; i < units_.size(); ++i) {
        const int u = static_cast<int>(i);
        auto& s = units_[i];
        if (!s.on_table) continue;
        const bool fleeing_again =
            s.status == gdb::Status::broken && s.pending == Pending::none && !in_contact(u);
        if (s.pending != Pending::retreat && s.pending != Pending::rout && !fleeing_again) continue;
        int enemy =
            s.pending_enemy >= 0 && units_[static_cast<std::size_t>(s.pending_enemy)].on_table
                ? s.pending_enemy
                : nearest_enemy(u);
        if (enemy < 0) enemy = s.pending_enemy;
        const bool rout = s.pending == Pending::rout || fleeing_again;
        const i64 by_rules = moves(u).retreat_mm;
        const i64 played = s.pending != Pending::none ? s.retreat_as_played_mm : 0;
        const i64 distance = played > 0 ? played : by_rules;
        const std::string rule = rout ? "GdB 12.19 (loser broken)" : "GdB 12.19 (loser retreats)";
        if (enemy >= 0)
            fall_back(u, enemy, distance, rout ? EventKind::rout : EventKind::retreat, rule,
                      name(u) + (played > 0 ? (rout ? " routs, fleeing " : " retreats ") +
                                                  whole_cm(distance) + " (as played at the table)"
                                            : (rout ? " routs, fleeing "
                                                    : " retreats a full retreat move, ") +
                                                  whole_cm(distance)),
                      {}, retreat_as_played(played, by_rules, rule));
        s.retreat_as_played_mm = 0;
        s.pending = Pending::none;
        s.retreated_this_turn = true;
        moved[i] = true;
        if (off_table(u)) {
            s.on_table = false;
            emit(EventKind::removed, {u}, "GdB 12.19",
                 name(u) + (rout ? " flees" : " retreats") + " off the table and is lost");
        }
    }
}

// Push backs: step back facing the enemy, then rally (12.19 pushed back b).
void Battle::push_backs(std::vector<bool>& moved) {
    for (std::size_t i = 0; i < units_.size(); ++i) {
        const int u = static_cast<int>(i);
        auto& s = units_[i];
        if (!s.on_table || s.pending != Pending::push_back) continue;
        const TerrainFeature* f = feature_at(s.pos);
        const bool built_up =
            f && (f->kind == FeatureKind::built_up || f->kind == FeatureKind::fortified);
        const i64 by_rules = built_up ? scale_.built_up_push_back_mm : moves(u).retreat_mm;
        const i64 played = s.retreat_as_played_mm;
        const i64 distance = played > 0 ? played : by_rules;
        const std::string rule = built_up ? "GdB 12.19 i" : "GdB 12.19 (loser pushed back)";
        s.retreat_as_played_mm = 0;
        s.pending = Pending::none;
        s.status = gdb::Status::formed;
        s.pushed_back_before = built_up;
        // 12.19 (pushed back b): it rallies where the push back ends, formed: a pursuer pushed
        // back is pursuing no more (no +2/-2 next melee, no reining in unformed).
        s.pursuing = false;
        s.uncontrolled = false;
        fall_back(u, s.pending_enemy, distance, EventKind::push_back, rule,
                  name(u) + " is pushed back " + whole_cm(distance) +
                      (played > 0 ? " (as played at the table)" : "") +
                      ", still facing the enemy, and rallies there",
                  {}, retreat_as_played(played, by_rules, rule));
        moved[i] = true;
        if (built_up) follow_push_back_in_built_up_area(u, *f);
    }
}

void Battle::follow_push_back_in_built_up_area(int u, const TerrainFeature& area) {
    auto& s = units_[static_cast<std::size_t>(u)];
    bool part_inside = geom::point_in_polygon(s.pos, area.points);
    for (const Vec& c : rect_of(u).corners()) part_inside |= geom::point_in_polygon(c, area.points);
    const int winner = s.pending_enemy;
    if (!part_inside) {
        s.status = gdb::Status::retreating;
        s.retreated_this_turn = true;
        s.pushed_back_before = false;
        fall_back(u, winner, moves(u).retreat_mm, EventKind::retreat, "GdB 12.19 j",
                  name(u) + " is pushed right out of " + area.name +
                      ": it must retreat a full retreat move");
        return;
    }
    if (winner < 0 || !units_[static_cast<std::size_t>(winner)].on_table) return;
    auto& ws = units_[static_cast<std::size_t>(winner)];
    const Vec from = ws.pos;
    const Vec to = contact_position(winner, u);
    emit_motion(EventKind::follow, winner, {winner, u}, "GdB 12.19 i",
                name(winner) + " follows, keeping contact (a bonus move): part of " + name(u) +
                    " is still in " + area.name +
                    ", so the melee goes on next turn with no building modifiers for either side",
                from, to, ws.facing, "walk");
    s.street_fight = ws.street_fight = true;
    contacts_.push_back({winner, u, false});
}

// 12.9 f, 12.21 a: winning infantry occupies the built-up area it took, a bonus move, with no
// formation test.
void Battle::occupy_won_areas(std::vector<bool>& moved) {
    for (std::size_t i = 0; i < units_.size(); ++i) {
        auto& s = units_[i];
        if (!s.occupies) continue;
        s.occupies = false;
        const int u = static_cast<int>(i);
        const TerrainFeature* area = feature_at(s.occupy_at);
        if (!s.on_table || !area || s.pending != Pending::none) continue;
        const Vec from = s.pos;
        const Vec dir = from == s.occupy_at ? s.facing : geom::normalize(s.occupy_at - from);
        emit_motion(EventKind::occupy, u, {u}, "GdB 12.9 f, 12.21 a",
                    name(u) + " occupies " + area->name +
                        ", won in the melee (a bonus move, no formation test)",
                    from, s.occupy_at, dir, "walk");
        moved[i] = true;
    }
}

void Battle::make_bonus_moves(std::vector<bool>& moved) {
    for (std::size_t i = 0; i < units_.size(); ++i) {
        auto& s = units_[i];
        const std::uint8_t bonus = s.bonus_moves;
        s.bonus_moves = 0;
        const int u = static_cast<int>(i);
        if (!bonus || !s.on_table || s.pending != Pending::none || in_contact(u)) continue;
        for (const auto& o : scenario_.orders) {
            if (o.turn != turn_ || o.unit != u || o.kind != OrderKind::bonus) continue;
            if (o.bonus_to && (bonus & gdb::kBonusHalfChargeMove)) {
                const Vec from = s.pos;
                const i64 len = geom::length(o.to - from);
                const i64 step = std::min(len, moves(u).charge_mm / 2);
                const Vec dir = len > 0 ? geom::normalize(o.to - from) : s.facing;
                emit_motion(EventKind::bonus_move, u, {u}, "GdB 12.21 c, 12.24",
                            name(u) + ": superb training, a bonus move of half its charge move, " +
                                whole_cm(step) + " (it may not charge in it)",
                            from, from + geom::scale(dir, step), dir, "trot");
                moved[i] = true;
            }
            if (o.bonus_turn != 0 && (bonus & gdb::kBonusTurn45)) {
                const Vec side = geom::right_of(s.facing);
                const Vec to_face =
                    geom::normalize(o.bonus_turn > 0 ? s.facing + side : s.facing - side);
                emit_motion(EventKind::bonus_move, u, {u}, "GdB 12.21 b",
                            name(u) + " turns 45 degrees " + (o.bonus_turn > 0 ? "right" : "left") +
                                " in place, a bonus move after its win",
                            s.pos, s.pos, to_face, "walk");
            }
        }
    }
}

// Pursuits: the pursuer follows the beaten unit and may catch it (12.24, 12.25).
void Battle::pursuits(std::vector<bool>& moved) {
    for (std::size_t i = 0; i < units_.size(); ++i) {
        const int u = static_cast<int>(i);
        auto& s = units_[i];
        if (!s.on_table || s.pending != Pending::pursue) continue;
        s.pending = Pending::none;
        const int target = s.pending_enemy;
        const Vec from = s.pos;
        if (target < 0 || !units_[static_cast<std::size_t>(target)].on_table) {
            emit(EventKind::pursue, {u}, "GdB 12.24 pursuit",
                 name(u) + " pursues, but its enemy is gone");
            continue;
        }
        moved[i] = true;
        if (pursue_into_disordered_friends(u, target) || pursuit_stopped_by_rough_ground(u, target))
            continue;
        s.facing = geom::normalize(units_[static_cast<std::size_t>(target)].pos - s.pos);
        const i64 gap = geom::distance(rect_of(u), rect_of(target));
        if (gap <= moves(u).charge_mm) {
            const Vec to = contact_position(u, target);
            emit_motion(EventKind::pursue, u, {u, target}, "GdB 12.24 pursuit, 12.25",
                        name(u) + " pursues and catches " + name(target) +
                            ": they fight in the next melee phase",
                        from, to, s.facing, "gallop");
            contacts_.push_back({u, target, true});
        } else {
            emit_motion(
                EventKind::pursue, u, {u, target}, "GdB 12.24 pursuit",
                name(u) + " pursues " + name(target) + " a full charge move without catching it",
                from, from + geom::scale(s.facing, moves(u).charge_mm), s.facing, "gallop");
        }
        moved[i] = true;
    }
}

bool Battle::pursue_into_disordered_friends(int u, int target) {
    int blocker = -1;
    for (int f : units_[static_cast<std::size_t>(target)].disordered_in_flight)
        if (units_[static_cast<std::size_t>(f)].on_table) {
            blocker = f;
            break;
        }
    if (blocker < 0) return false;
    auto& s = units_[static_cast<std::size_t>(u)];
    const bool cossacks =
        scenario_.units[static_cast<std::size_t>(u)].unit.type == gdb::TroopType::cossacks;
    const Vec from = s.pos;
    s.facing = geom::normalize(units_[static_cast<std::size_t>(blocker)].pos - s.pos);
    const Vec to = contact_position(u, blocker);
    if (scenario_.units[static_cast<std::size_t>(blocker)].unit.type ==
            gdb::TroopType::skirmishers &&
        !cossacks) {
        emit_motion(EventKind::pursue, u, {u, blocker},
                    "GdB 12.25 (skirmishers caught in a pursuit)",
                    name(u) + " rides over " + name(blocker) + ", which " + name(target) +
                        " fled through: the skirmishers are trampled and removed; " + name(u) +
                        " halts and tests again next turn",
                    from, to, s.facing, "gallop");
        units_[static_cast<std::size_t>(blocker)].on_table = false;
        emit(EventKind::removed, {blocker}, "GdB 12.25",
             name(blocker) + " is trampled and removed");
        return true;
    }
    emit_motion(EventKind::pursue, u, {u, blocker}, "GdB 12.25",
                name(u) + " pursues into " + name(blocker) + ", which " + name(target) +
                    " disordered fleeing through it: contact, no morale tests on either side",
                from, to, s.facing, "gallop");
    contacts_.push_back({u, blocker, true});
    return true;
}

bool Battle::pursuit_stopped_by_rough_ground(int u, int target) {
    if (scenario_.units[static_cast<std::size_t>(u)].unit.type == gdb::TroopType::cossacks)
        return false;
    auto& s = units_[static_cast<std::size_t>(u)];
    const Vec goal = units_[static_cast<std::size_t>(target)].pos;
    const TerrainFeature* rough = nullptr;
    for (const auto& f : scenario_.terrain.features)
        if ((f.kind == FeatureKind::woods || f.kind == FeatureKind::rough) &&
            (geom::point_in_polygon(goal, f.points) ||
             geom::segment_crosses_polygon(s.pos, goal, f.points)))
            rough = &f;
    if (!rough) return false;
    const Vec dir = geom::normalize(goal - s.pos);
    const Vec from = s.pos;
    Vec edge = from;
    for (i64 d = 10; d <= moves(u).charge_mm; d += 10) {
        const Vec next = from + geom::scale(dir, d);
        if (geom::point_in_polygon(rect_at(u, next, dir).front_centre(), rough->points)) break;
        edge = next;
    }
    s.blown = true;  // it retires behind its lines to re-form in the next movement phase
    emit_motion(EventKind::pursue, u, {u, target}, "GdB 12.24 e",
                name(u) + " pursues " + name(target) + " only to the edge of " + rough->name +
                    ": cavalry other than Cossacks may not pursue into rough ground; it must "
                    "retire to re-form next turn",
                from, edge, dir, "gallop");
    return true;
}

// Rallies: units that retreated last turn and blown cavalry that has retired re-form.
void Battle::rallies(const std::vector<bool>& moved) {
    for (std::size_t i = 0; i < units_.size(); ++i) {
        const int u = static_cast<int>(i);
        auto& s = units_[i];
        if (!s.on_table || moved[i] || in_contact(u)) continue;
        if (s.status == gdb::Status::retreating && !s.retreated_this_turn) {
            s.status = gdb::Status::unformed;
            emit(EventKind::rally, {u}, "GdB 12.19",
                 name(u) + " stops retreating and rallies, unformed");
        } else if (s.pursuing && !s.blown) {
            s.pursuing = false;
            emit(EventKind::rally, {u}, "GdB 12.24",
                 name(u) + " stops pursuing and reins in, unformed");
        }
    }
}

}  // namespace vedette::sim::battle

// The mandatory move phase: retreats, routs, push backs, pursuits and blown cavalry retiring,
// then rallies (GdB 12.19, 12.23-12.25).

#include <algorithm>

#include "sim/rulesets/gdb/battle/battle_engine.h"

namespace vedette::sim::battle {

using geom::i64;
using geom::Vec;

namespace {
std::string cm(i64 mm) {
    return std::to_string(mm / 10) + " cm";
}
}  // namespace

void Battle::mandatory_phase() {
    phase_ = "mandatory";
    std::vector<bool> moved(units_.size(), false);
    retreats_and_routs(moved);
    push_backs(moved);
    pursuits(moved);
    blown_cavalry_retires(moved);
    reman_abandoned_guns();
    rallies(moved);
}

bool Battle::off_table(int u) const {
    for (const Vec& c : rect_of(u).corners())
        if (c.x < 0 || c.y < 0 || c.x > scenario_.terrain.width_mm ||
            c.y > scenario_.terrain.depth_mm)
            return true;
    return false;
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
        const i64 distance = moves(u).retreat_mm;
        if (enemy >= 0)
            fall_back(u, enemy, distance, rout ? "rout" : "retreat",
                      rout ? "GdB 12.19 (loser broken)" : "GdB 12.19 (loser retreats)",
                      name(u) + (rout ? " routs, fleeing " : " retreats a full retreat move, ") +
                          cm(distance));
        s.pending = Pending::none;
        s.retreated_this_turn = true;
        moved[i] = true;
        if (off_table(u)) {
            s.on_table = false;
            emit("removed", {u}, "GdB 12.19",
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
        const i64 distance = built_up ? scale_.built_up_push_back_mm : moves(u).retreat_mm;
        s.pending = Pending::none;
        s.status = gdb::Status::formed;
        s.pushed_back_before = built_up;
        fall_back(u, s.pending_enemy, distance, "push_back",
                  built_up ? "GdB 12.19 i" : "GdB 12.19 (loser pushed back)",
                  name(u) + " is pushed back " + cm(distance) +
                      ", still facing the enemy, and rallies there");
        moved[i] = true;
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
            emit("pursue", {u}, "GdB 12.24 pursuit", name(u) + " pursues, but its enemy is gone");
            continue;
        }
        s.facing = geom::normalize(units_[static_cast<std::size_t>(target)].pos - s.pos);
        const i64 gap = geom::distance(rect_of(u), rect_of(target));
        if (gap <= moves(u).charge_mm) {
            const Vec to = contact_position(u, target);
            emit_motion("pursue", u, {u, target}, "GdB 12.24 pursuit, 12.25",
                        name(u) + " pursues and catches " + name(target) +
                            ": they fight in the next melee phase",
                        from, to, s.facing, "gallop");
            contacts_.push_back({u, target, true});
        } else {
            emit_motion(
                "pursue", u, {u, target}, "GdB 12.24 pursuit",
                name(u) + " pursues " + name(target) + " a full charge move without catching it",
                from, from + geom::scale(s.facing, moves(u).charge_mm), s.facing, "gallop");
        }
        moved[i] = true;
    }
}

// Blown cavalry retires behind its own lines (12.24 blown).
void Battle::blown_cavalry_retires(std::vector<bool>& moved) {
    for (std::size_t i = 0; i < units_.size(); ++i) {
        const int u = static_cast<int>(i);
        auto& s = units_[i];
        if (!s.on_table || s.pending != Pending::blown) continue;
        s.pending = Pending::none;
        const int enemy = s.pending_enemy >= 0 ? s.pending_enemy : nearest_enemy(u);
        if (enemy >= 0)
            fall_back(
                u, enemy, moves(u).charge_mm, "blown", "GdB 12.24 blown cavalry",
                name(u) + " is blown: unformed, it must retire behind its own lines to re-form");
        moved[i] = true;
        if (off_table(u)) {
            s.on_table = false;
            emit("removed", {u}, "GdB 12.24", name(u) + " retires off the table");
        }
    }
}

// Rallies: units that retreated last turn and blown cavalry that has retired re-form.
void Battle::rallies(const std::vector<bool>& moved) {
    for (std::size_t i = 0; i < units_.size(); ++i) {
        const int u = static_cast<int>(i);
        auto& s = units_[i];
        if (!s.on_table || moved[i] || in_contact(u)) continue;
        if (s.status == gdb::Status::retreating && !s.retreated_this_turn) {
            s.status = gdb::Status::unformed;
            emit("rally", {u}, "GdB 12.19", name(u) + " stops retreating and rallies, unformed");
        } else if (s.blown) {
            s.blown = false;
            s.status = gdb::Status::formed;
            emit("rally", {u}, "GdB 12.24 blown cavalry",
                 name(u) + " has re-formed behind its lines");
        } else if (s.pursuing) {
            s.pursuing = false;
            emit("rally", {u}, "GdB 12.24", name(u) + " stops pursuing and reins in, unformed");
        }
    }
}

}  // namespace vedette::sim::battle

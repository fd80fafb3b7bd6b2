// Blown cavalry (12.24 and RULINGS): it may not charge, and in the next normal movement phase it
// must ride back behind its own lines, at its charge rate, until no enemy could charge it or reach
// it with muskets; there it re-forms. It never leaves the table while a place on it would do.

#include "sim/rulesets/gdb/battle/battle_engine.h"

namespace vedette::sim::battle {

using geom::i64;
using geom::Vec;

// How far outside every enemy's charge reach and musket range a block at `at` would be
// (negative: that far inside the nearest one's).
i64 Battle::margin_from_enemies(int u, Vec at, Vec facing) const {
    const geom::Rect r = rect_at(u, at, facing);
    const int side = scenario_.units[static_cast<std::size_t>(u)].side;
    i64 margin = 1 << 30;
    for (std::size_t e = 0; e < units_.size(); ++e) {
        if (!units_[e].on_table || scenario_.units[e].side == side) continue;
        const auto type = scenario_.units[e].unit.type;
        i64 reach = moves(static_cast<int>(e)).charge_mm;
        if (gdb::is_infantry(type)) reach = std::max<i64>(reach, rules_.blown_musket_range_mm);
        margin = std::min(margin, geom::distance(r, rect_of(static_cast<int>(e))) - reach);
    }
    return margin;
}

bool Battle::clear_of_every_enemy(int u, Vec at) const {
    return margin_from_enemies(u, at, units_[static_cast<std::size_t>(u)].facing) > 0;
}

namespace {
bool inside_table(const geom::Rect& r, i64 width, i64 depth) {
    for (const Vec& c : r.corners())
        if (c.x < 0 || c.y < 0 || c.x > width || c.y > depth) return false;
    return true;
}
}  // namespace

// The shortest move, in one of eight directions and within the table, that takes the unit clear
// of every enemy; if none does this turn, the one that gets it furthest from their reach.
void Battle::best_retirement(int u, Vec& to, Vec& dir) const {
    const Vec from = units_[static_cast<std::size_t>(u)].pos;
    i64 best_margin = margin_from_enemies(u, from, units_[static_cast<std::size_t>(u)].facing);
    i64 best_steps = 0;
    for (int deg = 0; deg < 360; deg += 45) {
        const Vec d = geom::direction_of_degrees(deg);
        for (i64 step = 10; step <= moves(u).charge_mm; step += 10) {
            const Vec next = from + geom::scale(d, step);
            if (!inside_table(rect_at(u, next, d), scenario_.terrain.width_mm,
                              scenario_.terrain.depth_mm))
                break;
            const i64 m = margin_from_enemies(u, next, d);
            const bool clear = m > 0, best_clear = best_margin > 0;
            if ((clear && (!best_clear || step < best_steps)) || (!best_clear && m > best_margin)) {
                best_margin = m;
                best_steps = step;
                to = next;
                dir = d;
            }
            if (clear) break;
        }
    }
}

void Battle::blown_cavalry_retires() {
    for (std::size_t i = 0; i < units_.size(); ++i) {
        auto& s = units_[i];
        const int u = static_cast<int>(i);
        if (!s.blown || !s.on_table || in_contact(u)) continue;
        const int enemy = nearest_enemy(u);
        if (enemy >= 0 && !clear_of_every_enemy(u, s.pos)) {
            const Vec from = s.pos;
            Vec to = from, away = s.facing;
            best_retirement(u, to, away);
            if (to != from)
                emit_motion(EventKind::blown, u, {u}, rules_.blown_rule,
                            name(u) + " is blown: it rides back behind its lines, " +
                                charge::cm(geom::length(to - from)),
                            from, to, away, "trot");
            if (!clear_of_every_enemy(u, s.pos)) {
                emit(EventKind::blown, {u}, rules_.blown_rule,
                     name(u) + " is still within reach of the enemy: it goes on retiring next turn",
                     600);
                continue;
            }
        }
        s.blown = false;
        s.pursuing = false;
        s.status = gdb::Status::formed;
        emit(EventKind::rally, {u}, rules_.blown_rule,
             name(u) + " is out of the enemy's charge reach and musket range: it re-forms");
    }
}

}  // namespace vedette::sim::battle

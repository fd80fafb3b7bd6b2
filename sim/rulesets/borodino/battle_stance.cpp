// Standing orders, so that a battle of thirty units over six turns needs no order for every unit
// and turn: a group that "attacks" marches on its objective hex along the grid (stopping in an
// enemy ZOC as every move does), turns to face the enemy it meets, shocks every enemy in its
// frontal hexes (9.22), and its cavalry charges an enemy it can reach (Hex charge). A group that
// "holds" stays. An order the scenario gives for a unit and turn replaces its standing order.
// Rally: a disordered unit away from the enemy may recover at its group's activation (our rule,
// marked "default" in borodino.json: the seed does not say how disorder ends); it then neither
// moves, shocks nor charges in that activation (rulings, turn 3: "Rally replaces acting").

#include <algorithm>

#include "sim/rulesets/borodino/battle_engine.h"

namespace vedette::sim::borodino {

namespace {

bool has_scenario_order(const Battle& b, int u) {
    return std::any_of(b.s_.orders.begin(), b.s_.orders.end(),
                       [&](const Order& o) { return o.turn == b.turn_ && o.unit == u; });
}

bool next_to_enemy(const Battle& b, int u) {
    for (int d = 0; d < kDirections; ++d) {
        const int top = b.top_at(neighbour(b.unit(u).hex, d));
        if (top >= 0 && b.unit(top).side != b.unit(u).side) return true;
    }
    return false;
}

// The enemy a standing cavalry unit charges: the nearest it may charge, the first listed of equals.
int charge_target(const Battle& b, int u) {
    int best = -1;
    for (std::size_t i = 0; i < b.units_.size(); ++i) {
        const int t = static_cast<int>(i);
        if (!b.on_map(t) || b.unit(t).side == b.unit(u).side || b.top_at(b.unit(t).hex) != t)
            continue;
        if (!may_not_charge(b, u, t).empty()) continue;
        if (best < 0 ||
            distance(b.unit(u).hex, b.unit(t).hex) < distance(b.unit(u).hex, b.unit(best).hex))
            best = t;
    }
    return best;
}

// The hexes a standing attacker steps through toward its objective: each step the neighbour
// nearest the objective that is on the board, open, without an enemy and with room in its stack.
std::vector<Hex> path_to_objective(const Battle& b, int u, Hex objective) {
    std::vector<Hex> path;
    Hex at = b.unit(u).hex;
    for (int step = 0; step < b.unit(u).type->movement && at != objective; ++step) {
        std::optional<Hex> best;
        for (int d = 0; d < kDirections; ++d) {
            const Hex n = neighbour(at, d);
            const Hexside* side = b.s_.board.hexside(at, d);
            if (!b.s_.board.on_board(n) || (side && !side->passable)) continue;
            const std::vector<int> there = b.stack_at(n);
            if (!there.empty() && (b.unit(there.front()).side != b.unit(u).side ||
                                   static_cast<int>(there.size()) >= b.rules_.stack_limit.value))
                continue;
            if (distance(n, objective) >= distance(at, objective)) continue;
            if (!best || distance(n, objective) < distance(*best, objective)) best = n;
        }
        if (!best) break;
        path.push_back(*best);
        at = *best;
    }
    return path;
}

// After its move a standing attacker faces the nearest enemy next to it, if none is in front.
void face_enemy(Battle& b, int u) {
    BattleUnit& x = b.unit(u);
    if (!frontal_enemy_hexes(b, u).empty()) return;
    for (int d = 0; d < kDirections; ++d) {
        const Hex n = neighbour(x.hex, d);
        const int top = b.top_at(n);
        if (top < 0 || b.unit(top).side == x.side) continue;
        const int facing = vertex_facing(x.hex, n, x.facing);
        for (int v : b.stack_at(x.hex)) b.unit(v).facing = facing;  // a stack faces as one
        b.emit("movement", record::Category::move, "face", {u}, "Hex facing",
               x.name + " turns to face " + b.unit(top).name, 400);
        return;
    }
}

void rally(Battle& b, int u) {
    if (!b.unit(u).disordered || next_to_enemy(b, u) || b.rules_.rally.value == 0) return;
    if (b.top_at(b.unit(u).hex) != u) return;  // the top unit rolls for its stack
    if (!b.cohesion_check(u, "Hex rally", "rallying away from the enemy [default]")) return;
    for (int v : b.stack_at(b.unit(u).hex)) {
        if (!b.unit(v).disordered) continue;
        b.unit(v).disordered = false;
        b.rallied_[std::size_t(v)] = true;
        b.emit("movement", record::Category::info, "rally", {v}, "Hex rally",
               b.unit(v).name + " rallies: no longer disordered", 500);
    }
}

}  // namespace

bool Battle::standing_attack(int u) const {
    const Group& g = s_.groups[std::size_t(unit(u).group)];
    return g.stance == "attack" && on_map(u) && !has_scenario_order(*this, u);
}

// Only groups on standing orders rally (the clause scenarios have none), each unit before its
// group moves: a unit that rallies does nothing else in that activation (rulings, turn 3).
void Battle::rally_group(int group) {
    if (s_.groups[std::size_t(group)].stance == "orders") return;
    for (std::size_t i = 0; i < units_.size(); ++i)
        if (unit(int(i)).group == group && on_map(int(i))) rally(*this, int(i));
}

void Battle::stance_moves(int group) {
    const Group& g = s_.groups[std::size_t(group)];
    if (g.stance != "attack") return;
    for (std::size_t i = 0; i < units_.size(); ++i) {
        const int u = static_cast<int>(i);
        if (unit(u).group != group || !standing_attack(u) || unit(u).disordered || rallied(u))
            continue;
        if (unit(u).type->arm == Arm::artillery || next_to_enemy(*this, u)) continue;
        if (unit(u).type->arm == Arm::cavalry && charge_target(*this, u) >= 0) continue;
        if (top_at(unit(u).hex) != u && stack_at(unit(u).hex).size() > 1) continue;  // top leads
        Order o;
        o.turn = turn_;
        o.unit = u;
        o.path = "standing order of " + g.id;
        o.move = path_to_objective(*this, u, *g.objective);
        if (!o.move.empty()) move_unit(o);
        if (on_map(u)) face_enemy(*this, u);
    }
}

std::vector<Order> Battle::stance_attacks(int group) {
    std::vector<Order> orders;
    for (std::size_t i = 0; i < units_.size(); ++i) {
        const int u = static_cast<int>(i);
        if (unit(u).group != group || !standing_attack(u) || rallied(u) ||
            !may_not_shock(*this, u).empty())
            continue;
        Order o;
        o.turn = turn_;
        o.unit = u;
        o.path = "standing order";
        const bool cavalry = unit(u).type->arm == Arm::cavalry;
        const int target = cavalry ? charge_target(*this, u) : -1;
        const auto front = frontal_enemy_hexes(*this, u);
        if (target >= 0) {
            o.charge_target = target;
        } else if (!front.empty() && std::all_of(front.begin(), front.end(), [&](Hex h) {
                       return !cavalry || distance(start_hex_[i], h) == 1;  // 9.21
                   })) {
            o.shock = true;
        } else {
            continue;
        }
        orders.push_back(o);
    }
    return orders;
}

}  // namespace vedette::sim::borodino

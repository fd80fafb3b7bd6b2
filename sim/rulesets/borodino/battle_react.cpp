// The answers of the shocked and what follows a charge: the countercharge (a cohesion check, +2
// for light cavalry against heavy; rulings, Charges), the counter-shock of a defender whose
// attacker rolled below 0 (rulings, Shock resolution: "attacker disordered; the defender may
// advance and counter-shock"), and the pursuit of charging cavalry on 10 or more ("charging
// cavalry must pursue": another charge, -1 each time).

#include <algorithm>

#include "sim/rulesets/borodino/battle_engine.h"

namespace vedette::sim::borodino {

namespace {

bool is_countercharge(const Order& o) {
    return o.countercharge;
}
bool declines_counter_shock(const Order& o) {
    return o.decline_counter_shock;
}

// The units of a stack that counter-shock: of one arm (9.23: arms never add their strengths),
// the arm of the first unit that is not artillery; none disordered (9.24), in square or guns.
std::vector<int> counter_shockers(const Battle& b, Hex at) {
    std::vector<int> out;
    const Arm* arm = nullptr;
    for (int v : b.stack_at(at)) {
        const BattleUnit& x = b.unit(v);
        if (x.type->arm == Arm::artillery) continue;
        if (!arm) arm = &x.type->arm;
        if (x.type->arm == *arm && !x.disordered && !b.square_[std::size_t(v)]) out.push_back(v);
    }
    return out;
}

}  // namespace

void Battle::countercharges(Attack& a) {
    const bool heavy_charger = unit(a.unit).type->heavy;
    for (Hex h : a.targets) {
        const int top = top_at(h);
        if (top < 0 || unit(top).type->arm != Arm::cavalry || unit(top).disordered) continue;
        if (!order_for(top, is_countercharge)) continue;
        const int drm =
            unit(top).type->light && heavy_charger ? rules_.countercharge_light_vs_heavy.value : 0;
        if (cohesion_check(top, "Hex charge", "countercharging " + unit(a.unit).name, drm)) {
            a.countercharged_by.push_back(top);
            a.countercharged_by_heavy = a.countercharged_by_heavy || unit(top).type->heavy;
            emit("shock", record::Category::react, "countercharge", {top, a.unit}, "Hex charge",
                 unit(top).name + " countercharges " + unit(a.unit).name, 700);
        } else if (rules_.countercharge_fail_disorders.value != 0) {
            disorder(top, "Hex charge", "its countercharge failed [default]");
        }
    }
}

namespace {

struct NoCounterShock {
    std::string rule, why;
};

// Why no unit of the stack in `at` may counter-shock (rulings, turn 3: "A counter-shock that
// cannot happen ... is an event saying why").
NoCounterShock why_no_shockers(const Battle& b, Hex at) {
    std::string why;
    std::string rule = "Hex shock results";
    for (int v : b.stack_at(at)) {
        const BattleUnit& x = b.unit(v);
        why += why.empty() ? "" : "; ";
        if (x.type->arm == Arm::artillery) {
            why += x.name + " is artillery (9.25: it never shocks)";
        } else if (x.disordered) {
            why += x.name + " is disordered (9.24: a disordered unit may not shock)";
            rule = "Hex 9.24";
        } else if (b.square_[std::size_t(v)]) {
            why += x.name + " is in square";
        } else {
            why += x.name + " is not of the arm that counter-shocks (9.23)";
        }
    }
    return {rule, why.empty() ? "nobody is left in " + to_string(at) : why};
}

}  // namespace

// Rulings, turn 3: a counter-shock is a shock, "only into the counter-shocking stack's frontal
// hexes (9.21), and it must take every enemy in them (9.22)". The targets: the hexes of the
// attackers in its frontal hexes, then every other frontal hex with an enemy; none, with the
// reason in `none`, when no attacker is in front of it.
std::vector<Hex> Battle::counter_shock_targets(const std::vector<Attack*>& attacks, Hex at,
                                               int lead, std::string& none) const {
    const std::vector<Hex> front = frontal_enemy_hexes(*this, lead);
    std::vector<Hex> targets;
    std::string behind, gone;
    for (const Attack* a : attacks) {
        const Hex h = unit(a->unit).hex;
        if (!on_map(a->unit) || distance(h, at) != 1) {
            gone += (gone.empty() ? "" : ", ") + unit(a->unit).name;
        } else if (!std::count(front.begin(), front.end(), h)) {
            behind += (behind.empty() ? "" : ", ") + unit(a->unit).name + " in " + to_string(h);
        } else if (!std::count(targets.begin(), targets.end(), h)) {
            targets.push_back(h);
        }
    }
    if (targets.empty()) {
        none = !behind.empty() ? behind +
                                     " is not in its frontal hexes (9.21: a counter-shock is a "
                                     "shock, into the frontal hexes only)"
                               : gone + " is no longer next to it (retreated or withdrew)";
        return {};
    }
    // "обязана произвести атаку на все части противника, находящиеся на ее Фронтальных гексах"
    // (9.22): one die, each hex its own DRMs.
    for (Hex h : front)
        if (!std::count(targets.begin(), targets.end(), h)) targets.push_back(h);
    return targets;
}

void Battle::counter_shock(const std::vector<Attack*>& attacks, Hex at) {
    const std::vector<int> stack = stack_at(at);
    auto none = [&](const std::vector<int>& units, const std::string& rule,
                    const std::string& why) {
        const std::string who = units.empty() ? "The defender" : unit(units.front()).name;
        emit("shock", record::Category::info, "no_counter_shock", units, rule,
             who + " does not counter-shock after the roll below 0: " + why, 300);
    };
    if (attacks.front()->counter)  // one shock may not start an endless exchange
        return none(stack, "Hex shock results",
                    "a counter-shock brings no counter-shock in answer [default]");
    if (rules_.counter_shock_by_default.value == 0)
        return none(stack, "Hex shock results",
                    "counter-shocks are off in borodino.json (counter_shock.by_default 0)");
    const std::vector<int> shockers = counter_shockers(*this, at);
    if (shockers.empty()) {
        const NoCounterShock n = why_no_shockers(*this, at);
        return none(stack, n.rule, n.why);
    }
    for (int v : shockers)
        if (order_for(v, declines_counter_shock)) {
            emit("shock", record::Category::info, "counter_shock_declined", {v},
                 "Hex shock results", unit(v).name + " does not counter-shock (its order)", 300);
            return;
        }
    std::string why;
    const std::vector<Hex> targets = counter_shock_targets(attacks, at, shockers.front(), why);
    if (targets.empty())
        return none(shockers,
                    why.find("9.21") != std::string::npos ? "Hex 9.21" : "Hex shock results", why);
    std::vector<Attack> counter;
    for (int v : shockers) {
        Attack c{v, nullptr, targets};
        c.counter = true;
        counter.push_back(c);
    }
    emit("shock", record::Category::declare, "counter_shock_declared", shockers,
         "Hex shock results",
         unit(shockers.front()).name + " counter-shocks " + units_in(*this, targets) +
             ": the attacker's roll was below 0 [default: no commitment check]",
         500);
    std::vector<Attack*> group;
    for (auto& c : counter) group.push_back(&c);
    resolve_group(group);
}

// The chargers follow into the hex the defender left and charge it again where it now stands,
// one more pursuit each time (its -1 DRM each); the chain ends when the defender is gone, out of
// reach, or the result is below 10.
void Battle::pursue(std::vector<Attack*>& group, Hex left, const std::vector<int>& fled) {
    std::vector<int> movers;
    for (const Attack* a : group)
        if (on_map(a->unit) && static_cast<int>(stack_at(left).size()) < rules_.stack_limit.value) {
            place(a->unit, left, "pursuit", record::Category::move, "Hex charge",
                  unit(a->unit).name + " pursues into " + to_string(left) +
                      " (on 10 or more charging cavalry must pursue)",
                  "gallop");
            movers.push_back(a->unit);
        }
    if (movers.empty()) return;
    const int prey = fled.front();
    if (!on_map(prey) || distance(unit(prey).hex, left) != 1) {
        emit("shock", record::Category::info, "pursuit_ends", movers, "Hex charge",
             "The pursuit ends in " + to_string(left) + ": " + unit(prey).name +
                 (on_map(prey) ? " is out of reach" : " is gone"),
             300);
        return;
    }
    const Hex target = unit(prey).hex;
    std::vector<Attack*> pursuers;
    for (Attack* a : group) {
        if (!on_map(a->unit) || unit(a->unit).hex != left) continue;
        unit(a->unit).facing = vertex_facing(left, target, unit(a->unit).facing);
        a->targets = {target};
        ++a->pursuit;
        pursuers.push_back(a);
    }
    resolve_group(pursuers);
}

}  // namespace vedette::sim::borodino

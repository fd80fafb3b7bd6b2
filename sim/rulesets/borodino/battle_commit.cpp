// Between declaration and resolution: commitment checks (ПВУ), charge moves and squares,
// artillery reaction fire (9.24) and the 9.22 fallback when a friend drops out.

#include <algorithm>

#include "sim/rulesets/borodino/battle_engine.h"

namespace vedette::sim::borodino {

namespace {

// The defender's defensive-fire DRM: the best of the units in the target hexes that have the
// attacker in a frontal hex (not for charges). Rulings, turn 3: "Defensive fire on the commitment
// check comes only from non-artillery units in the target hex (9.25: artillery takes no part in
// shock, attacking or defending)"; `guns` names the batteries that would have fired.
int defensive_fire(const Battle& b, const Attack& a, std::string& who, std::string& guns) {
    int best = 0;
    for (Hex h : a.targets)
        for (int d : b.stack_at(h)) {
            const BattleUnit& x = b.unit(d);
            if (!is_frontal(x.hex, x.facing, b.unit(a.unit).hex, b.all_round(d))) continue;
            if (x.type->arm == Arm::artillery) {
                guns += (guns.empty() ? "" : ", ") + x.name;
                continue;
            }
            if (x.type->defensive_fire > best) best = x.type->defensive_fire, who = x.name;
        }
    return best;
}

std::string no_fire_reason(const Attack& a, const std::string& guns) {
    if (a.charge) return "not for charges";
    if (!guns.empty())
        return "artillery gives no defensive fire (" + guns +
               "; 9.25: artillery takes no part in shock), and no other defender has the "
               "attacker in its front";
    return "not attacking through a defender's front";
}

std::vector<record::ModifierRow> commitment_rows(const Battle& b, const Attack& a, int& drm) {
    const BattleUnit& x = b.unit(a.unit);
    const Group& g = b.s_.groups[std::size_t(x.group)];
    const Commander& c = b.s_.commanders[std::size_t(x.side)];
    const bool in_range = !c.name.empty() && distance(c.hex, x.hex) <= b.rules_.command_range.value;
    std::vector<record::ModifierRow> rows;
    const bool rated = g.orders && in_range;
    rows.push_back({"Army commander " + c.name + "'s rating",
                    "Hex commitment",
                    {rated ? signed_text(c.rating) : ""},
                    rated,
                    !g.orders ? "the group has no orders" : "out of his range"});
    rows.push_back({"No orders",
                    "Hex commitment",
                    {g.orders ? "" : signed_text(b.rules_.no_orders.value)},
                    !g.orders,
                    "the group is under orders"});
    std::string who, guns;
    const int fire = a.charge ? 0 : defensive_fire(b, a, who, guns);
    rows.push_back({"Defensive fire" + (who.empty() ? "" : " of " + who),
                    "Hex commitment",
                    {fire ? signed_text(fire) : ""},
                    fire != 0,
                    no_fire_reason(a, guns)});
    drm = (rated ? c.rating : 0) + (g.orders ? 0 : b.rules_.no_orders.value) + fire;
    for (auto& row : rows)  // a row that applies says no reason why it would not
        if (row.lit) row.reason.clear();
    return rows;
}

// Charging cavalry gallops next to its target along its charge path (it may have changed since
// the declaration: a way closed by a retreat before shock stops the charge).
void charge_move(Battle& b, Attack& a) {
    const Hex target = a.targets.front();
    const int defender = b.top_at(target);
    const auto path = defender >= 0 ? charge_path(b, a.unit, defender) : std::nullopt;
    const std::optional<Hex> best = !path           ? std::nullopt
                                    : path->empty() ? std::optional<Hex>(b.unit(a.unit).hex)
                                                    : path->back();
    if (!best) {
        a.committed = false;
        b.emit("shock", record::Category::move, "charge_blocked", {a.unit}, "Hex charge",
               b.unit(a.unit).name + " finds no open way next to its target", 400);
        return;
    }
    BattleUnit& x = b.unit(a.unit);
    x.facing = vertex_facing(*best, target, x.facing);
    if (*best != x.hex)
        b.place(a.unit, *best, "charge", record::Category::move, "Hex charge",
                x.name + " charges up to " + to_string(*best), "gallop");
    // 9.22 holds for charges too: every enemy in its frontal hexes is attacked.
    for (Hex h : frontal_hexes(x.hex, x.facing)) {
        const int top = b.top_at(h);
        if (top >= 0 && b.unit(top).side != x.side &&
            !std::count(a.targets.begin(), a.targets.end(), h))
            a.targets.push_back(h);
    }
}

// The charged may form square: a cohesion check of its top infantry unit; a fail disorders the
// stack (rulings, Charges).
void form_squares(Battle& b, const Attack& a) {
    for (Hex h : a.targets) {
        const std::vector<int> stack = b.stack_at(h);
        for (int d : stack) {
            const BattleUnit& x = b.unit(d);
            if (x.type->arm != Arm::infantry || x.disordered) continue;
            bool wants = false;
            for (const auto& o : b.s_.orders)
                wants = wants || (o.turn == b.turn_ && o.unit == d && o.form_square);
            if (!wants) break;
            if (b.cohesion_check(d, "Hex charge", "forming square against a charge")) {
                for (int v : stack)
                    if (b.unit(v).type->arm == Arm::infantry) b.square_[std::size_t(v)] = true;
                b.emit("shock", record::Category::react, "form_square", stack, "Hex charge",
                       x.name + " forms square", 600);
            } else {
                for (int v : stack) b.disorder(v, "Hex charge", "failed to form square");
            }
            break;
        }
    }
}

}  // namespace

void commitment_checks(Battle& b, std::vector<Attack>& attacks) {
    std::map<Hex, bool> stack_result;  // only the top unit of a stack rolls (rulings)
    for (auto& a : attacks) {
        if (a.targets.empty()) {
            a.committed = false;
            continue;
        }
        const Hex at = b.unit(a.unit).hex;
        if (stack_result.count(at)) {
            a.committed = stack_result[at];
            continue;
        }
        const int top = b.top_at(at);
        int drm = 0;
        const auto rows = commitment_rows(b, a, drm);
        bool forced = false;
        const int die = b.roll(top, "commitment", forced);
        const int target = b.cohesion_now(top);
        std::string played;
        a.committed = stack_result[at] =
            b.played_check(die + drm <= target, "Hex commitment", die, drm, target, played);
        record::Event& e =
            b.emit("shock", record::Category::test, "commitment_check", {top}, "Hex commitment",
                   b.unit(top).name + " commitment check: " + std::to_string(die) +
                       (drm != 0 ? " " + signed_text(drm) + " = " + std::to_string(die + drm)
                                 : std::string()) +
                       (a.committed ? " passes" : " fails") + " against " + std::to_string(target) +
                       (a.committed ? "" : ": no shock") +
                       (played.empty() ? "" : " (as played at the table)"),
                   800);
        e.explanation = b.check_explanation("Commitment check: " + b.unit(top).name,
                                            "Hex commitment", die, forced, drm, target, rows);
        e.as_played = played;
    }
    for (auto& a : attacks)
        if (a.charge && a.committed) {
            charge_move(b, a);
            if (a.committed) form_squares(b, a);
            if (a.committed) b.countercharges(a);
        }
}

// Each defending artillery unit, not disordered, fires once at a committed attacker next to it,
// one it attacks first (default table in borodino.json).
void reaction_fire(Battle& b, std::vector<Attack>& attacks) {
    for (std::size_t i = 0; i < b.units_.size(); ++i) {
        const int gun = static_cast<int>(i);
        const BattleUnit& g = b.unit(gun);
        if (!b.on_map(gun) || g.type->reaction_fire_at_most < 0 || g.disordered) continue;
        Attack* target = nullptr;
        for (auto& a : attacks) {
            if (!a.committed || a.lost || b.unit(a.unit).side == g.side) continue;
            if (distance(b.unit(a.unit).hex, g.hex) != 1) continue;
            const bool on_gun = std::count(a.targets.begin(), a.targets.end(), g.hex) > 0;
            if (!target ||
                (on_gun && !std::count(target->targets.begin(), target->targets.end(), g.hex)))
                target = &a;
        }
        if (!target) continue;
        bool forced = false;
        const int die = b.roll(gun, "reaction_fire", forced);
        const int at_most = g.type->reaction_fire_at_most;
        const bool hit = die <= at_most;
        const int t = target->unit;
        record::Event& e =
            b.emit("shock", record::Category::fire, "reaction_fire", {gun, t}, "Hex 9.24",
                   g.name + " fires on " + b.unit(t).name + ": " + std::to_string(die) +
                       (hit ? ", disordered" : ", no effect"),
                   800);
        e.effects = {{record::EffectKind::volley, {gun}, std::nullopt, 0, 0}};
        e.explanation = b.check_explanation("Artillery reaction fire: " + g.name + " [default]",
                                            "Hex 9.24", die, forced, 0, at_most, {});
        e.explanation->sections[2].results = {
            {std::to_string(at_most) + " or less: the target is disordered", "Hex 9.24", hit},
            {"higher: no effect", "Hex 9.24", !hit}};
        if (!hit) continue;
        b.disorder(t, "Hex 9.24", "artillery reaction fire");
        if (!target->charge) {
            target->lost = true;
            b.emit("shock", record::Category::info, "shock_lost", {t}, "Hex 9.24",
                   b.unit(t).name + " loses its shock: disordered by reaction fire", 400);
        }
    }
    // 9.22: a friend that was to take a hex failed commitment or was disordered: attack it too.
    for (auto& a : attacks) {
        if (!a.committed || a.lost) continue;
        for (const auto& [h, f] : a.left_to) {
            const Attack& other = attacks[std::size_t(f)];
            if (other.committed && !other.lost) continue;
            if (b.top_at(h) < 0) continue;
            a.targets.push_back(h);
            b.emit("shock", record::Category::declare, "obligation_fallback", {a.unit}, "Hex 9.22",
                   b.unit(a.unit).name + " must now shock " + units_in(b, h) + " " + to_string(h) +
                       " as well: " + b.unit(other.unit).name +
                       (other.committed ? " was disordered by reaction fire"
                                        : " failed its commitment check"),
                   500);
        }
    }
}

}  // namespace vedette::sim::borodino

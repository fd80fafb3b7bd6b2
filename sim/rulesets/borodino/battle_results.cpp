// The shocks of an activation resolved in the order of 9.23 (charges, cavalry shocks, infantry
// shocks; arms never add their strengths), and what each result does on the map: disorder,
// withdrawal, elimination, retreat cohesion checks, retreats (through friends only when there is
// no other way), artillery going with its stack (9.25), and the advance by participants only.

#include <algorithm>

#include "sim/rulesets/borodino/battle_engine.h"

namespace vedette::sim::borodino {

namespace {

int arm_class(const Battle& b, const Attack& a) {
    if (a.charge) return 0;
    return b.unit(a.unit).type->arm == Arm::cavalry ? 1 : 2;
}

ShockUnit shock_unit(const Battle& b, int u) {
    const BattleUnit& x = b.unit(u);
    ShockUnit s;
    s.name = x.name;
    s.type = x.type;
    s.strength = x.strength;
    s.cohesion = b.cohesion_now(u);
    s.disordered = x.disordered;
    s.square = b.square_[std::size_t(u)];
    s.hex = to_string(x.hex);
    s.terrain = b.s_.board.terrain(x.hex).id;
    return s;
}

// A defender in clear terrain can be lapped when a flank hex is empty: the hexes `flank_hexes`
// steps round from each frontal hex (our value, "default" in borodino.json).
bool flank_open(const Battle& b, int u) {
    const BattleUnit& x = b.unit(u);
    const auto f = frontal_directions(x.facing);
    const int step = b.rules_.flank_step.value;
    for (int d : {(f[0] + kDirections - step) % kDirections, (f[1] + step) % kDirections}) {
        const Hex n = neighbour(x.hex, d);
        if (b.s_.board.on_board(n) && b.stack_at(n).empty()) return true;
    }
    return false;
}

ShockSituation situation(const Battle& b, const std::vector<Attack*>& group,
                         const std::vector<Hex>& targets, std::vector<int>& attackers,
                         std::vector<int>& defenders) {
    ShockSituation s;
    for (Hex h : targets)
        for (int d : b.stack_at(h)) {
            defenders.push_back(d);
            ShockUnit u = shock_unit(b, d);
            u.flank_open = flank_open(b, d);
            s.defenders.push_back(u);
        }
    const int first = b.top_at(targets.front());
    for (const Attack* a : group) {
        attackers.push_back(a->unit);
        ShockUnit u = shock_unit(b, a->unit);
        u.charging = a->charge;
        u.rear = !is_frontal(b.unit(first).hex, b.unit(first).facing, b.unit(a->unit).hex,
                             b.all_round(first));
        s.attackers.push_back(u);
        for (Hex h : targets) {
            const int d = direction_to(b.unit(a->unit).hex, h);
            const Hexside* side = d < 0 ? nullptr : b.s_.board.hexside(b.unit(a->unit).hex, d);
            if (side && side->id == "stream") s.stream_hexes.push_back(to_string(h));
        }
    }
    return s;
}

// The defenders of the target hex the shock report names by its coordinates ("(3, 4)").
std::string hex_named(const Battle& b, const std::vector<Hex>& targets, const std::string& hex) {
    for (Hex h : targets)
        if (to_string(h) == hex) return units_in(b, h);
    return hex;
}

std::string shock_title(const Attack& lead) {
    return lead.counter       ? "Counter-shock"
           : lead.pursuit > 0 ? "Pursuit charge " + std::to_string(lead.pursuit)
           : lead.charge      ? "Charge"
                              : "Shock";
}

// A shock whose targets are gone (retreated or withdrawn after an earlier shock of the same
// segment) does not happen: each attacker is told so.
void cancelled(Battle& b, const std::vector<Attack*>& group) {
    std::string where;
    for (Hex h : group.front()->targets) where += (where.empty() ? "" : " and ") + to_string(h);
    for (const Attack* a : group)
        b.emit("shock", record::Category::info, "shock_cancelled", {a->unit}, "Hex 9.23",
               b.unit(a->unit).name + "'s " + (a->charge ? "charge" : "shock") + " on " + where +
                   " does not happen: the enemy there is gone after an earlier shock",
               400);
}

// After a charge and its pursuits every charger is disordered, and so is cavalry that
// countercharged it (rulings, Charges).
void disorder_chargers(Battle& b, const std::vector<Attack*>& group) {
    for (const Attack* a : group) {
        if (b.on_map(a->unit))
            b.set_disordered(a->unit, "Hex charge", "every charger is disordered after its charge");
        for (int c : a->countercharged_by)
            if (b.on_map(c))
                b.set_disordered(c, "Hex charge", "it countercharged: disordered as every charger");
    }
}

}  // namespace

bool Battle::resolve_group(std::vector<Attack*>& group, std::vector<Hex>* vacated_out) {
    const Attack& lead = *group.front();
    std::vector<Hex> targets;
    for (Hex h : lead.targets) {
        const int top = top_at(h);
        if (top >= 0 && unit(top).side != unit(lead.unit).side) targets.push_back(h);
    }
    if (targets.empty()) {
        cancelled(*this, group);
        return false;
    }
    std::vector<int> attackers, defenders;
    ShockSituation s = situation(*this, group, targets, attackers, defenders);
    s.pursuit = lead.pursuit;
    s.countercharged_by_heavy = lead.countercharged_by_heavy;
    s.chargers_disordered_after = false;  // after the pursuit: disorder_chargers
    if (const auto refusal = check_shock(s)) {
        emit("shock", record::Category::info, "shock_refused", attackers, refusal->rule,
             "no shock: " + refusal->text, 400);
        return false;
    }
    const PreparedShock p = prepare_shock(rules_, s);
    bool forced = false;
    std::optional<int> die;
    std::string played;  // the band the table applied (the die given with as_played=BAND)
    if (p.needs_die()) {
        die = roll(attackers.front(), "shock", forced);
        played = last_as_played_;
    }
    const ResolvedShock r = resolve_shock(rules_, s, die, forced, played);
    std::vector<int> units = attackers;
    units.insert(units.end(), defenders.begin(), defenders.end());
    const std::string title = shock_title(lead);
    std::string text =
        title + " on " + std::to_string(targets.size()) + " hex" + (targets.size() > 1 ? "es" : "");
    if (die) text += ": d10 " + std::to_string(*die);
    for (const auto& h : r.prepared.hexes)
        text += "; " + hex_named(*this, targets, h.hex) + ": " +
                (h.artillery_alone
                     ? "artillery alone, eliminated"
                     : "DRM " + signed_text(h.drm) + ", " +
                           outcome_short_words(hex_band(rules_, *die + h.drm, r.as_played)) +
                           (r.as_played.empty() ? "" : " (as played at the table)"));
    record::Event& e =
        emit("shock", record::Category::melee, lead.counter ? "counter_shock" : "shock", units,
             lead.counter  ? "Hex shock results"
             : lead.charge ? "Hex charge, 9.22"
                           : "Hex 9.22",
             text, 1500);
    e.effects = {{record::EffectKind::clash, units, std::nullopt, 0, 0}};
    // The band the table applied against the one each hex's roll gives (Hex 9.22).
    if (!r.as_played.empty())
        for (const auto& h : r.prepared.hexes) {
            if (h.artillery_alone) continue;
            const ResultBand& by_rules = rules_.band_for(*die + h.drm);
            if (by_rules.result == r.as_played) continue;
            e.as_played += std::string(e.as_played.empty() ? "" : "; ") + "\"" + r.as_played +
                           "\" at the table against " + hex_named(*this, targets, h.hex) +
                           "; by the rules (Hex 9.22) the d10 " + std::to_string(*die) +
                           " with DRM " + signed_text(h.drm) + " scores " +
                           std::to_string(*die + h.drm) + ", which gives \"" +
                           outcome_short_words(by_rules) + "\"";
        }
    e.explanation = explain_shock(rules_, r, title);
    std::vector<Hex> vacated;
    apply_shock(group, r, attackers, defenders, vacated);
    if (vacated_out) *vacated_out = vacated;
    return true;
}

namespace {

bool shares_a_hex(const std::vector<Hex>& a, const std::vector<Hex>& b) {
    return std::any_of(a.begin(), a.end(),
                       [&](Hex h) { return std::count(b.begin(), b.end(), h) > 0; });
}

// Rulings, turn 3: "One arm, one target, one shock ... Within one arm, every stack of the active
// group that shocks the same defender hex in one shock segment resolves one shock together:
// strengths added ... A defender is shocked at most once per arm per segment." The attacks of
// arm `cls` that may still shock and share a target hex with attack `first`, directly or through
// another of them, in declaration order; each takes the union of their target hexes (one die,
// each hex its own DRMs, 9.22).
std::vector<Attack*> one_shock(Battle& b, std::vector<Attack>& attacks, std::size_t first, int cls,
                               std::vector<bool>& done) {
    auto ready = [&](std::size_t j) {
        const Attack& a = attacks[j];
        return !done[j] && a.committed && !a.lost && b.on_map(a.unit) && arm_class(b, a) == cls;
    };
    std::vector<bool> in(attacks.size(), false);
    in[first] = true;
    std::vector<Hex> hexes = attacks[first].targets;
    for (bool grew = true; grew;) {
        grew = false;
        for (std::size_t j = 0; j < attacks.size(); ++j) {
            if (in[j] || !ready(j) || !shares_a_hex(hexes, attacks[j].targets)) continue;
            in[j] = grew = true;
            for (Hex h : attacks[j].targets)
                if (!std::count(hexes.begin(), hexes.end(), h)) hexes.push_back(h);
        }
    }
    std::vector<Attack*> group;
    for (std::size_t j = 0; j < attacks.size(); ++j)
        if (in[j]) {
            done[j] = true;
            attacks[j].targets = hexes;
            group.push_back(&attacks[j]);
        }
    return group;
}

}  // namespace

void resolve_shocks(Battle& b, std::vector<Attack>& attacks) {
    for (int cls = 0; cls < 3; ++cls) {
        std::vector<bool> done(attacks.size(), false);
        for (std::size_t i = 0; i < attacks.size(); ++i) {
            Attack& a = attacks[i];
            if (done[i] || !a.committed || a.lost || !b.on_map(a.unit) || arm_class(b, a) != cls)
                continue;
            std::vector<Attack*> group = one_shock(b, attacks, i, cls, done);
            b.resolve_group(group);
            if (a.charge) disorder_chargers(b, group);
        }
    }
    b.advance_after_shocks();
}

}  // namespace vedette::sim::borodino

// The dice-pool charge (DP Charge move) and the target's reactions (DP Withdraw, DP
// Countercharge, DP Volley, DP Square), applied step by step with a record for each.

#include <algorithm>

#include "sim/rulesets/dicepool/dp_battle.h"

namespace vedette::sim::dicepool {

using geom::i64;
using geom::Vec;
using record::Category;

namespace {

bool difficult(board::FeatureKind k) {
    return k == board::FeatureKind::woods || k == board::FeatureKind::rough ||
           k == board::FeatureKind::built_up || k == board::FeatureKind::fortified;
}

geom::Rect moved(geom::Rect r, Vec dir, i64 mm) {
    r.facing = dir;
    r.centre = r.centre + geom::scale(dir, mm);
    return r;
}

}  // namespace

// How far the unit's front can go along `dir` on `budget_tenths` of reach: each mm of woods,
// rough, built-up or fortified ground costs `terrain_cost` mm ("Ландшафт влияет на движение
// как обычно"); the table's edge stops it.
i64 Battle::reachable_mm(int u, Vec dir, i64 budget_tenths) const {
    const geom::Rect r = block_of(rules_, unit(u));
    const Vec front = r.centre + geom::scale(dir, r.half_depth);
    const auto& t = scenario_.terrain;
    i64 spent = 0, m = 0;
    while (true) {
        const Vec p = front + geom::scale(dir, m + 1);
        if (p.x < 0 || p.y < 0 || p.x > t.width_mm || p.y > t.depth_mm) break;
        i64 cost = 10;
        for (const auto& f : t.features)
            if (difficult(f.kind) && geom::point_in_polygon(p, f.points))
                cost = 10 * rules_.terrain_cost.value;
        if (spent + cost > budget_tenths) break;
        spent += cost;
        ++m;
    }
    return m;
}

// The shortest straight move along `dir` that brings the mover's bases into contact with the
// target's (a large number when it would pass by).
i64 Battle::move_to_contact(int mover, int target, Vec dir) const {
    const geom::Rect a = block_of(rules_, unit(mover)), b = block_of(rules_, unit(target));
    i64 lo = 0, hi = geom::length(b.centre - a.centre) + 1;
    if (geom::distance(moved(a, dir, hi), b) > 0) return INT64_MAX / 4;
    while (lo < hi) {
        const i64 mid = (lo + hi) / 2;
        if (geom::distance(moved(a, dir, mid), b) > 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

// The longest straight move that keeps at least `gap_mm` between the two units' bases.
i64 Battle::move_to_gap(int mover, int target, Vec dir, i64 gap_mm) const {
    const geom::Rect a = block_of(rules_, unit(mover)), b = block_of(rules_, unit(target));
    if (geom::distance(moved(a, dir, 0), b) < gap_mm) return 0;
    i64 lo = 0,
        hi = std::min(move_to_contact(mover, target, dir), geom::length(b.centre - a.centre));
    while (lo < hi) {
        const i64 mid = (lo + hi + 1) / 2;
        if (geom::distance(moved(a, dir, mid), b) >= gap_mm)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

void Battle::fall_back(int u, int from, i64 distance_tenths, const std::string& kind,
                       const std::string& rule, const std::string& text) {
    UnitState& x = unit(u);
    Vec away = x.at - unit(from).at;
    if (away == Vec{}) away = Vec{-x.facing.x, -x.facing.y};
    const Vec dir = geom::normalize(away);
    const Vec face{-dir.x, -dir.y};  // it falls back facing the enemy
    i64 mm = distance_tenths / 10;
    // It stops at the table's edge: every base stays on the table.
    const auto& t = scenario_.terrain;
    auto on_table = [&](i64 d) {
        geom::Rect r = block_of(rules_, x);
        r.centre = x.at + geom::scale(dir, d);
        r.facing = face;
        for (const Vec c : r.corners())
            if (c.x < 0 || c.y < 0 || c.x > t.width_mm || c.y > t.depth_mm) return false;
        return true;
    };
    const i64 wanted = mm;
    while (mm > 0 && !on_table(mm)) --mm;
    x.in_action = kind == "withdraw"    ? "withdrew"
                  : kind == "push_back" ? "was pushed back"
                                        : "fell back";
    move_unit(u, x.at + geom::scale(dir, mm), face, kind, rule,
              text + " (" + inches_text(mm * 10) + ")", kind == "push_back" ? "flee" : "walk");
    // A move cut short is said as an event of its own: the unit stays on the table, in play.
    if (mm < wanted)
        emit(Category::info, "table_edge", {u}, rule,
             x.name + " is stopped by the table edge after " + inches_text(mm * 10) + " of its " +
                 inches_text(wanted * 10) + ": every base stays on the table and it stays in play",
             800);
}

Reaction Battle::reaction_of(int target, int attacker) const {
    for (const DpOrder& o : scenario_.orders) {
        if (o.turn != turn_ || o.unit != target || o.kind != OrderKind::reaction) continue;
        if (o.reaction == Reaction::square && !sheet(attacker).cavalry) return Reaction::none;
        return o.reaction;
    }
    return Reaction::none;
}

// Reaction fire (skirmish fire, volley): one die per model at the sheet's shooting value, hits
// divided by the target's armour. Returns the models it will remove (the caller says when), or -1
// when the target is beyond the firer's range and nothing was fired.
int Battle::reaction_fire(int firer, int target, const std::string& kind, const std::string& rule) {
    const geom::Rect a = block_of(rules_, unit(firer)), b = block_of(rules_, unit(target));
    const i64 gap_tenths = geom::distance(a, b) * 10;
    const UnitSheet& sh = sheet(firer);
    record::Section dice;
    dice.kind = record::SectionKind::dice;
    dice.title = "Reaction fire";
    dice.rule = rule;
    if (gap_tenths > inches_to_tenths(sh.range_in)) {
        emit(Category::fire, kind, {firer, target}, rule,
             unit(firer).name + " cannot fire: " + unit(target).name + " is " +
                 inches_text(gap_tenths) + " away, beyond its " + std::to_string(sh.range_in) +
                 "\" range",
             600);
        return -1;
    }
    record::DiceGroup g{unit(firer).name + ": " + std::to_string(unit(firer).models) +
                            " dice, needs " + std::to_string(sh.shoot) + "+",
                        {},
                        "",
                        "",
                        6,
                        sh.shoot};
    int hits = 0;
    for (int d = 0; d < unit(firer).models * rules_.shoot_dice_per_model; ++d) {
        const replay::Die thrown = die(firer, DicePurpose::fire);
        const int v = thrown.value;
        hits += v >= sh.shoot ? 1 : 0;
        g.dice.push_back({v, v >= sh.shoot ? "hit" : "miss", thrown.forced});
    }
    const int removed = std::min(unit(target).models, hits / sheet(target).armour);
    g.total = counted(hits, "hit") + " / armour " + std::to_string(sheet(target).armour) + " = " +
              counted(removed, "model");
    dice.dice.push_back(g);
    record::Event& e =
        emit(Category::fire, kind, {firer, target}, rule,
             unit(firer).name + " fires at " + unit(target).name + ": " + counted(hits, "hit") +
                 ", " + counted(removed, "model") + " to remove",
             1500);
    e.effects.push_back({record::EffectKind::volley, {firer}, std::nullopt, 0, 0});
    e.explanation = record::Explanation{unit(firer).name + ": " + words_of(kind), rule, {dice}};
    return removed;
}

void Battle::withdraw(ChargeState& c) {
    const TestRoll t = order_test(c.target, DicePurpose::reaction_test, "withdraw_test",
                                  "DP Withdraw", "order test to withdraw",
                                  "it skirmishes and falls back", "it stands and takes the charge");
    if (!t.passed) return;
    // "отходящий немедленно выполняет действие перестрелка ... Потери ... учитываются только в
    // конце атаки."
    c.fire_on_attacker +=
        std::max(0, reaction_fire(c.target, c.attacker, "skirmish_fire", "DP Withdraw"));
    fall_back(c.target, c.attacker, inches_to_tenths(sheet(c.target).move_in), "withdraw",
              "DP Withdraw", unit(c.target).name + " withdraws a full move");
    c.withdrew = true;
}

void Battle::countercharge(ChargeState& c) {
    const TestRoll t =
        order_test(c.target, DicePurpose::reaction_test, "countercharge_test", "DP Countercharge",
                   "order test to countercharge", "it counts as charging and moves half its reach",
                   "it stands and waits");
    if (!t.passed) return;
    c.countercharged = true;
    unit(c.target).in_action = "countercharged";
    c.target_reach_tenths =
        static_cast<int>(inches_to_tenths(t.dice_sum() + sheet(c.target).move_in));
    const i64 half =
        c.target_reach_tenths * rules_.countercharge_move.num / rules_.countercharge_move.den;
    const Vec dir = geom::normalize(unit(c.attacker).at - unit(c.target).at);
    const i64 go =
        std::min(reachable_mm(c.target, dir, half), move_to_contact(c.target, c.attacker, dir));
    move_unit(c.target, unit(c.target).at + geom::scale(dir, go), dir, "countercharge",
              "DP Countercharge",
              unit(c.target).name + " countercharges " + inches_text(go * 10) + " (half of its " +
                  inches_text(c.target_reach_tenths) + " reach)",
              sheet(c.target).cavalry ? "gallop" : "trot");
}

void Battle::volley(ChargeState& c) {
    // "Если пехотное подразделение находилось в формации сомкнутый строй": close order is judged
    // when the reaction is chosen (turn-3 ruling), so a unit loose after a failed square waits.
    if (unit(c.target).formation != Formation::close_order) {
        emit(Category::react, "volley_refused", {c.target, c.attacker}, "DP Volley",
             unit(c.target).name + " is in " +
                 (unit(c.target).formation == Formation::square ? std::string("square")
                                                                : std::string("loose formation")) +
                 " and may not volley (only close order volleys): it waits and fights the "
                 "ordinary melee",
             800);
        return;
    }
    const TestRoll t = roll_test(c.target, DicePurpose::reaction_test, sheet(c.target).order, {});
    emit_test(c.target, "volley_test", "DP Volley", "activation test to volley", t,
              "it fires out of sequence", "it waits and fights the ordinary melee");
    if (!t.passed) return;
    const int removed = reaction_fire(c.target, c.attacker, "volley", "DP Volley");
    // A volley the muskets cannot reach is not fired: the infantry waits and fights the ordinary
    // melee with its dice, as after a failed test ([default]: the seed assumes the fire happens).
    if (removed < 0) return;
    c.volley_passed = true;  // "обороняющийся кубики за ближний бой уже не бросает"
    if (removed == 0) return;
    const TestRoll courage =
        roll_test(c.attacker, DicePurpose::courage_test, sheet(c.attacker).courage,
                  {{"models lost", removed * rules_.courage_per_model_lost}});
    emit_test(c.attacker, "courage_test", "DP Volley", "courage test under the volley", courage,
              "the charge goes on; the defender rolls no melee dice",
              "the charge stops and falls back half its move");
    if (courage.passed) {
        c.fire_on_attacker += removed;  // removed at the end of the charge
        return;
    }
    remove_models(c.attacker, removed, "DP Volley",
                  unit(c.attacker).name + " loses " + counted(removed, "model") + " to the volley");
    c.stopped = true;
    if (unit(c.attacker).gone || unit(c.attacker).fell_back_after_volley) return;
    unit(c.attacker).fell_back_after_volley = true;  // "один раз за ход"
    fall_back(c.attacker, c.target,
              inches_to_tenths(sheet(c.attacker).move_in) * rules_.volley_fall_back.num /
                  rules_.volley_fall_back.den,
              "fall_back", "DP Volley", unit(c.attacker).name + " falls back half its move");
}

void Battle::form_square(ChargeState& c) {
    const TestRoll t = roll_test(c.target, DicePurpose::reaction_test, sheet(c.target).order, {});
    emit_test(c.target, "square_test", "DP Square", "activation test to form square", t,
              "it forms square", "it ends in loose formation and waits");
    UnitState& x = unit(c.target);
    x.formation = t.passed ? Formation::square : Formation::loose;
    x.loosened = !t.passed;
    record::Event& e =
        emit(Category::react, t.passed ? "form_square" : "loose_formation", {c.target}, "DP Square",
             x.name + (t.passed ? " forms square" : " falls into loose formation"), 1200);
    e.effects.push_back(
        {record::EffectKind::formation_change, {c.target}, snap(c.target).look, 0, 0});
}

void Battle::react(ChargeState& c) {
    switch (c.reaction) {
        case Reaction::withdraw:
            withdraw(c);
            break;
        case Reaction::countercharge:
            countercharge(c);
            break;
        case Reaction::volley:
            volley(c);
            break;
        case Reaction::square:
            form_square(c);
            break;
        case Reaction::none:
            break;
    }
}

}  // namespace vedette::sim::dicepool

// The defender's reaction to a GdB charge (seed 000) and what it does while the charger makes its
// first half move: stand, stand and fire (the closing volley), form square or change formation,
// evade, or countercharge.

#include <algorithm>

#include "sim/rulesets/gdb/battle/battle_engine.h"

namespace vedette::sim::battle {

using charge::cm;
using charge::kChargeRule;
using charge::kEvadeRule;
using charge::kReactionRule;
using geom::i64;
using geom::Vec;

namespace {
// The closing volley as its explanation shows it: the dice and the canister bonus read against
// the closing fire table (our ruling: the seeds give none), and the figures it took.
gdb::RollFacts volley_roll(int d1, int d2, int forced, int bonus, const FireRow& row, int lost) {
    gdb::RollFacts roll;
    roll.table = "closing_fire";
    roll.dice = {d1, d2};
    roll.forced = forced;
    roll.bonus = bonus;
    roll.total = d1 + d2 + bonus;
    roll.row = row.label;
    roll.figures_lost = lost;
    roll.is_default = true;
    return roll;
}
}  // namespace

void Battle::announce_reaction(ChargeRun& run) {
    const int t = run.target;
    const auto& ts = units_[static_cast<std::size_t>(t)];
    const auto type = scenario_.units[static_cast<std::size_t>(t)].unit.type;
    run.reaction_order = reaction_order(t);
    // A unit reacts only while it can see the charger (seed 000, the lancers' example; RULINGS
    // reaction windows): checked when the charge starts or restarts.
    const bool blind = !line_of_sight(t, run.charger);
    run.reaction = charge::choose_reaction(
        type, run.reaction_order,
        in_contact(t) || ts.status == gdb::Status::broken || ts.stood_aside || blind, ts.charged);
    if (blind && !in_contact(t) && ts.status != gdb::Status::broken)
        run.reaction.note =
            " (it cannot see the charger: it cannot fire, change formation or "
            "countercharge)";
    else if (ts.stood_aside)
        run.reaction.note = " (it stepped out of a charge path this turn: it may not fire)";
    emit(EventKind::reaction, {t, run.charger}, kReactionRule,
         name(t) + " " + charge::reaction_words(run.reaction.reaction) + run.reaction.note);
}

void Battle::first_half_move(ChargeRun& run) {
    const int c = run.charger;
    const auto& cs = units_[static_cast<std::size_t>(c)];
    const Vec dir = geom::normalize(units_[static_cast<std::size_t>(run.target)].pos - cs.pos);
    run.half = run.distance / 2;
    run.gait = is_cavalry(c) ? "gallop" : "trot";
    emit_motion(EventKind::charge_move, c, {c}, kChargeRule,
                name(c) + " moves half the distance, " + cm(run.half), cs.pos,
                cs.pos + geom::scale(dir, run.half), dir, run.gait);
    run.moved += run.half;
}

bool Battle::resolve_reaction(ChargeRun& run) {
    switch (run.reaction.reaction) {
        case Reaction::stand_and_fire:
            closing_volley(run);
            return true;
        case Reaction::form_square:
        case Reaction::change_formation:
            start_formation_change(run);
            return true;
        case Reaction::evade:
            evade(run);
            return false;
        case Reaction::countercharge:
            start_countercharge(run);
            return true;
        case Reaction::stand:
            return true;
    }
    return true;
}

void Battle::closing_volley(ChargeRun& run) {
    const int c = run.charger, t = run.target;
    auto& cs = units_[static_cast<std::size_t>(c)];
    const auto type = scenario_.units[static_cast<std::size_t>(t)].unit.type;
    const replay::Die first = roll(t, "closing_fire"), second = roll(t, "closing_fire");
    const int d1 = first.value, d2 = second.value;
    const int forced = (first.forced ? 1 : 0) + (second.forced ? 1 : 0);
    const int bonus = type == gdb::TroopType::artillery ? rules_.artillery_fire_bonus : 0;
    const FireRow& row = rules_.fire_row(d1 + d2 + bonus);
    const int lost = std::min(row.figures, cs.figures);
    run.lost = lost;
    emit(EventKind::volley, {t, c}, rules_.closing_fire_rule,
         name(t) + " fires a closing volley: " + std::to_string(d1) + " + " + std::to_string(d2) +
             (bonus ? " + " + std::to_string(bonus) + " canister" : "") + " = " +
             std::to_string(d1 + d2 + bonus) + ": " + row.label)
        .explanation = gdb::explain_roll(volley_roll(d1, d2, forced, bonus, row, lost),
                                         rules_.closing_fire_rule, tables_);
    if (lost > 0) {
        cs.figures -= lost;
        emit(EventKind::casualties, {c}, rules_.closing_fire_rule,
             name(c) + " loses " + std::to_string(lost) + " figure" + (lost > 1 ? "s" : "") +
                 " to the volley");
    }
}

void Battle::start_formation_change(ChargeRun& run) {
    const int t = run.target;
    const auto& ts = units_[static_cast<std::size_t>(t)];
    const gdb::Formation to = run.reaction.reaction == Reaction::form_square
                                  ? gdb::Formation::square
                                  : run.reaction_order->formation;
    run.change = charge::plan_formation_change(rules_, ts.formation, to,
                                               moves(run.charger).charge_mm, run.distance);
    run.changing = true;
    const bool by_rules = run.change.completes;
    const std::string& played = run.reaction_order ? run.reaction_order->as_played : "";
    if (!played.empty()) run.change.completes = played == "completes";
    const auto& p = run.change;
    const EventKind kind =
        p.to == gdb::Formation::square ? EventKind::form_square : EventKind::formation_change;
    record::Event& order =
        emit(kind, {t}, rules_.formation_rule,
             name(t) + " changes to " + gdb::words_of(gdb::to_string(p.to)) + ": it takes " +
                 std::to_string(p.percent) + "% of the charger's move (" + cm(p.needed_mm) +
                 "); the charger was " + cm(run.distance) + " away, " +
                 (p.completes != by_rules ? "but as played at the table " : "so ") +
                 (p.completes ? "it will be complete before contact"
                              : "it will be caught changing formation"));
    order.explanation = gdb::explain_formation_change(
        kind_name(kind), rules_.formation_rule,
        {p.percent, p.needed_mm, run.distance, p.completes, true}, tables_);
    if (p.completes != by_rules)  // the game as it was played, against the rules
        order.as_played = std::string(p.completes ? "formed before contact at the table"
                                                  : "caught at the table") +
                          "; by the rules (" + rules_.formation_rule + ") it takes " +
                          std::to_string(p.percent) + "% of the charger's move (" +
                          cm(p.needed_mm) + ") and the charger was " + cm(run.distance) +
                          " away, so it would have been " +
                          (by_rules ? "complete before contact" : "caught changing formation");
    if (p.completes) recorder_.completes_early(t);
}

// The evaders fall back; if the charger can still reach them and passes its charge test, it rides
// them down. Either way the charge ends here.
void Battle::evade(ChargeRun& run) {
    const int c = run.charger, t = run.target;
    auto& cs = units_[static_cast<std::size_t>(c)];
    auto& ts = units_[static_cast<std::size_t>(t)];
    const auto type = scenario_.units[static_cast<std::size_t>(t)].unit.type;
    const i64 charge_mm = moves(c).charge_mm;
    const i64 evade = charge::evade_distance(moves(t).evade_mm, run.half, charge_mm);
    const Vec left_from = ts.pos;
    if (type == gdb::TroopType::artillery) {
        ts.guns_abandoned = true;
        ts.guns_at = ts.pos;
        emit(EventKind::guns_abandoned, {t}, kEvadeRule,
             name(t) + ": the crew leaves the guns, which stay where they are, marked abandoned");
        ts.status = gdb::Status::unformed;  // evades 7
    }
    std::string towards;
    const Vec dir = evade_direction(t, c, towards);
    fall_back(t, c, evade, EventKind::evade, kEvadeRule,
              name(t) + " evades " + cm(evade) +
                  (towards.empty() ? " straight back" : " towards " + towards) +
                  ": the charger covered " + cm(run.half) + " of its " + cm(charge_mm) +
                  ", so it may use the same part of its " + cm(moves(t).evade_mm),
              dir);
    const i64 gap = geom::distance(rect_of(c), rect_of(t));
    // Evaders that reach woods, a built-up area or the shelter of friends are safe; hills,
    // water and rough ground as such are no shelter.
    bool sheltered = shelter_at(ts.pos) != nullptr;
    for (std::size_t f = 0; f < units_.size() && !sheltered; ++f)
        if (static_cast<int>(f) != t && units_[f].on_table &&
            scenario_.units[f].side == scenario_.units[static_cast<std::size_t>(t)].side &&
            geom::segment_crosses_rect(cs.pos, ts.pos, rect_of(static_cast<int>(f))))
            sheltered = true;
    if (sheltered)
        emit(EventKind::evade, {t}, kEvadeRule,
             name(t) + " reaches shelter: the charger cannot get at it", 800);
    if (sheltered || gap > charge_mm - run.moved) {
        after_contact(c, t, left_from, run.order, run.moved);
        return;
    }
    const TestRoll test = morale_test(c, rules_.charge_test, {}, "charge_test");
    if (test.row->outcome != "charge_home") cs.status = gdb::Status::unformed;
    emit_test(c, test, rules_.charge_test.rule, name(c) + " charge test: " + test.said());
    if (test.row->outcome != "charge_home") return;
    const Vec from = cs.pos;
    const Vec to = contact_position(c, t);
    emit_motion(EventKind::charge_move, c, {c}, kChargeRule, name(c) + " rides down the evaders",
                from, to, cs.facing, run.gait);
    ride_down_evaders(run);
}

// Skirmishers caught by a line unit lose the bases it contacts and the rest count as broken;
// other evaders count as broken and lose figures at the chargers' usual rate against a broken
// enemy (12.20), without striking back (seed 000, evades 6).
void Battle::ride_down_evaders(const ChargeRun& run) {
    const int c = run.charger, t = run.target;
    const auto& cs = units_[static_cast<std::size_t>(c)];
    auto& ts = units_[static_cast<std::size_t>(t)];
    const auto type = scenario_.units[static_cast<std::size_t>(t)].unit.type;
    const auto ctype = scenario_.units[static_cast<std::size_t>(c)].unit.type;
    const bool line_unit =
        !(ctype == gdb::TroopType::cossacks || ctype == gdb::TroopType::skirmishers);
    if (type == gdb::TroopType::skirmishers && line_unit) {
        const int lost = std::min(ts.figures, skirmisher_figures_contacted(c, t));
        ts.figures -= lost;
        ts.status = gdb::Status::broken;
        ts.pending = Pending::rout;
        ts.pending_enemy = c;
        if (ts.figures == 0) {
            ts.on_table = false;
            ts.pending = Pending::none;
        }
        emit(EventKind::evaders_caught, {c, t}, kEvadeRule,
             name(t) + " is caught by a line unit: the " + std::to_string(lost) +
                 " figures on the bases it contacts are destroyed" +
                 (ts.figures == 0
                      ? "; nothing is left"
                      : ", the other " + std::to_string(ts.figures) + " count as broken") +
                 "; no melee follows");
        return;
    }
    const gdb::RuleRow& row = melee_rules_.rate(charge::caught_evaders_rate(ctype, type));
    int kills = cs.figures / row.value;
    if (gdb::is_infantry(ctype) && gdb::is_cavalry(type))
        kills /= melee_rules_.infantry_vs_cavalry_divisor.value;
    kills = std::min(ts.figures, kills);
    ts.figures -= kills;
    ts.status = gdb::Status::broken;
    ts.pending = Pending::rout;
    ts.pending_enemy = c;
    if (ts.figures == 0) {
        ts.on_table = false;
        ts.pending = Pending::none;
    }
    emit(EventKind::evaders_caught, {c, t}, kEvadeRule + std::string("; ") + row.rule,
         name(t) + " is caught: it counts as broken and does not strike back; " + row.label + ", " +
             std::to_string(cs.figures) + " / " + std::to_string(row.value) + ": it loses " +
             std::to_string(kills) + " figures" + (ts.figures == 0 ? " and is destroyed" : ""));
}

// The countercharger may move as far as the charger did (RULINGS, countercharge): half the gap
// now and the rest at contact. Wheeling to face a charger coming from a flank uses that move up
// (seed 000, cuirassiers against dragoons).
void Battle::start_countercharge(ChargeRun& run) {
    const int c = run.charger, t = run.target;
    const auto& cs = units_[static_cast<std::size_t>(c)];
    auto& ts = units_[static_cast<std::size_t>(t)];
    const Vec toward = geom::normalize(cs.pos - ts.pos);
    const Vec from = ts.pos;
    ts.countercharged = true;
    // Turning more than the ruleset's angle (cos of it, Q16, from the degree table) means
    // wheeling.
    const i64 wheel_cos = geom::direction_of_degrees(rules_.countercharge_wheel_over_degrees).y;
    const bool must_wheel = geom::dot(ts.facing, toward) < wheel_cos * geom::kOne;
    const i64 gap = geom::distance(rect_of(c), rect_of(t));
    // Half the gap for now, so that both tests come before contact; the rest of the move that
    // matches the charger's comes with contact (charge_home).
    const i64 forward = must_wheel ? 0 : std::min(run.half, gap / 2);
    ts.countercharge_forward = forward;
    run.countercharge_wheeled = must_wheel;
    Vec end = ts.pos + geom::scale(toward, forward);
    if (must_wheel) {
        // Wheel on the flank nearest the charger: the face towards it keeps its distance.
        const i64 after = geom::distance(rect_of(c), rect_at(t, ts.pos, toward));
        end = ts.pos + geom::scale(toward, after - gap);
    }
    emit_motion(
        EventKind::countercharge, t, {t, c}, kReactionRule,
        name(t) + (must_wheel ? " countercharges: it uses the move to wheel and face the charger"
                              : " countercharges, moving " + cm(forward) + " towards the charger"),
        from, end, toward, "gallop");
    run.flank = false;  // it faces the charger now
}

}  // namespace vedette::sim::battle

namespace vedette::sim::battle {

// The skirmish bases whose share of the line lies in front of the charger's frontage.
int Battle::skirmisher_figures_contacted(int charger, int skirmishers) const {
    const geom::Rect cr = rect_of(charger);
    const geom::Rect sr = rect_of(skirmishers);
    const BaseSpec& base =
        rules_.base_of(scenario_.units[static_cast<std::size_t>(skirmishers)].unit.type);
    const int figures = units_[static_cast<std::size_t>(skirmishers)].figures;
    const int bases = std::max(1, (figures + base.figures - 1) / base.figures);
    const i64 per_base = std::max<i64>(1, sr.half_width * 2 / bases);
    const int contacted =
        static_cast<int>(std::min<i64>(bases, (cr.half_width * 2 + per_base - 1) / per_base));
    return contacted * base.figures;
}

}  // namespace vedette::sim::battle

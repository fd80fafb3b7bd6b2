// The charge sequence (DP Charge move): declaration, the order test that gives the reach, the
// target's reaction, the move (into contact, to an obstacle, or short and no closer than 3"),
// then the melee or the end of a charge that did not reach.

#include <algorithm>

#include "sim/rulesets/dicepool/dp_battle.h"

namespace vedette::sim::dicepool {

using geom::i64;
using geom::Vec;
using record::Category;

namespace {

bool is_obstacle(board::FeatureKind k) {
    return k == board::FeatureKind::wall || k == board::FeatureKind::hedge ||
           k == board::FeatureKind::stream;
}

// The first obstacle segment the path from `from` to `to` crosses: how far along it lies (mm,
// rounded down), and the segment; -1 when none.
struct ObstacleHit {
    i64 at_mm = -1;
    Vec p, q;
    std::string name;
};
ObstacleHit first_obstacle(const board::Terrain& t, Vec from, Vec to) {
    ObstacleHit best;
    const Vec dir = geom::normalize(to - from);
    const i64 len = geom::length(to - from);
    for (const auto& f : t.features) {
        if (!is_obstacle(f.kind)) continue;
        for (std::size_t i = 0; i + 1 < f.points.size(); ++i) {
            const Vec p = f.points[i], q = f.points[i + 1];
            if (!geom::segments_intersect(from, to, p, q)) continue;
            i64 lo = 0, hi = len;  // the shortest prefix of the path that crosses it
            while (lo < hi) {
                const i64 mid = (lo + hi) / 2;
                if (geom::segments_intersect(from, from + geom::scale(dir, mid), p, q))
                    hi = mid;
                else
                    lo = mid + 1;
            }
            if (best.at_mm < 0 || lo < best.at_mm) best = {lo, p, q, f.name};
        }
    }
    return best;
}

const char* reaction_rule(Reaction r) {
    switch (r) {
        case Reaction::withdraw:
            return "DP Withdraw";
        case Reaction::countercharge:
            return "DP Countercharge";
        case Reaction::volley:
            return "DP Volley";
        case Reaction::square:
            return "DP Square";
        default:
            return "DP Charge move";
    }
}

}  // namespace

// Moves the attacker; true when it ends in contact (or fights across a defended obstacle).
bool Battle::charge_move(ChargeState& c) {
    UnitState& a = unit(c.attacker);
    const UnitState& t = unit(c.target);
    const Vec dir = geom::normalize(t.at - a.at);
    const geom::Rect block = block_of(rules_, a);
    const Vec front = a.at + geom::scale(dir, block.half_depth);
    i64 can = reachable_mm(c.attacker, dir, c.reach_tenths);
    const i64 contact = move_to_contact(c.attacker, c.target, dir);
    // The game as it was played: the table measured the charge home (or short) where the reach
    // gives otherwise. Not across an obstacle, which stops it whatever the reach.
    std::string played;
    if ((c.as_played == "contact" && contact > can) || (c.as_played == "short" && contact <= can)) {
        played = std::string(contact > can ? "in contact" : "short") +
                 " at the table; by the rules (DP Charge move) the reach is " +
                 inches_text(c.reach_tenths) + " and contact is " + inches_text(contact * 10) +
                 " away, so it " + (contact > can ? "falls short" : "reaches");
        can = c.as_played == "contact" ? contact : std::max<i64>(0, contact - 1);
    }
    const ObstacleHit wall = first_obstacle(scenario_.terrain, front, t.at);
    const std::string gait = sheet(c.attacker).cavalry ? "gallop" : "trot";
    const std::string reach = " (reach " + inches_text(c.reach_tenths) + ")";
    if (wall.at_mm >= 0 && wall.at_mm < contact) {
        // "Если цель атаки за препятствием, атакующее подразделение доходит до препятствия и
        // останавливается перед ним." A target right behind it holds it: they fight across it.
        const i64 to_wall = std::max<i64>(0, wall.at_mm - 1);
        const i64 behind = static_cast<i64>(geom::isqrt(
            static_cast<std::uint64_t>(geom::distance_squared_to_segment(t.at, wall.p, wall.q))));
        const bool defended =
            behind <= block_of(rules_, t).half_depth + rules_.defended_obstacle_mm.value;
        const i64 go = std::min(can, to_wall);
        move_unit(c.attacker, a.at + geom::scale(dir, go), dir, "charge_move", "DP Charge move",
                  a.name + " charges " + inches_text(go * 10) + " and stops in front of " +
                      (wall.name.empty() ? std::string("the obstacle") : wall.name) + reach,
                  gait);
        if (go < to_wall || !defended) return false;
        emit(Category::move, "contact", {c.attacker, c.target}, "DP Charge move",
             a.name + " and " + t.name + " fight across the obstacle", 600);
        return true;
    }
    if (contact <= can) {
        record::Event& moved = move_unit(
            c.attacker, a.at + geom::scale(dir, contact), dir, "charge_move", "DP Charge move",
            a.name + " charges " + inches_text(contact * 10) + " into contact" + reach +
                (played.empty() ? "" : " (as played at the table)"),
            gait);
        moved.as_played = played;
        // "Если хотя бы одна модель ... входит в контакт, все модели в обоих подразделениях
        // начинают сражаться."
        emit(Category::move, "contact", {c.attacker, c.target}, "DP Charge move",
             a.name + " is in base contact with " + t.name + ": every model of both units fights",
             600);
        return true;
    }
    if (c.withdrew) {  // "приближается настолько близко, насколько это возможно"
        move_unit(c.attacker, a.at + geom::scale(dir, can), dir, "charge_move", "DP Withdraw",
                  a.name + " follows the withdrawal " + inches_text(can * 10) +
                      " and cannot reach" + reach,
                  gait);
        return false;
    }
    // "не ближе 3” к подразделению-цели": at least one model the full reach, none within 3".
    const i64 stop_gap = (inches_to_tenths(rules_.short_stop_in.value) + 9) / 10;
    const i64 go = std::min(can, move_to_gap(c.attacker, c.target, dir, stop_gap));
    record::Event& fell = move_unit(
        c.attacker, a.at + geom::scale(dir, go), dir, "charge_short", "DP Charge move",
        a.name + " charges " + inches_text(go * 10) + " and falls short, no closer than " +
            std::to_string(rules_.short_stop_in.value) + "\" to " + t.name + reach +
            (played.empty() ? "" : " (as played at the table)"),
        gait);
    fell.as_played = played;
    return false;
}

// Why a charge order cannot be made, with the rule; empty when it can.
std::pair<std::string, std::string> Battle::why_no_charge(int attacker, int target) const {
    if (unit(attacker).gone) return {"it has no models left", "DP Casualties"};
    if (unit(target).gone) return {unit(target).name + " has no models left", "DP Casualties"};
    if (const int other = engaged_with(attacker); other >= 0)
        return {"it is still in the melee drawn with " + unit(other).name +
                    ", which is fought again this turn",
                "DP Casualties"};
    return {};
}

void Battle::charge(std::size_t order) {
    const int attacker = scenario_.orders[order].unit, target = scenario_.orders[order].target;
    rec_.begin_episode();
    if (const auto [why, rule] = why_no_charge(attacker, target); !why.empty()) {
        refuse_order(
            order, "charge_refused", Category::declare, {attacker, target}, rule,
            unit(attacker).name + "'s charge on " + unit(target).name + " is not made: " + why);
        return;
    }
    ChargeState c;
    c.attacker = attacker;
    c.target = target;
    c.as_played = scenario_.orders[order].as_played;
    const UnitSheet& sh = sheet(attacker);
    const i64 gap =
        geom::distance(block_of(rules_, unit(attacker)), block_of(rules_, unit(target)));
    record::Event& d =
        emit(Category::declare, "charge_declared", {attacker, target}, "DP Charge move",
             unit(attacker).name + " declares a charge on " + unit(target).name, 800);
    record::Section lines;
    lines.kind = record::SectionKind::lines;
    lines.title = "The charge";
    lines.rule = "DP Charge move";
    lines.lines = {{"distance to the target", inches_text(gap * 10)},
                   {"move (unit sheet)", std::to_string(sh.move_in) + "\""},
                   {"reach", "the move + a passing order test's 2D6 in inches: " +
                                 reach_band_text(rules_, sh, unit(attacker).disorder_markers)}};
    d.explanation = record::Explanation{"Charge declared", "DP Charge move", {lines}};
    const TestRoll t =
        order_test(attacker, DicePurpose::order_test, "order_test", "DP Charge move",
                   "order test to charge", "the charge goes in", "the charge is not made");
    if (!t.passed) return;
    unit(attacker).in_action = "charged";  // the charge is made
    unit(target).in_action = "was charged";
    // "Переместите каждую модель ... на дистанцию, которая выпала на кубиках ... и добавьте
    // дистанцию собственного движения."
    c.reach_tenths = static_cast<int>(inches_to_tenths(t.dice_sum() + sh.move_in));
    c.reaction = reaction_of(target, attacker);
    emit(Category::react, "reaction", {target, attacker}, reaction_rule(c.reaction),
         unit(target).name +
             (c.reaction == Reaction::none
                  ? " stands to receive the charge"
                  : " chooses to " + reaction_names()[static_cast<std::size_t>(c.reaction)]),
         600);
    react(c);
    bool contact = false;
    if (!c.stopped && !unit(attacker).gone) contact = charge_move(c);
    if (contact) {
        melee(c, true);
    } else if (c.fire_on_attacker > 0) {
        // Skirmish fire (DP Withdraw) or a volley the attacker stood (DP Volley): "удаляются
        // только в конце атаки", cited by the reaction that fired.
        remove_models(attacker, c.fire_on_attacker, reaction_rule(c.reaction),
                      unit(attacker).name + " loses " + counted(c.fire_on_attacker, "model") +
                          " to reaction fire at the end of the charge");
    }
}

}  // namespace vedette::sim::dicepool

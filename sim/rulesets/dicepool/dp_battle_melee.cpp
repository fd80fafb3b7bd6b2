// The melee of a charge and what follows it (DP Melee, DP Casualties): the pools, casualties with
// reaction fire added at the end of the charge, the loser's courage test and fall back or push
// back, pursuit by winning cavalry, and drawn melees fought again next turn.

#include <algorithm>

#include "sim/rulesets/dicepool/dp_battle.h"
#include "sim/rulesets/dicepool/dp_melee_io.h"

namespace vedette::sim::dicepool {

using geom::i64;
using geom::Vec;
using record::Category;

// The scenario's forced dice for this unit, turn and purpose, at most `at_most` of them (the
// rest of a pool is rolled by resolve_melee from the same PRNG).
std::vector<int> Battle::forced_dice(int u, DicePurpose purpose, int at_most, replay::Die* first) {
    std::vector<int> out;
    while (static_cast<int>(out.size()) < at_most) {
        const auto given = dice_.take(turn_, u, purpose_name(purpose));
        if (!given) break;
        if (first && out.empty()) *first = *given;
        out.push_back(given->value);
    }
    return out;
}

std::string Battle::melee_as_played(const std::array<replay::Die, 2>& given, const int ids[2],
                                    MeleeResult& r) {
    int s = given[kAttacker].as_played.empty() ? kDefender : kAttacker;
    const replay::Die& d = given[static_cast<std::size_t>(s)];
    if (d.as_played.empty()) return "";
    const int table = d.as_played == "won" ? s : d.as_played == "lost" ? 1 - s : -1;
    const auto who = [&](int w) {
        return w < 0 ? std::string("a draw") : unit(ids[w]).name + " wins";
    };
    std::string note;
    if (table != r.winner) {
        note = "\"" + d.as_played + "\" for " + unit(ids[s]).name +
               " at the table; by the rules (" + rules_.melee_rule + ") " +
               counted(r.side[kAttacker].hits, "hit") + " against " +
               std::to_string(r.side[kDefender].hits) + " gives \"" + who(r.winner) + "\"";
        r.winner = table;
        r.result = table == kAttacker   ? MeleeResultKind::attacker_wins
                   : table == kDefender ? MeleeResultKind::defender_wins
                                        : MeleeResultKind::draw;
    }
    if (const auto c = d.ruled.find("casualties"); c != d.ruled.end()) {
        int& removed = r.side[static_cast<std::size_t>(1 - s)].models_removed;
        const int played = std::stoi(c->second);
        if (played != removed)
            note += std::string(note.empty() ? "" : "; ") + unit(ids[s]).name + " lost " +
                    counted(played, "model") + " at the table; by the rules (DP Casualties) " +
                    std::to_string(removed);
        removed = played;
    }
    return note;
}

void Battle::melee(ChargeState& c, bool first_round) {
    std::array<MeleeSide, 2> sides;
    const int ids[2] = {c.attacker, c.target};
    for (const int u : ids)  // what they did before (charged, was charged) says more
        if (unit(u).in_action.empty()) unit(u).in_action = "fought";
    for (int s = 0; s < 2; ++s) {
        const UnitState& x = unit(ids[s]);
        MeleeSide& m = sides[static_cast<std::size_t>(s)];
        m.name = x.name;
        m.type = x.type;
        m.models = x.models;
        m.melee = sheet(ids[s]).melee;
        m.armour = sheet(ids[s]).armour;
        m.disorder_markers = x.disorder_markers;
        m.formation = x.formation;
    }
    // "Юнит, который успешно выполнил атаку или контратаку получает наступательный бонус".
    sides[kAttacker].charged = first_round;
    sides[kDefender].charged = first_round && c.countercharged;
    // DP Volley: the defender that volleyed rolls no melee dice; its fire counts at the end.
    sides[kDefender].rolls = !c.volley_passed;
    sides[kDefender].fire_removed = c.fire_on_attacker;
    std::array<replay::Die, 2> given;  // each side's first given die, with the table's ruling
    for (int s = 0; s < 2; ++s) {
        auto& m = sides[static_cast<std::size_t>(s)];
        m.unit = ids[s];
        m.dice = forced_dice(ids[s], DicePurpose::melee,
                             m.rolls ? pool_for(rules_, m.disorder_markers) : 0,
                             &given[static_cast<std::size_t>(s)]);
    }
    const MeleePlan plan = plan_melee(rules_, sides);
    const MeleeResult by_rules = resolve_melee(plan, prng_, &tape_);
    MeleeResult r = by_rules;  // as played: the table's result and losses, when it ruled them
    const std::string as_played = melee_as_played(given, ids, r);
    for (int s = 0; s < 2; ++s) {  // the pool beyond the forced dice came from the seed
        const auto& side = r.side[static_cast<std::size_t>(s)];
        dice_.from_seed(turn_, ids[s], purpose_name(DicePurpose::melee),
                        static_cast<int>(side.rolls.size()) - side.forced);
    }
    const MeleeOdds odds = melee_odds(plan);
    const std::string outcome = r.winner == kAttacker   ? unit(c.attacker).name + " wins"
                                : r.winner == kDefender ? unit(c.target).name + " wins"
                                                        : "a draw";
    record::Event& e = emit(Category::melee, "melee", {c.attacker, c.target}, rules_.melee_rule,
                            "Melee: " + counted(r.side[kAttacker].hits, "hit") + " against " +
                                std::to_string(r.side[kDefender].hits) + ", " + outcome +
                                (as_played.empty() ? "" : " as played at the table"),
                            2500);
    e.effects.push_back({record::EffectKind::clash, {c.attacker, c.target}, std::nullopt, 0, 0});
    e.as_played = as_played;
    e.explanation = explain_melee(rules_, plan, by_rules, odds);  // the dice as the rules read them
    // DP Casualties: the attacker's hits on the target, then the target's hits and reaction fire
    // on the attacker, "удаляются только в конце атаки".
    remove_models(
        c.target, r.side[kAttacker].models_removed, "DP Casualties",
        unit(c.target).name + " loses " + counted(r.side[kAttacker].models_removed, "model"));
    remove_models(c.attacker, r.side[kDefender].models_removed, "DP Casualties",
                  unit(c.attacker).name + " loses " +
                      counted(r.side[kDefender].models_removed, "model") +
                      (c.fire_on_attacker > 0 ? " (with its reaction fire's)" : ""));
    apply_outcome(c, r, plan);
}

void Battle::apply_outcome(const ChargeState& c, const MeleeResult& r, const MeleePlan&) {
    UnitState& a = unit(c.attacker);
    UnitState& t = unit(c.target);
    if (a.gone || t.gone) return;
    if (r.winner < 0) {  // a tie: both stay in contact and fight again next turn
        const i64 gap =
            geom::distance(block_of(rules_, unit(c.attacker)), block_of(rules_, unit(c.target)));
        drawn_.push_back({c.attacker, c.target, turn_, std::max<i64>(0, gap)});
        emit(Category::info, "draw", {c.attacker, c.target}, "DP Casualties",
             a.name + " and " + t.name + " stay in contact and fight again next turn", 800);
        return;
    }
    const int winner = r.winner == kAttacker ? c.attacker : c.target;
    const int loser = r.winner == kAttacker ? c.target : c.attacker;
    const int lost = r.side[static_cast<std::size_t>(r.winner)].models_removed;
    const i64 move = inches_to_tenths(sheet(loser).move_in);
    const i64 half = move * rules_.pass_fall_back.num / rules_.pass_fall_back.den;
    if (c.volley_passed && loser == c.attacker) {
        // "Атакующее подразделение не проходит второй раз тест ... Оно оттесняется на половину
        // дальности своего движения."
        fall_back(loser, winner, move * rules_.volley_fall_back.num / rules_.volley_fall_back.den,
                  "fall_back", "DP Volley",
                  unit(loser).name + " loses and falls back half its move without a test");
    } else {
        const TestRoll test = roll_test(loser, DicePurpose::courage_test, sheet(loser).courage,
                                        {{"models lost", lost * rules_.courage_per_model_lost}});
        emit_test(loser, "courage_test", "DP Casualties", "courage test after losing", test,
                  "falls back half a move", "pushed back a full move with a disorder marker");
        if (test.passed) {
            fall_back(loser, winner, half, "fall_back", "DP Casualties",
                      unit(loser).name + " falls back half a move");
        } else {
            unit(loser).disorder_markers += rules_.fail_markers;
            fall_back(loser, winner, move, "push_back", "DP Casualties",
                      unit(loser).name + " is pushed back a full move and disordered");
        }
    }
    const bool charged = winner == c.attacker || c.countercharged;
    if (!sheet(winner).cavalry || !charged || c.pursuit || unit(loser).gone) return;
    // "Winning cavalry that charged must pass an order test or pursue."
    const TestRoll hold = order_test(winner, DicePurpose::pursuit_test, "pursuit_test",
                                     "DP Casualties", "order test to hold after winning",
                                     "it holds its ground", "it pursues its full reach");
    if (hold.passed) return;
    pursue(winner, loser, winner == c.attacker ? c.reach_tenths : c.target_reach_tenths);
}

void Battle::pursue(int winner, int loser, i64 reach_tenths) {
    const Vec dir = geom::normalize(unit(loser).at - unit(winner).at);
    const i64 can = reachable_mm(winner, dir, reach_tenths);
    const i64 contact = move_to_contact(winner, loser, dir);
    const i64 go = std::min(can, contact);
    move_unit(winner, unit(winner).at + geom::scale(dir, go), dir, "pursuit", "DP Casualties",
              unit(winner).name + " pursues " + unit(loser).name +
                  (contact <= can ? " and catches it" : " but does not catch it"),
              "gallop");
    if (contact > can) return;
    ChargeState again;
    again.attacker = winner;
    again.target = loser;
    again.reach_tenths = static_cast<int>(reach_tenths);
    again.pursuit = true;
    emit(Category::move, "contact", {winner, loser}, "DP Casualties",
         unit(winner).name + " fights " + unit(loser).name + " again", 600);
    melee(again, true);
}

// The unit's partner in its first drawn melee still on, or -1.
int Battle::engaged_with(int u) const {
    for (const DrawnMelee& m : drawn_)
        if (m.has(u)) return m.other(u);
    return -1;
}

// Turn-3 ruling: "A drawn melee goes on next turn only while the two units still touch": their
// bases as close as they stood at the draw (in contact, or across the obstacle they fought over).
bool Battle::still_touch(const DrawnMelee& m) const {
    return geom::distance(block_of(rules_, unit(m.a)), block_of(rules_, unit(m.b))) <= m.gap_mm;
}

// After `u` moved (a fall back, a push back, a withdrawal): each drawn melee of it whose two units
// no longer touch ends, with an event saying so.
void Battle::end_melees_out_of_contact(int u) {
    for (std::size_t i = 0; i < drawn_.size();) {
        const DrawnMelee m = drawn_[i];
        if (!m.has(u) || still_touch(m)) {
            ++i;
            continue;
        }
        drawn_.erase(drawn_.begin() + static_cast<std::ptrdiff_t>(i));
        const int other = m.other(u);
        emit(Category::info, "melee_ends", {u, other}, "DP Melee",
             unit(u).name + " no longer touches " + unit(other).name +
                 ": the melee drawn between them ends (a melee needs base contact)",
             800);
    }
}

// Melees drawn in an earlier turn are fought again, without the charge bonus, in the order they
// were drawn, while the two units still touch.
void Battle::continuing_melees() {
    phase_ = "melee";
    const std::vector<DrawnMelee> listed = drawn_;
    for (const DrawnMelee& m : listed) {
        const auto at = std::find_if(drawn_.begin(), drawn_.end(), [&](const DrawnMelee& d) {
            return d.a == m.a && d.b == m.b && d.turn == m.turn;
        });
        if (at == drawn_.end() || m.turn == turn_) continue;  // ended, or drawn this turn
        rec_.begin_episode();
        drawn_.erase(at);
        ChargeState c;
        c.attacker = m.a;
        c.target = m.b;
        c.pursuit = true;  // no charge this turn: nobody pursues
        melee(c, false);
    }
}

}  // namespace vedette::sim::dicepool

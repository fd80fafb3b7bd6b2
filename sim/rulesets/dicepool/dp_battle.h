#pragma once
#include "sim/rulesets/dicepool/plugin_gate.h"
// The dice-pool battle engine: a scenario run turn by turn into ruleset-neutral records. Each
// turn: the charges of that turn's orders in file order (order test, the target's reaction, the
// charge move, the melee, casualties, the loser's courage test, push back, pursuit), then the
// melees left drawn from earlier turns whose units still touch, then ordinary moves by the units
// that took no part in a charge or melee (turn-3 rulings); after the last turn, a line for each
// melee still drawn. Internal to the plug-in; the charge
// is in dp_charge.cpp, the melee and what follows it in dp_battle_melee.cpp, records and tests in
// dp_battle.cpp.

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "sim/core/prng.h"
#include "sim/record/record.h"
#include "sim/replay/dice_tape.h"
#include "sim/replay/replay.h"
#include "sim/ruleset/event_recorder.h"
#include "sim/rulesets/dicepool/dp_melee.h"
#include "sim/rulesets/dicepool/dp_scenario.h"

namespace vedette::sim::dicepool {

record::Header dp_header(const DpRules& rules, const DpScenario& scenario);
replay::Recorded run_dp_battle(const DpRules& rules, const DpScenario& scenario,
                               std::uint64_t seed);
// The orders a play of the scenario (its own seed) does not carry out, each "JSON path: turn N:
// why (rule)", as `vedette check` prints them; each is also an event of the replay.
std::vector<std::string> refused_orders(const DpRules& rules, const DpScenario& scenario);

struct UnitState : DpUnit {
    bool gone = false;
    bool fell_back_after_volley = false;  // DP Volley: "once per turn"
    // Turn sequence (turn-3 ruling): what it did this turn that keeps it from moving in the
    // movement phase ("charged", "was charged", "countercharged", "fought", "withdrew", "fell
    // back", "was pushed back"); empty while it is free to move.
    std::string in_action;
    bool loosened = false;  // a failed square: loose formation, drawn untidy
};

// A drawn melee (DP Casualties: "both stay in contact and fight again next turn"). It goes on
// only while the two still touch (turn-3 ruling): `gap_mm` is how far apart their bases stood at
// the draw, 0 in base contact, the obstacle's width when they fought across one.
struct DrawnMelee {
    int a = -1, b = -1;  // the attacker and the target of the melee drawn
    int turn = 0;        // the turn of that draw: it is fought again the next turn
    geom::i64 gap_mm = 0;
    bool has(int u) const { return a == u || b == u; }
    int other(int u) const { return a == u ? b : a; }
};

// A 2D6 test as thrown: the dice, the modifiers, the target and whether it passed.
struct TestRoll {
    std::vector<int> dice;
    int forced = 0;
    std::vector<std::pair<std::string, int>> modifiers;
    int total = 0;   // dice + modifiers
    int target = 7;  // pass at or above
    bool passed = false;
    // Played otherwise at the table (a game record): what the rules would have given.
    std::string as_played;
    int dice_sum() const;
};

// What one charge sequence carries from step to step.
struct ChargeState {
    int attacker = -1, target = -1;
    int reach_tenths = 0;         // order-test total + move, in tenths of a mm
    int target_reach_tenths = 0;  // a countercharger's reach
    bool pursuit = false;         // a pursuit's melee: no second pursuit
    Reaction reaction = Reaction::none;
    bool countercharged = false;  // the target passed its countercharge test
    bool volley_passed = false;   // the defender rolls no melee dice
    int fire_on_attacker = 0;     // models its reaction fire removes at the end of the charge
    bool withdrew = false;
    bool stopped = false;   // the charge ended before any contact
    std::string as_played;  // the charge order's: "contact" or "short" as the table measured
};

class Battle {
public:
    Battle(const DpRules& rules, const DpScenario& scenario, std::uint64_t seed);
    // Its dice tape counts the events through `this`: a battle stays where it was made.
    Battle(const Battle&) = delete;
    Battle& operator=(const Battle&) = delete;
    replay::Recorded run();
    const std::vector<std::string>& refused() const { return refused_; }

private:
    // dp_battle.cpp: records, dice and tests.
    record::Snapshot snap(int u) const;
    std::vector<record::Snapshot> all() const;
    record::Event& emit(record::Category category, const std::string& kind, std::vector<int> units,
                        const std::string& rule, std::string text, std::int64_t ms);
    replay::Die die(int unit, DicePurpose purpose);
    TestRoll roll_test(int unit, DicePurpose purpose, int target,
                       std::vector<std::pair<std::string, int>> modifiers);
    record::Event& emit_test(int unit, const std::string& kind, const std::string& rule,
                             const std::string& what, const TestRoll& t,
                             const std::string& pass_text, const std::string& fail_text);
    TestRoll order_test(int unit, DicePurpose purpose, const std::string& kind,
                        const std::string& rule, const std::string& what,
                        const std::string& pass_text, const std::string& fail_text);
    record::Event& move_unit(int unit, geom::Vec to, geom::Vec facing, const std::string& kind,
                             const std::string& rule, const std::string& text,
                             const std::string& gait);
    void remove_models(int unit, int count, const std::string& rule, const std::string& text);
    std::string turn_hash() const;
    void run_turn(int turn);
    void ordinary_moves(int turn);
    void melees_left_drawn();
    void refuse_order(std::size_t order, const std::string& kind, record::Category category,
                      std::vector<int> units, const std::string& rule, const std::string& text);
    std::string why_no_move(int unit) const;
    void reform(int unit);
    UnitState& unit(int u) { return units_[static_cast<std::size_t>(u)]; }
    const UnitState& unit(int u) const { return units_[static_cast<std::size_t>(u)]; }
    const UnitSheet& sheet(int u) const { return rules_.sheet(unit(u).type); }

    // dp_charge.cpp: the charge sequence.
    void charge(std::size_t order);
    std::pair<std::string, std::string> why_no_charge(int attacker, int target) const;
    Reaction reaction_of(int target, int attacker) const;
    void react(ChargeState& c);
    void withdraw(ChargeState& c);
    void countercharge(ChargeState& c);
    void volley(ChargeState& c);
    void form_square(ChargeState& c);
    bool charge_move(ChargeState& c);
    int reaction_fire(int firer, int target, const std::string& kind, const std::string& rule);
    std::int64_t reachable_mm(int unit, geom::Vec dir, std::int64_t budget_tenths) const;
    std::int64_t move_to_contact(int mover, int target, geom::Vec dir) const;
    std::int64_t move_to_gap(int mover, int target, geom::Vec dir, std::int64_t gap_mm) const;
    void fall_back(int unit, int from, std::int64_t distance_tenths, const std::string& kind,
                   const std::string& rule, const std::string& text);

    // dp_battle_melee.cpp: the melee, casualties, courage, push back and pursuit.
    // `first`: the first die given, with the table's ruling it carries (as_played, ruled).
    std::vector<int> forced_dice(int unit, DicePurpose purpose, int at_most,
                                 replay::Die* first = nullptr);
    // A melee the table ruled otherwise (a side's melee dice with as_played=won|lost|drawn and
    // casualties=N): the result and losses made the table's in `r`; the note, or "".
    std::string melee_as_played(const std::array<replay::Die, 2>& given, const int ids[2],
                                MeleeResult& r);
    void melee(ChargeState& c, bool first_round);
    void apply_outcome(const ChargeState& c, const MeleeResult& r, const MeleePlan& plan);
    void pursue(int winner, int loser, std::int64_t reach_tenths);
    void continuing_melees();
    int engaged_with(int u) const;
    bool still_touch(const DrawnMelee& m) const;
    void end_melees_out_of_contact(int u);

    const DpRules& rules_;
    const DpScenario& scenario_;
    int turn_ = 0;
    std::string phase_ = "setup";
    std::vector<UnitState> units_;
    std::vector<DrawnMelee> drawn_;     // drawn melees still on, in the order they were drawn
    std::vector<std::string> refused_;  // orders not carried out, for `vedette check`
    replay::DiceSource dice_;           // the dice given, and where every die came from
    Prng prng_;
    std::uint64_t seed_;
    ruleset::EventRecorder rec_;  // events, clock, episodes, keyframes, turn hashes
    replay::DiceTape tape_;       // every die, and a branch's changes to them
};

}  // namespace vedette::sim::dicepool

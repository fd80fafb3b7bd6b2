#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// The GdB melee engine (seed 004, chapter XII).
//
// A melee is resolved in three steps, each a plain function:
//   prepare_melee  - everything that does not depend on the dice: which units fight (12.12-12.14,
//                    limbered guns), the figures that fight (12.3), every 12.17 modifier with its
//                    rule, the numbers bonus (12.7), the follow-up test modifiers, and the
//                    decision for every possible score difference (results 12.18/12.19,
//                    casualties 12.20, who tests). The odds use the same decisions.
//   resolve_melee  - rolls (or takes forced) dice, finds the scores and the difference, picks the
//                    decision, rolls the follow-up tests (12.22, 12.23) and the double-six and
//                    general-at-risk events (12.15), logging every die with its purpose.
//   melee_odds     - (melee_odds.h) exact probabilities from the same decisions.

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sim/core/prng.h"
#include "sim/replay/dice_source.h"
#include "sim/replay/dice_tape.h"
#include "sim/rulesets/gdb/melee/gdb_rules.h"
#include "sim/rulesets/gdb/melee/melee_types.h"

namespace vedette::sim::gdb {

struct AppliedMod {
    Mod id;
    int value;
};

struct DeniedMod {
    Mod id;           // the row that does not apply
    std::string why;  // with its rule: "squadron column: no charge bonus (GdB 12.17 (6))"
};

// A test modifier (formation or pursuit test) taken from a ruleset row.
struct TestMod {
    const RuleRow* row;
    int value;
};

enum class Fate : std::uint8_t {
    fights,           // rolls 2D6
    retreating_auto,  // 12.13: loses automatically, no dice, keeps retreating
    removed,          // 12.12 skirmishers contacted, 12.14 broken units contacted
    dispersed         // 12.16 limbered artillery contacted by formed enemy
};

struct PreparedUnit {
    int side = 0;
    int index = 0;  // within its side
    const MeleeUnit* unit = nullptr;
    TroopType effective_type = TroopType::infantry;  // lancers may count as light cavalry (1)
    bool cavalry = false;
    bool unformed_at_start = false;
    Fate fate = Fate::fights;
    std::string fate_why;  // with rule reference
    int fighting_figures = 0;
    std::string figures_why;  // 12.3 arithmetic when not all figures fight
    std::vector<AppliedMod> mods;
    std::vector<DeniedMod> denied;
    int modifier_total = 0;
    bool sapper_usable = false;

    // Follow-up tests, prepared: formation test (12.22) and pursuit test (12.23).
    int formation_target = 8;
    std::vector<TestMod> formation_mods;
    std::vector<TestMod> pursuit_mods;  // after the penalty floor
    std::string pursuit_floor_note;
    bool pursuit_superb_downgrade = false;
};

enum class TestKind : std::uint8_t { none, formation, pursuit };

struct UnitDecision {
    StatusAfter status = StatusAfter::formed;  // before follow-up tests
    TestKind test = TestKind::none;
    std::string why;  // rule-cited reason for the status or for skipping a test
    int casualties = 0;
};

struct CasualtyGroup {
    int inflicting_side = 0;
    Rate rate = Rate::foot_lose_vs_all;
    std::vector<int> units;  // global unit indices that inflict at this rate
    int figures = 0;
    int per = 1;
    bool halved = false;
    int inflicted = 0;
};

struct Decision {
    int winner = -1;  // kAttacker, kDefender, or -1 for none
    Result result = Result::draw;
    Result table_result = Result::draw;  // the 12.18 row before exceptions
    const RangeRow* row = nullptr;       // the 12.18 row, when the dice decided
    bool continues = false;              // the melee goes on next turn
    std::string why;
    std::vector<UnitDecision> units;  // by global unit index
    std::vector<CasualtyGroup> groups;
    std::array<int, 2> inflicted{0, 0};  // figures lost by the side (index = side that lost them)
};

struct PreparedMelee {
    const GdbRules* rules = nullptr;
    const MeleeSetup* setup = nullptr;
    std::vector<PreparedUnit> units;             // attacker units first, then defender units
    std::array<std::vector<int>, 2> side_units;  // global indices, all units
    std::array<std::vector<int>, 2> fighters;    // global indices of units that roll
    std::array<int, 2> fighting_figures{0, 0};
    std::array<bool, 2> side_cavalry{false, false};  // the side's largest unit is cavalry
    int numbers_unit = -1;                           // global index of the unit with the 12.7 bonus
    std::string numbers_why;

    bool automatic = false;  // decided without dice (12.12-12.14, limbered guns)
    Decision automatic_decision;

    // Dice-decided melees: the decision for each difference in [min_difference, max_difference].
    int min_difference = 0;
    int max_difference = 0;
    std::vector<Decision> decisions;
    const Decision& decision_for(int difference) const {
        return decisions[static_cast<std::size_t>(difference - min_difference)];
    }
};

PreparedMelee prepare_melee(const GdbRules& rules, const MeleeSetup& setup);

// ---- outcome of one resolution ---------------------------------------------------------------

enum class DiePurpose : std::uint8_t {
    melee,
    sapper_reroll,
    formation_test,
    pursuit_test,
    double_six,
    general_at_risk
};
const char* die_purpose_label(DiePurpose p);

struct DieRecord {
    int unit;  // global unit index
    DiePurpose purpose;
    int value;
    bool forced;
};

struct TestRecord {
    TestKind kind = TestKind::none;
    int dice[2] = {0, 0};
    int modifier = 0;
    int total = 0;
    int target = 0;                 // formation test: pass on this or more
    bool passed = false;            // formation test
    const RangeRow* row = nullptr;  // pursuit test row (after any downgrade)
    bool downgraded = false;        // pursuit: 10+ counted as 9
    // Pursuit played otherwise at the table (MeleeUnit::test_as_played): the row the rules give.
    const RangeRow* by_rules = nullptr;
};

// 12.21: moves a winner may make in the next mandatory move phase, for the battle runner.
enum BonusMove : std::uint8_t {
    kBonusTurn45 = 1,          // 12.21 b: turn 45 degrees left or right in place
    kBonusOccupy = 2,          // 12.21 a: winning infantry occupies the position it took
    kBonusHalfChargeMove = 4,  // 12.21 c: cavalry with superb training moves half its charge move
};

struct UnitOutcome {
    std::uint8_t bonus_moves = 0;  // BonusMove bits
    int dice[2] = {0, 0};
    int sapper_from = 0;  // the die the sapper re-rolled (0 = none)
    int sapper_to = 0;
    int total = 0;
    StatusAfter status = StatusAfter::formed;
    int casualties = 0;
    TestRecord test;
};

struct EventRecord {
    DiePurpose kind;   // double_six or general_at_risk
    int unit;          // the unit that rolled the double
    int general_unit;  // general_at_risk: the enemy unit whose leading general is at risk
    int dice[2];
    const RangeRow* row;
};

struct MeleeOutcome {
    std::array<int, 2> score{0, 0};
    std::array<int, 2> best_unit{-1, -1};
    int difference = 0;  // attacker score - defender score
    const Decision* decision = nullptr;
    std::vector<UnitOutcome> units;
    std::vector<EventRecord> events;
    std::vector<DieRecord> dice;
    // The melee played otherwise at the table (a unit's melee dice given with as_played "won",
    // "lost" or "drawn" for its side): `decision` is the table's, `by_rules` the one the
    // difference gives. Casualties and a retreat ruled with it stand for that unit.
    struct Played {
        int unit = -1;       // global unit index whose dice carried the ruling; -1: none
        std::string result;  // "won", "lost", "drawn"
        const Decision* by_rules = nullptr;  // set when the table's result differs
        int casualties = -1;  // figures the unit lost at the table (-1: by the rules)
        int casualties_by_rules = 0;
        std::string retreat;  // the retreat's distance at the table ("15cm"; "": by the rules)
    } played;
};

// Where a battle's melee takes its dice: the battle's one dice source (replay/dice_source.h),
// asked for each die as it is thrown. `given` answers for a unit (by its melee index) and a
// purpose with the die given, or nullopt; `from_seed` is told of each die the PRNG throws.
struct MeleeDiceSource {
    std::function<std::optional<replay::Die>(int unit, DiePurpose purpose)> given;
    std::function<void(int unit, DiePurpose purpose)> from_seed;
};

// Resolves the melee. Given dice come first (the units' forced dice of a melee file, or `source`
// in a battle); the rest come from `prng`. `out` is reused between calls (its vectors keep their
// capacity). Every die passes through `tape` when given (a battle's dice tape,
// sim/replay/dice_tape.h).
void resolve_melee(const PreparedMelee& melee, Prng& prng, MeleeOutcome& out,
                   replay::DiceTape* tape = nullptr, const MeleeDiceSource* source = nullptr);

}  // namespace vedette::sim::gdb

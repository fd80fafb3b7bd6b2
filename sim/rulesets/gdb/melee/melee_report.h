#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// Explaining a resolved melee: the readable breakdown `vedette melee` prints, and the JSON
// record (`--json`) the viewer and the battle runner read. Every row cites its rule.

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "sim/ruleset/odds.h"
#include "sim/rulesets/gdb/melee/melee_engine.h"
#include "sim/rulesets/gdb/melee/melee_odds.h"

namespace vedette::sim::gdb {

nlohmann::ordered_json melee_report_json(const PreparedMelee& m, const MeleeOutcome& out,
                                         const MeleeOdds* odds);
// The odds as a melee record keeps them (the "odds" of a replay's melee details, which the
// explanation reads); `vedette melee --json --odds` writes melee_cli_odds instead.
nlohmann::ordered_json melee_odds_json(const PreparedMelee& m, const MeleeOdds& odds);
// The odds in the form every ruleset gives the command line (sim/ruleset/odds.h): one outcome
// per (winner, result, continues), the actual one marked; "gdb" holds each outcome's result and
// every unit's expected casualties as an exact numerator over the denominator.
ruleset::Odds melee_cli_odds(const PreparedMelee& m, const MeleeOutcome& out,
                             const MeleeOdds& odds);
// An outcome as a newcomer reads it, saying what happens to whom: "attacker wins; the defender
// is dispersed", "defender wins; the square holds", "no winner: a draw". (A result names what
// befalls the loser, except a square that holds.) The explanation's odds use the same words.
std::string outcome_label(const std::string& winner, const std::string& result, bool continues);
std::string melee_report_text(const PreparedMelee& m, const MeleeOutcome& out,
                              const MeleeOdds* odds);

// The words the report and the explanation share: what became of a unit that did not fight
// ("loses_automatically"), the 12.20 arithmetic of a casualty group ("12 / 4 = 3"), and the 12.21
// bonus moves a unit earned (its BonusMove bits), each with its rule and label.
const char* fate_name(Fate f);
std::string casualty_arithmetic(const GdbRules& r, const CasualtyGroup& g);
struct BonusMoveText {
    BonusMove bit;
    const char* kind;
    const char* rule;
    const char* label;
};
const std::vector<BonusMoveText>& bonus_move_texts();

}  // namespace vedette::sim::gdb

#pragma once
#include "sim/rulesets/dicepool/plugin_gate.h"
// `vedette melee FILE.json` for the dice-pool ruleset: the melee file read into two sides, and
// one resolved melee written as JSON, as text and as a typed explanation (dice with hits marked,
// the value needed and why, the result row, the exact odds and each side's hit distribution).
// The battle engine explains its melees with the same explanation builder.

#include <array>
#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "sim/record/explanation.h"
#include "sim/ruleset/odds.h"
#include "sim/rulesets/dicepool/dp_melee.h"

namespace vedette::sim {
class JsonNode;
}

namespace vedette::sim::dicepool {

// The file's "attacker" and "defender"; refuses (InputError, exit 2) an unknown type, no models,
// a melee value outside 2-6, a formation the unit cannot take, or forced dice that are not a pool
// of the size the unit's disorder markers give.
std::array<MeleeSide, 2> parse_melee_file(const DpRules& rules, const JsonNode& root);
MeleeSide parse_melee_side(const DpRules& rules, const JsonNode& node);

nlohmann::ordered_json melee_json(const DpRules& rules, const MeleePlan& plan,
                                  const MeleeResult& result, const MeleeOdds* odds);
// The odds in the form every ruleset gives the command line (sim/ruleset/odds.h): the results
// no roll gives left out, the actual one marked; "dicepool" holds each side's hit distribution.
ruleset::Odds melee_cli_odds(const MeleeResult& result, const MeleeOdds& odds);
std::string melee_text(const DpRules& rules, const MeleePlan& plan, const MeleeResult& result,
                       const MeleeOdds* odds);
record::Explanation explain_melee(const DpRules& rules, const MeleePlan& plan,
                                  const MeleeResult& result, const MeleeOdds& odds);

// "0.123456" style probabilities and exact counts as decimal strings, shared by the panels.
double probability(std::uint64_t count, std::uint64_t denominator);

}  // namespace vedette::sim::dicepool

#pragma once
// Explaining a resolved melee: the readable breakdown `vedette melee` prints, and the JSON
// record (`--json`) the viewer and the battle runner read. Every row cites its rule.

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "sim/rulesets/gdb/melee/melee_engine.h"
#include "sim/rulesets/gdb/melee/melee_odds.h"

namespace vedette::sim::gdb {

nlohmann::ordered_json melee_report_json(const PreparedMelee& m, const MeleeOutcome& out,
                                         const MeleeOdds* odds);
nlohmann::ordered_json melee_odds_json(const PreparedMelee& m, const MeleeOdds& odds);
std::string melee_report_text(const PreparedMelee& m, const MeleeOutcome& out,
                              const MeleeOdds* odds);

}  // namespace vedette::sim::gdb

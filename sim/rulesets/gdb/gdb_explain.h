#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// General de Brigade's explanation records (an event's `details`, the melee report of
// `vedette melee --json`) as typed explanations (sim/record/explanation.h): the 12.17 modifier
// table with the applied rows lit, the dice, the 12.18 result table with its row lit, the 12.20
// casualty arithmetic, the follow-up tests and the exact odds; for charges the distances, the
// tests' dice, modifiers and rows. The viewer and the exporter draw these sections without
// knowing GdB.

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "sim/record/explanation.h"

namespace vedette::sim::gdb {

// The explanation of one GdB event (`kind`, `rule` and its `details` record, as the battle engine
// writes them; `tables` is the ruleset data file, gdb.json, for the full 12.17 and 12.18 tables).
// nullopt when the event has no details worth explaining.
std::optional<record::Explanation> explain_event(const std::string& kind, const std::string& rule,
                                                 const nlohmann::ordered_json& details,
                                                 const nlohmann::json& tables);

// The melee report of `vedette melee FILE --json` (melee_report_json) explained the same way.
record::Explanation explain_melee_report(const nlohmann::ordered_json& report,
                                         const nlohmann::json& tables);

}  // namespace vedette::sim::gdb

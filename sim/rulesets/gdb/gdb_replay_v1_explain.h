#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// The untyped explanation records of version 1 replays (each event's `details`, as the battle
// engine of that day wrote them) as typed explanations. The records are recognised by their
// fields, not by the event kind (the same test record was written under several kinds), read
// into the facts gdb_explain.h explains, except the melee report, whose JSON is explained here.

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "sim/record/explanation.h"

namespace vedette::sim::gdb {

// The explanation of one version 1 event (`kind`, `rule` and its `details`); `tables` is the
// ruleset data file, gdb.json, for the full tables. nullopt when the event has no details worth
// explaining.
std::optional<record::Explanation> explain_v1_details(const std::string& kind,
                                                      const std::string& rule,
                                                      const nlohmann::ordered_json& details,
                                                      const nlohmann::json& tables);

// A melee report as version 1 replays stored it (the melee event's details, in the form of
// `vedette melee --json`) explained.
record::Explanation explain_v1_melee_report(const nlohmann::ordered_json& report,
                                            const nlohmann::json& tables);

}  // namespace vedette::sim::gdb

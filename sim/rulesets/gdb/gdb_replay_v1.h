#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// Replays of format version 1, which only General de Brigade wrote, converted on read.

#include <string>

#include <nlohmann/json.hpp>

#include "sim/replay/replay.h"
#include "sim/rulesets/gdb/battle/battle_rules.h"

namespace vedette::sim::battle {

// Reads a version 1 replay (its own checks: layout, events hash, units) and converts it to
// records; `tables` is gdb.json as loaded, for the explanations, and `looks` its "looks" for the
// header.
replay::Replay upgrade_v1_replay(const std::string& text, const std::string& file,
                                 const BattleRules& rules, const nlohmann::json& tables,
                                 const record::Looks& looks);

}  // namespace vedette::sim::battle

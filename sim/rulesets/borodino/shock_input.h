#pragma once
#include "sim/rulesets/borodino/plugin_gate.h"
// The `vedette melee` file of the Borodino system: one shock (docs/RULES_BORODINO.md).
// {"ruleset": "borodino", "attackers": [...], "defenders": [...], "dice": 0-9}

#include <optional>

#include "sim/core/json_reader.h"
#include "sim/rulesets/borodino/shock.h"

namespace vedette::sim::borodino {

struct ShockFile {
    ShockSituation situation;
    std::optional<int> dice;
};

// Reads and checks the file; a refused shock (9.23, 9.24, 9.25) is an InputError naming the unit
// and the rule that forbids it.
ShockFile parse_shock_file(const JsonNode& root, const BorodinoRules& rules);

}  // namespace vedette::sim::borodino

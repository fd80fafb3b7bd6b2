#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// Reading a melee description (the input of `vedette melee`, and the melee part of scenarios).
// The format is documented in docs/CLI.md.

#include <string>

#include "sim/core/json_reader.h"
#include "sim/rulesets/gdb/melee/melee_types.h"

namespace vedette::sim::gdb {

// Reads a melee description. Any problem is an InputError with the JSON path.
MeleeSetup parse_melee(const JsonNode& root);
MeleeUnit parse_melee_unit(const JsonNode& node);
// The same, allowing further keys that the caller reads itself (scenario units: id, at, facing).
MeleeUnit parse_melee_unit(const JsonNode& node, const std::vector<std::string_view>& extra_keys);

}  // namespace vedette::sim::gdb

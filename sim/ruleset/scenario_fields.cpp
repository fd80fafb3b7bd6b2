#include "sim/ruleset/scenario_fields.h"

#include <cstdint>

#include "sim/core/json_reader.h"
#include "sim/ruleset/ruleset.h"

namespace vedette::sim::ruleset {

std::uint64_t read_seed(const JsonNode& root) {
    return static_cast<std::uint64_t>(root.int_or("seed", 1, 0, INT64_MAX));
}

int read_turns(const JsonNode& root) {
    return static_cast<int>(root.int_or("turns", 1, 1, kMaxScenarioTurns));
}

void read_common_fields(const JsonNode& root, Scenario& scenario) {
    scenario.seed = read_seed(root);
    scenario.turns = read_turns(root);
}

}  // namespace vedette::sim::ruleset

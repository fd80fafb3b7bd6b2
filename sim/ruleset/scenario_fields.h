#pragma once
// What every rule system's scenario says the same way, read once here rather than by each
// plug-in: the seed of the dice the scenario does not give, and the number of turns played
// (docs/SCENARIO_WRITING.md). A game record's `seed` and `turns` lines fill the same fields.

#include <cstdint>

namespace vedette::sim {
class JsonNode;
}

namespace vedette::sim::ruleset {

class Scenario;

inline constexpr int kMaxScenarioTurns = 100;

// "seed" (a whole number from 0, default 1) and "turns" (1 to kMaxScenarioTurns, default 1).
// Throw InputError at their JSON path.
std::uint64_t read_seed(const JsonNode& root);
int read_turns(const JsonNode& root);

// Both, into the neutral scenario.
void read_common_fields(const JsonNode& root, Scenario& scenario);

}  // namespace vedette::sim::ruleset

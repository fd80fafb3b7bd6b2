#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// Exact odds of a GdB melee before the dice are thrown: every (winner, result) outcome as an
// integer count over a common denominator (so they sum to it exactly), and the expected
// casualties of every unit. No sampling: each unit's 2D6 (with a sapper's re-roll where it
// applies) is enumerated, a side's score is the maximum of its units' totals (12.6), and each
// score difference is mapped through the same decisions the resolution uses.

#include <string>
#include <vector>

#include "sim/ruleset/odds.h"
#include "sim/rulesets/gdb/melee/melee_engine.h"

namespace vedette::sim::gdb {

// The core's exact count (more than 64 bits: every unit's 2D6 multiplied together).
using Count = ruleset::OddsCount;

inline std::string count_to_string(Count value) {
    return ruleset::decimal_text(value);
}

struct OddsOutcome {
    int winner = -1;
    Result result = Result::draw;
    bool continues = false;
    Count count = 0;
};

struct MeleeOdds {
    Count denominator = 1;
    std::vector<OddsOutcome> outcomes;        // in order of first appearance by difference
    std::vector<Count> casualty_numerators;   // by global unit index, over the denominator
    std::vector<double> expected_casualties;  // the same as decimals

    double probability(const OddsOutcome& o) const;
    // Sum of the probabilities of outcomes with this winner (-1: none).
    double probability_of_winner(int winner) const;
};

// Throws std::invalid_argument when the melee has too many rolling units for exact counts
// (more than about 20 units in all).
MeleeOdds melee_odds(const PreparedMelee& melee);

}  // namespace vedette::sim::gdb

#pragma once
// The bounds of an explanation (docs/LIMITS.md, "Explanations"): how many sections, dice groups,
// dice, columns and rows it holds and how long its strings are, and that its odds are exact
// counts. The viewer draws a whole explanation every frame in Dear ImGui tables (which refuse 64
// columns or more), so a replay's explanations are held to these when it is read
// (sim/replay/replay_checks.cpp), whatever reader read it.

#include <string>
#include <string_view>

#include "sim/record/explanation.h"

namespace vedette::sim::record {

// Throws InputError(file, path + ".sections[2].rows", what) at the first value past a bound.
void check_explanation(const Explanation& explanation, const std::string& file,
                       const std::string& path);

// A count as the odds write it: decimal digits without a sign or leading zeros ("0" is zero).
bool is_decimal_count(std::string_view s);

}  // namespace vedette::sim::record

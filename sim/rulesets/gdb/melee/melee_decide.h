#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// Internal to the melee engine: what follows from a score difference (12.18-12.20), and from a
// melee that needs no dice (12.12-12.14). Pure functions of the prepared melee.

#include "sim/rulesets/gdb/melee/melee_engine.h"

namespace vedette::sim::gdb::detail {

Decision decide_by_difference(const PreparedMelee& m, int difference);
Decision decide_automatic(const PreparedMelee& m);

}  // namespace vedette::sim::gdb::detail

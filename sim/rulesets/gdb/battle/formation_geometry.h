#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// How big a unit's block of bases is on the table, from its figures and formation (ruleset
// "bases" and "formations"), and its rectangle at a position and facing.

#include "sim/geom/fixed_geometry.h"
#include "sim/rulesets/gdb/battle/battle_rules.h"

namespace vedette::sim::battle {

struct Block {
    geom::i64 width_mm = 0;
    geom::i64 depth_mm = 0;
};

Block unit_block(const BattleRules& rules, gdb::TroopType type, gdb::Formation formation,
                 int figures);
geom::Rect unit_rect(const BattleRules& rules, gdb::TroopType type, gdb::Formation formation,
                     int figures, geom::Vec centre, geom::Vec facing);

}  // namespace vedette::sim::battle

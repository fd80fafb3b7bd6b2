#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// General de Brigade in the ruleset-neutral record (sim/record): the replay header (the phases of
// its turn, the roster with each unit's properties and overlays, its charge sector and its
// general's command radius, the board and the looks of gdb.json) and how a unit shows (its
// figures on the footprint of its formation's block of bases; what its state label shows:
// figures in disorder, fleeing, gone from the table). docs/SCENARIO_AND_REPLAY.md, "General de
// Brigade in the record". The battle engine writes its events with these as it goes
// (battle/battle_recorder.h); the version 1 reader converts old files with them
// (gdb_replay_v1_record.h).

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "sim/record/header.h"
#include "sim/record/record.h"
#include "sim/rulesets/gdb/battle/battle_rules.h"
#include "sim/rulesets/gdb/battle/scenario.h"

namespace vedette::sim::battle {

// What the record needs besides the battle itself.
struct RecordContext {
    const Scenario& scenario;
    const BattleRules& rules;
    const nlohmann::json& tables;  // gdb.json as loaded: the full tables for explanations
    std::string rules_hash;
    const record::Looks& looks;  // gdb.json's "looks", read once with the data file's head
};

// The phases of a GdB turn with their labels, in order.
const std::vector<record::Phase>& gdb_phases();

record::Header gdb_header(const RecordContext& c);

// `figures` of `type` in `formation`: the layout is the formation's name.
record::Look formation_look(const BattleRules& rules, gdb::TroopType type, gdb::Formation formation,
                            int figures);

// The flags a state label ("unformed", "retreating", "removed", ...) sets on a look.
void show_state(record::Look& look, const std::string& state);

// The formation of that name, or `fallback` for a name GdB does not know.
gdb::Formation formation_named(const std::string& name, gdb::Formation fallback);

}  // namespace vedette::sim::battle

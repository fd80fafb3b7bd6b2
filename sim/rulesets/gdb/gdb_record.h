#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// General de Brigade's battle output in the ruleset-neutral record (sim/record): the roster and the
// board for the header, each event's category, episode, effects and typed explanation, and each
// unit's look (figures on the footprint of its formation, tidy or not, markers). Narration and
// animation intent are derived here, from the facts the engine recorded, never in the rule steps.

#include <nlohmann/json.hpp>

#include "sim/record/header.h"
#include "sim/record/record.h"
#include "sim/replay/replay.h"
#include "sim/rulesets/gdb/battle/battle_engine.h"

namespace vedette::sim::battle {

// What the conversion needs besides the battle itself.
struct RecordContext {
    const Scenario& scenario;
    const BattleRules& rules;
    const nlohmann::json& tables;  // gdb.json as loaded: the full tables for explanations
    std::string rules_hash;
};

// The phases of a GdB turn with their labels, in order.
const std::vector<record::Phase>& gdb_phases();

record::Header gdb_header(const RecordContext& c);
record::Snapshot to_record(const UnitSnapshot& s, const RecordContext& c);
std::vector<record::Event> to_record(const std::vector<Event>& events, const RecordContext& c);
std::vector<record::Keyframe> to_record(const std::vector<Keyframe>& keyframes,
                                        const RecordContext& c);
replay::Recorded to_record(const BattleResult& result, const RecordContext& c);

}  // namespace vedette::sim::battle

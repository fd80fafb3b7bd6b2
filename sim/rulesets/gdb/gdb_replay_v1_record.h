#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// Version 1 events, keyframes and snapshots (gdb_replay_v1_events.h) as the ruleset-neutral
// record: categories, episodes, effects and looks exactly as the battle engine records a battle
// now, and each event's explanation as the reader made it from its details.

#include <vector>

#include "sim/record/record.h"
#include "sim/rulesets/gdb/gdb_record.h"
#include "sim/rulesets/gdb/gdb_replay_v1_events.h"

namespace vedette::sim::battle::v1 {

record::Snapshot to_record(const UnitSnapshot& s, const RecordContext& c);
std::vector<record::Event> to_record(const std::vector<Event>& events, const RecordContext& c);
std::vector<record::Keyframe> to_record(const std::vector<Keyframe>& keyframes,
                                        const RecordContext& c);

}  // namespace vedette::sim::battle::v1

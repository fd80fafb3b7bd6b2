#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// GdB's events written as records as the battle goes: the plug-in kit's recorder
// (sim/ruleset/event_recorder.h) with what a GdB battle adds to each event it emits: the category
// of its kind (event_kind.h), its episode, and the effects the renderer animates, read from the
// kind and the units' snapshots (docs/SCENARIO_AND_REPLAY.md, "General de Brigade in the record").
// Narration and animation intent come from the facts the engine recorded, never from the rule
// steps.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "sim/record/header.h"
#include "sim/record/record.h"
#include "sim/replay/replay.h"
#include "sim/ruleset/event_recorder.h"
#include "sim/rulesets/gdb/battle/event_kind.h"

namespace vedette::sim::battle {

class BattleRecorder {
public:
    // `units`: how many units the roster has.
    explicit BattleRecorder(std::size_t units);

    // Appends an event of `kind` in `phase` that lasts `ms`, with every unit it changed as it is
    // now (`after`). The returned event (valid until the next emit) takes a motion and an
    // explanation.
    record::Event& emit(const std::string& phase, EventKind kind, std::vector<int> units,
                        const std::string& rule, std::string text, std::int64_t ms,
                        std::vector<record::Snapshot> after);

    // The formation change `unit` was ordered into by the event just emitted completes before
    // contact. The engine records the new formation only when the charge arrives; once a later
    // event of the turn records it, the order's event shows the figures walking into it and
    // holding it until then.
    void completes_early(int unit);

    void begin_turn(int turn, std::vector<record::Snapshot> everyone);
    void end_turn(std::string state_hash) { rec_.end_turn(std::move(state_hash)); }
    std::size_t event_count() const { return rec_.events().size(); }
    replay::Recorded finish(record::Header header, std::uint64_t seed, std::string scenario_text);

private:
    void follow_episodes(const std::string& phase, EventKind kind, const std::vector<int>& units);
    void follow_charges(EventKind kind, const std::vector<int>& units);
    void follow_causes(record::Event& e, const std::string& phase, EventKind kind);
    void show_effects(record::Event& e, EventKind kind);
    void show_early_formation_changes(const record::Event& e);
    void remember_layouts(const record::Event& e);

    // A formation change ordered in event `seq`, waiting for the event that records it done.
    struct EarlyChange {
        int seq = 0;
        int turn = 0;
        int unit = -1;
        bool square = false;
        std::string layout_before;  // the unit's layout as recorded before the order
    };

    ruleset::EventRecorder rec_;
    std::vector<int> figures_;          // each unit's figures as last recorded; -1: not yet
    std::vector<std::string> layouts_;  // each unit's layout as last recorded
    std::vector<std::string> states_;   // each unit's state label as last recorded
    // The episode that last named each unit (-1: none yet): what the unit does later because of
    // that charge or melee (a retreat, a rout, a pursuit, a blown ride) belongs to it.
    std::vector<int> causes_;
    int charger_ = -1;    // the unit whose charge the current episode declared
    int declaring_ = -1;  // the unit whose charge the current episode leads up to, undeclared yet
    // The layouts the event just emitted replaced, by unit.
    std::vector<std::pair<int, std::string>> replaced_layouts_;
    std::vector<EarlyChange> early_;
};

}  // namespace vedette::sim::battle

#pragma once
// The plug-in kit's recorder: how every rule system writes what happened as the shared record
// (sim/record/record.h). It numbers the events, stamps each with its turn, phase and episode and
// a span on the replay clock, and keeps the keyframe at each turn's start and the state hash at
// each turn's end; the rule system decides what an event says, which units it changed (their
// `after` snapshots) and how long it lasts. docs/ARCHITECTURE.md, "Adding a rule system".

#include <cstdint>
#include <string>
#include <vector>

#include "sim/record/header.h"
#include "sim/record/record.h"
#include "sim/replay/replay.h"

namespace vedette::sim::ruleset {

// The parts of a replay header every rule system fills alike: its registry id, the hash of the
// data file the replay was made with, its looks, the scenario's title and description, and the
// phases of its turn. The rule system adds sides, roster and board.
record::Header start_header(const std::string& ruleset_id, const std::string& rules_hash,
                            const record::Looks& looks, const std::string& title,
                            const std::string& description, std::vector<record::Phase> phases);

class EventRecorder {
public:
    // Appends an event that starts now and lasts `ms`, in the current turn and episode, and moves
    // the clock on. The returned event (valid until the next emit) takes the rest: a motion,
    // effects, an explanation.
    record::Event& emit(const std::string& phase, record::Category category,
                        const std::string& kind, std::vector<int> units, const std::string& rule,
                        std::string text, std::int64_t ms, std::vector<record::Snapshot> after);

    // A turn starts: every unit's state before its first event (the viewer seeks from it).
    void begin_turn(int turn, std::vector<record::Snapshot> everyone);
    // A turn ends: the rule system's hash of its state, which verify compares.
    void end_turn(std::string state_hash);
    int turn() const { return turn_; }

    // An episode (one charge and what follows it, one melee) groups the events emitted until
    // end_episode(); ids count from 0 in the order episodes begin.
    int begin_episode();
    void end_episode() { episode_ = -1; }
    int episode() const { return episode_; }

    std::int64_t now_ms() const { return now_ms_; }
    const std::vector<record::Event>& events() const { return out_.events; }
    // An event already emitted, for a rule system that completes it later: an order whose
    // effect shows from the order on once a later event records it done.
    record::Event& event(int seq) { return out_.events.at(static_cast<std::size_t>(seq)); }

    // Everything recorded, with the header, the seed and the scenario as its ruleset embeds it.
    replay::Recorded finish(record::Header header, std::uint64_t seed, std::string scenario_text);

private:
    replay::Recorded out_;
    int turn_ = 0;
    int episode_ = -1;
    int next_episode_ = 0;
    std::int64_t now_ms_ = 0;
};

}  // namespace vedette::sim::ruleset

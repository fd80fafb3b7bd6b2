#pragma once
// `vedette verify`: re-simulate a replay with the ruleset its header names and compare everything
// a viewer shows that no hash covers (roster, phases, sides, titles, looks, board, events,
// keyframes, turn hashes) with what the file holds, after checking that its seed is its
// scenario's.

#include <string>

#include "sim/replay/replay.h"
#include "sim/ruleset/ruleset.h"

namespace vedette::sim::ruleset {

struct VerifyReport {
    bool rules_match = true;
    bool identical = true;
    int first_difference = -1;  // event seq, or -1
    std::string message;        // plain words for the user
};

// `played`, when given, receives the play (none when the seed was found edited).
VerifyReport verify_replay(const replay::Replay& replay, const Ruleset& rules,
                           replay::Recorded* played = nullptr);

// The replay's embedded scenario parsed by `rules`; refuses one whose units are not the roster's.
std::unique_ptr<Scenario> replay_scenario(const replay::Replay& replay, const Ruleset& rules);

}  // namespace vedette::sim::ruleset

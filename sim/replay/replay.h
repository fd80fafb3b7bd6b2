#pragma once
// Replay files: format name and version, the rules data hash, the scenario, the seed, the event
// stream, a state hash per turn and keyframe snapshots for seeking. Format:
// docs/SCENARIO_AND_REPLAY.md.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/battle/battle_engine.h"

namespace vedette::sim::replay {

inline constexpr int kReplayFormatVersion = 1;
inline constexpr const char* kReplayFormat = "vedette-replay";

struct Replay {
    std::string file;
    int version = kReplayFormatVersion;
    std::string ruleset;
    std::string rules_hash;
    std::uint64_t seed = 0;
    std::string scenario_text;        // the scenario as written in the scenario file (JSON)
    nlohmann::json scenario() const;  // parsed with the JSON guard; errors name `file`
    std::vector<std::string> unit_ids;
    std::vector<battle::Event> events;
    std::vector<battle::TurnHash> turn_hashes;
    std::vector<battle::Keyframe> keyframes;
    std::string events_hash;
};

// The replay as bytes (deterministic: the same inputs give the same bytes).
std::string write_replay_text(const battle::Scenario& scenario, const std::string& rules_hash,
                              const battle::BattleResult& result);

// Reads a replay; a newer version, a truncated file or a hash that does not match its events is
// an InputError naming the file and the place.
Replay read_replay(const std::string& path);
Replay parse_replay(const std::string& text, const std::string& file);

// Checks a replay's values against docs/LIMITS.md and its keyframes against its events; throws an
// InputError naming the JSON path. parse_replay calls it.
void check_replay_values(const Replay& replay);

// The replay's embedded scenario, parsed; refuses one whose units are not the ids the events use.
battle::Scenario replay_scenario(const Replay& replay, const battle::BattleRules& rules);

// The state of every unit just after event `seq`, from the nearest keyframe (no re-simulation).
std::vector<battle::UnitSnapshot> state_after(const Replay& replay, int seq);

struct VerifyReport {
    bool rules_match = true;
    bool identical = true;
    int first_difference = -1;  // event seq, or -1
    std::string message;        // plain words for the user
};
// Re-simulates the replay's scenario with `rules` and compares everything.
VerifyReport verify_replay(const Replay& replay, const gdb::GdbRules& melee_rules,
                           const battle::BattleRules& rules);

std::string events_hash(const std::vector<battle::Event>& events,
                        const std::vector<std::string>& ids);

}  // namespace vedette::sim::replay

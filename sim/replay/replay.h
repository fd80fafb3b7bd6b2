#pragma once
// Replay files, format version 3: the ruleset and its data hash, the phases, the roster and the
// board (record::Header), the seed, the scenario as written (for `verify`), a state hash per turn,
// keyframes for seeking and the event stream, all in the ruleset-neutral record types. A viewer
// needs nothing else to show it. Older files are converted on read: version 1 (General de
// Brigade, before the seam) by its ruleset; versions 1 and 2 also have their dice groups' sides
// and targets and their looks' stands stated from their words (older_facts.h). Format:
// docs/SCENARIO_AND_REPLAY.md.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "sim/record/header.h"
#include "sim/record/record.h"
#include "sim/replay/check_dice.h"
#include "sim/replay/dice_tape.h"

namespace vedette::sim::replay {

inline constexpr int kReplayFormatVersion = 3;
inline constexpr const char* kReplayFormat = "vedette-replay";

struct Replay {
    std::string file;
    int version = kReplayFormatVersion;  // as read: 1 or 2 for a file converted on read
    record::Header header;               // ruleset, rules hash, phases, roster, board
    std::uint64_t seed = 0;
    std::string scenario_text;        // the scenario as its ruleset embeds it (JSON), for verify
    nlohmann::json scenario() const;  // parsed with the JSON guard; errors name `file`
    std::vector<std::string> unit_ids;
    std::vector<record::Event> events;
    std::vector<record::TurnHash> turn_hashes;
    std::vector<record::Keyframe> keyframes;
    std::string events_hash;
    std::optional<DiceBranch> branch;  // a branch of another replay (`vedette branch`)
    std::vector<TapeDie> tape;         // a branch's record of every die it threw (values, purposes)
};

// What a ruleset's battle produced, ready to be written.
struct Recorded {
    record::Header header;
    std::uint64_t seed = 0;
    std::string scenario_text;
    std::vector<record::Event> events;
    std::vector<record::TurnHash> turn_hashes;
    std::vector<record::Keyframe> keyframes;
    // Where the dice came from (`vedette check`); not written into the replay (check_dice.h).
    DiceAudit dice;
    // Every die thrown, in order (dice_tape.h); not written: the seed and scenario say it.
    std::vector<TapeDie> tape;
    std::optional<DiceBranch> branch;  // written: a branch is played again with its plan
};

// The replay as bytes, the current version (deterministic: the same inputs give the same bytes).
std::string write_replay_text(const Recorded& recorded);
// A replay already read (any version) written in the current version (`vedette migrate`).
std::string write_replay_text(const Replay& replay);

// A play's result as the replay its written bytes would read back as (parse_replay), built in
// memory: the viewer shows a scenario it simulated, or a branch, without writing and reading it.
Replay replay_of(const Recorded& recorded, const std::string& file);

// Reads a replay; a newer version, a truncated file or a hash that does not match its events is
// an InputError naming the file and the place. Version 1 files are converted by their ruleset,
// with its data from `rules_dir` ("" = the default search, as for every command).
Replay read_replay(const std::string& path, const std::string& rules_dir = "");
Replay parse_replay(const std::string& text, const std::string& file,
                    const std::string& rules_dir = "");

// Checks a replay's values against docs/LIMITS.md and its keyframes against its events; throws an
// InputError naming the JSON path. parse_replay calls it.
void check_replay_values(const Replay& replay);

// The state of every unit just after event `seq`, from the nearest keyframe (no re-simulation).
std::vector<record::Snapshot> state_after(const Replay& replay, int seq);

std::string events_hash(const std::vector<record::Event>& events,
                        const std::vector<std::string>& ids);

}  // namespace vedette::sim::replay

#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// Version 1 replays (General de Brigade before the ruleset seam) as they were written: the
// engine's events in its own terms (sequence number, turn, phase, kind, the units involved, the
// rule, a plain-language text, a time span, a motion where something moved, the untyped
// explanation record `details` where dice were rolled, and the state of every unit it changed,
// `after`), snapshots in GdB's terms (formation and status names), keyframes and turn hashes, with
// their JSON writer and readers. Only the version 1 reader (gdb_replay_v1.cpp) uses them; it
// converts them to records (gdb_replay_v1_record.h). The engine emits records directly.

#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "sim/geom/fixed_geometry.h"
#include "sim/record/explanation.h"

namespace vedette::sim::battle::v1 {

struct UnitSnapshot {
    int unit = -1;
    geom::Vec pos;
    geom::Vec facing;  // Q16 unit vector
    int figures = 0;
    std::string formation;
    std::string status;  // formed unformed wavering retreating broken pushed_back blown pursuing
                         // dispersed removed
    bool guns_abandoned = false;
    geom::Vec guns_at;  // where abandoned guns stand
    friend bool operator==(const UnitSnapshot&, const UnitSnapshot&) = default;
};

// For test messages: "unit 3 at (120, 400) facing (0, 65536), 24 figures, line, formed".
std::string describe(const UnitSnapshot& s);
inline void PrintTo(const UnitSnapshot& s, std::ostream* os) {
    *os << describe(s);
}

struct Motion {
    std::vector<geom::Vec> path;  // mm, at least two points
    geom::Vec facing_end;
    std::string gait;  // walk, trot, gallop, flee
    friend bool operator==(const Motion&, const Motion&) = default;
};

struct Event {
    int seq = 0;
    int turn = 0;
    std::string phase;  // setup, charges, movement, melee, mandatory
    std::string kind;
    std::vector<int> units;
    std::string rule;
    std::string text;
    std::int64_t t0_ms = 0;
    std::int64_t t1_ms = 0;
    std::optional<Motion> motion;
    // The untyped explanation record, or null; shared, so this header needs only the JSON
    // type's name.
    std::shared_ptr<const nlohmann::ordered_json> details;
    // Read from the details on conversion (gdb_replay_v1_explain.h).
    std::optional<record::Explanation> explanation;
    // A formation change ordered now that completes before contact: the record shows the figures
    // taking the new formation from this event on.
    bool completes_before_contact = false;
    std::vector<UnitSnapshot> after;
};

struct TurnHash {
    int turn = 0;
    std::string hash;
};

struct Keyframe {
    int seq = 0;  // the first event after the keyframe
    int turn = 0;
    std::int64_t time_ms = 0;
    std::vector<UnitSnapshot> units;
};

nlohmann::ordered_json snapshot_to_json(const UnitSnapshot& s, const std::vector<std::string>& ids);
UnitSnapshot snapshot_from_json(const nlohmann::json& j, const std::vector<std::string>& ids,
                                const std::string& file, const std::string& path);
nlohmann::ordered_json event_to_json(const Event& e, const std::vector<std::string>& ids);
Event event_from_json(const nlohmann::json& j, const std::vector<std::string>& ids,
                      const std::string& file, const std::string& path);

// Unit id -> index, for reading large replays quickly.
struct UnitIdHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};
using UnitIndex = std::unordered_map<std::string, int, UnitIdHash, std::equal_to<>>;
// The fast reader for well-formed events and snapshots; on any problem it re-reads with the
// path-aware reader above so the error names the place.
Event event_from_json_fast(const nlohmann::json& j, const std::vector<std::string>& ids,
                           const UnitIndex& index, const std::string& file,
                           const std::string& path);
// Reads one event (or snapshot) written by event_to_json(...).dump(); false if the text is not in
// exactly that shape (the caller then falls back to the document reader for a precise error).
bool read_event_text(std::string_view text, const UnitIndex& index, Event& out);
bool read_snapshot_text(std::string_view text, const UnitIndex& index, UnitSnapshot& out);

UnitSnapshot snapshot_from_json_fast(const nlohmann::json& j, const std::vector<std::string>& ids,
                                     const UnitIndex& index, const std::string& file,
                                     const std::string& path);

}  // namespace vedette::sim::battle::v1

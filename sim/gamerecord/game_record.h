#pragma once
// A game as it was played, in plain text (`*.game`, docs/GAME_RECORD.md): one fact a line, `#`
// comments. The record is read into the scenario JSON of the ruleset it names (the same for
// General de Brigade, the Borodino hex game and the dice-pool game: sides, commanders, brigades or
// groups, units, orders by turn and the dice as thrown), and any scenario or replay is written
// back as a record. Every mistake is an InputError "FILE:LINE:COL: what was expected"; mistakes
// the ruleset finds in the scenario made from it are reported at the record's line too.
//
// Ruleset-neutral: it knows the scenario's shape (docs/SCENARIO_AND_REPLAY.md), never a rule.

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>  // ReadRecord holds the scenario by value

#include "sim/core/json_fwd.h"
#include "sim/gamerecord/record_limits.h"

namespace vedette::sim::gamerecord {

struct ReadRecord {
    // The scenario, with "format", "version" and the record itself ("game_record") filled in.
    Json scenario;
    // The line each part of the scenario came from, by JSON path ("$.orders[3]", "$.sides[0]"),
    // so a ruleset's complaint about the scenario names the record's line.
    std::map<std::string, int> lines;
    // The line of each turn's first `turn N` line (the dice a turn lacks are named there).
    std::map<int, int> turn_lines;
    int last_turn = 0;  // the turn of the last `turn N` line (0: none): where a line added goes
    // Every `dice` line, read once and typed, in the record's order. A line with its unit and test
    // is also an entry of the scenario's `dice`, in the same order; one without (`dice 5 4`) is for
    // the next test, in the order the play throws them, that no dice were given for: the play's
    // dice source labels it (play_record.h).
    struct DiceLine {
        int turn = 0;      // the turn section it stands in (0: before any)
        std::string unit;  // the unit's id ("" when not labelled)
        std::string test;  // the test ("" when not labelled)
        std::vector<int> faces;
        std::vector<int> columns;  // where each face stands on its line: a face off the die is
                                   // named there
        int line = 0;
        std::string as_played;
        bool labelled() const { return !unit.empty(); }
    };
    std::vector<DiceLine> dice;
    std::size_t unlabelled_count() const;
};

// Reads record `text` (from `file`, for messages). Throws InputError.
ReadRecord read_record(const std::string& text, const std::string& file);
// The rule system the record names ("gdb", ...; "" when it names none).
std::string ruleset_of(const ReadRecord& record);

// Reads the record file at `path` (a regular file of at most kMaxRecordBytes).
ReadRecord read_record_file(const std::string& path);

// The record's line that made the part of the scenario at JSON path `path` ("$.orders[3]"): the
// line of the longest path of the record that it starts with; 0 when none.
int record_line_of(const ReadRecord& record, const std::string& path);

// A ruleset's complaint about the scenario made from a record (an InputError whose `where` is a
// JSON path) as the same complaint at the record's line; any other error is rethrown as it is.
[[noreturn]] void rethrow_at_record_line(const ReadRecord& record, const std::string& file);

// The record of `scenario` (a scenario's JSON, or a replay's embedded one): the record it was made
// from when it carries one, else one written from its fields, which reads back into the same
// scenario.
std::string record_of_scenario(const Json& scenario);

}  // namespace vedette::sim::gamerecord

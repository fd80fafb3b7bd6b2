#pragma once
// The dice a record gives must be the dice its play throws: an entry the play did not use in full
// (a charge turned out of its arc by an edit leaves its charge test's dice unused) is a mistake at
// its own line. `vedette record` and `vedette edit` both refuse such a record, so the editor never
// saves one that `record` then refuses.

#include <map>
#include <string>

#include "sim/core/json_fwd.h"
#include "sim/replay/replay.h"

namespace vedette::sim::gamerecord {

// Throws InputError at the line of the first dice entry the play `result` did not use in full or
// set aside, in the words of replay::describe_forced_error; `lines` is the record's line of each
// JSON path (ReadRecord::lines).
void refuse_unused_dice(const std::map<std::string, int>& lines, const replay::Recorded& result,
                        const std::string& file);

// The record's line of the order that causes `unit`'s test in `turn`: the unit's own order in that
// turn (its charge, its reaction), else an order charging it, else the turn's line (`turn_lines`),
// else 1. `scenario` is the record's scenario (ReadRecord::scenario).
int line_of_test(const Json& scenario, const std::map<std::string, int>& lines,
                 const std::map<int, int>& turn_lines, int turn, const std::string& unit);

}  // namespace vedette::sim::gamerecord

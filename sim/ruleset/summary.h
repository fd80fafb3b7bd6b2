#pragma once
// A battle's outcome in ruleset-neutral words, for `vedette odds`: what became of every unit (one
// fate each, at the end of the battle), each side's figures lost, and which side holds the field.
// Each rule system maps its own states onto these words and says what holding the field means for
// it (Ruleset::summarize, docs/LUCK_AND_ODDS.md); this file holds the words and the bookkeeping
// the systems share, so app/ can count outcomes without knowing whose rules made them.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "sim/record/header.h"
#include "sim/record/record.h"

namespace vedette::sim::ruleset {

// What a unit is at the end of the battle.
enum class Fate : std::uint8_t {
    standing,   // on the table and still in the fight (formed, disordered, wavering, ...)
    broken,     // on the table but broken: running, out of the fight
    routed,     // fled off the table
    withdrawn,  // taken off the table whole by the rules (not destroyed)
    eliminated  // destroyed, dispersed or removed as a loss
};
inline constexpr std::size_t kFateCount = 5;
// "standing", "broken", "routed", "withdrawn", "eliminated", in the enum's order.
const std::vector<std::string>& fate_names();

struct UnitOutcome {
    int side = 0;
    Fate fate = Fate::standing;
    int figures_start = 0;
    int figures_end = 0;  // 0 for an eliminated unit: all its figures are lost
    // On the table and not broken, routed, withdrawn or eliminated at the end.
    bool survived() const { return fate == Fate::standing; }
};

struct SideOutcome {
    std::array<int, kFateCount> fates{};  // this side's units by fate
    int units = 0;
    int figures_start = 0;
    int figures_lost = 0;
};

struct BattleSummary {
    std::vector<UnitOutcome> units;  // in roster order
    std::vector<SideOutcome> sides;  // in the header's order of sides
    int holder = -1;                 // the side that holds the field at the end; -1: neither
};

// Each unit's first and last snapshot in the events (the setup carries every unit), and the last
// state it had on the table before it left it.
struct UnitTrack {
    record::Snapshot first;
    record::Snapshot last;
    std::string state_before_leaving;  // "" while it has not left the table
    bool seen = false;                 // false: no event carries the unit
};
std::vector<UnitTrack> track_units(const record::Header& header,
                                   const std::vector<record::Event>& events);

// A summary of `units` (roster order, side and fate set): the sides' counts filled in from them.
// The holder is left at -1 for the caller to decide.
BattleSummary count_sides(const record::Header& header, std::vector<UnitOutcome> units);

// The side whose `kept` is the largest share of its `start` (compared as integer cross products,
// so no rounding decides); -1 when two sides share the largest share or every share is 0. A side
// with `start` 0 never holds.
int holder_by_share(const std::vector<std::int64_t>& kept, const std::vector<std::int64_t>& start);

// The figures each side keeps in units that survived, and the figures it started with.
void figures_kept(const BattleSummary& summary, std::vector<std::int64_t>& kept,
                  std::vector<std::int64_t>& start);

// The summary of a system whose units end as `fate_of` says (an eliminated unit keeps no figures)
// and whose field is held by the side keeping the larger share of its starting figures.
BattleSummary summary_by_figures(const record::Header& header,
                                 const std::vector<record::Event>& events,
                                 Fate (*fate_of)(const UnitTrack&));

// What a ruleset without a summary of its own gets: a unit off the table is eliminated, every
// other one standing; the holder is the side that keeps the larger share of its figures.
BattleSummary generic_summary(const record::Header& header,
                              const std::vector<record::Event>& events);

}  // namespace vedette::sim::ruleset

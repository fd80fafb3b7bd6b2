#pragma once
// What `vedette check` finds in a scenario's deployment, from its setup as the ruleset recorded
// it (any rule system): units whose bases overlap, and by how much. Bases are the snapshots'
// footprints (width across the front, depth), turned to their facing. Integer geometry, as
// everywhere in sim/.

#include <cstdint>
#include <vector>

#include "sim/replay/replay.h"

namespace vedette::sim::replay {

struct Overlap {
    int a = -1, b = -1;         // roster indices
    std::int64_t depth_mm = 0;  // how far they would have to move apart to stop overlapping
};

// Every pair of units on the table whose bases overlap by at least `least_mm` at setup (the
// state after the first event).
std::vector<Overlap> overlapping_bases(const Recorded& recorded, std::int64_t least_mm = 1);

}  // namespace vedette::sim::replay

#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// Finding units placed on top of each other when a scenario is read, without comparing every unit
// with every other (20,000 units a side took 20 s that way): each unit's bounding box is entered
// in the cells of a coarse grid, and only units sharing a cell are compared exactly.

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "sim/geom/fixed_geometry.h"

namespace vedette::sim::battle {

class OverlapGrid {
public:
    OverlapGrid() = default;

    // Adds the next unit's rectangle (units are numbered 0, 1, ... in the order added). Returns the
    // lowest-numbered earlier unit it overlaps, or -1.
    int add(const geom::Rect& rect);

private:
    struct Box {
        geom::i64 x0, y0, x1, y1;
    };
    static Box box_of(const geom::Rect& r);
    std::uint64_t key(geom::i64 cx, geom::i64 cy) const;

    geom::i64 cell_mm_ = 250;  // bases are a few cm deep, units tens of cm wide
    std::vector<geom::Rect> rects_;
    std::vector<Box> boxes_;
    std::unordered_map<std::uint64_t, std::vector<int>> cells_;
    std::vector<int> huge_;  // units too large for the grid, compared with every later unit
};

}  // namespace vedette::sim::battle

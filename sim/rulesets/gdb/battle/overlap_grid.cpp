#include "sim/rulesets/gdb/battle/overlap_grid.h"

#include <algorithm>

namespace vedette::sim::battle {

namespace {
// A unit may be long (a line of many figures); entering it in more cells than this would cost
// more than it saves, so such a unit is compared with the rest the slow way.
constexpr geom::i64 kMaxCellsPerUnit = 4096;
}  // namespace

OverlapGrid::Box OverlapGrid::box_of(const geom::Rect& r) {
    Box b{r.centre.x, r.centre.y, r.centre.x, r.centre.y};
    for (const auto& c : r.corners()) {
        b.x0 = std::min(b.x0, c.x);
        b.y0 = std::min(b.y0, c.y);
        b.x1 = std::max(b.x1, c.x);
        b.y1 = std::max(b.y1, c.y);
    }
    return b;
}

std::uint64_t OverlapGrid::key(geom::i64 cx, geom::i64 cy) const {
    return (static_cast<std::uint64_t>(cx) << 32) ^ static_cast<std::uint64_t>(cy & 0xFFFFFFFF);
}

int OverlapGrid::add(const geom::Rect& rect) {
    const Box b = box_of(rect);
    const int self = static_cast<int>(rects_.size());
    rects_.push_back(rect);
    boxes_.push_back(b);
    auto floor_div = [&](geom::i64 v) {
        return v >= 0 ? v / cell_mm_ : -((-v + cell_mm_ - 1) / cell_mm_);
    };
    const geom::i64 cx0 = floor_div(b.x0), cx1 = floor_div(b.x1), cy0 = floor_div(b.y0),
                    cy1 = floor_div(b.y1);
    const bool huge = (cx1 - cx0 + 1) * (cy1 - cy0 + 1) > kMaxCellsPerUnit;

    int found = -1;
    auto consider = [&](int other) {
        if (other == self || (found >= 0 && other >= found)) return;
        const Box& o = boxes_[static_cast<std::size_t>(other)];
        if (o.x1 < b.x0 || b.x1 < o.x0 || o.y1 < b.y0 || b.y1 < o.y0) return;  // boxes apart
        if (geom::overlaps(rect, rects_[static_cast<std::size_t>(other)])) found = other;
    };
    if (huge) {
        for (int other = 0; other < self; ++other) consider(other);
    } else {
        for (geom::i64 cx = cx0; cx <= cx1; ++cx)
            for (geom::i64 cy = cy0; cy <= cy1; ++cy)
                if (const auto it = cells_.find(key(cx, cy)); it != cells_.end())
                    for (int other : it->second) consider(other);
        for (int other : huge_) consider(other);
        for (geom::i64 cx = cx0; cx <= cx1; ++cx)
            for (geom::i64 cy = cy0; cy <= cy1; ++cy) cells_[key(cx, cy)].push_back(self);
    }
    if (huge) huge_.push_back(self);
    return found;
}

}  // namespace vedette::sim::battle

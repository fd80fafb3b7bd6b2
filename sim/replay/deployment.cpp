#include "sim/replay/deployment.h"

#include "sim/geom/fixed_geometry.h"

namespace vedette::sim::replay {

std::vector<Overlap> overlapping_bases(const Recorded& recorded, std::int64_t least_mm) {
    std::vector<Overlap> out;
    if (recorded.events.empty()) return out;
    std::vector<std::pair<int, geom::Rect>> bases;
    for (const auto& s : recorded.events.front().after) {
        if (s.look.off_table || s.look.width_mm <= 0 || s.look.depth_mm <= 0) continue;
        if (s.pose.facing.x == 0 && s.pose.facing.y == 0) continue;
        geom::Rect r;
        r.centre = s.pose.pos;
        r.facing = geom::normalize(s.pose.facing);
        r.half_width = s.look.width_mm / 2;
        r.half_depth = s.look.depth_mm / 2;
        bases.push_back({s.unit, r});
    }
    for (std::size_t i = 0; i < bases.size(); ++i)
        for (std::size_t j = i + 1; j < bases.size(); ++j) {
            const geom::i64 d = geom::overlap_depth(bases[i].second, bases[j].second);
            if (d >= least_mm) out.push_back({bases[i].first, bases[j].first, d});
        }
    return out;
}

}  // namespace vedette::sim::replay

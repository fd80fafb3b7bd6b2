#include "renderer/scene/base_contact.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace vedette::render {

BlockSize footprint_or(double w, double d, double fallback_w, double fallback_d) {
    return {w > 0 ? w : fallback_w, d > 0 ? d : fallback_d};
}

BlockSize block_size(const UnitView& u, double fallback_w, double fallback_d) {
    const BlockSize to = footprint_or(u.width_mm, u.depth_mm, fallback_w, fallback_d);
    if (u.formation_blend >= 1.0f) return to;
    const BlockSize from = footprint_or(u.from_width_mm, u.from_depth_mm, fallback_w, fallback_d);
    const double b = static_cast<double>(u.formation_blend);
    return {from.w + (to.w - from.w) * b, from.d + (to.d - from.d) * b};
}

BaseFootprint footprint_of(const UnitView& u, BlockSize block) {
    const double len = std::hypot(u.facing_x, u.facing_y);
    BaseFootprint f;
    f.cx = u.x_mm, f.cy = u.y_mm;
    f.fx = len > 0 ? u.facing_x / len : 0.0;
    f.fy = len > 0 ? u.facing_y / len : 1.0;
    f.half_w = block.w / 2, f.half_d = block.d / 2;
    return f;
}

namespace {

// Half the extent of a footprint along the unit axis (nx, ny).
double radius_along(const BaseFootprint& f, double nx, double ny) {
    const double rx = f.fy, ry = -f.fx;  // the unit's right
    return f.half_w * std::abs(rx * nx + ry * ny) + f.half_d * std::abs(f.fx * nx + f.fy * ny);
}

}  // namespace

double overlap_depth(const BaseFootprint& a, const BaseFootprint& b, double& push_x,
                     double& push_y) {
    const double axes[4][2] = {{a.fx, a.fy}, {a.fy, -a.fx}, {b.fx, b.fy}, {b.fy, -b.fx}};
    const double dx = b.cx - a.cx, dy = b.cy - a.cy;
    double best = 1e300;
    push_x = 0, push_y = 1;
    for (const auto& n : axes) {
        const double along = dx * n[0] + dy * n[1];
        const double depth =
            radius_along(a, n[0], n[1]) + radius_along(b, n[0], n[1]) - std::abs(along);
        if (depth < best) {
            best = depth;
            const double sign = along < 0 ? -1.0 : 1.0;
            push_x = n[0] * sign, push_y = n[1] * sign;
        }
    }
    return best;
}

namespace {

bool takes_part(const UnitView& u) {
    return u.on_table && u.width_mm > 0 && u.depth_mm > 0;
}

// One sweep over every pair; true when some pair still overlapped. `movers_yield`: a unit on
// the move gives way wholly to one standing; else each gives way half.
bool separate_once(SceneState& state, bool movers_yield) {
    bool moved = false;
    auto& units = state.units;
    for (std::size_t i = 0; i < units.size(); ++i) {
        if (!takes_part(units[i])) continue;
        for (std::size_t j = i + 1; j < units.size(); ++j) {
            if (!takes_part(units[j])) continue;
            UnitView& a = units[i];
            UnitView& b = units[j];
            const BaseFootprint fa = footprint_of(a, block_size(a, 0, 0));
            const BaseFootprint fb = footprint_of(b, block_size(b, 0, 0));
            double px = 0, py = 0;
            const double depth = overlap_depth(fa, fb, px, py);
            if (depth <= kContactSlackMm) continue;
            // The share of the push each takes: a mover yields to a unit standing.
            const double share_b = !movers_yield || a.moving == b.moving ? 0.5
                                   : b.moving                            ? 1.0
                                                                         : 0.0;
            b.x_mm += px * depth * share_b, b.y_mm += py * depth * share_b;
            a.x_mm -= px * depth * (1 - share_b), a.y_mm -= py * depth * (1 - share_b);
            moved = true;
        }
    }
    return moved;
}

}  // namespace

void separate_bases(SceneState& state) {
    // A sweep parts each pair exactly; pushing one apart can press it into a third, so sweep
    // again until none overlaps (a handful of sweeps for the shipped replays' crowds). A mover
    // wedged between two standing units cannot get out alone: after a while all give way.
    for (int sweep = 0; sweep < 200; ++sweep)
        if (!separate_once(state, sweep < 16)) return;
}

}  // namespace vedette::render

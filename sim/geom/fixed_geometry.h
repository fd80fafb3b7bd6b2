#pragma once
// Tabletop geometry in integer millimetres, deterministic on every build: no floating point and
// no libm. Directions are unit vectors in Q16 fixed point (65536 = 1); angles in whole degrees
// come from a sine table; square roots are integer.
//
// Axes: x to the right (east), y up the table (north). Facing 0 degrees looks along +y, 90 along
// +x.

#include <array>
#include <cstdint>
#include <vector>

namespace vedette::sim::geom {

using i64 = std::int64_t;
__extension__ typedef __int128 i128;

inline constexpr i64 kOne = 65536;  // Q16 one

struct Vec {
    i64 x = 0;
    i64 y = 0;
    friend bool operator==(const Vec&, const Vec&) = default;
};
inline Vec operator+(Vec a, Vec b) {
    return {a.x + b.x, a.y + b.y};
}
inline Vec operator-(Vec a, Vec b) {
    return {a.x - b.x, a.y - b.y};
}
inline i64 dot(Vec a, Vec b) {
    return a.x * b.x + a.y * b.y;
}
inline i64 cross(Vec a, Vec b) {
    return a.x * b.y - a.y * b.x;
}
inline i64 length_squared(Vec a) {
    return dot(a, a);
}

// floor(sqrt(v)) for v >= 0.
std::uint64_t isqrt(std::uint64_t v);
i64 length(Vec a);

// Rounds a Q16 product to the nearest integer (halves away from zero), the same on every build.
i64 q16_round(i64 value_q16);
// `dir` (Q16 unit vector) scaled by `mm`.
Vec scale(Vec dir_q16, i64 mm);

// The Q16 unit vector of a compass bearing in whole degrees (0 = +y, 90 = +x).
Vec direction_of_degrees(int degrees);
// The whole-degree bearing closest to a direction (for reports; never used in outcomes).
int degrees_of(Vec dir);
// The Q16 unit vector pointing along `v` (v must not be zero).
Vec normalize(Vec v);
// The direction turned 90 degrees clockwise (to the right of the facing).
inline Vec right_of(Vec dir) {
    return {dir.y, -dir.x};
}

// True when point `p` lies within `half_angle_cos_q16` of the direction `dir` seen from `from`
// (cos of 22 degrees for the charge sector).
bool in_sector(Vec from, Vec dir, Vec p, i64 half_angle_cos_q16);
inline constexpr i64 kCos22 = 60764;

// An oriented rectangle: a block of bases.
struct Rect {
    Vec centre;
    Vec facing;                          // Q16 unit vector
    i64 half_width;                      // half the frontage, mm
    i64 half_depth;                      // mm
    std::array<Vec, 4> corners() const;  // front-left, front-right, rear-right, rear-left
    Vec front_centre() const { return centre + scale(facing, half_depth); }
};

// Edge-to-edge distance in mm (0 when touching or overlapping).
i64 distance(const Rect& a, const Rect& b);
bool overlaps(const Rect& a, const Rect& b);
// How far two rectangles reach into each other, in whole mm: the shortest move along one of the
// four edge directions that clears one from the other; 0 when apart or touching.
i64 overlap_depth(const Rect& a, const Rect& b);
// Squared distance from p to segment ab (exact, rounded down to whole mm^2).
i64 distance_squared_to_segment(Vec p, Vec a, Vec b);
bool segments_intersect(Vec a, Vec b, Vec c, Vec d);
// True when the segment ab passes through the polygon (crosses an edge or lies inside).
bool segment_crosses_polygon(Vec a, Vec b, const std::vector<Vec>& polygon);
bool point_in_polygon(Vec p, const std::vector<Vec>& polygon);
bool segment_crosses_rect(Vec a, Vec b, const Rect& r);

}  // namespace vedette::sim::geom

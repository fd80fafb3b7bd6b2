#include "sim/geom/fixed_geometry.h"

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace vedette::sim::geom {

namespace {

// sin(d degrees) * 65536, rounded, d = 0..90 (tools/trig_table.py prints it).
constexpr std::int32_t kSinQ16[91] = {
    0,     1144,  2287,  3430,  4572,  5712,  6850,  7987,  9121,  10252, 11380, 12505, 13626,
    14742, 15855, 16962, 18064, 19161, 20252, 21336, 22415, 23486, 24550, 25607, 26656, 27697,
    28729, 29753, 30767, 31772, 32768, 33754, 34729, 35693, 36647, 37590, 38521, 39441, 40348,
    41243, 42126, 42995, 43852, 44695, 45525, 46341, 47143, 47930, 48703, 49461, 50203, 50931,
    51643, 52339, 53020, 53684, 54332, 54963, 55578, 56175, 56756, 57319, 57865, 58393, 58903,
    59396, 59870, 60326, 60764, 61183, 61584, 61966, 62328, 62672, 62997, 63303, 63589, 63856,
    64104, 64332, 64540, 64729, 64898, 65048, 65177, 65287, 65376, 65446, 65496, 65526, 65536};

i64 sin_q16(int deg) {  // deg in [0, 360)
    if (deg <= 90) return kSinQ16[deg];
    if (deg <= 180) return kSinQ16[180 - deg];
    if (deg <= 270) return -kSinQ16[deg - 180];
    return -kSinQ16[360 - deg];
}

int orientation(Vec a, Vec b, Vec c) {
    const i64 v = cross(b - a, c - a);
    return (v > 0) - (v < 0);
}

bool on_segment(Vec a, Vec b, Vec p) {
    return std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= p.y &&
           p.y <= std::max(a.y, b.y);
}

}  // namespace

std::uint64_t isqrt(std::uint64_t v) {
    if (v < 2) return v;
    // Newton's method from an over-estimate; converges to floor(sqrt(v)).
    std::uint64_t x = v, y = (x + 1) / 2;
    if (v > (1ULL << 62)) y = 1ULL << 32;
    while (y < x) {
        x = y;
        y = (x + v / x) / 2;
    }
    return x;
}

i64 length(Vec a) {
    return static_cast<i64>(isqrt(static_cast<std::uint64_t>(length_squared(a))));
}

i64 q16_round(i64 v) {
    return v >= 0 ? (v + kOne / 2) >> 16 : -((-v + kOne / 2) >> 16);
}

Vec scale(Vec dir, i64 mm) {
    return {q16_round(dir.x * mm), q16_round(dir.y * mm)};
}

Vec direction_of_degrees(int degrees) {
    const int d = ((degrees % 360) + 360) % 360;
    return {sin_q16(d), sin_q16((d + 90) % 360)};
}

int degrees_of(Vec dir) {
    int best = 0;
    i64 best_dot = -(i64{1} << 62);
    for (int d = 0; d < 360; ++d) {
        const i64 v = dot(direction_of_degrees(d), dir);
        if (v > best_dot) {
            best_dot = v;
            best = d;
        }
    }
    return best;
}

Vec normalize(Vec v) {
    // Scale up first so small vectors keep their precision.
    const i64 len = length(v);
    if (len == 0) return {0, kOne};
    return {static_cast<i64>((static_cast<i128>(v.x) * kOne) / len),
            static_cast<i64>((static_cast<i128>(v.y) * kOne) / len)};
}

bool in_sector(Vec from, Vec dir, Vec p, i64 half_angle_cos_q16) {
    const Vec v = p - from;
    if (v.x == 0 && v.y == 0) return true;
    const i128 d = static_cast<i128>(dot(v, dir));
    if (d <= 0) return false;
    return d * d >= static_cast<i128>(half_angle_cos_q16) * half_angle_cos_q16 * length_squared(v);
}

std::array<Vec, 4> Rect::corners() const {
    const Vec f = scale(facing, half_depth);
    const Vec r = scale(right_of(facing), half_width);
    return {centre + f - r, centre + f + r, centre - f + r, centre - f - r};
}

i64 distance_squared_to_segment(Vec p, Vec a, Vec b) {
    const Vec d = b - a, v = p - a;
    const i64 den = length_squared(d);
    if (den == 0) return length_squared(v);
    const i64 t = dot(v, d);
    if (t <= 0) return length_squared(v);
    if (t >= den) return length_squared(p - b);
    const i128 c = cross(v, d);
    return static_cast<i64>((c * c) / den);
}

bool segments_intersect(Vec a, Vec b, Vec c, Vec d) {
    const int o1 = orientation(a, b, c), o2 = orientation(a, b, d);
    const int o3 = orientation(c, d, a), o4 = orientation(c, d, b);
    if (o1 != o2 && o3 != o4) return true;
    if (o1 == 0 && on_segment(a, b, c)) return true;
    if (o2 == 0 && on_segment(a, b, d)) return true;
    if (o3 == 0 && on_segment(c, d, a)) return true;
    if (o4 == 0 && on_segment(c, d, b)) return true;
    return false;
}

bool point_in_polygon(Vec p, const std::vector<Vec>& poly) {
    bool inside = false;
    const std::size_t n = poly.size();
    for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
        const Vec a = poly[i], b = poly[j];
        if ((a.y > p.y) != (b.y > p.y)) {
            // x of the edge at p.y, compared exactly: p.x < a.x + (p.y-a.y)(b.x-a.x)/(b.y-a.y)
            const i128 lhs = static_cast<i128>(p.x - a.x) * (b.y - a.y);
            const i128 rhs = static_cast<i128>(p.y - a.y) * (b.x - a.x);
            if ((b.y - a.y) > 0 ? lhs < rhs : lhs > rhs) inside = !inside;
        }
    }
    return inside;
}

bool segment_crosses_polygon(Vec a, Vec b, const std::vector<Vec>& poly) {
    if (poly.size() < 3) return false;
    if (point_in_polygon(a, poly) || point_in_polygon(b, poly)) return true;
    for (std::size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++)
        if (segments_intersect(a, b, poly[j], poly[i])) return true;
    return false;
}

bool segment_crosses_rect(Vec a, Vec b, const Rect& r) {
    const auto c = r.corners();
    return segment_crosses_polygon(a, b, std::vector<Vec>(c.begin(), c.end()));
}

bool overlaps(const Rect& a, const Rect& b) {
    const auto ca = a.corners(), cb = b.corners();
    // Separating axis test over the four edge normals.
    for (const auto* rect : {&ca, &cb}) {
        for (int e = 0; e < 2; ++e) {
            const Vec edge = (*rect)[e + 1] - (*rect)[e];
            const Vec axis{-edge.y, edge.x};
            i64 amin = dot(axis, ca[0]), amax = amin, bmin = dot(axis, cb[0]), bmax = bmin;
            for (int k = 1; k < 4; ++k) {
                amin = std::min(amin, dot(axis, ca[k]));
                amax = std::max(amax, dot(axis, ca[k]));
                bmin = std::min(bmin, dot(axis, cb[k]));
                bmax = std::max(bmax, dot(axis, cb[k]));
            }
            if (amax <= bmin || bmax <= amin) return false;  // touching is not overlapping
        }
    }
    return true;
}

i64 overlap_depth(const Rect& a, const Rect& b) {
    i64 least = std::numeric_limits<i64>::max();
    const auto ca = a.corners(), cb = b.corners();
    for (const Rect* r : {&a, &b})
        for (const Vec axis : {r->facing, Vec{r->facing.y, -r->facing.x}}) {
            // The facing is a Q16 unit vector: projections in mm after dividing by kOne.
            i64 alo = std::numeric_limits<i64>::max(), ahi = std::numeric_limits<i64>::min();
            i64 blo = alo, bhi = ahi;
            for (int k = 0; k < 4; ++k) {
                const i64 pa = dot(axis, ca[std::size_t(k)]) / kOne;
                const i64 pb = dot(axis, cb[std::size_t(k)]) / kOne;
                alo = std::min(alo, pa), ahi = std::max(ahi, pa);
                blo = std::min(blo, pb), bhi = std::max(bhi, pb);
            }
            // The shorter way out along this axis (either direction).
            least = std::min(least, std::min(ahi - blo, bhi - alo));
        }
    return std::max<i64>(least, 0);
}

i64 distance(const Rect& a, const Rect& b) {
    if (overlaps(a, b)) return 0;
    const auto ca = a.corners(), cb = b.corners();
    i64 best = length_squared(ca[0] - cb[0]);
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) {
            best = std::min(best, distance_squared_to_segment(ca[i], cb[j], cb[(j + 1) % 4]));
            best = std::min(best, distance_squared_to_segment(cb[j], ca[i], ca[(i + 1) % 4]));
            if (segments_intersect(ca[i], ca[(i + 1) % 4], cb[j], cb[(j + 1) % 4])) return 0;
        }
    return static_cast<i64>(isqrt(static_cast<std::uint64_t>(best)));
}

}  // namespace vedette::sim::geom

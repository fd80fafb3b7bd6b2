#include "sim/board/heightfield.h"

#include <algorithm>

namespace vedette::sim::board {

namespace {

using i64 = std::int64_t;
constexpr i64 kQ = 65536;  // Q16 one

// A lattice point's hash, as a Q16 fraction (0..kQ).
i64 hash_q16(std::uint64_t seed, i64 x, i64 y) {
    std::uint64_t h =
        seed ^ (static_cast<std::uint64_t>(static_cast<std::uint32_t>(x)) * 0x9E3779B97F4A7C15ULL) ^
        (static_cast<std::uint64_t>(static_cast<std::uint32_t>(y)) * 0xC2B2AE3D27D4EB4FULL);
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 29;
    return static_cast<i64>(h & 0xFFFFFF) * kQ / 0xFFFFFF;
}

i64 floor_div(i64 a, i64 b) {
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

// Value noise on a lattice of `cell` mm at a point in Q16 mm, Q16 result, smoothstep between
// lattice points. At a whole millimetre (x = mm * kQ) every product and quotient is the one the
// integer-millimetre version computed, so the rules' heights are unchanged.
i64 smooth_noise_q16(std::uint64_t seed, i64 x, i64 y, i64 cell) {
    const i64 ix = floor_div(x, cell * kQ), iy = floor_div(y, cell * kQ);
    const i64 fx = (x - ix * cell * kQ) / cell, fy = (y - iy * cell * kQ) / cell;
    const i64 sx = fx * fx / kQ * (3 * kQ - 2 * fx) / kQ;
    const i64 sy = fy * fy / kQ * (3 * kQ - 2 * fy) / kQ;
    const i64 a = hash_q16(seed, ix, iy), b = hash_q16(seed, ix + 1, iy);
    const i64 c = hash_q16(seed, ix, iy + 1), d = hash_q16(seed, ix + 1, iy + 1);
    const i64 top = a + (b - a) * sx / kQ, bottom = c + (d - c) * sx / kQ;
    return top + (bottom - top) * sy / kQ;
}

// A bilinear sample of the image at a point in Q16 mm, as Q16 mm of height.
i64 image_height_q16(const Terrain& t, i64 x, i64 y) {
    const auto& h = t.height;
    const i64 w = h.image_width - 1, hh = h.image_height - 1;
    // u, v in Q16 pixels; the image's top row is the far edge (largest y).
    const i64 width = std::max<i64>(1, t.width_mm), depth = std::max<i64>(1, t.depth_mm);
    const i64 u = std::clamp<i64>(x, 0, t.width_mm * kQ) * w / width;
    const i64 v = (t.depth_mm * kQ - std::clamp<i64>(y, 0, t.depth_mm * kQ)) * hh / depth;
    const i64 x0 = u / kQ, y0 = v / kQ;
    const i64 x1 = std::min(x0 + 1, w), y1 = std::min(y0 + 1, hh);
    const i64 fx = u - x0 * kQ, fy = v - y0 * kQ;
    auto at = [&](i64 px, i64 py) {
        return static_cast<i64>(h.samples[static_cast<std::size_t>(py * h.image_width + px)]);
    };
    const i64 top = at(x0, y0) * kQ + (at(x1, y0) - at(x0, y0)) * fx;
    const i64 bottom = at(x0, y1) * kQ + (at(x1, y1) - at(x0, y1)) * fx;
    const i64 q = top + (bottom - top) * fy / kQ;  // a sample (0..255) in Q16
    return h.relief_mm * q / 255;
}

}  // namespace

std::int64_t height_q16(const Terrain& terrain, std::int64_t x_q16, std::int64_t y_q16) {
    const auto& h = terrain.height;
    switch (h.kind) {
        case Heightfield::Kind::flat:
            return 0;
        case Heightfield::Kind::procedural: {
            // Hills about 30 cm across, with two finer octaves (weights 6, 3 and 1 tenths).
            const i64 n = 6 * smooth_noise_q16(h.seed, x_q16, y_q16, 300) +
                          3 * smooth_noise_q16(h.seed + 1, x_q16, y_q16, 150) +
                          1 * smooth_noise_q16(h.seed + 2, x_q16, y_q16, 75);
            return h.relief_mm * n / 10;
        }
        case Heightfield::Kind::image:
            return h.samples.empty() ? 0 : image_height_q16(terrain, x_q16, y_q16);
    }
    return 0;
}

std::int64_t height_mm(const Terrain& terrain, Vec p) {
    // Truncating the Q16 height is truncating the exact quotient: (a / m) / n == a / (m * n) for
    // integers, so these are the heights the rules always used.
    return height_q16(terrain, p.x * kQ, p.y * kQ) / kQ;
}

bool ground_clear(const Terrain& terrain, Vec a, Vec b, std::int64_t eye_mm, std::int64_t step_mm) {
    if (terrain.height.kind == Heightfield::Kind::flat) return true;
    const i64 ha = height_mm(terrain, a) + eye_mm, hb = height_mm(terrain, b) + eye_mm;
    const i64 dx = b.x - a.x, dy = b.y - a.y;
    const i64 span = std::max<i64>(std::max(dx < 0 ? -dx : dx, dy < 0 ? -dy : dy), 1);
    const i64 steps = std::max<i64>(1, span / std::max<i64>(1, step_mm));
    for (i64 k = 1; k < steps; ++k) {
        const Vec p{a.x + dx * k / steps, a.y + dy * k / steps};
        const i64 line = ha + (hb - ha) * k / steps;
        if (height_mm(terrain, p) > line) return false;
    }
    return true;
}

}  // namespace vedette::sim::board

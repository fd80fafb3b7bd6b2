#include "renderer/export/stroke_painter.h"

#include <algorithm>
#include <cmath>

namespace vedette::render {

namespace {

float segment_distance(float px, float py, ScreenPoint a, ScreenPoint b) {
    const float dx = b.first - a.first, dy = b.second - a.second, len2 = dx * dx + dy * dy;
    const float t =
        len2 > 0 ? std::clamp(((px - a.first) * dx + (py - a.second) * dy) / len2, 0.0f, 1.0f)
                 : 0.0f;
    const float ex = a.first + t * dx - px, ey = a.second + t * dy - py;
    return std::sqrt(ex * ex + ey * ey);  // hypotf's care for overflow costs a tenth of an export
}

void blend(RgbaImage& frame, int x, int y, const Stroke& s, float cover) {
    std::uint8_t* p = &frame.pixels[(std::size_t(y) * frame.width + std::size_t(x)) * 4];
    const float a = cover * s.opacity;
    p[0] = std::uint8_t(float(p[0]) + (float(s.r) - float(p[0])) * a);
    p[1] = std::uint8_t(float(p[1]) + (float(s.g) - float(p[1])) * a);
    p[2] = std::uint8_t(float(p[2]) + (float(s.b) - float(p[2])) * a);
}

// The columns of row `y` (its pixel centre at y + 0.5) a stroke of half width `half` along a-b can
// touch: every covered pixel lies within half + 1 of a point of the segment, so within that of the
// segment's x over the stretch whose y is that near the row. A long diagonal stroke then tests a
// band of pixels around itself instead of its whole bounding box.
std::pair<float, float> row_span(ScreenPoint a, ScreenPoint b, float y, float reach) {
    const float dy = b.second - a.second;
    float t0 = 0, t1 = 1;
    if (std::abs(dy) > 1e-6f) {
        t0 = std::clamp((y - reach - a.second) / dy, 0.0f, 1.0f);
        t1 = std::clamp((y + reach - a.second) / dy, 0.0f, 1.0f);
    }
    const float x0 = a.first + (b.first - a.first) * t0, x1 = a.first + (b.first - a.first) * t1;
    return {std::min(x0, x1) - reach, std::max(x0, x1) + reach};
}

// Pixels covered by a stroke along a-b, whose distance function is `d`.
template <typename Distance>
void cover(RgbaImage& frame, ScreenPoint a, ScreenPoint b, float half, const Stroke& s,
           Distance d) {
    const float reach = half + 1;
    const int ya = std::max(0, int(std::floor(std::min(a.second, b.second) - reach)));
    const int yb =
        std::min(int(frame.height) - 1, int(std::ceil(std::max(a.second, b.second) + reach)));
    for (int y = ya; y <= yb; ++y) {
        const auto [left, right] = row_span(a, b, float(y) + 0.5f, reach);
        const int xa = std::max(0, int(std::floor(left)));
        const int xb = std::min(int(frame.width) - 1, int(std::ceil(right)));
        for (int x = xa; x <= xb; ++x) {
            const float c =
                std::clamp(half + 0.5f - d(float(x) + 0.5f, float(y) + 0.5f), 0.0f, 1.0f);
            if (c > 0) blend(frame, x, y, s, c);
        }
    }
}

}  // namespace

void paint_segment(RgbaImage& frame, ScreenPoint a, ScreenPoint b, const Stroke& s) {
    if (!std::isfinite(a.first + a.second + b.first + b.second)) return;
    cover(frame, a, b, s.width / 2, s,
          [&](float px, float py) { return segment_distance(px, py, a, b); });
}

void paint_polyline(RgbaImage& frame, const std::vector<ScreenPoint>& points, const Stroke& s,
                    bool closed, float head_px) {
    if (points.size() < 2) return;
    std::vector<ScreenPoint> pts = points;
    if (closed) pts.push_back(points.front());
    // Dashes run on along the whole line, across its corners. Each painted piece gets round
    // caps of half the width at both ends, so its core is a width shorter than the dash, and no
    // dash is shorter than the line is wide: else the caps close the gaps and a dashed line
    // reads as solid.
    const float dash = std::max(s.dash, s.width);
    const float on = std::max(0.5f, dash - s.width), period = 2 * dash;
    float along = 0;
    for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
        const ScreenPoint a = pts[i], b = pts[i + 1];
        const float len = std::hypot(b.first - a.first, b.second - a.second);
        if (len <= 0) continue;
        if (s.dash <= 0) {
            paint_segment(frame, a, b, s);
            continue;
        }
        for (float t = 0; t < len;) {
            const float phase = std::fmod(along + t, period);
            const float run = std::min(len - t, (phase < on ? on : period) - phase);
            if (phase < on) {
                const float u0 = t / len, u1 = (t + run) / len;
                paint_segment(
                    frame,
                    {a.first + (b.first - a.first) * u0, a.second + (b.second - a.second) * u0},
                    {a.first + (b.first - a.first) * u1, a.second + (b.second - a.second) * u1}, s);
            }
            t += std::max(run, 0.5f);
        }
        along += len;
    }
    if (head_px <= 0) return;
    // The head: two strokes back from the tip, 28 degrees either side of the last leg.
    const ScreenPoint tip = pts.back();
    ScreenPoint from = pts[pts.size() - 2];
    for (std::size_t i = pts.size() - 1; i-- > 0;)
        if (std::hypot(tip.first - pts[i].first, tip.second - pts[i].second) > 1) {
            from = pts[i];
            break;
        }
    const float len = std::hypot(tip.first - from.first, tip.second - from.second);
    if (len < 1) return;
    const float ux = (tip.first - from.first) / len, uy = (tip.second - from.second) / len;
    Stroke solid = s;
    solid.dash = 0;
    solid.width = std::max(s.width, 3.0f);
    for (const float side : {-1.0f, 1.0f}) {
        const ScreenPoint back{tip.first - head_px * (ux * 0.88f - side * uy * 0.47f),
                               tip.second - head_px * (uy * 0.88f + side * ux * 0.47f)};
        paint_segment(frame, tip, back, solid);
    }
}

}  // namespace vedette::render

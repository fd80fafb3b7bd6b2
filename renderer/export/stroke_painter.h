#pragma once
// Strokes painted onto finished frames on the CPU (anti-aliased, blended): segments, and polylines
// with an optional arrow head and dashes. The presenter overlay draws arrows, highlights and
// markers with them; like the captions, the same input always gives the same pixels.

#include <cstdint>
#include <utility>
#include <vector>

#include "renderer/image_io.h"

namespace vedette::render {

struct Stroke {
    std::uint8_t r = 255, g = 255, b = 255;
    float width = 3.0f;    // pixels
    float opacity = 1.0f;  // 0..1
    float dash = 0.0f;     // > 0: dashes of this many pixels with gaps as long; 0: solid
};

using ScreenPoint = std::pair<float, float>;

void paint_segment(RgbaImage& frame, ScreenPoint a, ScreenPoint b, const Stroke& stroke);
// A polyline; with `head`, an arrow head at its last point, `head_px` long.
void paint_polyline(RgbaImage& frame, const std::vector<ScreenPoint>& points, const Stroke& stroke,
                    bool closed = false, float head_px = 0);

}  // namespace vedette::render

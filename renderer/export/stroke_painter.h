#pragma once
// Strokes painted onto finished frames on the CPU (anti-aliased, blended): segments, and polylines
// with an optional arrow head and dashes. The presenter overlay draws arrows, highlights and
// markers with them; like the captions, the same input always gives the same pixels.

#include <cstdint>
#include <utility>
#include <vector>

#include "renderer/image_io.h"
#include "renderer/overlay/canvas.h"  // Stroke, ScreenPoint

namespace vedette::render {

void paint_segment(RgbaImage& frame, ScreenPoint a, ScreenPoint b, const Stroke& stroke);
// A polyline; with `head`, an arrow head at its last point, `head_px` long.
void paint_polyline(RgbaImage& frame, const std::vector<ScreenPoint>& points, const Stroke& stroke,
                    bool closed = false, float head_px = 0);

}  // namespace vedette::render

#pragma once
// The ground's height at a point: value noise in three octaves for "procedural", bilinear samples
// for "image", in integer fixed point so that every build gets the same ground. The rules read it
// in whole millimetres (line of sight over the heightfield); the renderer draws the same function
// in 1/65536 mm (renderer/scene/terrain_mesh.cpp), so where a unit stands on the table is the
// ground its sight was decided over.

#include <cstdint>

#include "sim/board/terrain.h"

namespace vedette::sim::board {

// Height in mm at p (0 on a flat table): height_q16 at p, truncated to whole millimetres.
std::int64_t height_mm(const Terrain& terrain, Vec p);
// Height in 1/65536 mm at a point given in 1/65536 mm (Q16), for drawing the ground smoothly.
std::int64_t height_q16(const Terrain& terrain, std::int64_t x_q16, std::int64_t y_q16);

// True when the ground between a and b does not rise above the straight line joining eyes
// `eye_mm` above the ground at a and at b (sampled every `step_mm` along the way).
bool ground_clear(const Terrain& terrain, Vec a, Vec b, std::int64_t eye_mm,
                  std::int64_t step_mm = 10);

}  // namespace vedette::sim::board

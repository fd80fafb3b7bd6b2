#pragma once
// The ground's height at a point, in integer millimetres, for rules that need it (line of sight
// over the heightfield). Same shape as the renderer's ground (renderer/scene/terrain_mesh.cpp):
// value noise in three octaves for "procedural", bilinear samples for "image"; but in integer
// fixed point, so that every build decides sight the same way. The renderer keeps its own float
// version for drawing; a millimetre of difference between the two is never a rule decision.

#include <cstdint>

#include "sim/board/terrain.h"

namespace vedette::sim::board {

// Height in mm at p (0 on a flat table).
std::int64_t height_mm(const Terrain& terrain, Vec p);

// True when the ground between a and b does not rise above the straight line joining eyes
// `eye_mm` above the ground at a and at b (sampled every `step_mm` along the way).
bool ground_clear(const Terrain& terrain, Vec a, Vec b, std::int64_t eye_mm,
                  std::int64_t step_mm = 10);

}  // namespace vedette::sim::board

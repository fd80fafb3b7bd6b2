#pragma once
// The table's scenery as instances: trees scattered through woods, houses filling built-up areas
// (plaster) and fortified buildings (stone), and walls and hedges as runs of blocks along their
// paths. Placement is a fixed function of the terrain (hashing, no randomness), so the same
// scenario always has the same trees in the same places.

#include "renderer/scene/figure_layout.h"
#include "sim/board/terrain.h"

namespace vedette::render {

// Instances by mesh (two kinds of tree, houses and marker blocks) with z = 0; the renderer adds
// ground height.
InstanceBatches layout_scenery(const sim::board::Terrain& terrain);

}  // namespace vedette::render

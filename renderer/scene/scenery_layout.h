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

// `trees` without those standing on a unit's base, as a player lifts a wood's trees off to put a
// unit in it: a tree through a battalion hides the figures the picture is about. `bases`: the
// base instances of the moment (each unit's first one is its footprint); `reach_mm`: how far
// past a base's edge a trunk still counts as on it (a canopy's overhang).
std::vector<Instance> trees_clear_of_bases(const std::vector<Instance>& trees,
                                           const std::vector<Instance>& bases, float reach_mm);

}  // namespace vedette::render

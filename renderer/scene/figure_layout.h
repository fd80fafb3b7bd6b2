#pragma once
// Turns the scene state into instances to draw: a base for each unit and its figures placed on it
// by formation (ranks of a line or column, the four faces of a square, spread skirmishers, guns
// and crew), untidy when unformed or blown, coloured by nation.

#include <array>
#include <vector>

#include "renderer/scene/scene_state.h"
#include "sim/battle/battle_rules.h"

namespace vedette::render {

enum class MeshKind : int { base = 0, infantry, cavalry, gun, marker, count };

// One instance: position on the table (mm, y up the table), height above it, a yaw (radians,
// 0 = facing +y, clockwise), a size in mm and a colour.
struct Instance {
    float x, y, z, yaw;
    float sx, sy, sz, pad;
    float r, g, b, a;
};

struct InstanceBatches {
    std::array<std::vector<Instance>, static_cast<std::size_t>(MeshKind::count)> by_mesh;
    std::size_t figures = 0;
};

// The colour of a nation's uniforms (side colour for nations we do not know).
std::array<float, 3> nation_colour(const std::string& nation, int side);

InstanceBatches layout_figures(const SceneState& state, const sim::battle::BattleRules& rules);

}  // namespace vedette::render

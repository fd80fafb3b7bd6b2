#pragma once
// Turns the scene state into instances to draw: a base for each unit and its figures placed on it
// by formation (ranks of a line or column, the four faces of a square, spread skirmishers, guns
// and crew), untidy when unformed or blown, coloured by nation.

#include <array>
#include <vector>

#include "renderer/scene/scene_state.h"
#include "sim/battle/battle_rules.h"

namespace vedette::render {

// One mesh (one draw) per kind. The figure kinds are the keys of assets/models.json.
enum class MeshKind : int {
    base = 0,
    marker,
    smoke,
    infantry,
    open_order,
    skirmishers,
    cuirassiers,
    heavy_cavalry,
    dragoons,
    lancers,
    light_cavalry,
    cossacks,
    artillery_crew,
    gun,
    limber,
    general,
    flag,
    tree,
    house,  // scenery
    count
};
inline constexpr int kFirstModelKind = static_cast<int>(MeshKind::infantry);
const char* mesh_kind_key(MeshKind kind);  // "infantry", ... ("" for base, marker and smoke)

// One instance: position on the table (mm, y up the table), height above it, a yaw (radians,
// 0 = facing +y, clockwise), a scale (mm for the unit box of bases and markers, 1 for models,
// which are already in mm) and a colour (it tints the model's white parts).
struct Instance {
    float x, y, z, yaw;
    float sx, sy, sz, unit;  // unit: the unit's index + 1, so figures can stand on their base
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

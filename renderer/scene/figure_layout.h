#pragma once
// Turns the scene state into instances to draw: a base for each unit and its figures placed on it
// by layout (ranks and files of a line or column, the four faces of a square or mass, guns and
// their crew), untidy when disordered, coloured by nation. The footprint comes from the record's
// look, the figures' models, spacing and colours from assets/visuals.json: no rules are involved.

#include <cstddef>
#include <vector>

#include "renderer/scene/mesh_kind.h"
#include "renderer/scene/scene_state.h"
#include "renderer/scene/visuals.h"

namespace vedette::render {

// One instance: position on the table (mm, y up the table), height above it, a yaw (radians,
// 0 = facing +y, clockwise), a scale (mm for the unit box of bases and markers, 1 for models,
// which are already in mm) and a colour (it tints the model's white parts).
struct Instance {
    float x, y, z, yaw;
    float sx, sy, sz, unit;  // unit: the unit's index + 1, so figures can stand on their base
    float r, g, b, a;
};

struct InstanceBatches {
    // By mesh slot (MeshId): the fixed kinds, then the figure models of the visuals in use.
    explicit InstanceBatches(std::size_t meshes = kFixedMeshes) : by_mesh(meshes) {}
    std::vector<std::vector<Instance>> by_mesh;
    std::size_t figures = 0;
};

// The marker kind a look carries for guns left standing (at the marker's `at`, else on the unit).
inline constexpr const char* kAbandonedGunsMarker = "abandoned_guns";

InstanceBatches layout_figures(const SceneState& state, const Visuals& visuals);

// The counters view (SceneState::counters): the side of a unit's square counter, and its
// thickness (a stacked counter lies that much higher per counter under it).
float counter_side_mm(const UnitView& u);
inline constexpr float kCounterThicknessMm = 4.0f;

}  // namespace vedette::render

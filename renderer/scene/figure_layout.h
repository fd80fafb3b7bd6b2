#pragma once
// Turns the scene state into instances to draw: a base for each unit and its figures placed on it
// by layout (ranks and files of a line or column, the four faces of a square or mass, guns and
// their crew), untidy when disordered, coloured by nation. The footprint comes from the record's
// look, the figures' models, spacing and colours from assets/visuals.json: no rules are involved.

#include <cstddef>
#include <cstdint>
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
    float r, g, b, a;        // the coat (a flag's field; a base's side colour)
    // How the figure moves (shaders/figure.vert): its gait (Gait), the gait's phase (radians),
    // how far it has fallen as a casualty (0 standing, 1 lying and faded) and what surface it
    // is (Surface: a base's flock).
    float gait = 0, phase = 0, fall = 0, surface = 0;
    // Its other paints (Visuals' Uniform: facings, trousers, headgear, horse), 8-bit RGBA each.
    std::uint32_t paints[4] = {0, 0, 0, 0};
};
// A figure's gait: how fast its legs (or its horse's) move and in which order.
enum class Gait : int { standing = 0, walk, trot, gallop };
// How scene.frag paints a box: plain, a base's flock, a stone wall's courses, a hedge's leaves,
// the table edge's wood grain.
enum class Surface : int { plain = 0, flock, stone, hedge, wood };

struct InstanceBatches {
    // By mesh slot (MeshId): the fixed kinds, then the figure models of the visuals in use.
    explicit InstanceBatches(std::size_t meshes = kFixedMeshes) : by_mesh(meshes) {}
    std::vector<std::vector<Instance>> by_mesh;
    std::size_t figures = 0;
};

// The marker kind a look carries for guns left standing (at the marker's `at`, else on the unit).
inline constexpr const char* kAbandonedGunsMarker = "abandoned_guns";

InstanceBatches layout_figures(const SceneState& state, const Visuals& visuals);

// Each unit's footprint among `bases` (the base mesh's instances): its first base instance. The
// flock on it and a skirmish game's model bases on its tray come after it, with its `unit` too.
std::vector<Instance> footprint_bases(const std::vector<Instance>& bases);

}  // namespace vedette::render

#pragma once
// What makes a unit's figures look alive and painted, beside where they stand (figure_layout):
// the gait their legs move at and each figure's place in its cycle, the paints of their
// uniform, the flag a battalion or regiment carries, the flash of a volley before its smoke,
// and the flocked base they stand on. All of it from the scene and assets/visuals.json.

#include <cstdint>

#include "renderer/scene/figure_layout.h"
#include "renderer/scene/scene_state.h"
#include "renderer/scene/visuals.h"

namespace vedette::render {

// A small deterministic number in [-0.5, 0.5) for figure `figure` of `unit`, one per `axis` (an
// untidy figure's offsets, its place in its gait's cycle): the same every frame. Computed in
// unsigned arithmetic (signed products overflowed for unit >= 30 or figure >= 111).
float figure_jitter(int unit, int figure, int axis);

// A unit's gait now: standing, or (moving) a walk for foot and a walk, trot or gallop for
// horse by its speed; in a melee the figures step where they stand.
Gait gait_of(const UnitView& u, const FigureVisual& look);
// Figure `i`'s phase in its gait cycle at `time_ms` (radians): every figure a little out of
// step with its neighbours, as men and horses are.
float gait_phase(Gait gait, int unit, int figure, std::int64_t time_ms);

// An instance's paints: the coat in r, g, b and the other four packed (Instance::paints).
void dress(Instance& inst, const Uniform& uniform, const Colour& coat);

// The unit's base: a thin edge in its side's colour under a flocked top of the table's
// colours. The first instance is the footprint (what base_contact keeps apart). With models on
// bases of their own (FigureVisual::model_base_w), the footprint is a low tray flocked like the
// grass and add_model_base puts each figure's base on it.
inline constexpr float kBaseHeightMm = 1.5f;
inline constexpr float kTrayHeightMm = 0.5f;
void add_base(const UnitView& u, float cx, float cy, float yaw, float w, float d,
              const Colour& coat, InstanceBatches& out);
void add_tray(const UnitView& u, float cx, float cy, float yaw, float w, float d,
              InstanceBatches& out);
void add_model_base(const UnitView& u, float x, float y, float yaw, const FigureVisual& look,
                    const Colour& coat, InstanceBatches& out);

// The unit's flag or standard, in its front rank's middle, standing `z` mm above the base's
// bottom (on the base, or on a model's own base), waving.
void add_flag(const UnitView& u, float x, float y, float z, float yaw, Gait gait,
              std::int64_t time_ms, const Uniform& uniform, InstanceBatches& out);

// A volley's first instants: a flash at each front-rank musket before the smoke rolls out.
void add_muzzle_flash(const UnitView& u, float x, float y, float yaw, int figure,
                      InstanceBatches& out);

}  // namespace vedette::render

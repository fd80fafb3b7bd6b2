#pragma once
// Unit labels drawn on an overlay canvas (canvas.h; render and export with `--labels`, the
// presenter's name tags): a name tag above each unit on the table, in its side's colour, placed
// by the frame's camera.

#include "renderer/overlay/canvas.h"
#include "renderer/scene/camera.h"
#include "renderer/scene/terrain_mesh.h"
#include "renderer/scene/unit_labels.h"
#include "renderer/scene/visuals.h"

namespace vedette::render {

// Draws the labels of `state`'s units seen by `camera` over `frame` (the whole canvas is the
// scene) in `text`'s type; returns how many were drawn.
// `colours` (side_tag_colours, one per side) colour the tags; without them, blue and red.
int paint_unit_labels(Canvas& frame, const Type& text, const SceneState& state,
                      const Camera& camera, const TerrainModel& terrain, LabelStyle style,
                      const std::vector<TagColour>& colours = {});

}  // namespace vedette::render

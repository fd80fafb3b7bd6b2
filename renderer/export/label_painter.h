#pragma once
// Unit labels painted onto finished frames (render and export with `--labels` outside the
// viewer overlay): a name tag above each unit on the table, in its side's colour, placed by the
// frame's camera. Rasterised on the CPU with the captions' font, so a frame's pixels are fixed.

#include "renderer/export/captions.h"
#include "renderer/scene/camera.h"
#include "renderer/scene/terrain_mesh.h"
#include "renderer/scene/unit_labels.h"
#include "renderer/scene/visuals.h"

namespace vedette::render {

// Paints the labels of `state`'s units seen by `camera` over `frame` (the whole frame is the
// scene); returns how many were painted.
// `colours` (side_tag_colours, one per side) colour the tags; without them, blue and red.
int paint_unit_labels(CaptionPainter& text, RgbaImage& frame, const SceneState& state,
                      const Camera& camera, const TerrainModel& terrain, LabelStyle style,
                      const std::vector<TagColour>& colours = {});

// A straight arrow from (x0, y0) to (x1, y1) in pixels, `width` pixels thick, with its head at
// the end: a planned move or charge on a deployment map.
void paint_arrow(RgbaImage& frame, float x0, float y0, float x1, float y1, std::uint8_t r,
                 std::uint8_t g, std::uint8_t b, float width = 3.0f);

}  // namespace vedette::render

#pragma once
// The table's marks (renderer/scene/table_marks.h) and a replay note's drawings
// (renderer/scene/replay_notes.h) drawn on an overlay canvas (canvas.h), placed by the frame's
// camera: the same arrows, clash markers, front edges and status chips the viewer draws, for videos
// and stills. Sizes follow the frame height, so a 1080p video reads like the 720p viewer.

#include "renderer/overlay/canvas.h"
#include "renderer/scene/camera.h"
#include "renderer/scene/replay_notes.h"
#include "renderer/scene/table_marks.h"
#include "renderer/scene/terrain_mesh.h"

namespace vedette::render {

class MarksPainter {
public:
    explicit MarksPainter(std::uint32_t frame_height);
    // Front edges, arrows, clash markers, then status chips (on top); returns how many marks.
    int paint(Canvas& frame, const TableMarks& marks, const Camera& camera,
              const TerrainModel& terrain);
    // A note's arrows and circles on the table.
    int paint_drawings(Canvas& frame, const Note& note, const Camera& camera,
                       const TerrainModel& terrain);

private:
    struct Projection;  // table millimetres onto the frame, over the ground
    // The cited hexes' outlines (numbers false; returns how many), or their number plates.
    int paint_hex_numbers(Canvas& frame, const std::vector<HexNumberMark>& hexes,
                          const Projection& p, bool numbers);
    float px(float base) const { return base * scale_; }
    float scale_;  // pixels per pixel of a 720p frame
    Type chip_text_;
    Type hex_text_;  // a cited hex's number
};

}  // namespace vedette::render

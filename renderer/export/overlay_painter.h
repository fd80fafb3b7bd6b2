#pragma once
// The overlays an export paints over each finished frame, on the CPU, so the same frame always
// gets the same pixels: a list of painters chosen once from the export's options
// (overlay_painters) and applied in order to every frame.

#include <memory>
#include <vector>

#include "renderer/export/pacing.h"
#include "renderer/image_io.h"
#include "renderer/scene/camera.h"
#include "renderer/scene/scene_state.h"
#include "renderer/scene/terrain_mesh.h"

namespace vedette::render {

struct ExportOptions;
struct Visuals;

// What one frame shows: the table's state, the camera that drew it and where in the paced video
// it falls.
struct FrameMoment {
    const SceneState& state;
    const Camera& camera;
    const TerrainModel& terrain;
    const PacedSegment& segment;
    double video_s = 0;
    bool still = false;  // a still picture (render), not a frame of a video
};

class OverlayPainter {
public:
    virtual ~OverlayPainter() = default;
    virtual void paint(RgbaImage& frame, const ReplayScene& scene, const FrameMoment& m) = 0;
};

using OverlayPainters = std::vector<std::unique_ptr<OverlayPainter>>;

// The painters `o` asks for, in the order they paint: the units' name tags (--labels; the
// presenter overlay paints its own), the presenter overlay (presenter_overlay.h), the lower-third
// caption (captions and panels) and the panels (overlay_panels.h). `visuals` (the presenter's
// marks) and `o.notes` must outlive them. None for a plain video or the viewer overlay, which
// the GPU draws.
OverlayPainters overlay_painters(const ExportOptions& o, const Visuals& visuals);

}  // namespace vedette::render

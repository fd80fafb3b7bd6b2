#pragma once
// `--overlay presenter`: a video made to be watched, not a desktop captured. The export's driver
// of the presenter layers (renderer/overlay/overlay_layer.h): for each frame it lays the boxes
// out once (renderer/overlay/presenter_layout.h) and paints every layer on the CPU through the
// image canvas (image_canvas.h), so the same frame always gets the same pixels. The layers,
// bottom to top (renderer/overlay/presenter_layers.cpp): the table's marks, the event's units in
// gold, name tags, the lower-third caption, the result card in the top corner farther from the
// action, a teacher's note under it, the luck strip (`--luck`); a title card first and an end
// card last over the whole frame. Nothing here knows a rule system.

#include <optional>

#include "renderer/export/image_canvas.h"
#include "renderer/export/overlay_painter.h"
#include "renderer/overlay/overlay_layer.h"
#include "renderer/overlay/presenter_layout.h"

namespace vedette::render {

// Where the current event's units stand on `frame` (presenter_layout.h event_units_box).
std::optional<PixelRect> event_units_box(const RgbaImage& frame, const ReplayScene& scene,
                                         const SceneState& state, const Camera& camera,
                                         const TerrainModel& terrain);
// Whether a box in a top corner of `frame` should stand on the left.
bool box_goes_left(const RgbaImage& frame, const ReplayScene& scene, const SceneState& state,
                   const Camera& camera, const TerrainModel& terrain);

// What a paced video shows at this frame, in the layers' words: the title or end card and how
// far it has faded in, how much of the result card is revealed.
OverlayMoment overlay_moment(const ReplayScene& scene, const FrameMoment& m);

class PresenterOverlay {
public:
    // `visuals` draws the marks; `notes` (may be null) are shown at their moments. Both must
    // outlive the overlay. `luck`: the luck strip too.
    PresenterOverlay(std::uint32_t width, std::uint32_t height, LabelStyle labels,
                     const Visuals& visuals, const ReplayNotes* notes = nullptr, bool luck = false);
    void paint(RgbaImage& frame, const ReplayScene& scene, const FrameMoment& m);
    // Where the result card shown at `event` stands in a frame of that size, on the `left` or
    // the right (nullopt: no card at that event), as a video pages it or (`still`) as a still
    // grows it; where the caption band of `caption` starts.
    std::optional<PixelRect> card_box(std::uint32_t width, std::uint32_t height,
                                      const ReplayScene& scene, int event, bool left,
                                      bool still = false);
    PixelRect caption_box(std::uint32_t width, std::uint32_t height, const std::string& caption);
    // Whether the card of an episode (or of an event outside any, as -2 - its index) stood left.
    bool card_left(int episode_or_event) const { return layouter_.card_left(episode_or_event); }
    // What the last paint covered: the card's box (nullopt: none) and the caption band's top.
    const std::optional<PixelRect>& last_card() const { return last_card_; }
    int last_caption_top() const { return last_caption_top_; }

private:
    int type_;  // the type height of this overlay's frames
    TypeCache types_;
    PresenterLayouter layouter_;
    OverlayLayers layers_;
    std::optional<PixelRect> last_card_;
    int last_caption_top_ = 0;
};

}  // namespace vedette::render

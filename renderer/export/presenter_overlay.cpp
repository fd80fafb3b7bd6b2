#include "renderer/export/presenter_overlay.h"

#include <algorithm>

namespace vedette::render {

namespace {

constexpr double kTitleFadeSeconds = 0.6;

}  // namespace

std::optional<PixelRect> event_units_box(const RgbaImage& frame, const ReplayScene& scene,
                                         const SceneState& state, const Camera& camera,
                                         const TerrainModel& terrain) {
    return event_units_box(int(frame.width), int(frame.height), scene, state, camera, terrain);
}

bool box_goes_left(const RgbaImage& frame, const ReplayScene& scene, const SceneState& state,
                   const Camera& camera, const TerrainModel& terrain) {
    return box_goes_left(int(frame.width), int(frame.height), scene, state, camera, terrain);
}

OverlayMoment overlay_moment(const ReplayScene& scene, const FrameMoment& m) {
    OverlayMoment o{scene, m.state, m.camera, m.terrain};
    o.still = m.still;
    const PacedSegment& s = m.segment;
    if (s.event == kTitleCard) {  // fading out at its end
        o.full_frame = OverlayMoment::FullFrame::title;
        o.full_frame_fade = std::clamp((s.video_end_s() - m.video_s) / kTitleFadeSeconds, 0.0, 1.0);
    } else if (s.event == kEndCard) {  // fading in at its start
        o.full_frame = OverlayMoment::FullFrame::end;
        o.full_frame_fade = std::clamp((m.video_s - s.video_start_s) / kTitleFadeSeconds, 0.0, 1.0);
        o.recap = &s.recap_events;
    }
    // The result card is revealed part by part over its own event's segment, whole afterwards.
    const auto& at = s.card_parts_at_s;
    if (!at.empty())
        o.card_parts =
            std::size_t(std::upper_bound(at.begin(), at.end(), m.video_s + 1e-9) - at.begin());
    return o;
}

PresenterOverlay::PresenterOverlay(std::uint32_t width, std::uint32_t height, LabelStyle labels,
                                   const Visuals& visuals, const ReplayNotes* notes, bool luck)
    : type_(type_height(width, height)),
      layouter_(notes),
      layers_(presenter_layers({visuals, labels, notes, luck})) {}

void PresenterOverlay::paint(RgbaImage& frame, const ReplayScene& scene, const FrameMoment& m) {
    ImageCanvas canvas(frame, types_, type_);
    const OverlayMoment moment = overlay_moment(scene, m);
    const PresenterLayout layout = layouter_.lay_out(canvas, moment);
    draw_layers(layers_, canvas, moment, layout);
    if (layout.full_frame) return;
    last_card_ = layout.card ? std::optional(layout.card_box) : std::nullopt;
    last_caption_top_ = layout.caption_top;
}

std::optional<PixelRect> PresenterOverlay::card_box(std::uint32_t width, std::uint32_t height,
                                                    const ReplayScene& scene, int event, bool left,
                                                    bool still) {
    RgbaImage scratch(1, 1);
    ImageCanvas metrics(scratch, types_, type_);
    return layouter_.card_box(metrics, int(width), int(height), scene, event, left, still);
}

PixelRect PresenterOverlay::caption_box(std::uint32_t width, std::uint32_t height,
                                        const std::string& caption) {
    RgbaImage scratch(1, 1);
    ImageCanvas metrics(scratch, types_, type_);
    MeasureCanvas frame(metrics, int(width), int(height));
    return {0, caption_band_top(frame, presenter_type::caption, caption), int(width), int(height)};
}

}  // namespace vedette::render

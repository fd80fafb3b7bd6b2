// The lower third: what happened in large type across the bottom of the frame (as on
// television), with its turn, phase and rule in readable words under it, on a darkened band
// whose top the layout chose (presenter_layout.h caption_band_top).

#include <algorithm>

#include "renderer/overlay/overlay_layer.h"
#include "renderer/overlay/presenter_layout.h"
#include "renderer/scene/rule_words.h"

namespace vedette::render {

namespace {

class CaptionLayer final : public OverlayLayer {
public:
    const char* name() const override { return "caption"; }
    void draw(Canvas& canvas, const OverlayMoment& m, const PresenterLayout& layout) override {
        if (m.state.event < 0) return;
        const auto& e = m.scene.replay.events[static_cast<std::size_t>(m.state.event)];
        const Type& type = presenter_type::caption;
        const float px = canvas.pixel_size(type);
        const int margin = int(px), max_width = canvas.width() - 2 * margin;
        const int top = layout.caption_top, bottom = canvas.height();
        canvas.shade(0, top, canvas.width(), bottom, 0.35f);
        const int next =
            canvas.text(type, e.text, margin, top + int(px * 0.4f), max_width, {250, 246, 232});
        // The detail keeps the band's last line even when the title ran long.
        canvas.text(type, caption_detail(m.scene, e), margin,
                    std::min(next, bottom - int(px * 1.3f)), max_width, {200, 190, 150});
    }
};

}  // namespace

std::unique_ptr<OverlayLayer> caption_layer(const LayerOptions&) {
    return std::make_unique<CaptionLayer>();
}

}  // namespace vedette::render

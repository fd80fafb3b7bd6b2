// The result card (or, during a charge's approach, the charge's card) in the box the layout gave
// it: what happened, each side's dice, the reasons, the row and the luck (card_painter.h),
// revealed part by part as a video's pacing says it.

#include "renderer/overlay/card_painter.h"
#include "renderer/overlay/overlay_layer.h"
#include "renderer/overlay/presenter_layout.h"

namespace vedette::render {

namespace {

class CardLayer final : public OverlayLayer {
public:
    const char* name() const override { return "card"; }
    void draw(Canvas& canvas, const OverlayMoment& m, const PresenterLayout& l) override {
        if (!l.card) return;
        const PixelRect& c = l.card_column;
        CardPainter(std::uint32_t(canvas.type_height()))
            .paint(canvas, *l.card, c.x0, c.y0, c.x1 - c.x0, false, l.card_max_bottom, l.card_parts,
                   !m.still, grows_left(canvas.width(), canvas.height(), l.card_left));
    }
};

}  // namespace

std::unique_ptr<OverlayLayer> card_layer(const LayerOptions&) {
    return std::make_unique<CardLayer>();
}

}  // namespace vedette::render

// `--luck`: the battle's luck strip (luck_painter.h) above the caption band, on the side away
// from the card (the left without one), filling in as the battle goes.

#include <memory>

#include "renderer/overlay/luck_painter.h"
#include "renderer/overlay/overlay_layer.h"

namespace vedette::render {

namespace {

class LuckLayer final : public OverlayLayer {
public:
    const char* name() const override { return "luck"; }
    explicit LuckLayer(const Visuals& visuals) : luck_(visuals) {}
    void draw(Canvas& canvas, const OverlayMoment& m, const PresenterLayout& l) override {
        const int w = canvas.width();
        const int width = w * 38 / 100,
                  height = LuckPainter::height(std::uint32_t(canvas.height()));
        const bool left = !(l.card && l.card_box.x0 < w / 2);
        const int x0 = left ? l.margin : w - l.margin - width, y1 = l.caption_top - l.margin;
        luck_.paint(canvas, m.scene, m.state, x0, y1 - height, x0 + width, y1);
    }

private:
    LuckPainter luck_;
};

}  // namespace

std::unique_ptr<OverlayLayer> luck_layer(const LayerOptions& o) {
    if (!o.luck) return nullptr;
    return std::make_unique<LuckLayer>(o.visuals);
}

}  // namespace vedette::render

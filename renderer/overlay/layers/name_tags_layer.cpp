// A name tag over each unit the camera sees, in its side's colour (label_painter.h).

#include "renderer/overlay/label_painter.h"
#include "renderer/overlay/overlay_layer.h"
#include "renderer/overlay/presenter_layout.h"

namespace vedette::render {

namespace {

class NameTagsLayer final : public OverlayLayer {
public:
    const char* name() const override { return "name tags"; }
    NameTagsLayer(const Visuals& visuals, LabelStyle style) : visuals_(visuals), style_(style) {}
    void draw(Canvas& canvas, const OverlayMoment& m, const PresenterLayout&) override {
        paint_unit_labels(canvas, presenter_type::label, m.state, m.camera, m.terrain, style_,
                          side_tag_colours(visuals_, m.scene.replay.header.sides));
    }

private:
    const Visuals& visuals_;
    LabelStyle style_;
};

}  // namespace

std::unique_ptr<OverlayLayer> name_tags_layer(const LayerOptions& o) {
    return std::make_unique<NameTagsLayer>(o.visuals, o.labels);
}

}  // namespace vedette::render

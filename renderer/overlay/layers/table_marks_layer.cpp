// The table's marks (renderer/scene/table_marks.h) under everything else: the styled arrows of
// the charge or melee shown, the clash marker, front edges and status chips.

#include "renderer/overlay/marks_painter.h"
#include "renderer/overlay/overlay_layer.h"

namespace vedette::render {

namespace {

class TableMarksLayer final : public OverlayLayer {
public:
    const char* name() const override { return "marks"; }
    explicit TableMarksLayer(const Visuals& visuals) : visuals_(visuals) {}
    void draw(Canvas& canvas, const OverlayMoment& m, const PresenterLayout&) override {
        MarksPainter(std::uint32_t(canvas.type_height()))
            .paint(canvas, table_marks(m.scene, m.state, visuals_), m.camera, m.terrain);
    }

private:
    const Visuals& visuals_;
};

}  // namespace

std::unique_ptr<OverlayLayer> table_marks_layer(const LayerOptions& o) {
    return std::make_unique<TableMarksLayer>(o.visuals);
}

}  // namespace vedette::render

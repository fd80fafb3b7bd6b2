// The units of the current event outlined in gold round their bases: the eye finds who acts.

#include <algorithm>

#include "renderer/overlay/overlay_layer.h"
#include "renderer/overlay/presenter_layout.h"

namespace vedette::render {

namespace {

class UnitHighlightLayer final : public OverlayLayer {
public:
    const char* name() const override { return "highlight"; }
    void draw(Canvas& canvas, const OverlayMoment& m, const PresenterLayout&) override {
        const auto* ids = event_units(m.scene, m.state);
        if (!ids) return;
        const Stroke gold{255,  214, 90, std::max(2.0f, float(canvas.height()) / 360.0f),
                          0.9f, 0.0f};
        for (const auto& u : m.state.units) {
            if (!u.on_table || std::find(ids->begin(), ids->end(), u.unit) == ids->end()) continue;
            std::vector<ScreenPoint> outline;
            for (const auto& [x, y] : footprint(u)) {
                ScreenPoint p;
                const float h = m.terrain.height(float(x), float(y)) + 1.5f;
                if (project_to_screen(m.camera, table_point(x, y, h), float(canvas.width()),
                                      float(canvas.height()), p.first, p.second))
                    outline.push_back(p);
            }
            if (outline.size() == 4) canvas.polyline(outline, gold, true);
        }
    }
};

}  // namespace

std::unique_ptr<OverlayLayer> unit_highlight_layer(const LayerOptions&) {
    return std::make_unique<UnitHighlightLayer>();
}

}  // namespace vedette::render

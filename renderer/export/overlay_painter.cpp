#include "renderer/export/overlay_painter.h"

#include "renderer/export/captions.h"
#include "renderer/export/label_painter.h"
#include "renderer/export/overlay_panels.h"
#include "renderer/export/presenter_overlay.h"
#include "renderer/export/video_export.h"

namespace vedette::render {

namespace overlay_painters_impl {
namespace {

// --labels: a name tag over each unit the camera sees.
class UnitLabelsPainter final : public OverlayPainter {
public:
    UnitLabelsPainter(std::uint32_t height, LabelStyle style) : text_(height), style_(style) {}
    void paint(RgbaImage& frame, const ReplayScene&, const FrameMoment& m) override {
        paint_unit_labels(text_, frame, m.state, m.camera, m.terrain, style_);
    }

private:
    CaptionPainter text_;
    LabelStyle style_;
};

// --overlay presenter.
class PresenterPainter final : public OverlayPainter {
public:
    PresenterPainter(const ExportOptions& o, const Visuals& visuals)
        : overlay_(o.size.width, o.size.height, o.labels.value_or(LabelStyle::name), visuals,
                   o.notes) {}
    void paint(RgbaImage& frame, const ReplayScene& scene, const FrameMoment& m) override {
        overlay_.paint(frame, scene, m);
    }

private:
    PresenterOverlay overlay_;
};

// --overlay captions (and under the panels): the current event as a lower third.
class CaptionOverlayPainter final : public OverlayPainter {
public:
    explicit CaptionOverlayPainter(std::uint32_t height) : captions_(height) {}
    void paint(RgbaImage& frame, const ReplayScene& scene, const FrameMoment& m) override {
        captions_.paint(frame, scene, m.state);
    }

private:
    CaptionPainter captions_;
};

// --overlay panels: the timeline and the explanation, on the side away from the action.
class PanelOverlayPainter final : public OverlayPainter {
public:
    explicit PanelOverlayPainter(std::uint32_t height) : panels_(height) {}
    void paint(RgbaImage& frame, const ReplayScene& scene, const FrameMoment& m) override {
        panels_.paint(frame, scene, m.state,
                      box_goes_left(frame, scene, m.state, m.camera, m.terrain));
    }

private:
    PanelPainter panels_;
};

}  // namespace
}  // namespace overlay_painters_impl

OverlayPainters overlay_painters(const ExportOptions& o, const Visuals& visuals) {
    using namespace overlay_painters_impl;
    const std::uint32_t height = o.size.height;
    OverlayPainters painters;
    if (o.labels && !o.presenter)
        painters.push_back(std::make_unique<UnitLabelsPainter>(height, *o.labels));
    if (o.presenter) painters.push_back(std::make_unique<PresenterPainter>(o, visuals));
    if (o.captions || o.panels) painters.push_back(std::make_unique<CaptionOverlayPainter>(height));
    if (o.panels) painters.push_back(std::make_unique<PanelOverlayPainter>(height));
    return painters;
}

}  // namespace vedette::render

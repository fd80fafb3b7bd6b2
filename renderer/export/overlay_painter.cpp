#include "renderer/export/overlay_painter.h"

#include "renderer/export/captions.h"
#include "renderer/export/image_canvas.h"
#include "renderer/export/overlay_panels.h"
#include "renderer/export/presenter_overlay.h"
#include "renderer/export/video_export.h"
#include "renderer/overlay/label_painter.h"
#include "renderer/overlay/marks_painter.h"
#include "renderer/scene/table_marks.h"

namespace vedette::render {

namespace overlay_painters_impl {
namespace {

// --labels: a name tag over each unit the camera sees.
class UnitLabelsPainter final : public OverlayPainter {
public:
    UnitLabelsPainter(LabelStyle style, const Visuals& visuals)
        : style_(style), visuals_(visuals) {}
    void paint(RgbaImage& frame, const ReplayScene& scene, const FrameMoment& m) override {
        ImageCanvas canvas(frame, types_, int(frame.height));
        paint_unit_labels(canvas, Type{}, m.state, m.camera, m.terrain, style_,
                          side_tag_colours(visuals_, scene.replay.header.sides));
    }

private:
    TypeCache types_;
    LabelStyle style_;
    const Visuals& visuals_;
};

// Under captions and panels: the table marks of the moment (the arrows of the charge or melee
// shown, the clash, front edges, status chips), as the presenter video draws them.
class TableMarksPainter final : public OverlayPainter {
public:
    TableMarksPainter(std::uint32_t height, const Visuals& visuals)
        : marks_(height), visuals_(visuals) {}
    void paint(RgbaImage& frame, const ReplayScene& scene, const FrameMoment& m) override {
        ImageCanvas canvas(frame, types_, int(frame.height));
        marks_.paint(canvas, table_marks(scene, m.state, visuals_), m.camera, m.terrain);
    }

private:
    TypeCache types_;
    MarksPainter marks_;
    const Visuals& visuals_;
};

// --overlay presenter.
class PresenterPainter final : public OverlayPainter {
public:
    PresenterPainter(const ExportOptions& o, const Visuals& visuals)
        : overlay_(o.size.width, o.size.height, o.labels.value_or(LabelStyle::name), visuals,
                   o.notes, o.luck) {}
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
    // A captioned video keeps the arrows and name tags a viewer follows the story by.
    const bool captioned = o.captions || o.panels;
    if (captioned) painters.push_back(std::make_unique<TableMarksPainter>(height, visuals));
    const auto labels = o.labels    ? o.labels
                        : captioned ? std::optional(LabelStyle::name)
                                    : std::nullopt;
    if (labels && !o.presenter)
        painters.push_back(std::make_unique<UnitLabelsPainter>(*labels, visuals));
    if (o.presenter) painters.push_back(std::make_unique<PresenterPainter>(o, visuals));
    if (o.captions || o.panels) painters.push_back(std::make_unique<CaptionOverlayPainter>(height));
    if (o.panels) painters.push_back(std::make_unique<PanelOverlayPainter>(height));
    return painters;
}

}  // namespace vedette::render

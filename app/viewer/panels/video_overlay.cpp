// The presenter's overlay layers (renderer/overlay/overlay_layer.h) over the viewer's table,
// drawn by Dear ImGui through the ImGui canvas: the very description the export paints on its
// frames. In the presenter layout, the caption (the video's lower third: the event in progress
// in large type, with its turn, phase and rule). With the video panel on (the V key, the
// timeline's "video" box, a tour's `panel video on`), every layer a presenter video draws, so a
// video maker sees the table as the export will show it; the viewer's own name tags and marks
// give way to the layers' meanwhile (scene_overlays.cpp).

#include <string>

#include <imgui.h>

#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"
#include "renderer/overlay/presenter_layout.h"
#include "renderer/scene/rule_words.h"
#include "renderer/ui/imgui_canvas.h"

namespace vedette::viewer {

namespace {

// The layers and the layout's memory (which side each episode's card took), made again when
// what they were made for changes. Drawing objects only: nothing of the model is kept here.
struct ViewerLayers {
    const render::ReplayScene* scene = nullptr;  // whose episodes the layouter's sides are of
    const render::Visuals* visuals = nullptr;
    render::LabelStyle labels = render::LabelStyle::name;
    render::OverlayLayers layers;
    render::PresenterLayouter layouter;
};

ViewerLayers& layers_for(const render::ReplayScene& scene, const render::Visuals& visuals,
                         render::LabelStyle labels) {
    static ViewerLayers cache;
    if (cache.layers.empty() || cache.scene != &scene || cache.visuals != &visuals ||
        cache.labels != labels) {
        // The viewer shows its notes and luck in panels of its own (notes_panel.cpp, the
        // timeline's luck strip): the layers leave them out.
        cache.layers = render::presenter_layers({visuals, labels, nullptr, false});
        cache.scene = &scene, cache.visuals = &visuals, cache.labels = labels;
        cache.layouter = render::PresenterLayouter();
    }
    return cache;
}

}  // namespace

void video_overlay(const FrameView& f) {
    const ViewerModel& m = f.model;
    const bool whole = m.panels.video;
    if ((!whole && m.layout != Layout::presenter) || f.scene_w < 1 || f.scene_h < 1) return;
    static const render::Visuals built_in;
    ViewerLayers& v = layers_for(m.scene, f.visuals ? *f.visuals : built_in, m.labels);
    const int w = int(f.scene_w), h = int(f.scene_h);
    render::ImGuiCanvas canvas(ImGui::GetBackgroundDrawList(), f.scene_x, f.scene_y, w, h,
                               render::type_height(std::uint32_t(w), std::uint32_t(h)));
    render::OverlayMoment moment{m.scene, f.state, f.camera, f.terrain};
    moment.still = true;  // the viewer shows a card whole, in one or two columns, never paged
    const render::PresenterLayout layout = v.layouter.lay_out(canvas, moment);
    for (auto& layer : v.layers)
        if (!layer->full_frame() && (whole || std::string(layer->name()) == "caption"))
            layer->draw(canvas, moment, layout);
    // What the caption says, for tours and tests.
    const int cur = m.timeline.current_event();
    const auto& events = m.events();
    if (cur < 0 || cur >= static_cast<int>(events.size())) return;
    const auto& e = events[static_cast<std::size_t>(cur)];
    ui::set_panel("caption");
    ui::note(e.text);
    ui::note(render::caption_detail(m.scene, e));
    if (whole && layout.card) ui::note("video card: " + layout.card->outcome);
}

}  // namespace vedette::viewer

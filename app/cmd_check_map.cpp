// The deployment map of `vedette check --png`: the table from above at the start, each unit's
// name over it, and an arrow for each move of the first turn (charges, moves, evades) in its
// event's colour, labelled with the event's kind.

#include <cstdio>

#include "app/render_options.h"
#include "renderer/battlefield_renderer.h"
#include "renderer/export/captions.h"
#include "renderer/export/label_painter.h"
#include "renderer/scene/event_colours.h"
#include "sim/replay/replay.h"

namespace vedette::app {

void write_deployment_map(const sim::replay::Recorded& recorded, const std::string& file,
                          const std::string& png) {
    const render::ReplayScene scene =
        render::scene_of(sim::replay::parse_replay(sim::replay::write_replay_text(recorded), file));
    const VkExtent2D size{1600, 1000};
    const render::SceneState state = render::scene_at_time(scene, 0);
    render::VulkanContext ctx(default_context_options());
    render::BattlefieldRenderer renderer(ctx, size, scene);
    render::CameraSpec top;
    top.mode = render::CameraSpec::Mode::top;
    const render::Camera camera =
        render::make_camera(top, scene, state, float(size.width) / float(size.height));
    render::RgbaImage image = renderer.render(state, camera);
    render::CaptionPainter text(size.height, 40.0f);
    auto screen = [&](const sim::geom::Vec& p, float& x, float& y) {
        const float h = renderer.terrain().height(float(p.x), float(p.y)) + 3.0f;
        return render::project_to_screen(camera, render::table_point(double(p.x), double(p.y), h),
                                         float(size.width), float(size.height), x, y);
    };
    for (const auto& e : scene.replay.events) {
        if (e.turn != 1 || !e.motion || e.motion->path.size() < 2) continue;
        float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
        if (!screen(e.motion->path.front(), x0, y0) || !screen(e.motion->path.back(), x1, y1))
            continue;
        const render::EventColour c = render::category_colour(e.category);
        render::paint_arrow(image, x0, y0, x1, y1, c.r, c.g, c.b, 3.0f);
        const int w = text.text_width(e.kind);
        if (x1 + 6 + float(w) < float(size.width) && y1 > float(text.line_height()))
            text.draw_text(image, e.kind, int(x1) + 6, int(y1) - text.line_height(), w + 4, c.r,
                           c.g, c.b);
    }
    render::paint_unit_labels(text, image, state, camera, renderer.terrain(),
                              render::LabelStyle::name);
    text.paint_lines(image, scene.replay.header.title,
                     "Deployment at the start; arrows: what each unit does in turn 1");
    render::write_png(png, image);
    if (ctx.validation_errors() != 0) std::fprintf(stderr, "warning: Vulkan validation errors\n");
}

}  // namespace vedette::app

// `vedette render REPLAY (--event N | --time T) [--size WxH]
//  [--camera top|director|overview|follow:UNIT] [--overlay ...] [--labels name|short|id] -o
//  FILE.png`:
// one moment of a replay, rendered offscreen to a PNG. Every value is checked strictly
// (app/cli_values.h): a bad one exits 2 naming the flag.

#include <algorithm>
#include <cstdio>

#include "app/cli.h"
#include "app/cli_files.h"
#include "app/cli_values.h"
#include "app/render_options.h"
#include "app/viewer/viewer_frame_ui.h"
#include "renderer/battlefield_renderer.h"
#include "renderer/export/captions.h"
#include "renderer/export/image_canvas.h"
#include "renderer/export/miniature_look.h"
#include "renderer/export/overlay_panels.h"
#include "renderer/export/presenter_overlay.h"
#include "renderer/image_io.h"
#include "renderer/overlay/label_painter.h"
#include "renderer/overlay/marks_painter.h"
#include "renderer/scene/framing.h"
#include "renderer/scene/table_marks.h"
#include "sim/core/atomic_file.h"
#include "sim/core/input_error.h"

namespace vedette::app {

namespace {

// A still's card grows a second column when its reasons would run into the caption band (a video
// turns pages instead). The action is then framed in the part of the frame the grown card leaves
// free, on the left: the card, on the right of it, grows towards the middle and covers no unit.
void frame_beside_a_grown_card(render::CameraSpec& spec, const render::ReplayScene& scene,
                               const render::SceneState& state, VkExtent2D size,
                               const render::BattlefieldRenderer& renderer) {
    if (!spec.limits || size.width < size.height) return;
    render::PresenterOverlay measure(size.width, size.height, render::LabelStyle::name,
                                     renderer.visuals());
    const auto card = measure.card_box(size.width, size.height, scene, state.event, false, true);
    const auto column = measure.card_box(size.width, size.height, scene, state.event, false);
    if (!card || !column || card->x0 >= column->x0) return;  // one column: as a video frames it
    spec.limits->area.x1 = std::max(0.2f, float(card->x0) / float(size.width) - 0.02f);
    spec.limits->mirror = false;
}

}  // namespace

int run_render(const Args& in) {
    Args args = in;
    const std::string out = take_option(args, "-o");
    const std::string event_text = take_option(args, "--event");
    const std::string time_text = take_option(args, "--time");
    const VkExtent2D size = size_flag("--size", take_option(args, "--size"), {1280, 720});
    const std::string camera_text = take_option(args, "--camera");
    const std::string overlay = take_option(args, "--overlay");
    const auto labels = labels_flag("--labels", take_option(args, "--labels"));
    const bool luck = take_flag(args, "--luck");
    const render::Look look = look_flag("--look", take_option(args, "--look"), overlay);
    if (luck && overlay != "presenter")
        throw UsageError{"--luck goes with --overlay presenter (the luck strip is drawn there)"};
    if (!overlay.empty() && overlay != "none" && overlay != "captions" && overlay != "panels" &&
        overlay != "presenter" && overlay != "viewer")
        throw UsageError{"--overlay expects none, captions, panels, presenter or viewer"};
    // --rules DIR is accepted (and ignored) for old command lines: the replay's records say all
    // the renderer draws, so no rules are loaded.
    (void)take_option(args, "--rules");
    expect_no_more_options(args);
    if (args.size() != 1) throw UsageError{"expected one replay file"};
    if (out.empty()) throw UsageError{"-o FILE.png is required"};
    check_png_output(out, "-o");
    if (event_text.empty() == time_text.empty())
        throw UsageError{"give exactly one of --event N or --time SECONDS"};
    render::CameraSpec camera_spec = camera_flag("--camera", camera_text);
    // A presenter still frames its units as the presenter video does (beside the card, above
    // the caption band).
    if (overlay == "presenter")
        camera_spec.limits = render::presenter_shot_limits(float(size.width) / float(size.height));
    // Checked before the replay is loaded, so a typo is reported at once.
    const std::int64_t time_ms = time_text.empty() ? 0 : replay_seconds_flag("--time", time_text);
    std::vector<sim::NamedPath> reads = asset_inputs();
    reads.push_back({"REPLAY", args[0]});
    sim::refuse_clashing_outputs(reads, {{"-o", out}});

    const render::ReplayScene scene = render::load_replay_scene(args[0]);
    check_camera_unit("--camera", camera_spec, scene);
    std::int64_t t = time_ms;
    if (!event_text.empty()) {
        const auto& events = scene.replay.events;
        if (events.empty()) throw UsageError{"--event: the replay has no events"};
        const auto n =
            whole_flag("--event", event_text, 0, static_cast<std::int64_t>(events.size()) - 1);
        t = render::time_of_event(scene, static_cast<int>(n));
    }
    const render::SceneState state = render::scene_at_time(scene, t);
    render::VulkanContext ctx(default_context_options());
    render::BattlefieldRenderer renderer(ctx, size, scene);
    renderer.set_look(look);
    render::RgbaImage image;
    bool panels_left = false;  // --overlay panels: the explanation away from the action
    if (overlay == "viewer") {
        // The viewer's panels around the table, as `vedette view` shows this moment.
        viewer::ViewerFrameUi ui(scene, 1.0f / 30.0f);
        ui.model().labels = labels.value_or(render::LabelStyle::name);
        ui.model().font_scale = viewer::output_font_scale(size.height);
        ui.attach(ctx, renderer);
        const VkRect2D viewport = ui.viewport(size);
        const render::Camera camera =
            render::make_camera(camera_spec, scene, state,
                                float(viewport.extent.width) / float(viewport.extent.height));
        image = renderer.render(state, camera, viewport, [&](VkCommandBuffer cmd) {
            ui.record(cmd, renderer, state, camera);
        });
    } else {
        if (overlay == "presenter")
            frame_beside_a_grown_card(camera_spec, scene, state, size, renderer);
        const render::Camera camera =
            render::make_camera(camera_spec, scene, state, float(size.width) / float(size.height));
        image = renderer.render(state, camera);
        if (look == render::Look::miniature)
            render::apply_tilt_shift(
                image, render::focus_row(scene, state, camera, size.width, size.height));
        panels_left = render::box_goes_left(image, scene, state, camera, renderer.terrain());
        if (overlay == "presenter") {
            // The presenter video's frame for this moment (no title card in a still).
            // The replay's notes beside it are shown at their moments, as in a presenter video.
            const render::ReplayNotes notes =
                render::load_notes(render::notes_file_for(args[0]), scene);
            render::PresenterOverlay presenter(size.width, size.height,
                                               labels.value_or(render::LabelStyle::name),
                                               renderer.visuals(), &notes, luck);
            render::PacedSegment segment;
            segment.event = state.event;
            presenter.paint(image, scene, {state, camera, renderer.terrain(), segment, 0.0, true});
        } else {
            // A captioned still keeps the table marks and the name tags, as its video does.
            const bool captioned = overlay == "captions" || overlay == "panels";
            render::TypeCache types;
            render::ImageCanvas canvas(image, types, int(size.height));
            if (captioned)
                render::MarksPainter(size.height)
                    .paint(canvas, render::table_marks(scene, state, renderer.visuals()), camera,
                           renderer.terrain());
            const auto tags = labels      ? labels
                              : captioned ? std::optional(render::LabelStyle::name)
                                          : std::nullopt;
            if (tags)  // name tags over the units, under any caption
                render::paint_unit_labels(
                    canvas, render::Type{}, state, camera, renderer.terrain(), *tags,
                    render::side_tag_colours(renderer.visuals(), scene.replay.header.sides));
        }
    }
    if (overlay == "captions" || overlay == "panels")
        render::CaptionPainter(size.height).paint(image, scene, state);
    if (overlay == "panels")
        render::PanelPainter(size.height).paint(image, scene, state, panels_left);
    render::write_png(out, image);
    std::printf("wrote %s: %ux%u, %.1f s into the replay (event %d), %zu figures, on %s\n",
                out.c_str(), size.width, size.height, double(t) / 1000.0, state.event,
                renderer.last_figures(), ctx.device_name().c_str());
    return ctx.validation_errors() == 0 ? 0 : 1;
}

}  // namespace vedette::app

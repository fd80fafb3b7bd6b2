// `vedette export REPLAY -o FILE.mp4|.webm|.gif [--size WxH] [--fps 30|60] [--from T] [--to T]
//  [--speed X] [--camera director|top|overview|follow:UNIT] [--overlay none|captions|panels|viewer]
//  [--labels name|short|id] [--quality CRF] [--srt FILE.srt] [--frames DIR] [--raw FILE]`
// T is seconds of replay time, event:N or turn:N.

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "app/cli.h"
#include "app/cli_values.h"
#include "app/render_options.h"
#include "app/viewer/viewer_frame_ui.h"
#include "renderer/export/video_export.h"
#include "renderer/scene/scene_state.h"
#include "sim/core/atomic_file.h"
#include "sim/core/limits.h"

namespace vedette::app {

namespace {

// Replay seconds per video second: from a slow-motion study of one melee to a whole battle at a
// glance.
constexpr double kMinExportSpeed = 0.05;
constexpr double kMaxExportSpeed = 100;
// A GIF is for a short clip: every frame is a full palette image.
constexpr double kMaxGifSeconds = 60;

// Interrupts are handled by app/interrupt.cpp (the export is stopped and its output removed), so
// the export's own cancel flag is never raised from here.
const std::atomic<bool> kNeverCancel{false};

}  // namespace

int run_export(const Args& in) {
    Args args = in;
    render::ExportOptions o;
    o.output = take_option(args, "-o");
    o.frames_dir = take_option(args, "--frames");
    o.raw_file = take_option(args, "--raw");
    if (!o.output.empty()) {
        const auto format = render::video_format_of(o.output);
        if (!format)
            throw UsageError{
                "-o: expected a video file ending .mp4 (H.264), .webm (VP9) or .gif, "
                "not \"" +
                o.output + "\""};
        o.format = *format;
    }
    const bool gif = o.format == render::VideoFormat::gif && !o.output.empty();
    const std::string quality = take_option(args, "--quality");
    if (!quality.empty()) {
        if (gif)
            throw UsageError{
                "--quality: a GIF has no quality setting (its palette is made for the "
                "clip)"};
        o.crf =
            int(whole_flag("--quality", quality, 0, render::kMaxCrf[static_cast<int>(o.format)]));
    }
    o.srt = take_option(args, "--srt");
    o.size = size_flag("--size", take_option(args, "--size"), {1920, 1080});
    if (!gif && (o.size.width % 2 || o.size.height % 2))
        throw UsageError{"--size: H.264 and VP9 in yuv420p need an even width and height"};
    const std::string fps = take_option(args, "--fps");
    if (!fps.empty() && fps != "30" && fps != "60") throw UsageError{"--fps expects 30 or 60"};
    o.fps = fps == "60" ? 60 : 30;
    const std::string from = take_option(args, "--from"), to = take_option(args, "--to");
    const std::string speed = take_option(args, "--speed");
    if (!speed.empty()) o.speed = decimal_flag("--speed", speed, kMinExportSpeed, kMaxExportSpeed);
    const std::string camera = take_option(args, "--camera");
    const std::string overlay = take_option(args, "--overlay");
    const auto labels = labels_flag("--labels", take_option(args, "--labels"));
    if (!overlay.empty() && overlay != "none" && overlay != "captions" && overlay != "panels" &&
        overlay != "viewer")
        throw UsageError{"--overlay expects none, captions, panels or viewer"};
    o.captions = overlay == "captions";
    o.panels = overlay == "panels";
    o.progress = !take_flag(args, "--quiet");
    o.hash = take_flag(args, "--hash");
    // --rules DIR is accepted (and ignored) for old command lines: the replay's records say all
    // the exporter draws, so no rules are loaded.
    (void)take_option(args, "--rules");
    expect_no_more_options(args);
    if (args.size() != 1) throw UsageError{"expected one replay file"};
    const int outputs = !o.output.empty() + !o.frames_dir.empty() + !o.raw_file.empty();
    if (outputs != 1)
        throw UsageError{"give exactly one of -o FILE.mp4, --frames DIR or --raw FILE"};
    o.camera = camera_flag("--camera", camera);

    if (!o.output.empty()) sim::check_output_path(o.output, "-o");
    if (!o.srt.empty()) {
        if (o.output.empty()) throw UsageError{"--srt goes with -o FILE (a video)"};
        sim::check_output_path(o.srt, "--srt");
    }
    if (!o.raw_file.empty() && o.raw_file != "-") sim::check_output_path(o.raw_file, "--raw");

    const render::ReplayScene scene = render::load_replay_scene(args[0]);
    o.from_ms = replay_moment_flag("--from", from, scene, 0, false);
    o.to_ms = replay_moment_flag("--to", to, scene, scene.duration_ms, true);
    if (o.to_ms < o.from_ms) throw UsageError{"--to comes before --from"};
    if (gif && double(o.to_ms - o.from_ms) / 1000.0 / o.speed > kMaxGifSeconds)
        throw UsageError{"-o: a GIF is for a short clip, at most " +
                         std::to_string(int(kMaxGifSeconds)) +
                         " s of video; choose a range with --from and --to (or raise --speed)"};
    check_camera_unit("--camera", o.camera, scene);

    render::VulkanContext ctx(default_context_options());
    // --overlay viewer: the viewer's own panels over every frame (released before the context).
    std::unique_ptr<viewer::ViewerFrameUi> ui;
    if (overlay == "viewer") {
        ui = std::make_unique<viewer::ViewerFrameUi>(scene, 1.0f / float(o.fps));
        ui->model().labels = labels.value_or(render::LabelStyle::name);
        o.ui = ui.get();
    } else {
        o.labels = labels;  // painted over the frames when asked for
    }
    const render::ExportReport r = render::export_replay(ctx, scene, o, kNeverCancel);
    const std::string target = !o.output.empty()       ? o.output
                               : !o.frames_dir.empty() ? o.frames_dir
                                                       : o.raw_file;
    std::printf(
        "exported %zu frames (%ux%u, %d fps, %.1f s of video) in %.1f s: %.1f frames/s; preparing "
        "frames %.1f s, "
        "waiting for the encoder %.1f s%s%s\n%s\n",
        r.frames, o.size.width, o.size.height, o.fps, double(r.frames) / o.fps, r.seconds,
        r.seconds > 0 ? double(r.frames) / r.seconds : 0.0, r.render_seconds,
        r.encoder_wait_seconds, r.frames_hash.empty() ? "" : "; frames hash ",
        r.frames_hash.c_str(), target.c_str());
    return 0;
}

}  // namespace vedette::app

// `vedette export REPLAY -o FILE.mp4 [--size WxH] [--fps 30|60] [--from T] [--to T] [--speed X]
//  [--camera director|top|overview|follow:UNIT] [--overlay none|captions|panels] [--frames DIR] [--raw FILE]`
// T is seconds of replay time, event:N or turn:N.

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "app/cli.h"
#include "app/render_options.h"
#include "app/viewer/viewer_frame_ui.h"
#include "renderer/export/video_export.h"
#include "renderer/scene/scene_state.h"
#include "sim/core/atomic_file.h"
#include "sim/core/limits.h"
#include "sim/rules/ruleset_files.h"

namespace vedette::app {

namespace {

// Interrupts are handled by app/interrupt.cpp (the export is stopped and its output removed), so
// the export's own cancel flag is never raised from here.
const std::atomic<bool> kNeverCancel{false};

std::int64_t parse_moment(const std::string& flag, const std::string& text, const render::ReplayScene& scene,
                          std::int64_t fallback, bool end) {
    if (text.empty()) return fallback;
    const auto& events = scene.replay.events;
    char* tail = nullptr;
    if (text.rfind("event:", 0) == 0) {
        const long n = std::strtol(text.c_str() + 6, &tail, 10);
        if (*tail || n < 0 || n >= static_cast<long>(events.size()))
            throw UsageError{flag + " event:N needs N from 0 to " + std::to_string(events.size() - 1)};
        const auto& e = events[static_cast<std::size_t>(n)];
        return end ? e.t1_ms : e.t0_ms;
    }
    if (text.rfind("turn:", 0) == 0) {
        const long n = std::strtol(text.c_str() + 5, &tail, 10);
        if (*tail || n < 1) throw UsageError{flag + " turn:N needs a turn number from 1"};
        std::int64_t first = -1, last = -1;
        for (const auto& e : events)
            if (e.turn == n) {
                if (first < 0) first = e.t0_ms;
                last = e.t1_ms;
            }
        if (first < 0) throw UsageError{flag + ": the replay has no turn " + std::to_string(n)};
        return end ? last : first;
    }
    const double seconds = std::strtod(text.c_str(), &tail);
    const double max_seconds = double(sim::limits::kMaxReplayTimeMs) / 1000.0;
    if (text.empty() || *tail || !(seconds >= 0 && seconds <= max_seconds) || text.find_first_of("xXnNiI") != std::string::npos)
        throw UsageError{flag + " expects seconds from 0 to " + std::to_string(std::int64_t(max_seconds)) +
                         ", event:N or turn:N, got '" + text + "'"};
    return static_cast<std::int64_t>(seconds * 1000.0);
}

}  // namespace

int run_export(const Args& in) {
    Args args = in;
    render::ExportOptions o;
    o.output = take_option(args, "-o");
    o.frames_dir = take_option(args, "--frames");
    o.raw_file = take_option(args, "--raw");
    o.size = parse_size_option(take_option(args, "--size"), {1920, 1080});
    if (o.size.width % 2 || o.size.height % 2) throw UsageError{"--size: H.264 in yuv420p needs an even width and height"};
    const std::string fps = take_option(args, "--fps");
    if (!fps.empty() && fps != "30" && fps != "60") throw UsageError{"--fps expects 30 or 60"};
    o.fps = fps == "60" ? 60 : 30;
    const std::string from = take_option(args, "--from"), to = take_option(args, "--to");
    const std::string speed = take_option(args, "--speed");
    if (!speed.empty()) {
        char* tail = nullptr;
        o.speed = std::strtod(speed.c_str(), &tail);
        if (*tail || !(o.speed >= 0.05 && o.speed <= 100)) throw UsageError{"--speed expects a number from 0.05 to 100"};
    }
    const std::string camera = take_option(args, "--camera");
    const std::string overlay = take_option(args, "--overlay");
    if (!overlay.empty() && overlay != "none" && overlay != "captions" && overlay != "panels" && overlay != "viewer")
        throw UsageError{"--overlay expects none, captions, panels or viewer"};
    o.captions = overlay == "captions";
    o.panels = overlay == "panels";
    o.progress = !take_flag(args, "--quiet");
    o.hash = take_flag(args, "--hash");
    const std::string rules_dir = take_option(args, "--rules");
    expect_no_more_options(args);
    if (args.size() != 1) throw UsageError{"expected one replay file"};
    const int outputs = !o.output.empty() + !o.frames_dir.empty() + !o.raw_file.empty();
    if (outputs != 1) throw UsageError{"give exactly one of -o FILE.mp4, --frames DIR or --raw FILE"};
    try {
        o.camera = render::parse_camera(camera);
    } catch (const std::invalid_argument& e) {
        throw UsageError{e.what()};
    }

    if (!o.output.empty()) sim::check_output_path(o.output, "-o");
    if (!o.raw_file.empty() && o.raw_file != "-") sim::check_output_path(o.raw_file, "--raw");

    const std::string rules_file = sim::ruleset_path(sim::find_rules_dir(rules_dir), "gdb");
    const auto rules = sim::battle::load_battle_rules(rules_file);
    const render::ReplayScene scene = render::load_replay_scene(args[0], rules);
    o.from_ms = parse_moment("--from", from, scene, 0, false);
    o.to_ms = parse_moment("--to", to, scene, scene.duration_ms, true);
    if (o.to_ms < o.from_ms) throw UsageError{"--to comes before --from"};
    if (o.camera.mode == render::CameraSpec::Mode::follow && !scene.scenario.unit_index.count(o.camera.unit))
        throw UsageError{"--camera follow:" + o.camera.unit + ": the replay has no unit \"" + o.camera.unit + "\""};

    render::VulkanContext ctx(default_context_options());
    // --overlay viewer: the viewer's own panels over every frame (released before the context).
    std::unique_ptr<viewer::ViewerFrameUi> ui;
    if (overlay == "viewer") {
        ui = std::make_unique<viewer::ViewerFrameUi>(scene, rules, rules_file, 1.0f / float(o.fps));
        o.ui = ui.get();
    }
    const render::ExportReport r = render::export_replay(ctx, scene, rules, o, kNeverCancel);
    const std::string target = !o.output.empty() ? o.output : !o.frames_dir.empty() ? o.frames_dir : o.raw_file;
    std::printf("exported %zu frames (%ux%u, %d fps, %.1f s of video) in %.1f s: %.1f frames/s; preparing frames %.1f s, "
                "waiting for the encoder %.1f s%s%s\n%s\n",
                r.frames, o.size.width, o.size.height, o.fps, double(r.frames) / o.fps, r.seconds,
                r.seconds > 0 ? double(r.frames) / r.seconds : 0.0, r.render_seconds, r.encoder_wait_seconds,
                r.frames_hash.empty() ? "" : "; frames hash ", r.frames_hash.c_str(), target.c_str());
    return 0;
}

}  // namespace vedette::app

// `vedette export REPLAY -o FILE.mp4|.webm|.gif [--size WxH] [--fps 30|60] [--from T] [--to T]
//  [--speed X] [--camera director|top|overview|follow:UNIT]
//  [--overlay none|captions|panels|presenter|viewer] [--labels name|short|id]
//  [--hold KIND=SECONDS]... [--min-caption SECONDS] [--max-caption SECONDS] [--reading-rate CHARS]
//  [--title-card SECONDS] [--end-card SECONDS] [--story UNIT]
//  [--notes FILE] [--still-holds] [--quality CRF] [--srt FILE.srt] [--chapters FILE]
//  [--footprints FILE.jsonl]
//  [--frames DIR] [--raw FILE]`
// T is seconds of replay time, event:N or turn:N. Pacing (renderer/export/pacing.h): a video with
// captions keeps each caption up as long as reading it takes at 15 characters a second
// (--reading-rate; 0: off), 1.5 s to 7 s (--min-caption, --max-caption), and reveals each result
// card part by part on its own event; --hold KIND=SECONDS holds longer on top.

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/cli.h"
#include "app/cli_files.h"
#include "app/cli_values.h"
#include "app/render_options.h"
#include "app/viewer/viewer_frame_ui.h"
#include "renderer/export/pacing.h"
#include "renderer/export/video_export.h"
#include "renderer/scene/scene_state.h"
#include "sim/core/atomic_file.h"
#include "sim/core/input_error.h"
#include "sim/core/limits.h"

namespace vedette::app {

namespace {

// Replay seconds per video second: from a slow-motion study of one melee to a whole battle at a
// glance.
constexpr double kMinExportSpeed = 0.05;
constexpr double kMaxExportSpeed = 100;
// A GIF is for a short clip: every frame is a full palette image.
constexpr double kMaxGifSeconds = 60;
// Pacing of a video with captions: every caption up its reading time, at least a moment to find
// it and at most 7 s (a longer one is read faster, never held still); a title card of 3 s.
constexpr double kDefaultMinCaption = 1.5, kDefaultMaxCaption = 7.0;
// Characters a second a viewer reads a caption at (subtitling guides say 12 to 17); 0 turns it off.
constexpr double kDefaultReadingRate = 15.0, kMaxReadingRate = 100.0;
constexpr double kDefaultTitleCard = 3.0, kDefaultEndCard = 4.0;
constexpr double kMaxPacingSeconds = 60;
// A teacher's note in a presenter video: time to read its text and see its drawings.
constexpr double kDefaultNoteHold = 3.0;

// Interrupts are handled by app/interrupt.cpp (the export is stopped and its output removed), so
// the export's own cancel flag is never raised from here.
const std::atomic<bool> kNeverCancel{false};

// What the command line asks for. The flags that need the replay to be understood (its moments,
// its units, its notes) are kept as written until it is loaded.
struct ExportRequest {
    render::ExportOptions o;
    std::string replay;
    std::string from, to, camera, overlay, title_card, end_card, story, notes_file;
    std::optional<render::LabelStyle> labels;
    render::ReplayNotes notes;  // a presenter video's (o.notes points here once they are read)
};

bool exports_gif(const render::ExportOptions& o) {
    return o.format == render::VideoFormat::gif && !o.output.empty();
}

// Where the frames go and how they are encoded: -o (its format), --frames, --raw, --quality,
// --srt, --size and --fps.
void take_output_flags(Args& args, render::ExportOptions& o) {
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
    const bool gif = exports_gif(o);
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
    o.chapters = take_option(args, "--chapters");
    o.footprints = take_option(args, "--footprints");
    o.size = size_flag("--size", take_option(args, "--size"), {1920, 1080});
    if (!gif && (o.size.width % 2 || o.size.height % 2))
        throw UsageError{"--size: H.264 and VP9 in yuv420p need an even width and height"};
    const std::string fps = take_option(args, "--fps");
    if (!fps.empty() && fps != "30" && fps != "60") throw UsageError{"--fps expects 30 or 60"};
    o.fps = fps == "60" ? 60 : 30;
}

// What the video shows and at what pace: the range, --speed, the camera, the overlay and labels,
// the holds, the minimum caption time, the title card and the notes.
void take_view_flags(Args& args, ExportRequest& r) {
    render::ExportOptions& o = r.o;
    r.from = take_option(args, "--from"), r.to = take_option(args, "--to");
    const std::string speed = take_option(args, "--speed");
    if (!speed.empty()) o.speed = decimal_flag("--speed", speed, kMinExportSpeed, kMaxExportSpeed);
    r.camera = take_option(args, "--camera");
    r.overlay = take_option(args, "--overlay");
    r.labels = labels_flag("--labels", take_option(args, "--labels"));
    const std::string& overlay = r.overlay;
    if (!overlay.empty() && overlay != "none" && overlay != "captions" && overlay != "panels" &&
        overlay != "presenter" && overlay != "viewer")
        throw UsageError{"--overlay expects none, captions, panels, presenter or viewer"};
    o.captions = overlay == "captions";
    o.panels = overlay == "panels";
    o.presenter = overlay == "presenter";
    // Pacing: videos with captions are paced for reading unless told otherwise.
    const bool captioned = o.captions || o.panels || o.presenter;
    for (std::string hold; !(hold = take_option(args, "--hold")).empty();) {
        try {
            o.holds.push_back(render::parse_hold(hold));
        } catch (const std::invalid_argument& e) {
            throw UsageError{std::string("--hold: ") + e.what()};
        }
    }
    const std::string min_caption = take_option(args, "--min-caption");
    o.min_caption_s = min_caption.empty()
                          ? (captioned ? kDefaultMinCaption : 0.0)
                          : decimal_flag("--min-caption", min_caption, 0, kMaxPacingSeconds);
    const std::string max_caption = take_option(args, "--max-caption");
    o.max_caption_s = max_caption.empty()
                          ? (captioned ? kDefaultMaxCaption : 0.0)
                          : decimal_flag("--max-caption", max_caption, 0, kMaxPacingSeconds);
    const std::string reading = take_option(args, "--reading-rate");
    o.reading_chars_per_s = reading.empty()
                                ? (captioned ? kDefaultReadingRate : 0.0)
                                : decimal_flag("--reading-rate", reading, 0, kMaxReadingRate);
    r.title_card = take_option(args, "--title-card");
    r.end_card = take_option(args, "--end-card");
    r.story = take_option(args, "--story");
    o.look = look_flag("--look", take_option(args, "--look"), overlay);
    o.luck = take_flag(args, "--luck");
    if (o.luck && !o.presenter)
        throw UsageError{"--luck goes with --overlay presenter (the luck strip is drawn there)"};
    o.still_holds = take_flag(args, "--still-holds");
    if (o.still_holds && !o.presenter)
        throw UsageError{"--still-holds goes with --overlay presenter (only its holds drift)"};
    r.notes_file = take_option(args, "--notes");
    if (!r.notes_file.empty() && !o.presenter)
        throw UsageError{"--notes goes with --overlay presenter (the notes are drawn there)"};
}

ExportRequest parse_export_options(const Args& in) {
    Args args = in;
    ExportRequest r;
    take_output_flags(args, r.o);
    take_view_flags(args, r);
    r.o.progress = !take_flag(args, "--quiet");
    r.o.hash = take_flag(args, "--hash");
    r.o.reuse_pictures = !take_flag(args, "--render-every-frame");
    // --rules DIR is accepted (and ignored) for old command lines: the replay's records say all
    // the exporter draws, so no rules are loaded.
    (void)take_option(args, "--rules");
    expect_no_more_options(args);
    if (args.size() != 1) throw UsageError{"expected one replay file"};
    const render::ExportOptions& o = r.o;
    const int outputs = !o.output.empty() + !o.frames_dir.empty() + !o.raw_file.empty();
    if (outputs != 1)
        throw UsageError{"give exactly one of -o FILE.mp4, --frames DIR or --raw FILE"};
    r.o.camera = camera_flag("--camera", r.camera);
    r.replay = args[0];
    return r;
}

// Every output may be written and none is a file the export reads.
void check_export_outputs(const ExportRequest& r) {
    const render::ExportOptions& o = r.o;
    if (!o.output.empty()) sim::check_output_path(o.output, "-o");
    if (!o.srt.empty()) {
        if (o.output.empty()) throw UsageError{"--srt goes with -o FILE (a video)"};
        sim::check_output_path(o.srt, "--srt");
    }
    if (!o.chapters.empty()) {
        if (o.output.empty()) throw UsageError{"--chapters goes with -o FILE (a video)"};
        sim::check_output_path(o.chapters, "--chapters");
    }
    if (!o.footprints.empty()) sim::check_output_path(o.footprints, "--footprints");
    if (!o.raw_file.empty() && o.raw_file != "-") sim::check_output_path(o.raw_file, "--raw");
    std::vector<sim::NamedPath> reads = asset_inputs();
    reads.push_back({"REPLAY", r.replay});
    // The notes beside the replay count too (sim::refuse_clashing_outputs adds them).
    reads.push_back({"--notes", r.notes_file});
    sim::refuse_clashing_outputs(reads, {{"-o", o.output},
                                         {"--srt", o.srt},
                                         {"--chapters", o.chapters},
                                         {"--footprints", o.footprints},
                                         {"--raw", o.raw_file},
                                         {"--frames", o.frames_dir, true}});
}

// A presenter video shows the replay's notes (REPLAY.notes.json beside it, or --notes FILE,
// which must exist) as captions and drawings, and holds on each for reading.
void read_presenter_notes(ExportRequest& r, const render::ReplayScene& scene) {
    if (!r.o.presenter) return;
    if (!r.notes_file.empty() && !std::filesystem::exists(r.notes_file))
        throw sim::InputError(r.notes_file, "--notes", "no such notes file");
    r.notes = render::load_notes(
        r.notes_file.empty() ? render::notes_file_for(r.replay) : r.notes_file, scene);
    r.o.notes = &r.notes;
    r.o.note_hold_s = kDefaultNoteHold;
}

// A GIF is a short clip: its paced length (holds and notes included) within kMaxGifSeconds.
void check_gif_length(const ExportRequest& r, const render::ReplayScene& scene) {
    const render::ExportOptions& o = r.o;
    if (!exports_gif(o)) return;
    const double seconds =
        (render::paced_frame_count(scene, o.from_ms, o.to_ms, render::pacing_of(o)) - 1) / o.fps;
    if (seconds > kMaxGifSeconds)
        throw UsageError{"-o: a GIF is for a short clip, at most " +
                         std::to_string(int(kMaxGifSeconds)) + " s of video (this one is " +
                         std::to_string(int(seconds)) + " s with its holds" +
                         (r.notes.notes.empty() ? "" : " and notes") +
                         "); choose a range with --from and --to (or raise --speed, or hold "
                         "less)"};
}

// --story UNIT: a unit of the replay with at least one event in the range.
void settle_story(ExportRequest& r, const render::ReplayScene& scene) {
    if (r.story.empty()) return;
    const auto& units = scene.replay.header.units;
    const auto it =
        std::find_if(units.begin(), units.end(), [&](const auto& u) { return u.id == r.story; });
    if (it == units.end())
        throw UsageError{"--story " + r.story + ": no unit '" + r.story +
                         "' in this replay; its units are " + some_unit_ids(scene)};
    r.o.story_unit = int(it - units.begin());
    const render::Pacing pacing = render::pacing_of(r.o);
    for (std::size_t i = 0; i < scene.replay.events.size(); ++i) {
        const auto& e = scene.replay.events[i];
        if (e.t0_ms >= r.o.from_ms && e.t0_ms < std::max(r.o.to_ms, r.o.from_ms + 1) &&
            render::shows_event(scene, int(i), pacing))
            return;
    }
    throw UsageError{"--story " + r.story + ": no event of " + it->name +
                     " between --from and --to"};
}

// The flags read against the replay: the range, the title and end cards, the story, the unit
// followed, the notes and a GIF's length.
void settle_with_replay(ExportRequest& r, const render::ReplayScene& scene) {
    render::ExportOptions& o = r.o;
    o.from_ms = replay_moment_flag("--from", r.from, scene, 0, false);
    // A presenter video from the start opens on the scenario's title card.
    o.title_s = !r.title_card.empty()
                    ? decimal_flag("--title-card", r.title_card, 0, kMaxPacingSeconds)
                    : (o.presenter && o.from_ms == 0 ? kDefaultTitleCard : 0.0);
    o.to_ms = replay_moment_flag("--to", r.to, scene, scene.duration_ms, true);
    if (o.to_ms < o.from_ms) throw UsageError{"--to comes before --from"};
    // A presenter video that opens on a title card closes on an end card.
    o.end_s = !r.end_card.empty() ? decimal_flag("--end-card", r.end_card, 0, kMaxPacingSeconds)
                                  : (o.presenter && o.title_s > 0 ? kDefaultEndCard : 0.0);
    if (o.end_s > 0 && !o.presenter)
        throw UsageError{"--end-card goes with --overlay presenter (the end card is drawn there)"};
    settle_story(r, scene);
    check_camera_unit("--camera", o.camera, scene);
    read_presenter_notes(r, scene);
    // After the notes: their holds lengthen the video too.
    check_gif_length(r, scene);
}

render::ExportReport export_video(ExportRequest& r, const render::ReplayScene& scene) {
    render::ExportOptions& o = r.o;
    render::VulkanContext ctx(default_context_options());
    // --overlay viewer: the viewer's own panels over every frame (released before the context).
    std::unique_ptr<viewer::ViewerFrameUi> ui;
    if (r.overlay == "viewer") {
        ui = std::make_unique<viewer::ViewerFrameUi>(scene, 1.0f / float(o.fps));
        ui->model().labels = r.labels.value_or(render::LabelStyle::name);
        ui->model().font_scale = viewer::output_font_scale(o.size.height);
        o.ui = ui.get();
    } else {
        o.labels = r.labels;  // painted over the frames when asked for
    }
    const render::ExportReport report = render::export_replay(ctx, scene, o, kNeverCancel);
    o.ui = nullptr;
    return report;
}

void print_report(const render::ExportOptions& o, const render::ExportReport& r) {
    const std::string target = !o.output.empty()       ? o.output
                               : !o.frames_dir.empty() ? o.frames_dir
                                                       : o.raw_file;
    std::printf(
        "exported %zu frames (%ux%u, %d fps, %.1f s of video) in %.1f s: %.1f frames/s; preparing "
        "frames %.1f s, "
        "waiting for the encoder %.1f s; %zu frames reused the picture before them%s%s\n%s\n",
        r.frames, o.size.width, o.size.height, o.fps, r.video_seconds, r.seconds,
        r.seconds > 0 ? double(r.frames) / r.seconds : 0.0, r.render_seconds,
        r.encoder_wait_seconds, r.reused_frames, r.frames_hash.empty() ? "" : "; frames hash ",
        r.frames_hash.c_str(), target.c_str());
}

}  // namespace

int run_export(const Args& in) {
    ExportRequest request = parse_export_options(in);
    check_export_outputs(request);
    const render::ReplayScene scene = render::load_replay_scene(request.replay);
    settle_with_replay(request, scene);
    const render::ExportReport report = export_video(request, scene);
    print_report(request.o, report);
    return 0;
}

}  // namespace vedette::app

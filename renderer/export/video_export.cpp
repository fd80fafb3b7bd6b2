#include "renderer/export/video_export.h"

#include <unistd.h>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>

#include "renderer/battlefield_renderer.h"
#include "renderer/export/chapters.h"
#include "renderer/export/footprints.h"
#include "renderer/export/frame_sink.h"
#include "renderer/export/frame_writer.h"
#include "renderer/export/miniature_look.h"
#include "renderer/export/overlay_painter.h"
#include "renderer/export/subtitles.h"
#include "renderer/scene/camera_drift.h"
#include "renderer/scene/director.h"
#include "renderer/scene/framing.h"
#include "sim/core/atomic_file.h"
#include "sim/core/input_error.h"
#include "sim/core/limits.h"
#include "sim/rules/ruleset_files.h"

namespace vedette::render {

namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

void progress_line(std::size_t done, std::size_t total, double elapsed, bool tty) {
    const double fps = elapsed > 0 ? double(done) / elapsed : 0;
    const double left = fps > 0 ? double(total - done) / fps : 0;
    const int width = 30, filled = total ? int(width * done / total) : width;
    if (!tty && done != total && (done % std::max<std::size_t>(1, total / 10)) != 0) return;
    std::fprintf(stderr, "%s  [%s%s] %zu/%zu frames, %.1f fps, %.0f s left%s", tty ? "\r" : "",
                 std::string(std::size_t(filled), '#').c_str(),
                 std::string(std::size_t(width - filled), '-').c_str(), done, total, fps, left,
                 tty ? "   " : "\n");
    if (tty && done == total) std::fprintf(stderr, "\n");
}

// The video has its name: a file beside it (the subtitles, the chapters) takes its own, or the
// video goes too (a rename in the folder just written to fails only when something else changed
// it).
void name_beside_video(sim::PendingFile& subtitles, const std::string& video) {
    try {
        subtitles.commit();
    } catch (const std::exception& e) {
        std::remove(video.c_str());
        throw std::runtime_error(std::string(e.what()) + "; removed the video too");
    }
}

// The frames the export renders: its range of the replay, paced, within the frame limit.
PacedVideo plan_video(const ReplayScene& scene, const ExportOptions& o) {
    const std::int64_t to = o.to_ms < 0 ? scene.duration_ms : std::min(o.to_ms, scene.duration_ms);
    if (to < o.from_ms) throw std::runtime_error("the export ends before it starts");
    const Pacing pacing = pacing_of(o);
    const double frame_count = paced_frame_count(scene, o.from_ms, to, pacing);
    if (!(frame_count <= double(sim::limits::kMaxExportFrames)))
        throw sim::InputError(
            o.output.empty() ? (o.frames_dir.empty() ? o.raw_file : o.frames_dir) : o.output,
            "--from/--to",
            "the export would be " + std::to_string(std::int64_t(frame_count)) +
                " frames; the limit is " + std::to_string(sim::limits::kMaxExportFrames) +
                " (docs/LIMITS.md): export a shorter range with --from and --to, raise --speed "
                "or hold less");
    return pace_video(scene, o.from_ms, to, pacing);
}

// The render loop: each frame rendered on the GPU, read back while the next one renders, painted
// over by the overlays and handed to the writer thread.
class FrameLoop {
public:
    FrameLoop(const VulkanContext& ctx, const ReplayScene& scene, const ExportOptions& o,
              const PacedVideo& plan)
        : scene_(scene),
          o_(o),
          plan_(plan),
          renderer_(ctx, o.size, scene),
          viewport_(attach_ui(ctx)),
          painters_(overlay_painters(o, renderer_.visuals())),
          // The director moves smoothly and holds a shot at least as long as a caption stays.
          director_(
              std::max(2.0, o.min_caption_s), 0.6,
              o.presenter
                  ? std::optional(presenter_shot_limits(float(o.size.width) / float(o.size.height)))
                  : std::nullopt) {
        renderer_.set_look(o.look);
    }

    // Renders every frame into `writer`; throws when cancelled, when the writer failed or when a
    // frame cannot be rendered.
    void run(FrameWriter& writer, const std::atomic<bool>& cancel, ExportReport& report);
    int camera_moves() const { return director_.shots_changed(); }
    // --footprints: every frame's bases, one JSON line each (footprints.h).
    const std::string& footprints() const { return footprints_; }

private:
    VkRect2D attach_ui(const VulkanContext& ctx) {
        if (!o_.ui) return VkRect2D{{0, 0}, o_.size};
        o_.ui->attach(ctx, renderer_);
        return o_.ui->viewport(o_.size);
    }
    // A frame submitted (or reused) and not yet handed to the writer.
    struct InFlight {
        std::size_t frame = 0;
        SceneState state;
        Camera camera;
        std::optional<std::uint32_t> slot;  // empty: the picture of the frame before, reused
    };
    Camera camera_for(std::size_t frame, const SceneState& state);
    bool shows_previous_picture(std::size_t frame, const Camera& camera,
                                const Camera& previous) const;
    void hand_over(InFlight& done, FrameWriter& writer, ExportReport& report);

    const ReplayScene& scene_;
    const ExportOptions& o_;
    const PacedVideo& plan_;
    BattlefieldRenderer renderer_;
    VkRect2D viewport_;
    OverlayPainters painters_;
    DirectorCamera director_;
    RgbaImage picture_;  // the last rendered frame before the overlays, for frames that reuse it
    std::string footprints_;
    Clock::time_point start_ = Clock::now();
    bool tty_ = false;
};

void FrameLoop::run(FrameWriter& writer, const std::atomic<bool>& cancel, ExportReport& report) {
    start_ = Clock::now();
    tty_ = o_.progress && ::isatty(2);
    // Two frames in flight: frame i renders while frame i-1 is read back and handed to the
    // writer, which feeds the sink while frame i+1 is prepared.
    const std::size_t frames = plan_.frames.size();
    std::optional<InFlight> previous;
    std::uint32_t rendered = 0;
    for (std::size_t i = 0; i < frames; ++i) {
        if (cancel.load()) throw std::runtime_error("interrupted");
        if (writer.failed()) throw std::runtime_error("writing failed");
        const auto t0 = Clock::now();
        InFlight now{i, scene_at_time(scene_, plan_.frames[i].replay_ms), {}, {}};
        // Over the title and end cards no event is current: the director pulls back to the
        // whole action (an establishing shot), and moves in to the first event from there.
        const int shown = plan_.segments[std::size_t(plan_.frames[i].segment)].event;
        if (shown == kTitleCard || shown == kEndCard) now.state.event = -1;
        now.camera = camera_for(i, now.state);
        if (!previous || !shows_previous_picture(i, now.camera, previous->camera)) {
            now.slot = rendered++ % BattlefieldRenderer::kSlots;
            BattlefieldRenderer::AfterScene ui;
            if (o_.ui)
                ui = [&](VkCommandBuffer cmd) {
                    o_.ui->record(cmd, renderer_, now.state, now.camera);
                };
            renderer_.submit(now.state, now.camera, *now.slot, viewport_, ui);
        } else {
            ++report.reused_frames;
        }
        report.render_seconds += seconds_since(t0);
        if (previous) hand_over(*previous, writer, report);
        previous = std::move(now);
    }
    if (previous) hand_over(*previous, writer, report);
}

Camera FrameLoop::camera_for(std::size_t frame, const SceneState& state) {
    const float aspect = float(viewport_.extent.width) / float(viewport_.extent.height);
    const Camera shot =
        o_.camera.mode != CameraSpec::Mode::director
            ? make_camera(o_.camera, scene_, state, aspect)
            : director_.next(scene_, state, aspect, frame == 0 ? 0.0 : 1.0 / double(o_.fps));
    // A presenter video never stands still: its holds drift (camera_drift.h). The drift steps
    // at a third of the frame rate ("on threes", as animators say), so two held frames in three
    // show the picture of the frame before (not rendered again): a drift of a pixel or two a
    // step looks as smooth, and holds cost a third as much on a software renderer.
    if (!o_.presenter || o_.still_holds) return shot;
    const double steps = std::max(1, o_.fps / 3);
    return drifted_camera(shot, std::floor(double(frame) / double(o_.fps) * steps) / steps, aspect);
}

// The renderer draws a frame from its replay moment and its camera alone, so a frame with both
// unchanged (a hold for reading, a camera at rest) is the picture before it: not rendered again.
// The overlays are still painted afresh. The viewer's panels are drawn on the GPU and follow
// their own clock: with them every frame renders.
bool FrameLoop::shows_previous_picture(std::size_t frame, const Camera& camera,
                                       const Camera& previous) const {
    return o_.reuse_pictures && !o_.ui && frame > 0 &&
           plan_.frames[frame].replay_ms == plan_.frames[frame - 1].replay_ms &&
           camera.view_proj == previous.view_proj && camera.eye == previous.eye;
}

void FrameLoop::hand_over(InFlight& done, FrameWriter& writer, ExportReport& report) {
    const PacedSegment& segment =
        plan_.segments[static_cast<std::size_t>(plan_.frames[done.frame].segment)];
    if (done.slot) {
        const std::uint8_t* data = renderer_.fetch(*done.slot);
        if (picture_.pixels.empty()) picture_ = RgbaImage(o_.size.width, o_.size.height);
        std::memcpy(picture_.pixels.data(), data, picture_.pixels.size());
        if (o_.look == Look::miniature)
            apply_tilt_shift(picture_, focus_row(scene_, done.state, done.camera, o_.size.width,
                                                 o_.size.height));
    }
    if (!o_.footprints.empty()) footprints_ += footprint_line(done.frame, done.state);
    RgbaImage img = picture_;
    const FrameMoment moment{done.state, done.camera, renderer_.terrain(), segment,
                             double(done.frame) / double(o_.fps)};
    for (const auto& painter : painters_) painter->paint(img, scene_, moment);
    report.encoder_wait_seconds += writer.push(std::move(img));
    report.frames = done.frame + 1;
    if (o_.progress)
        progress_line(done.frame + 1, plan_.frames.size(), seconds_since(start_), tty_);
}

}  // namespace

Pacing pacing_of(const ExportOptions& o) {
    Pacing pacing;
    pacing.speed = o.speed, pacing.fps = o.fps;
    pacing.holds = o.holds, pacing.min_caption_s = o.min_caption_s, pacing.title_s = o.title_s;
    pacing.end_s = o.end_s, pacing.story_unit = o.story_unit;
    pacing.reading_chars_per_s = o.reading_chars_per_s, pacing.max_caption_s = o.max_caption_s;
    if (o.notes && o.presenter) {
        for (const auto& n : o.notes->notes) pacing.note_times_ms.push_back(n.time_ms);
        pacing.note_hold_s = o.note_hold_s;
    }
    return pacing;
}

ExportReport export_replay(const VulkanContext& ctx, const ReplayScene& scene,
                           const ExportOptions& o, const std::atomic<bool>& cancel) {
    const PacedVideo plan = plan_video(scene, o);
    // The subtitles are known before the first frame: written first, named only once the video
    // has its name, so a failure of either leaves neither (PendingFile).
    std::unique_ptr<sim::PendingFile> subtitles, chapter_list;
    if (!o.srt.empty()) subtitles = std::make_unique<sim::PendingFile>(o.srt, srt_of(scene, plan));
    // Chapters for a paced video: in the file beside it (--chapters) and inside the video.
    const std::vector<Chapter> chapters =
        o.chapters_wanted() ? chapters_of(scene, plan) : std::vector<Chapter>{};
    if (!o.chapters.empty())
        chapter_list = std::make_unique<sim::PendingFile>(o.chapters, chapters_text(chapters));
    const std::unique_ptr<FrameSink> sink = open_frame_sink(
        o, chapters.size() > 1 ? ffmetadata_of(chapters, plan.seconds()) : std::string());
    FrameLoop loop(ctx, scene, o, plan);
    FrameWriter writer(*sink, o.hash);

    ExportReport report;
    const auto start = Clock::now();
    std::string error;
    try {
        loop.run(writer, cancel, report);
    } catch (const std::exception& e) {
        error = e.what();
    }
    if (std::string writer_error = writer.close(); !writer_error.empty()) error = writer_error;
    if (!error.empty()) {
        const std::string lost = sink->abandon();
        throw std::runtime_error("export " + error + lost);
    }
    sink->finish();
    if (!o.footprints.empty()) {
        sim::PendingFile bases(o.footprints, loop.footprints());
        name_beside_video(bases, o.output);
    }
    if (subtitles) name_beside_video(*subtitles, o.output);
    if (chapter_list) name_beside_video(*chapter_list, o.output);
    report.video_seconds = double(plan.frames.size()) / double(o.fps);
    report.camera_moves = loop.camera_moves();
    report.seconds = seconds_since(start);
    if (o.hash) report.frames_hash = sim::hex16(writer.hash());
    return report;
}

}  // namespace vedette::render

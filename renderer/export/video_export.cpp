#include "renderer/export/video_export.h"

#include <unistd.h>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <filesystem>
#include <mutex>
#include <thread>

#include "renderer/battlefield_renderer.h"
#include "renderer/export/captions.h"
#include "renderer/export/ffmpeg_pipe.h"
#include "renderer/export/frame_folder.h"
#include "renderer/export/label_painter.h"
#include "renderer/export/overlay_panels.h"
#include "renderer/export/presenter_overlay.h"
#include "renderer/export/subtitles.h"
#include "renderer/scene/director.h"
#include "sim/core/atomic_file.h"
#include "sim/core/cleanup.h"
#include "sim/core/input_error.h"
#include "sim/core/limits.h"
#include "sim/rules/ruleset_files.h"

namespace vedette::render {

namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

// A small bounded queue between the render loop and the writer thread.
class FrameQueue {
public:
    explicit FrameQueue(std::size_t capacity) : capacity_(capacity) {}
    // Returns the seconds spent waiting for room.
    double push(std::vector<std::uint8_t> frame) {
        const auto start = Clock::now();
        std::unique_lock lock(m_);
        room_.wait(lock, [&] { return q_.size() < capacity_ || failed_; });
        const double waited = seconds_since(start);
        q_.push_back(std::move(frame));
        ready_.notify_one();
        return waited;
    }
    bool pop(std::vector<std::uint8_t>& frame) {
        std::unique_lock lock(m_);
        ready_.wait(lock, [&] { return !q_.empty() || closed_; });
        if (q_.empty()) return false;
        frame = std::move(q_.front());
        q_.pop_front();
        room_.notify_one();
        return true;
    }
    void close() {
        std::lock_guard lock(m_);
        closed_ = true;
        ready_.notify_all();
    }
    void fail() {
        std::lock_guard lock(m_);
        failed_ = true;
        room_.notify_all();
    }

private:
    std::size_t capacity_;
    std::deque<std::vector<std::uint8_t>> q_;
    std::mutex m_;
    std::condition_variable ready_, room_;
    bool closed_ = false, failed_ = false;
};

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

// The video has its name: the subtitles take theirs, or the video goes too (a rename in the
// folder just written to fails only when something else changed it).
void name_subtitles(sim::PendingFile& subtitles, const std::string& video) {
    try {
        subtitles.commit();
    } catch (const std::exception& e) {
        std::remove(video.c_str());
        throw std::runtime_error(std::string(e.what()) + "; removed the video too");
    }
}

}  // namespace

Pacing pacing_of(const ExportOptions& o) {
    Pacing pacing;
    pacing.speed = o.speed, pacing.fps = o.fps;
    pacing.holds = o.holds, pacing.min_caption_s = o.min_caption_s, pacing.title_s = o.title_s;
    if (o.notes && o.presenter) {
        for (const auto& n : o.notes->notes) pacing.note_times_ms.push_back(n.time_ms);
        pacing.note_hold_s = o.note_hold_s;
    }
    return pacing;
}

ExportReport export_replay(const VulkanContext& ctx, const ReplayScene& scene,
                           const ExportOptions& o, const std::atomic<bool>& cancel) {
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
    const PacedVideo plan = pace_video(scene, o.from_ms, to, pacing);
    const std::size_t frames = plan.frames.size();

    // The subtitles are known before the first frame: written first, named only once the video
    // has its name, so a failure of either leaves neither (PendingFile).
    std::unique_ptr<sim::PendingFile> subtitles;
    if (!o.srt.empty()) subtitles = std::make_unique<sim::PendingFile>(o.srt, srt_of(scene, plan));
    std::unique_ptr<FfmpegPipe> ffmpeg;
    std::FILE* raw = nullptr;
    std::string raw_temp;
    std::unique_ptr<sim::cleanup::FileGuard> raw_guard;
    std::unique_ptr<FrameFolder> frame_folder;
    if (!o.output.empty()) {
        ffmpeg = std::make_unique<FfmpegPipe>(o.output, o.size.width, o.size.height, o.fps,
                                              o.format, o.crf);
    } else if (!o.raw_file.empty() && o.raw_file != "-") {
        sim::check_output_path(o.raw_file, "--raw");
        raw_temp = sim::create_temp_beside(o.raw_file);
        raw_guard = std::make_unique<sim::cleanup::FileGuard>(raw_temp);
        raw = std::fopen(raw_temp.c_str(), "wb");
        if (!raw) throw std::runtime_error(o.raw_file + ": cannot write");
    } else if (!o.frames_dir.empty()) {
        frame_folder = std::make_unique<FrameFolder>(o.frames_dir);
    }

    BattlefieldRenderer renderer(ctx, o.size, scene);
    if (o.ui) o.ui->attach(ctx, renderer);
    const VkRect2D viewport = o.ui ? o.ui->viewport(o.size) : VkRect2D{{0, 0}, o.size};
    std::unique_ptr<CaptionPainter> captions;
    if (o.captions || o.panels) captions = std::make_unique<CaptionPainter>(o.size.height);
    std::unique_ptr<CaptionPainter> label_text;
    if (o.labels) label_text = std::make_unique<CaptionPainter>(o.size.height);
    std::unique_ptr<PanelPainter> panels;
    if (o.panels) panels = std::make_unique<PanelPainter>(o.size.height);
    std::unique_ptr<PresenterOverlay> presenter;
    if (o.presenter)
        presenter = std::make_unique<PresenterOverlay>(o.size.width, o.size.height,
                                                       o.labels.value_or(LabelStyle::name),
                                                       renderer.visuals(), o.notes);
    // The director moves smoothly and holds a shot at least as long as a caption stays.
    DirectorCamera director(std::max(2.0, o.min_caption_s));
    FrameQueue queue(3);
    std::string writer_error;  // read only after join()
    std::atomic<bool> writer_failed{false};
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    std::thread writer([&] {
        std::vector<std::uint8_t> frame;
        std::size_t index = 0;
        try {
            while (queue.pop(frame)) {
                if (o.hash) hash = sim::fnv1a64(frame.data(), frame.size(), hash);
                if (ffmpeg) {
                    ffmpeg->write_frame(frame.data());
                } else if (raw) {
                    if (std::fwrite(frame.data(), 1, frame.size(), raw) != frame.size())
                        throw std::runtime_error(o.raw_file + ": write failed");
                } else if (!o.frames_dir.empty()) {
                    RgbaImage img(o.size.width, o.size.height);
                    img.pixels = frame;
                    char name[32];
                    std::snprintf(name, sizeof name, "frame_%05zu.png", index);
                    // The folder is ours and new, so each frame needs no temporary of its own.
                    sim::write_new_file(
                        (std::filesystem::path(frame_folder->temp()) / name).string(),
                        encode_png(img));
                }
                ++index;
            }
        } catch (const std::exception& e) {
            writer_error = e.what();
            writer_failed = true;
            queue.fail();
        }
    });

    ExportReport report;
    const auto start = Clock::now();
    const bool tty = o.progress && ::isatty(2);
    std::string error;
    try {
        // Two frames in flight: frame i renders while frame i-1 is read back and handed to the
        // writer, which feeds ffmpeg while frame i+1 is prepared.
        auto hand_over = [&](std::size_t frame, const SceneState& state, const Camera& camera) {
            const PacedSegment& segment =
                plan.segments[static_cast<std::size_t>(plan.frames[frame].segment)];
            const std::uint8_t* data =
                renderer.fetch(std::uint32_t(frame % BattlefieldRenderer::kSlots));
            RgbaImage img(o.size.width, o.size.height);
            std::memcpy(img.pixels.data(), data, img.pixels.size());
            if (label_text && !presenter)
                paint_unit_labels(*label_text, img, state, camera, renderer.terrain(), *o.labels);
            if (presenter)
                presenter->paint(
                    img, scene,
                    {state, camera, renderer.terrain(), segment, double(frame) / double(o.fps)});
            if (captions) captions->paint(img, scene, state);
            if (panels)
                panels->paint(img, scene, state,
                              box_goes_left(img, scene, state, camera, renderer.terrain()));
            report.encoder_wait_seconds += queue.push(std::move(img.pixels));
            report.frames = frame + 1;
            if (o.progress) progress_line(frame + 1, frames, seconds_since(start), tty);
        };
        SceneState previous;
        Camera previous_camera;
        for (std::size_t i = 0; i < frames; ++i) {
            if (cancel.load()) throw std::runtime_error("interrupted");
            if (writer_failed.load()) throw std::runtime_error("writing failed");
            const auto t0 = Clock::now();
            SceneState state = scene_at_time(scene, plan.frames[i].replay_ms);
            const float aspect = float(viewport.extent.width) / float(viewport.extent.height);
            const Camera camera =
                o.camera.mode == CameraSpec::Mode::director
                    ? director.next(scene, state, aspect, i == 0 ? 0.0 : 1.0 / double(o.fps))
                    : make_camera(o.camera, scene, state, aspect);
            BattlefieldRenderer::AfterScene ui;
            if (o.ui) ui = [&](VkCommandBuffer cmd) { o.ui->record(cmd, renderer, state, camera); };
            renderer.submit(state, camera, std::uint32_t(i % BattlefieldRenderer::kSlots), viewport,
                            ui);
            report.render_seconds += seconds_since(t0);
            if (i > 0) hand_over(i - 1, previous, previous_camera);
            previous = std::move(state);
            previous_camera = camera;
        }
        if (frames > 0) hand_over(frames - 1, previous, previous_camera);
    } catch (const std::exception& e) {
        error = e.what();
    }
    queue.close();
    writer.join();
    if (!writer_error.empty()) error = writer_error;
    if (!error.empty()) {
        if (ffmpeg) ffmpeg->abandon();
        if (raw) {
            std::fclose(raw);
            std::remove(raw_temp.c_str());
        }
        throw std::runtime_error("export " + error + (ffmpeg ? ": no video was written" : ""));
    }
    if (ffmpeg) ffmpeg->finish();
    if (raw) {
        const bool flushed = std::fclose(raw) == 0;
        if (!flushed || std::rename(raw_temp.c_str(), o.raw_file.c_str()) != 0) {
            std::remove(raw_temp.c_str());
            throw std::runtime_error(o.raw_file + ": cannot finish writing (is the disk full?)");
        }
    }
    if (frame_folder) frame_folder->commit();
    if (subtitles) name_subtitles(*subtitles, o.output);
    report.video_seconds = double(frames) / double(o.fps);
    report.camera_moves = director.shots_changed();
    report.seconds = seconds_since(start);
    if (o.hash) report.frames_hash = sim::hex16(hash);
    return report;
}

}  // namespace vedette::render

#pragma once
// Offline video export: the replay rendered at a fixed time step (never the wall clock), each
// frame read back, painted over by the overlays (overlay_painter.h) and handed to a writer thread
// (frame_writer.h) that feeds the output's frame sink (frame_sink.h: ffmpeg, PNG or raw frames)
// while the next frame renders.

#include <atomic>
#include <cstdint>
#include <string>

#include "renderer/export/ffmpeg_pipe.h"
#include "renderer/export/frame_ui.h"
#include "renderer/export/pacing.h"
#include "renderer/scene/camera.h"
#include "renderer/scene/look.h"
#include "renderer/scene/replay_notes.h"
#include "renderer/scene/unit_labels.h"
#include "renderer/vk/context.h"

namespace vedette::render {

struct ExportOptions {
    std::string output;  // .mp4 (H.264, yuv420p), .webm (VP9) or .gif (palette GIF)
    VideoFormat format = VideoFormat::mp4;
    int crf = -1;            // --quality: the encoder's CRF (-1: its default)
    std::string srt;         // --srt: the captions as SubRip subtitles, written beside the video
    std::string chapters;    // --chapters: one `MM:SS title` line per episode (chapters.h)
    std::string footprints;  // --footprints: every frame's unit bases, JSON lines (footprints.h)
    std::string frames_dir;  // instead: a PNG sequence frame_00000.png ...
    std::string raw_file;    // instead: raw RGBA frames, for benchmarks ("-" discards them)
    VkExtent2D size{1920, 1080};
    int fps = 30;
    std::int64_t from_ms = 0;
    std::int64_t to_ms = -1;  // -1: the end of the replay
    double speed = 1.0;       // replay seconds per video second
    CameraSpec camera;
    bool hash = false;  // compute frames_hash (costs a pass over every frame)
    // A frame with the replay moment and camera of the frame before reuses its picture (holds
    // for reading); false renders every frame (for comparing, and benchmarks).
    bool reuse_pictures = true;
    bool captions = false;  // --overlay captions: a lower third for the current event
    bool panels = false;    // --overlay panels: the timeline and the melee panel (with captions)
    bool progress = true;
    bool presenter = false;  // --overlay presenter: presenter_overlay.h (labels as `labels`)
    // --still-holds: a presenter video's camera rests during holds; without it the shot drifts
    // slowly (camera_drift.h), so no second of the video is a still picture.
    bool still_holds = false;
    const ReplayNotes* notes = nullptr;  // shown by the presenter overlay (--notes)
    bool luck = false;        // the presenter overlay's luck strip (--luck, luck_painter.h)
    Look look = Look::table;  // --look miniature: miniature_look.h and contact shadows
    FrameUi* ui = nullptr;    // --overlay viewer: the viewer's panels, drawn by the GPU
    std::optional<LabelStyle> labels;  // --labels outside the viewer overlay: painted name tags
    // Pacing (pacing.h; `speed` and `fps` above are its clock): holds, minimum caption time and a
    // title card. None of them: the plain clock.
    std::vector<HoldRule> holds;
    double min_caption_s = 0;
    double reading_chars_per_s = 0;  // reading time (pacing.h); 0: off
    double max_caption_s = 0;        // --max-caption: the longest a caption holds (0: no limit)
    double title_s = 0;
    double end_s = 0;        // --end-card: what the video showed, over its closing moment
    int story_unit = -1;     // --story UNIT (roster index): only that unit's events, cut together
    double note_hold_s = 0;  // held after the event showing each note's moment

    // A video carries chapters when it is paced for viewers (captions) or asks for the list.
    bool chapters_wanted() const { return !chapters.empty() || captions || panels || presenter; }
};

struct ExportReport {
    std::size_t frames = 0;
    double seconds = 0;               // wall clock, whole export
    double render_seconds = 0;        // preparing and submitting frames (rendering runs in flight)
    double encoder_wait_seconds = 0;  // the render loop waiting for a free frame slot
    std::string frames_hash;   // FNV-1a 64 of every raw frame, in order (with ExportOptions::hash)
    double video_seconds = 0;  // the paced video's length
    int camera_moves = 0;      // new shots the director camera took
    std::size_t reused_frames = 0;  // frames that showed the picture before them (not rendered)
};

struct ReplayScene;

// The pace of the export `o` asks for (pacing.h): its clock, holds, minimum caption time, title
// card and, in a presenter video, a hold at each of the notes' moments. What export_replay plays;
// limits on the video's length (a GIF's) are checked against it before anything renders.
Pacing pacing_of(const ExportOptions& o);

// Throws std::runtime_error on failure; leaves no partial output behind. Stops early (and removes
// the partial output) when `cancel` becomes true.
ExportReport export_replay(const VulkanContext& ctx, const ReplayScene& scene,
                           const ExportOptions& options, const std::atomic<bool>& cancel);

}  // namespace vedette::render

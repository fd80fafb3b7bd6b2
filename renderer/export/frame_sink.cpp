#include "renderer/export/frame_sink.h"

#include <cstdio>
#include <filesystem>
#include <optional>
#include <stdexcept>

#include "renderer/export/ffmpeg_pipe.h"
#include "renderer/export/frame_folder.h"
#include "renderer/export/video_export.h"
#include "sim/core/atomic_file.h"
#include "sim/core/cleanup.h"

namespace vedette::render {

namespace frame_sinks {
namespace {

// -o FILE: an MP4 (H.264), WebM (VP9) or GIF, encoded by ffmpeg as the frames arrive; the format
// (from the file's extension) picks the encoder.
class VideoFileSink final : public FrameSink {
public:
    VideoFileSink(const ExportOptions& o, const std::string& chapters)
        : pipe_(o.output, o.size.width, o.size.height, o.fps, o.format, o.crf, chapters) {}
    void write(const RgbaImage& frame) override { pipe_.write_frame(frame.pixels.data()); }
    void finish() override { pipe_.finish(); }
    std::string abandon() override {
        pipe_.abandon();
        return ": no video was written";
    }

private:
    FfmpegPipe pipe_;
};

// --frames DIR: frame_00000.png, frame_00001.png ... in a temporary folder that becomes DIR.
class PngFramesSink final : public FrameSink {
public:
    explicit PngFramesSink(const std::string& dir) { folder_.emplace(dir); }
    void write(const RgbaImage& frame) override {
        char name[32];
        std::snprintf(name, sizeof name, "frame_%05zu.png", index_++);
        // The folder is ours and new, so each frame needs no temporary of its own.
        sim::write_new_file((std::filesystem::path(folder_->temp()) / name).string(),
                            encode_png(frame));
    }
    void finish() override { folder_->commit(); }
    std::string abandon() override {
        folder_.reset();  // removes the temporary folder and the frames in it
        return "";
    }

private:
    std::optional<FrameFolder> folder_;
    std::size_t index_ = 0;
};

// --raw FILE: the frames' bytes one after another (benchmarks), written to a temporary file
// beside FILE that takes its name at the end.
class RawFileSink final : public FrameSink {
public:
    explicit RawFileSink(const std::string& path) : path_(path) {
        sim::check_output_path(path, "--raw");
        temp_ = sim::create_temp_beside(path);
        guard_.emplace(temp_);
        file_ = std::fopen(temp_.c_str(), "wb");
        if (!file_) {
            std::remove(temp_.c_str());
            throw std::runtime_error(path + ": cannot write");
        }
    }
    ~RawFileSink() override { abandon(); }
    void write(const RgbaImage& frame) override {
        if (std::fwrite(frame.pixels.data(), 1, frame.pixels.size(), file_) != frame.pixels.size())
            throw std::runtime_error(path_ + ": write failed");
    }
    void finish() override {
        const bool flushed = std::fclose(file_) == 0;
        file_ = nullptr;
        if (!flushed || std::rename(temp_.c_str(), path_.c_str()) != 0) {
            abandon();
            throw std::runtime_error(path_ + ": cannot finish writing (is the disk full?)");
        }
        temp_.clear();
    }
    std::string abandon() override {
        if (file_) std::fclose(file_);
        file_ = nullptr;
        if (!temp_.empty()) std::remove(temp_.c_str());
        temp_.clear();
        return "";
    }

private:
    std::string path_;
    std::string temp_;  // empty once named or removed
    std::optional<sim::cleanup::FileGuard> guard_;
    std::FILE* file_ = nullptr;
};

// --raw -: the frames are rendered (and hashed, with --hash) but kept nowhere.
class DiscardSink final : public FrameSink {
public:
    void write(const RgbaImage&) override {}
    void finish() override {}
    std::string abandon() override { return ""; }
};

}  // namespace
}  // namespace frame_sinks

std::unique_ptr<FrameSink> open_frame_sink(const ExportOptions& o, const std::string& chapters) {
    using namespace frame_sinks;
    if (!o.output.empty()) return std::make_unique<VideoFileSink>(o, chapters);
    if (!o.raw_file.empty() && o.raw_file != "-") return std::make_unique<RawFileSink>(o.raw_file);
    if (!o.frames_dir.empty()) return std::make_unique<PngFramesSink>(o.frames_dir);
    return std::make_unique<DiscardSink>();
}

}  // namespace vedette::render

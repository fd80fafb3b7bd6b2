#pragma once
// Runs Debian's `ffmpeg` binary and feeds it raw frames on its standard input (converted to
// yuv420p here for the video encoders, RGBA for a GIF's palette); it encodes
// H.264 in yuv420p (.mp4, plays everywhere), VP9 (.webm) or a palette GIF (.gif) into an unnamed
// temporary file in the output's folder
// (O_TMPFILE), which gets its name only when everything succeeded: a crash or `kill -9` leaves
// nothing behind. A missing ffmpeg is a clear error naming the package; an ffmpeg that stops
// reading for kStallSeconds is stopped, and its error output is quoted.

#include <sys/types.h>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/core/cleanup.h"

namespace vedette::render {

// The full path of an executable on $PATH, or empty.
std::string find_on_path(const std::string& name);

enum class VideoFormat { mp4, webm, gif };
// The format a file name's extension asks for (.mp4, .webm, .gif, any case); nullopt otherwise.
std::optional<VideoFormat> video_format_of(const std::string& path);
// The constant-quality setting (CRF) each encoder takes, and its default: lower is better and
// larger. GIF has none.
inline constexpr int kMaxCrf[] = {51, 63, 0};
inline constexpr int kDefaultCrf[] = {20, 33, 0};

class FfmpegPipe {
public:
    // ffmpeg may pause while it encodes, never this long with frames waiting.
    static constexpr int kStallSeconds = 30;

    // `crf` < 0: the format's default. `chapters`: ffmpeg's metadata text (chapters.h) carried
    // in an MP4 or WebM as its chapter list ("": none; a GIF has none).
    FfmpegPipe(const std::string& output, std::uint32_t width, std::uint32_t height, int fps,
               VideoFormat format = VideoFormat::mp4, int crf = -1,
               const std::string& chapters = "");
    ~FfmpegPipe();  // abandons the output if finish() was not called
    FfmpegPipe(const FfmpegPipe&) = delete;
    FfmpegPipe& operator=(const FfmpegPipe&) = delete;

    // Writes one frame (width*height*4 bytes). Throws std::runtime_error if ffmpeg has gone or
    // stalled.
    void write_frame(const std::uint8_t* rgba);
    // Closes the pipe, waits for ffmpeg, and moves the finished file into place.
    void finish();
    // Stops ffmpeg and removes the partial file (errors).
    void abandon();

private:
    [[noreturn]] void fail(const std::string& what);
    std::string log_tail() const;
    bool reap(bool wait, int& status);
    void give_name();
    void add_chapters(const std::string& metadata, std::vector<std::string>& args);

    std::string output_;
    std::string temp_;      // a named temporary file, only where O_TMPFILE is not supported
    int out_fd_ = -1;       // the unnamed output file (O_TMPFILE)
    int log_fd_ = -1;       // ffmpeg's error output (memfd)
    int chapters_fd_ = -1;  // the chapters' metadata ffmpeg reads (memfd)
    std::uint32_t width_, height_;
    bool yuv_;                             // frames go to ffmpeg as yuv420p (else RGBA)
    std::size_t frame_bytes_;              // one frame as it goes down the pipe
    std::vector<std::uint8_t> converted_;  // the frame being written, in yuv420p
    int fd_ = -1;                          // the pipe to ffmpeg's standard input
    pid_t pid_ = -1;
    sim::cleanup::Token pid_token_ = 0, temp_token_ = 0;
};

}  // namespace vedette::render

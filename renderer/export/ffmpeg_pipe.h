#pragma once
// Runs Debian's `ffmpeg` binary and feeds it raw RGBA frames on its standard input; it encodes
// H.264 in yuv420p (plays everywhere) into a temporary file that becomes the output only when
// everything succeeded. A missing ffmpeg is a clear error naming the package.

#include <cstdint>
#include <string>
#include <sys/types.h>

namespace vedette::render {

// The full path of an executable on $PATH, or empty.
std::string find_on_path(const std::string& name);

class FfmpegPipe {
public:
    FfmpegPipe(const std::string& output, std::uint32_t width, std::uint32_t height, int fps);
    ~FfmpegPipe();  // abandons the output if finish() was not called
    FfmpegPipe(const FfmpegPipe&) = delete;
    FfmpegPipe& operator=(const FfmpegPipe&) = delete;

    // Writes one frame (width*height*4 bytes). Throws std::runtime_error if ffmpeg has gone.
    void write_frame(const std::uint8_t* rgba);
    // Closes the pipe, waits for ffmpeg, and moves the finished file into place.
    void finish();
    // Stops ffmpeg and removes the partial file (Ctrl-C, errors).
    void abandon();

private:
    std::string output_;
    std::string temp_;
    std::string log_;
    std::size_t frame_bytes_;
    int fd_ = -1;
    pid_t pid_ = -1;
};

}  // namespace vedette::render

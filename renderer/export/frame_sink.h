#pragma once
// Where an export's frames go: one FrameSink for each kind of output, chosen in one place
// (open_frame_sink) from the export's options. A sink is given the frames in order on the
// export's writer thread, then finish() (every frame written: the output takes its name) or,
// after a failure, abandon() (nothing is left behind). A sink destroyed unfinished leaves nothing
// behind either.

#include <memory>
#include <string>

#include "renderer/image_io.h"

namespace vedette::render {

struct ExportOptions;

class FrameSink {
public:
    virtual ~FrameSink() = default;
    // Writes the next frame; throws std::runtime_error when it cannot.
    virtual void write(const RgbaImage& frame) = 0;
    // Every frame is written: the output takes its name. Throws std::runtime_error when it
    // cannot (the partial output is removed).
    virtual void finish() = 0;
    // After a failure: stops writing and removes the partial output. Returns what the export's
    // error message adds ("" or ": no video was written").
    virtual std::string abandon() = 0;
};

// The sink for the output `o` names, checked and opened (an encoder is started, a temporary file
// or folder created): -o FILE through ffmpeg (.mp4, .webm or .gif, ffmpeg_pipe.h), else --raw FILE
// (raw RGBA frames; "-" discards them), else --frames DIR (PNG frames, frame_folder.h); with none
// of them the frames are discarded. Throws sim::InputError for a bad output path.
// `chapters`: ffmpeg's metadata text carried in a video file ("": none).
std::unique_ptr<FrameSink> open_frame_sink(const ExportOptions& o,
                                           const std::string& chapters = "");

}  // namespace vedette::render

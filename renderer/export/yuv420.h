#pragma once
// RGBA frames to planar YUV 4:2:0 (I420), the format the MP4 and WebM encoders take, in this
// process: ffmpeg's own conversion (swscale) and the pipe carrying four bytes a pixel instead of
// one and a half cost a 1080p export about a tenth of its time on two cores. The same matrix and
// range ffmpeg applies by default to RGB input: BT.601, studio range (Y 16-235, U and V 16-240),
// each chroma sample the average of its 2 x 2 pixels.

#include <cstdint>
#include <vector>

namespace vedette::render {

// Whether a frame of this size has whole chroma samples (both sides even).
bool fits_yuv420(std::uint32_t width, std::uint32_t height);

// Writes the Y plane, then U, then V (width * height * 3 / 2 bytes) into `out`, resized to fit.
// `rgba`: width * height pixels, row after row; alpha is ignored.
void rgba_to_yuv420(const std::uint8_t* rgba, std::uint32_t width, std::uint32_t height,
                    std::vector<std::uint8_t>& out);

}  // namespace vedette::render

#pragma once
// RGBA8 images in memory, PNG in and out (stb), and the comparison used by golden-image tests:
// the largest per-channel difference and the fraction of pixels that differ at all.

#include <cstdint>
#include <string>
#include <vector>

namespace vedette::render {

struct RgbaImage {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::vector<std::uint8_t> pixels;  // row-major, top row first, 4 bytes a pixel

    RgbaImage() = default;
    RgbaImage(std::uint32_t w, std::uint32_t h)
        : width(w), height(h), pixels(std::size_t(w) * h * 4) {}
    const std::uint8_t* at(std::uint32_t x, std::uint32_t y) const {
        return &pixels[(std::size_t(y) * width + x) * 4];
    }
};

// Writes a PNG atomically (temp file, then rename). Throws std::runtime_error on failure.
void write_png(const std::string& path, const RgbaImage& image);
// The extension of a file's name in lower case, without its dot ("PNG" and "png" give "png");
// empty when the name has none. How the commands tell the formats they write apart.
std::string lowercase_extension(const std::string& path);
// The PNG file's bytes. Throws std::runtime_error if encoding fails.
std::string encode_png(const RgbaImage& image);
// Reads a PNG as RGBA8. Throws std::runtime_error naming the file on failure.
RgbaImage read_png(const std::string& path);

struct ImageDiff {
    int max_channel_difference = 0;
    double fraction_differing = 0.0;  // pixels whose max channel difference exceeds `threshold`
    RgbaImage diff;                   // visualisation: differing pixels in red over a dimmed copy
};

// Compares two images of the same size; throws std::invalid_argument if the sizes differ.
ImageDiff compare_images(const RgbaImage& expected, const RgbaImage& actual, int threshold);

}  // namespace vedette::render

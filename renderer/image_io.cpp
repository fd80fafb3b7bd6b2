#include "renderer/image_io.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <stdexcept>

#include <stb_image.h>
#include <stb_image_write.h>

#include "sim/core/atomic_file.h"

namespace vedette::render {

namespace {
void append_bytes(void* context, void* data, int size) {
    auto* out = static_cast<std::string*>(context);
    out->append(static_cast<const char*>(data), static_cast<std::size_t>(size));
}
}  // namespace

std::string encode_png(const RgbaImage& image) {
    std::string bytes;
    const int ok = stbi_write_png_to_func(append_bytes, &bytes, static_cast<int>(image.width),
                                          static_cast<int>(image.height), 4, image.pixels.data(),
                                          static_cast<int>(image.width * 4));
    if (!ok) throw std::runtime_error("PNG encoding failed");
    return bytes;
}

std::string lowercase_extension(const std::string& path) {
    const auto dot = path.rfind('.');
    if (dot == std::string::npos || path.find('/', dot) != std::string::npos) return {};
    std::string ext = path.substr(dot + 1);
    for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
    return ext;
}

void write_png(const std::string& path, const RgbaImage& image) {
    std::string bytes;
    try {
        bytes = encode_png(image);
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(path + ": " + e.what());
    }
    sim::write_file_atomically(path, bytes);
}

RgbaImage read_png(const std::string& path) {
    int w = 0, h = 0, n = 0;
    stbi_uc* data = stbi_load(path.c_str(), &w, &h, &n, 4);
    if (!data) throw std::runtime_error(path + ": cannot read PNG (" + stbi_failure_reason() + ")");
    RgbaImage img(static_cast<std::uint32_t>(w), static_cast<std::uint32_t>(h));
    std::copy(data, data + img.pixels.size(), img.pixels.begin());
    stbi_image_free(data);
    return img;
}

ImageDiff compare_images(const RgbaImage& expected, const RgbaImage& actual, int threshold) {
    if (expected.width != actual.width || expected.height != actual.height)
        throw std::invalid_argument(
            "image sizes differ: expected " + std::to_string(expected.width) + "x" +
            std::to_string(expected.height) + ", actual " + std::to_string(actual.width) + "x" +
            std::to_string(actual.height));
    ImageDiff result;
    result.diff = RgbaImage(actual.width, actual.height);
    std::size_t differing = 0;
    const std::size_t count = std::size_t(actual.width) * actual.height;
    for (std::size_t i = 0; i < count; ++i) {
        int m = 0;
        for (int c = 0; c < 4; ++c)
            m = std::max(m,
                         std::abs(int(expected.pixels[i * 4 + c]) - int(actual.pixels[i * 4 + c])));
        result.max_channel_difference = std::max(result.max_channel_difference, m);
        std::uint8_t* d = &result.diff.pixels[i * 4];
        if (m > threshold) {
            ++differing;
            d[0] = 255;
            d[1] = 0;
            d[2] = 0;
        } else {
            for (int c = 0; c < 3; ++c)
                d[c] = static_cast<std::uint8_t>(actual.pixels[i * 4 + c] / 3);
        }
        d[3] = 255;
    }
    result.fraction_differing = count ? double(differing) / double(count) : 0.0;
    return result;
}

}  // namespace vedette::render

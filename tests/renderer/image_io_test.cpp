#include <filesystem>

#include <gtest/gtest.h>

#include "renderer/image_io.h"

namespace vedette {
namespace {

render::RgbaImage checker(std::uint32_t w, std::uint32_t h) {
    render::RgbaImage img(w, h);
    for (std::uint32_t y = 0; y < h; ++y)
        for (std::uint32_t x = 0; x < w; ++x) {
            auto* p = &img.pixels[(std::size_t(y) * w + x) * 4];
            p[0] = static_cast<std::uint8_t>(x * 16);
            p[1] = static_cast<std::uint8_t>(y * 16);
            p[2] = ((x + y) % 2) ? 255 : 0;
            p[3] = 255;
        }
    return img;
}

TEST(ImageIo, PngRoundTripIsExact) {
    std::filesystem::create_directories(VEDETTE_TEST_OUTPUT_DIR);
    const std::string path = std::string(VEDETTE_TEST_OUTPUT_DIR) + "/roundtrip.png";
    const auto img = checker(13, 7);
    render::write_png(path, img);
    const auto back = render::read_png(path);
    EXPECT_EQ(back.width, 13u);
    EXPECT_EQ(back.height, 7u);
    EXPECT_EQ(back.pixels, img.pixels);
}

TEST(ImageIo, CompareCountsDifferingPixels) {
    const auto a = checker(10, 10);
    auto b = a;
    b.pixels[0] = static_cast<std::uint8_t>(b.pixels[0] + 40);  // one pixel off by 40
    b.pixels[4] = static_cast<std::uint8_t>(b.pixels[4] + 2);   // one pixel off by 2
    const auto d = render::compare_images(a, b, 3);
    EXPECT_EQ(d.max_channel_difference, 40);
    EXPECT_DOUBLE_EQ(d.fraction_differing, 0.01);
    EXPECT_THROW(render::compare_images(a, checker(9, 10), 0), std::invalid_argument);
}

TEST(ImageIo, MissingPngIsAClearError) {
    try {
        render::read_png("/nonexistent/file.png");
        FAIL() << "expected an exception";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent/file.png"), std::string::npos);
    }
}

}  // namespace
}  // namespace vedette

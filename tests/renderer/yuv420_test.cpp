// The MP4 and WebM exports hand ffmpeg frames already in yuv420p (renderer/export/yuv420.h): the
// conversion must give what ffmpeg's own gave, BT.601 in studio range, each chroma sample its
// 2 x 2 block's colour, to within a level.

#include <cmath>
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "renderer/export/yuv420.h"

namespace vedette::render {
namespace {

struct Yuv {
    double y, u, v;
};
// The exact matrix: luma 16-235, chroma 16-240 around 128.
Yuv exact(double r, double g, double b) {
    const double y = 0.299 * r + 0.587 * g + 0.114 * b;
    return {16 + 219 * y / 255, 128 + 224 * (b - y) / (1.772 * 255),
            128 + 224 * (r - y) / (1.402 * 255)};
}

TEST(Yuv420, BlackWhiteAndGreyAreTheStudioRange) {
    for (const auto& [level, luma] : {std::pair{0, 16}, {255, 235}, {128, 126}}) {
        std::vector<std::uint8_t> rgba(4 * 4 * 4, std::uint8_t(level)), out;
        rgba_to_yuv420(rgba.data(), 4, 4, out);
        ASSERT_EQ(out.size(), 16u + 4u + 4u);
        for (int i = 0; i < 16; ++i) EXPECT_NEAR(out[i], luma, 1) << level;
        for (int i = 16; i < 24; ++i) EXPECT_EQ(out[i], 128) << level;
    }
}

TEST(Yuv420, EveryPixelIsWithinALevelOfTheExactMatrix) {
    // Colours all over the cube, a 2 x 2 block of one colour each, on a frame wide enough for
    // the vectorised loops and their tails.
    const std::uint32_t w = 38, h = 6;
    std::vector<std::uint8_t> rgba(std::size_t(w) * h * 4), out;
    auto colour = [](std::uint32_t bx, std::uint32_t by, int c) {
        return std::uint8_t((bx * 53 + by * 97 + std::uint32_t(c) * 151) * 37 % 256);
    };
    for (std::uint32_t y = 0; y < h; ++y)
        for (std::uint32_t x = 0; x < w; ++x)
            for (int c = 0; c < 4; ++c)
                rgba[(std::size_t(y) * w + x) * 4 + std::size_t(c)] = colour(x / 2, y / 2, c);
    rgba_to_yuv420(rgba.data(), w, h, out);
    ASSERT_EQ(out.size(), std::size_t(w) * h * 3 / 2);
    for (std::uint32_t by = 0; by < h / 2; ++by)
        for (std::uint32_t bx = 0; bx < w / 2; ++bx) {
            const Yuv e = exact(colour(bx, by, 0), colour(bx, by, 1), colour(bx, by, 2));
            const std::size_t luma = std::size_t(2 * by) * w + 2 * bx;
            EXPECT_NEAR(out[luma], e.y, 1.0) << bx << "," << by;
            EXPECT_NEAR(out[luma + w + 1], e.y, 1.0) << bx << "," << by;
            const std::size_t chroma = std::size_t(by) * (w / 2) + bx;
            EXPECT_NEAR(out[std::size_t(w) * h + chroma], e.u, 1.5) << bx << "," << by;
            EXPECT_NEAR(out[std::size_t(w) * h * 5 / 4 + chroma], e.v, 1.5) << bx << "," << by;
        }
}

TEST(Yuv420, ChromaIsTheBlocksAverage) {
    // A block of two red and two blue pixels has the chroma of their average, purple.
    const std::uint8_t rgba[16] = {255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255, 255, 0, 0, 255};
    std::vector<std::uint8_t> out;
    rgba_to_yuv420(rgba, 2, 2, out);
    const Yuv e = exact(127.5, 0, 127.5);
    EXPECT_NEAR(out[4], e.u, 1.5);
    EXPECT_NEAR(out[5], e.v, 1.5);
}

TEST(Yuv420, OnlyEvenSizesHaveWholeChromaSamples) {
    EXPECT_TRUE(fits_yuv420(1920, 1080));
    EXPECT_FALSE(fits_yuv420(1921, 1080));
    EXPECT_FALSE(fits_yuv420(1920, 1081));
    EXPECT_FALSE(fits_yuv420(0, 0));
}

}  // namespace
}  // namespace vedette::render

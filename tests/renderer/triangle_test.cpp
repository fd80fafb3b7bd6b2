// Headless smoke test: lavapipe + validation, one triangle into an offscreen image, read back,
// known pixels checked, zero validation errors.

#include <filesystem>

#include <gtest/gtest.h>

#include "renderer/triangle_smoke.h"
#include "tests/renderer/lavapipe_context.h"

namespace vedette {
namespace {

TEST(HeadlessTriangle, RendersKnownPixelsWithoutValidationErrors) {
    auto ctx = test::make_lavapipe_context();
    ASSERT_TRUE(ctx->validation_enabled());
    EXPECT_NE(ctx->device_name().find("llvmpipe"), std::string::npos) << ctx->device_name();

    const auto img = render::render_triangle(*ctx, 64, 64);
    ASSERT_EQ(img.width, 64u);
    ASSERT_EQ(img.height, 64u);

    // Corners are outside the triangle: the black clear colour.
    for (auto [x, y] : {std::pair{0u, 0u}, {63u, 0u}, {0u, 63u}, {63u, 63u}}) {
        const auto* p = img.at(x, y);
        EXPECT_EQ(p[0], 0);
        EXPECT_EQ(p[1], 0);
        EXPECT_EQ(p[2], 0);
        EXPECT_EQ(p[3], 255);
    }
    // Near the top vertex (red): y = -0.6 in NDC is pixel row 12.8; the top is red-dominated.
    const auto* top = img.at(32, 15);
    EXPECT_GT(top[0], 180);
    EXPECT_LT(top[1], 60);
    EXPECT_LT(top[2], 60);
    // Near the bottom right vertex (green) and bottom left vertex (blue).
    const auto* right = img.at(49, 50);
    EXPECT_GT(right[1], 150);
    EXPECT_GT(right[1], right[0]);
    EXPECT_GT(right[1], right[2]);
    const auto* left = img.at(14, 50);
    EXPECT_GT(left[2], 150);
    EXPECT_GT(left[2], left[0]);
    EXPECT_GT(left[2], left[1]);
    // The centre mixes all three.
    const auto* centre = img.at(32, 40);
    EXPECT_GT(int(centre[0]) + centre[1] + centre[2], 200);

    std::filesystem::create_directories(VEDETTE_TEST_OUTPUT_DIR);
    render::write_png(std::string(VEDETTE_TEST_OUTPUT_DIR) + "/triangle.png", img);
    test::expect_no_validation_errors(*ctx);
}

TEST(HeadlessTriangle, SameInputGivesSamePixels) {
    auto ctx = test::make_lavapipe_context();
    const auto a = render::render_triangle(*ctx, 48, 32);
    const auto b = render::render_triangle(*ctx, 48, 32);
    EXPECT_EQ(a.pixels, b.pixels);
    test::expect_no_validation_errors(*ctx);
}

}  // namespace
}  // namespace vedette

namespace vedette {
namespace {

// Proves the error counter the other tests rely on really fires: a deliberately invalid call
// (a zero-sized buffer) must be reported by the validation layer.
TEST(ValidationLayer, ReportsADeliberateError) {
    auto ctx = test::make_lavapipe_context();
    VkBufferCreateInfo bci{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    bci.size = 0;  // VUID-VkBufferCreateInfo-size-00912
    bci.usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    VkBuffer buffer = VK_NULL_HANDLE;
    vkCreateBuffer(ctx->device(), &bci, nullptr, &buffer);
    if (buffer) vkDestroyBuffer(ctx->device(), buffer, nullptr);
    EXPECT_GE(ctx->validation_errors(), 1u);
}

}  // namespace
}  // namespace vedette

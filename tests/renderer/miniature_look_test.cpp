// The miniature look's tilt-shift: the band where the moment's units stand stays sharp, the rows
// far above and below it blur (a noisy picture loses its pixel-to-pixel contrast there), and
// colours get richer; the focus follows the event's units on the screen.

#include <gtest/gtest.h>

#include <cstdlib>

#include "renderer/export/miniature_look.h"
#include "tests/renderer/demo_fixture.h"

namespace vedette::render {
namespace miniature_look_test {

// A picture of random greys, the same every run.
RgbaImage noise(std::uint32_t w, std::uint32_t h) {
    RgbaImage img(w, h);
    std::uint32_t s = 12345;
    for (std::size_t i = 0; i < img.pixels.size(); i += 4) {
        s = s * 1664525u + 1013904223u;
        const auto v = static_cast<std::uint8_t>(s >> 24);
        img.pixels[i] = img.pixels[i + 1] = img.pixels[i + 2] = v;
        img.pixels[i + 3] = 255;
    }
    return img;
}

// How much neighbouring pixels of row y differ, on average.
double row_contrast(const RgbaImage& img, std::uint32_t y) {
    double sum = 0;
    for (std::uint32_t x = 1; x < img.width; ++x)
        sum += std::abs(int(img.at(x, y)[0]) - int(img.at(x - 1, y)[0]));
    return sum / (img.width - 1);
}

TEST(MiniatureLook, SharpInTheFocusBandBlurredFarFromIt) {
    RgbaImage img = noise(320, 360);
    const RgbaImage before = img;
    apply_tilt_shift(img, 180.0f);
    // The focus row: untouched (grey stays grey under the richer colours).
    for (std::uint32_t x = 0; x < img.width; ++x)
        EXPECT_EQ(img.at(x, 180)[0], before.at(x, 180)[0]);
    EXPECT_GT(row_contrast(before, 5), 60.0);
    EXPECT_LT(row_contrast(img, 5), row_contrast(before, 5) / 3);
    EXPECT_LT(row_contrast(img, 355), row_contrast(before, 355) / 3);
}

TEST(MiniatureLook, ColoursGetRicher) {
    RgbaImage img(4, 4);
    for (std::size_t i = 0; i < img.pixels.size(); i += 4)
        img.pixels[i] = 150, img.pixels[i + 1] = 100, img.pixels[i + 2] = 80,
        img.pixels[i + 3] = 255;
    apply_tilt_shift(img, 2.0f);
    EXPECT_GT(img.pixels[0], 150);
    EXPECT_LT(img.pixels[2], 80);
}

TEST(MiniatureLook, LooksByName) {
    EXPECT_EQ(parse_look("miniature"), Look::miniature);
    EXPECT_EQ(parse_look("table"), Look::table);
    EXPECT_THROW(parse_look("sepia"), std::invalid_argument);
}

TEST(MiniatureLook, TheFocusFollowsTheEventsUnits) {
    const ReplayScene& scene = demo();
    int melee = -1;
    for (const auto& e : scene.replay.events)
        if (e.kind == "melee") {
            melee = e.seq;
            break;
        }
    ASSERT_GE(melee, 0);
    const SceneState state = scene_at_time(scene, time_of_event(scene, melee));
    // A camera looking down on the first unit of the melee from the south: it stands low in the
    // picture when the camera looks at a point beyond it.
    const int first = scene.replay.events[static_cast<std::size_t>(melee)].units[0];
    const UnitView* found = nullptr;
    for (const auto& v : state.units)
        if (v.unit == first) found = &v;
    ASSERT_NE(found, nullptr);
    const UnitView& u = *found;
    const glm::vec3 at = table_point(u.x_mm, u.y_mm + 150, 0);
    const Camera cam = look_at_camera(at + glm::vec3(0, 400, 400), at, 16.0f / 9.0f);
    const float row = focus_row(scene, state, cam, 320, 180);
    EXPECT_GT(row, 95.0f);
    EXPECT_LT(row, 180.0f);
}

}  // namespace miniature_look_test
}  // namespace vedette::render

// Figures that march: two frames of a marching unit a quarter of a gait cycle apart differ in the
// figures' pixels with the unit held in one place (its own translation removed: the legs moved),
// and a standing unit's do not. A casualty topples. Rendered on lavapipe with validation on.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "renderer/battlefield_renderer.h"
#include "renderer/scene/figure_motion.h"
#include "tests/renderer/demo_fixture.h"
#include "tests/renderer/lavapipe_context.h"

namespace vedette::render {
namespace figure_motion_test {

// A company in column in the middle of the demo table, marching across the picture and seen from
// its side, close by: each figure some 40 pixels tall. Open order carries no flag (a flag waves
// even standing).
UnitView battalion(const ReplayScene& scene) {
    UnitView u;
    u.unit = 0;
    u.side = 0;
    u.nation = "french";
    u.visual = "open_order";
    u.x_mm = scene.replay.header.board.terrain.width_mm / 2.0;
    u.y_mm = scene.replay.header.board.terrain.depth_mm / 2.0;
    u.facing_x = 1, u.facing_y = 0;  // marching across the picture: legs seen from the side
    u.figures = 8;
    u.layout = "column";
    u.width_mm = 14, u.depth_mm = 42;
    return u;
}

// Pixels whose colour differs by more than a rounding between two frames.
int differing(const RgbaImage& a, const RgbaImage& b) {
    int n = 0;
    for (std::size_t i = 0; i + 3 < a.pixels.size(); i += 4)
        for (int c = 0; c < 3; ++c)
            if (std::abs(int(a.pixels[i + c]) - int(b.pixels[i + c])) > 6) {
                ++n;
                break;
            }
    return n;
}

class FigureMotion : public ::testing::Test {
protected:
    RgbaImage frame(const UnitView& u, std::int64_t time_ms) {
        SceneState s;
        s.time_ms = time_ms;
        s.units = {u};
        const glm::vec3 target = table_point(u.x_mm, u.y_mm, 5.0);
        const Camera cam = look_at_camera(target + glm::vec3(0.0f, 22.0f, 62.0f), target,
                                          float(size.width) / float(size.height));
        return renderer.render(s, cam);
    }
    std::unique_ptr<VulkanContext> ctx = test::make_lavapipe_context();
    const VkExtent2D size{320, 180};
    BattlefieldRenderer renderer{*ctx, size, demo()};
};

TEST_F(FigureMotion, MarchingLegsMoveAndStandingLegsDoNot) {
    UnitView u = battalion(demo());
    u.moving = true;
    u.speed_mm_s = 30;
    ASSERT_EQ(gait_of(u, visuals().figure(u.visual)), Gait::walk);
    // A quarter of a walk's cycle (1.7 cycles a second) after 10 s.
    const std::int64_t t0 = 10000, quarter = 147;
    const RgbaImage a = frame(u, t0), b = frame(u, t0 + quarter);
    const int marching = differing(a, b);
    // For a person to look at: build/test-output/marching_[ab].png.
    std::filesystem::create_directories(VEDETTE_TEST_OUTPUT_DIR);
    write_png(std::string(VEDETTE_TEST_OUTPUT_DIR) + "/marching_a.png", a);
    write_png(std::string(VEDETTE_TEST_OUTPUT_DIR) + "/marching_b.png", b);
    u.moving = false;
    const int standing = differing(frame(u, t0), frame(u, t0 + quarter));
    EXPECT_GT(marching, 150) << "the legs did not move";
    EXPECT_EQ(standing, 0);
    test::expect_no_validation_errors(*ctx);
}

TEST_F(FigureMotion, ACasualtyFallsOver) {
    UnitView u = battalion(demo());
    const RgbaImage upright = frame(u, 5000);
    u.figures = 7, u.falling = 1, u.fall = 0.8f;
    const int fallen = differing(upright, frame(u, 5000));
    EXPECT_GT(fallen, 40);
    test::expect_no_validation_errors(*ctx);
}

}  // namespace figure_motion_test
}  // namespace vedette::render

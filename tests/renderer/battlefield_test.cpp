// Rendering replays on lavapipe with the validation layer: a unit of known colour shows up where
// the camera projects it; the same moment gives the same pixels; golden images of fixed moments
// of shipped replays match within per-test tolerances (failures write actual and diff images).

#include <cstdlib>
#include <filesystem>

#include <gtest/gtest.h>

#include "renderer/battlefield_renderer.h"
#include "renderer/export/captions.h"
#include "renderer/export/overlay_panels.h"
#include "tests/renderer/lavapipe_context.h"

#include "tests/renderer/demo_fixture.h"

namespace vedette::render {
namespace {

glm::vec2 project(const Camera& c, double x_mm, double y_mm, double h, VkExtent2D size) {
    const glm::vec4 clip = c.view_proj * glm::vec4(float(x_mm), float(h), float(-y_mm), 1.0f);
    const glm::vec2 ndc(clip.x / clip.w, clip.y / clip.w);
    return {(ndc.x * 0.5f + 0.5f) * float(size.width), (ndc.y * 0.5f + 0.5f) * float(size.height)};
}

TEST(BattlefieldRender, AUnitOfKnownColourShowsWhereTheCameraProjectsIt) {
    auto ctx = test::make_lavapipe_context();
    const ReplayScene& scene = demo();
    const VkExtent2D size{320, 240};
    BattlefieldRenderer renderer(*ctx, size, scene);
    const SceneState state = scene_at_time(scene, 0);
    const Camera camera =
        make_camera(parse_camera("top"), scene, state, float(size.width) / float(size.height));
    const RgbaImage img = renderer.render(state, camera);
    // The British 33rd Foot (red) and the French 1er cuirassiers (blue).
    int checked = 0;
    for (const auto& u : state.units) {
        if (u.id != "a_foot_2" && u.id != "f_cuir_1") continue;
        const glm::vec2 p =
            project(camera, u.x_mm, u.y_mm,
                    renderer.terrain().height(float(u.x_mm), float(u.y_mm)) + 8, size);
        ASSERT_GE(p.x, 0);
        ASSERT_LT(p.x, size.width);
        ASSERT_GE(p.y, 0);
        ASSERT_LT(p.y, size.height);
        // Look for the unit's colours (its figures and its darker base, both in the nation's
        // colour) around the projected point; the field around it is green.
        bool found = false;
        for (int dy = -3; dy <= 3 && !found; ++dy)
            for (int dx = -3; dx <= 3 && !found; ++dx) {
                const auto* px = img.at(std::uint32_t(p.x) + std::uint32_t(dx),
                                        std::uint32_t(p.y) + std::uint32_t(dy));
                found = u.id == "a_foot_2" ? (px[0] > px[1] + 30 && px[0] > px[2] + 30)
                                           : (px[2] > px[0] + 15 && px[2] > px[1] + 8);
            }
        EXPECT_TRUE(found) << u.id << " at pixel " << p.x << ", " << p.y;
        ++checked;
        // And the field far from any unit is green.
    }
    EXPECT_EQ(checked, 2);
    const auto* field = img.at(size.width / 2 + 40, size.height / 2);
    EXPECT_GT(field[1], field[0]);
    EXPECT_GT(field[1], field[2]);
    test::expect_no_validation_errors(*ctx);
}

TEST(BattlefieldRender, SameMomentSamePixelsAndMotionBetweenEvents) {
    auto ctx = test::make_lavapipe_context();
    const ReplayScene& scene = demo();
    const VkExtent2D size{160, 90};
    BattlefieldRenderer renderer(*ctx, size, scene);
    const SceneState s1 = scene_at_time(scene, time_of_event(scene, 20));
    const Camera c = make_camera(parse_camera("overview"), scene, s1, 16.0f / 9.0f);
    const RgbaImage a = renderer.render(s1, c);
    const RgbaImage b = renderer.render(scene_at_time(scene, time_of_event(scene, 20)), c);
    EXPECT_EQ(a.pixels, b.pixels);
    // A charge in progress: the mover is between the ends of its path.
    for (std::size_t i = 0; i < scene.replay.events.size(); ++i) {
        const auto& e = scene.replay.events[i];
        if (e.kind != "charge_move" || !e.motion) continue;
        const SceneState mid = scene_at_time(scene, (e.t0_ms + e.t1_ms) / 2);
        for (const auto& u : mid.units)
            if (u.unit == e.units[0]) {
                EXPECT_TRUE(u.moving);
                const double ex = double(e.motion->path.back().x),
                             sx = double(e.motion->path.front().x);
                EXPECT_NEAR(u.x_mm, (sx + ex) / 2, std::abs(ex - sx) / 2 + 1);
            }
        break;
    }
    test::expect_no_validation_errors(*ctx);
}

TEST(Captions, ALowerThirdWithTheEventText) {
    auto ctx = test::make_lavapipe_context();
    const ReplayScene& scene = demo();
    const VkExtent2D size{320, 180};
    BattlefieldRenderer renderer(*ctx, size, scene);
    const SceneState state = scene_at_time(scene, time_of_event(scene, 5));
    const Camera cam = make_camera(parse_camera("overview"), scene, state, 320.0f / 180.0f);
    const RgbaImage plain = renderer.render(state, cam);
    RgbaImage captioned = plain;
    CaptionPainter(size.height).paint(captioned, scene, state);
    // Above the band nothing changes; in the band the picture is darkened and light text appears.
    const std::uint32_t band_top =
        size.height - std::uint32_t(std::clamp(float(size.height) / 26.0f, 11.0f, 48.0f) * 4.2f);
    std::size_t changed_above = 0, light_text = 0;
    for (std::uint32_t y = 0; y < size.height; ++y)
        for (std::uint32_t x = 0; x < size.width; ++x) {
            const auto* a = plain.at(x, y);
            const auto* b = captioned.at(x, y);
            if (y < band_top)
                changed_above += a[0] != b[0] || a[1] != b[1] || a[2] != b[2];
            else
                light_text += b[0] > 200 && b[1] > 200;
        }
    EXPECT_EQ(changed_above, 0u);
    EXPECT_GT(light_text, 100u);
    // The same frame always gets the same caption pixels.
    RgbaImage again = plain;
    CaptionPainter(size.height).paint(again, scene, state);
    EXPECT_EQ(again.pixels, captioned.pixels);
}

TEST(Panels, TimelineAlwaysMeleePanelOnlyDuringAMelee) {
    auto ctx = test::make_lavapipe_context();
    const ReplayScene& scene = demo();
    const VkExtent2D size{480, 270};
    BattlefieldRenderer renderer(*ctx, size, scene);
    auto light_pixels = [&](const RgbaImage& img, std::uint32_t x0, std::uint32_t y0,
                            std::uint32_t x1, std::uint32_t y1) {
        std::size_t n = 0;
        for (std::uint32_t y = y0; y < y1; ++y)
            for (std::uint32_t x = x0; x < x1; ++x)
                n += img.at(x, y)[0] > 200 && img.at(x, y)[1] > 200;
        return n;
    };
    int melee = -1, quiet = -1;
    for (const auto& e : scene.replay.events) {
        if (melee < 0 && e.category == sim::record::Category::melee && e.explanation) melee = e.seq;
        if (quiet < 0 && e.kind == "move") quiet = e.seq;
    }
    ASSERT_GE(melee, 0);
    ASSERT_GE(quiet, 0);
    for (int seq : {melee, quiet}) {
        const SceneState state = scene_at_time(scene, time_of_event(scene, seq));
        const Camera cam = make_camera(parse_camera("top"), scene, state, 480.0f / 270.0f);
        const RgbaImage plain = renderer.render(state, cam);
        RgbaImage panels = plain;
        PanelPainter(size.height).paint(panels, scene, state);
        // The timeline band at the top carries the current-moment marker and labels.
        EXPECT_GT(light_pixels(panels, 0, 0, size.width, 20),
                  light_pixels(plain, 0, 0, size.width, 20))
            << seq;
        // The melee panel (right, below the timeline) only while a melee is shown.
        const std::size_t text = light_pixels(panels, size.width * 3 / 5, 40, size.width, 200);
        if (seq == melee) {
            EXPECT_GT(text, 60u);
        } else {
            EXPECT_EQ(text, light_pixels(plain, size.width * 3 / 5, 40, size.width, 200));
        }
    }
    test::expect_no_validation_errors(*ctx);
}

struct Golden {
    const char* name;
    int event;
    const char* camera;
    int max_channel_difference;
    double max_fraction_differing;
};

// Fixed moments of the demo battle: before contact, a melee, a rout and a pursuit.
int first_event(const char* kind) {
    for (const auto& e : demo().replay.events)
        if (e.kind == kind) return e.seq;
    return -1;
}

TEST(BattlefieldRender, GoldenImagesOfShippedReplays) {
    auto ctx = test::make_lavapipe_context();
    const ReplayScene& scene = demo();
    const VkExtent2D size{192, 108};
    BattlefieldRenderer renderer(*ctx, size, scene);
    const Golden goldens[] = {
        {"demo_before_contact", first_event("charge_move"), "director", 24, 0.01},
        {"demo_melee", first_event("melee"), "director", 24, 0.01},
        {"demo_rout", first_event("rout"), "director", 24, 0.01},
        {"demo_pursuit", first_event("pursue"), "top", 24, 0.01}};
    const bool update = std::getenv("VEDETTE_UPDATE_GOLDEN") != nullptr;
    std::filesystem::create_directories(VEDETTE_TEST_OUTPUT_DIR);
    for (const auto& g : goldens) {
        ASSERT_GE(g.event, 0) << g.name;
        const SceneState state = scene_at_time(scene, time_of_event(scene, g.event));
        const Camera cam = make_camera(parse_camera(g.camera), scene, state,
                                       float(size.width) / float(size.height));
        const RgbaImage actual = renderer.render(state, cam);
        const std::string golden = kSource + "/tests/golden/" + g.name + ".png";
        if (update) {
            write_png(golden, actual);
            continue;
        }
        const RgbaImage expected = read_png(golden);
        const ImageDiff d = compare_images(expected, actual, g.max_channel_difference);
        if (d.fraction_differing > g.max_fraction_differing) {
            write_png(std::string(VEDETTE_TEST_OUTPUT_DIR) + "/" + g.name + ".actual.png", actual);
            write_png(std::string(VEDETTE_TEST_OUTPUT_DIR) + "/" + g.name + ".diff.png", d.diff);
        }
        EXPECT_LE(d.fraction_differing, g.max_fraction_differing)
            << g.name << ": max channel difference " << d.max_channel_difference
            << "; actual and diff images in " << VEDETTE_TEST_OUTPUT_DIR;
    }
    test::expect_no_validation_errors(*ctx);
}

}  // namespace
}  // namespace vedette::render

// Boxes painted over a video frame keep off the fight they explain: `--overlay panels` puts its
// explanation and `--overlay presenter` its result card in the top corner away from the current
// event's units (box_goes_left). No GPU: the camera's projection and the painters run on the CPU.

#include <gtest/gtest.h>

#include "renderer/export/overlay_panels.h"
#include "renderer/export/presenter_overlay.h"
#include "renderer/scene/terrain_mesh.h"
#include "tests/renderer/demo_fixture.h"

namespace vedette::render {
namespace {

// The demo's first melee and where its units stand.
struct MeleeMoment {
    int event = -1;
    double x = 0, y = 0;
};
MeleeMoment first_melee() {
    const auto& events = demo().replay.events;
    for (std::size_t i = 0; i < events.size(); ++i)
        if (events[i].category == sim::record::Category::melee && events[i].explanation) {
            const SceneState s = scene_at_time(demo(), time_of_event(demo(), int(i)));
            for (const auto& u : s.units)
                if (u.unit == events[i].units.front()) return {int(i), u.x_mm, u.y_mm};
        }
    ADD_FAILURE() << "the demo has no melee";
    return {};
}

// A camera above the table looking at a point `offset_mm` to the side of the melee (+x: the
// melee lies left of the centre of the picture).
Camera looking_beside(const MeleeMoment& m, double offset_mm) {
    const glm::vec3 target = table_point(m.x + offset_mm, m.y);
    const glm::vec3 eye = table_point(m.x + offset_mm, m.y - 400, 500);
    return look_at_camera(eye, target, 16.0f / 9.0f);
}

// The share of a column of pixels that the painter darkened (a white frame painted over).
double darkened(const RgbaImage& img, std::uint32_t x) {
    int dark = 0;
    for (std::uint32_t y = 0; y < img.height; ++y) dark += img.at(x, y)[0] < 200;
    return double(dark) / img.height;
}

TEST(OverlaySide, ThePanelsExplanationStandsAwayFromTheMelee) {
    const MeleeMoment m = first_melee();
    const SceneState state = scene_at_time(demo(), time_of_event(demo(), m.event));
    const TerrainModel terrain(demo().replay.header.board.terrain);
    RgbaImage probe(640, 360);
    // The melee on the right of the picture: the box goes left, and the other way round.
    EXPECT_TRUE(box_goes_left(probe, demo(), state, looking_beside(m, -150), terrain));
    EXPECT_FALSE(box_goes_left(probe, demo(), state, looking_beside(m, 150), terrain));
    // The units of an event off screen (the camera far away, looking elsewhere): no side wanted.
    EXPECT_FALSE(event_units_box(probe, demo(), state,
                                 look_at_camera(table_point(m.x, m.y + 5000, 50),
                                                table_point(m.x, m.y + 9000), 16.0f / 9.0f),
                                 terrain));
    for (const bool left : {true, false}) {
        RgbaImage img(640, 360);
        std::fill(img.pixels.begin(), img.pixels.end(), std::uint8_t(255));
        PanelPainter(img.height).paint(img, demo(), state, left);
        const double at_left = darkened(img, 20), at_right = darkened(img, img.width - 20);
        EXPECT_GT(left ? at_left : at_right, 0.5) << "the panel's side, left " << left;
        EXPECT_LT(left ? at_right : at_left, 0.1) << "the other side stays clear, left " << left;
    }
}

}  // namespace
}  // namespace vedette::render

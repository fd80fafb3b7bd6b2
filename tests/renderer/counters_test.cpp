// The counters view's counters: about four fifths of a hex across, where the record places the
// unit (not where its base slid to touch a neighbour), and two counters in one hex stacked with
// the upper one offset so both show.

#include <gtest/gtest.h>

#include <cmath>

#include "renderer/scene/base_contact.h"
#include "renderer/scene/counters.h"
#include "tests/renderer/demo_fixture.h"

namespace vedette::render {
namespace counters_test {

UnitView unit_at(int id, double x, double y) {
    UnitView u;
    u.unit = id;
    u.x_mm = u.placed_x_mm = x;
    u.y_mm = u.placed_y_mm = y;
    u.width_mm = 50, u.depth_mm = 25;
    return u;
}

TEST(Counters, FourFifthsOfAHexStackedAndOffset) {
    SceneState s;
    s.counters = true;
    s.hex_size_mm = 40;  // 69.3 mm across the flats
    s.units = {unit_at(0, 100, 100), unit_at(1, 100, 100), unit_at(2, 300, 100)};
    separate_bases(s);  // the figures view's bases part; the counters keep the hex
    EXPECT_NE(s.units[1].y_mm, 100.0);
    const auto places = counter_places(s);
    ASSERT_EQ(places.size(), 3u);
    const float across = static_cast<float>(std::sqrt(3.0) * 40);
    for (const auto& c : places) EXPECT_NEAR(c.side, 0.8f * across, 0.01f);
    EXPECT_EQ(places[0].under, 0);
    EXPECT_EQ(places[1].under, 1);
    EXPECT_EQ(places[2].under, 0);
    EXPECT_FLOAT_EQ(places[0].x, 100.0f);
    EXPECT_FLOAT_EQ(places[0].y, 100.0f);
    // The upper counter a step up and to the right, so the one under it still shows.
    EXPECT_GT(places[1].x, places[0].x + 0.08f * places[0].side);
    EXPECT_GT(places[1].y, places[0].y + 0.08f * places[0].side);
    EXPECT_GT(places[1].top_mm, places[0].top_mm);
    EXPECT_FLOAT_EQ(places[2].x, 300.0f);
    // Drawn so: two boxes a counter (face and front strip), the upper one lifted.
    InstanceBatches out(visuals().mesh_count());
    layout_counters(s, visuals(), out);
    const auto& boxes = out.by_mesh[mesh_id(MeshKind::base)];
    ASSERT_EQ(boxes.size(), 6u);
    EXPECT_FLOAT_EQ(boxes[0].sx, places[0].side);
    EXPECT_GT(boxes[2].z, boxes[0].z);
}

TEST(Counters, WithoutHexesSizedFromTheFootprint) {
    SceneState s;
    s.counters = true;
    s.units = {unit_at(0, 100, 100)};
    EXPECT_FLOAT_EQ(counter_places(s)[0].side, 27.5f);  // 0.55 of 50 mm
}

}  // namespace counters_test
}  // namespace vedette::render

// `vedette check`'s deployment check (sim/replay/deployment.h) and the rectangle overlap depth it
// rests on: bases that overlap are found with how far they reach into each other; bases side by
// side, or touching, are not.
#include "sim/replay/deployment.h"

#include <gtest/gtest.h>

#include "sim/geom/fixed_geometry.h"

namespace vedette::sim::replay {
namespace {

record::Snapshot base(int unit, geom::i64 x, geom::i64 y, geom::Vec facing, geom::i64 w,
                      geom::i64 d) {
    record::Snapshot s;
    s.unit = unit;
    s.pose.pos = {x, y};
    s.pose.facing = facing;
    s.look.width_mm = w;
    s.look.depth_mm = d;
    s.state = "formed";
    return s;
}

TEST(Deployment, OverlappingBasesAreFoundWithTheirDepth) {
    Recorded r;
    record::Event setup;
    setup.kind = "setup";
    const geom::Vec north{0, geom::kOne}, south{0, -geom::kOne};
    setup.after = {base(0, 500, 500, north, 120, 40),   // 480..520 in y
                   base(1, 500, 530, south, 120, 40),   // 510..550: 10 mm into unit 0
                   base(2, 700, 500, north, 120, 40),   // 640..760 in x, clear of unit 0
                   base(3, 820, 500, north, 120, 40)};  // touches unit 2 edge to edge
    r.events.push_back(setup);
    const auto found = overlapping_bases(r);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].a, 0);
    EXPECT_EQ(found[0].b, 1);
    EXPECT_EQ(found[0].depth_mm, 10);
    // Units off the table are not on the ground.
    r.events[0].after[1].look.off_table = true;
    EXPECT_TRUE(overlapping_bases(r).empty());
}

TEST(Deployment, DepthFollowsTheFacingOfTurnedBases) {
    geom::Rect a{{0, 0}, geom::direction_of_degrees(0), 60, 20};
    geom::Rect b{{0, 0}, geom::direction_of_degrees(90), 60, 20};
    // A cross: to clear it one base must move 20 + 60 = 80 mm along either axis (its half-depth
    // and the other's half-width).
    EXPECT_EQ(geom::overlap_depth(a, b), 80);
    geom::Rect c{{200, 0}, geom::direction_of_degrees(0), 60, 20};
    EXPECT_EQ(geom::overlap_depth(a, c), 0);
    geom::Rect d{{100, 0}, geom::direction_of_degrees(0), 60, 20};
    EXPECT_EQ(geom::overlap_depth(a, d), 20);  // 60 + 60 - 100
}

}  // namespace
}  // namespace vedette::sim::replay

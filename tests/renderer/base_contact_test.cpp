// Units in contact touch edge to edge: over every shipped replay, at the end of every event, no
// two units' bases as the scene draws them (the base instances of layout_figures, in table
// millimetres) overlap by more than 1 mm. And the footprint arithmetic on hand-made rectangles.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "renderer/scene/base_contact.h"
#include "renderer/scene/figure_layout.h"
#include "tests/renderer/demo_fixture.h"

namespace vedette::render {
namespace base_contact_test {

constexpr double kToleranceMm = 1.0;

std::vector<std::string> shipped_replays() {
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(kSource + "/replays")) {
        const std::string path = entry.path().string();
        if (entry.is_regular_file() && path.ends_with(".replay.json")) files.push_back(path);
    }
    std::sort(files.begin(), files.end());
    return files;
}

// The bases drawn: each unit's footprint, the first base instance with its `unit` (the roster
// index + 1; the flock on it and a skirmish game's model bases on its tray come after).
std::vector<BaseFootprint> drawn_bases(const SceneState& state) {
    std::vector<BaseFootprint> out;
    const InstanceBatches batches = layout_figures(state, visuals());
    for (const Instance& b : footprint_bases(batches.by_mesh[mesh_id(MeshKind::base)])) {
        BaseFootprint f;
        f.cx = b.x, f.cy = b.y;
        f.fx = std::sin(b.yaw), f.fy = std::cos(b.yaw);  // yaw: clockwise from +y
        f.half_w = b.sx / 2, f.half_d = b.sy / 2;
        out.push_back(f);
    }
    return out;
}

// The worst overlap among `bases` (mm), and which two (indices into `bases`).
double worst_overlap(const std::vector<BaseFootprint>& bases, std::size_t* which = nullptr) {
    double worst = 0;
    for (std::size_t i = 0; i < bases.size(); ++i)
        for (std::size_t j = i + 1; j < bases.size(); ++j) {
            double px = 0, py = 0;
            const double depth = overlap_depth(bases[i], bases[j], px, py);
            if (depth > worst && which) which[0] = i, which[1] = j;
            worst = std::max(worst, depth);
        }
    return worst;
}

std::string describe(const BaseFootprint& b) {
    std::ostringstream out;
    out << "(" << b.cx << ", " << b.cy << ") " << 2 * b.half_w << " x " << 2 * b.half_d
        << " facing (" << b.fx << ", " << b.fy << ")";
    return out.str();
}

TEST(BaseContact, OverlapOfRectanglesIsTheShortestWayOut) {
    BaseFootprint a{0, 0, 0, 1, 30, 10};  // 60 wide, 20 deep, facing +y
    BaseFootprint b{50, 15, 0, 1, 20, 10};
    double px = 0, py = 0;
    // x: 30 + 20 - 50 = 0 apart; y: 10 + 10 - 15 = 5 deep. The shortest way out is x (0).
    EXPECT_NEAR(overlap_depth(a, b, px, py), 0.0, 1e-9);
    b.cx = 40;  // x: 10 deep, y: 5 deep: pushed along +y
    EXPECT_NEAR(overlap_depth(a, b, px, py), 5.0, 1e-9);
    EXPECT_NEAR(px, 0.0, 1e-9);
    EXPECT_NEAR(py, 1.0, 1e-9);
    // Turned a quarter: b is 20 wide along y, 40 along x... now deep along both.
    b = {0, 25, 1, 0, 20, 10};
    EXPECT_NEAR(overlap_depth(a, b, px, py), 5.0, 1e-9);  // y: 10 + 20 - 25
    b.cy = 40;
    EXPECT_LT(overlap_depth(a, b, px, py), 0.0);
}

TEST(BaseContact, SeparatedBasesTouchAndAMoverYields) {
    SceneState s;
    UnitView a, b;
    a.unit = 0, b.unit = 1;
    a.width_mm = b.width_mm = 60, a.depth_mm = b.depth_mm = 20;
    a.facing_y = 1, b.facing_y = -1;
    b.y_mm = 12;  // 8 mm into a
    b.moving = true;
    s.units = {a, b};
    separate_bases(s);
    EXPECT_DOUBLE_EQ(s.units[0].y_mm, 0.0);  // the one standing keeps its place
    EXPECT_NEAR(s.units[1].y_mm, 20.0, 1e-9);
    s.units[1].moving = false;
    s.units[1].y_mm = 12;
    separate_bases(s);  // both give way
    EXPECT_NEAR(s.units[0].y_mm, -4.0, 1e-9);
    EXPECT_NEAR(s.units[1].y_mm, 16.0, 1e-9);
}

// Every shipped replay at every event's end: the bases drawn do not overlap. The records do
// place some units' bases over each other (checked too, so the test cannot pass by accident).
TEST(BaseContact, NoTwoBasesOverlapInAnyShippedReplay) {
    const auto files = shipped_replays();
    ASSERT_GT(files.size(), 30u);
    double worst_recorded = 0;
    std::ostringstream failures;
    int events = 0;
    for (const auto& file : files) {
        const ReplayScene scene = load_replay_scene(file);
        for (const auto& e : scene.replay.events) {
            const SceneState state = scene_at_time(scene, e.t1_ms);
            ++events;
            const auto bases = drawn_bases(state);
            std::size_t pair[2] = {0, 0};
            const double worst = worst_overlap(bases, pair);
            if (worst > kToleranceMm)
                failures << file.substr(kSource.size()) << " event " << e.seq << ": " << worst
                         << " mm: " << describe(bases[pair[0]]) << " and "
                         << describe(bases[pair[1]]) << "\n";
            // The same moment with the record's own positions.
            std::vector<BaseFootprint> recorded;
            for (const auto& snap : sim::replay::state_after(scene.replay, e.seq)) {
                if (snap.look.off_table || snap.look.width_mm <= 0) continue;
                BaseFootprint f;
                f.cx = snap.pose.pos.x, f.cy = snap.pose.pos.y;
                f.fx = snap.pose.facing.x / 65536.0, f.fy = snap.pose.facing.y / 65536.0;
                f.half_w = snap.look.width_mm / 2.0, f.half_d = snap.look.depth_mm / 2.0;
                recorded.push_back(f);
            }
            worst_recorded = std::max(worst_recorded, worst_overlap(recorded));
        }
    }
    EXPECT_GT(events, 500);
    EXPECT_EQ(failures.str(), "");
    EXPECT_GT(worst_recorded, 5.0) << "the records no longer overlap: this test checks nothing";
}

}  // namespace base_contact_test
}  // namespace vedette::render

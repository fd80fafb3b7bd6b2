// The hex geometry of the Borodino system: axial neighbours and distances, the six vertex
// facings and their frontal hexes, and the grid placed exactly as the renderer draws it.

#include <gtest/gtest.h>

#include <set>

#include "sim/rulesets/borodino/hex_grid.h"

using namespace vedette::sim::borodino;

TEST(BorodinoHex, NeighboursAreSixDistinctHexesOneAway) {
    const Hex c{2, -1};
    std::set<Hex> seen;
    for (int d = 0; d < kDirections; ++d) {
        const Hex n = neighbour(c, d);
        EXPECT_EQ(distance(c, n), 1);
        EXPECT_EQ(direction_to(c, n), d);
        EXPECT_EQ(neighbour(n, opposite(d)), c);
        seen.insert(n);
    }
    EXPECT_EQ(seen.size(), 6u);
    EXPECT_EQ(direction_to(c, Hex{4, -1}), -1);
}

TEST(BorodinoHex, DistanceCountsSteps) {
    EXPECT_EQ(distance({0, 0}, {3, 0}), 3);
    EXPECT_EQ(distance({0, 0}, {2, -3}), 3);
    EXPECT_EQ(distance({0, 0}, {-2, 4}), 4);
    EXPECT_EQ(distance({1, 1}, {1, 1}), 0);
}

// Rulings: "Facing is to a hex vertex: the two hexes next to that vertex are the unit's frontal
// hexes, the other four its rear."
TEST(BorodinoHex, FacingAVertexGivesTwoFrontalHexes) {
    const Hex at{0, 0};
    for (int v = 0; v < 6; ++v) {
        const auto f = frontal_hexes(at, v);
        EXPECT_EQ(distance(f[0], f[1]), 1) << "the frontal hexes touch each other at the vertex";
        int frontal = 0;
        for (int d = 0; d < kDirections; ++d)
            frontal += is_frontal(at, v, neighbour(at, d), false) ? 1 : 0;
        EXPECT_EQ(frontal, 2);
    }
    // Facing up the table (vertex 0): the hexes up-left (-1, +1) and up-right (0, +1).
    const auto up = frontal_hexes(at, 0);
    EXPECT_EQ(up[0], (Hex{-1, 1}));
    EXPECT_EQ(up[1], (Hex{0, 1}));
    // "Infantry in a village or redoubt and units in square have all six hexes frontal."
    for (int d = 0; d < kDirections; ++d) EXPECT_TRUE(is_frontal(at, 3, neighbour(at, d), true));
}

TEST(BorodinoHex, FacingIsAVertexNeverAHexside) {
    EXPECT_EQ(vertex_from_degrees(0), 0);
    EXPECT_EQ(vertex_from_degrees(300), 5);
    EXPECT_EQ(vertex_from_degrees(-60), 5);
    EXPECT_EQ(vertex_from_degrees(30), -1);
    EXPECT_EQ(vertex_from_degrees(90), -1);
    // Turning to face a neighbour keeps a facing that already has it in front.
    EXPECT_EQ(vertex_facing({0, 0}, {0, 1}, 0), 0);
    EXPECT_EQ(vertex_facing({0, 0}, {0, 1}, 1), 1);
    // (0, -1) lies at bearing 210, between vertices 180 and 240: 240 is the shorter turn from 0.
    EXPECT_EQ(vertex_facing({0, 0}, {0, -1}, 0), 4);
    EXPECT_EQ(vertex_facing({0, 0}, {0, -1}, 2), 3);
}

TEST(BorodinoHex, CentresFollowTheRenderersPointyLayout) {
    const vedette::sim::geom::Vec o{100, 200};
    EXPECT_EQ(centre_mm({0, 0}, o, 58), o);
    // x = size * sqrt(3) * (q + r / 2), y = size * 3/2 * r: 58 * 1.732 = 100.46 -> 100 mm.
    EXPECT_EQ(centre_mm({1, 0}, o, 58), (vedette::sim::geom::Vec{200, 200}));
    EXPECT_EQ(centre_mm({0, 2}, o, 58), (vedette::sim::geom::Vec{200, 374}));
    EXPECT_EQ(facing_vector(0), (vedette::sim::geom::Vec{0, 65536}));
    EXPECT_EQ(facing_vector(3), (vedette::sim::geom::Vec{0, -65536}));
}

namespace {
std::set<Hex> hexes_of(const LineStep& s) {
    return {s.hex, s.other};
}
}  // namespace

// Rulings, Charges: "Cavalry only, target 2-3 hexes away at the start of the activation, in
// sight". The line of sight is the straight line between the two hex centres; these are the
// hexes it passes through, worked out by hand on the pointy grid (x = sqrt(3) (q + r / 2),
// y = 3/2 r).
TEST(BorodinoHex, LineBetweenCentresCrossesTheseHexes) {
    // Along a row of hexes: each one in turn, one hex a step.
    const auto row = hex_line({0, 0}, {3, 0});
    ASSERT_EQ(row.size(), 4u);
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(row[std::size_t(i)].hex, (Hex{i, 0}));
        EXPECT_FALSE(row[std::size_t(i)].two_hexes());
    }
    // To (2, 1) (centre at x 4.33, y 1.5 sizes): through (1, 0) then (1, 1), never (0, 1) or
    // (2, 0), whose centres lie 1.13 sizes off the line (a hex reaches 1.0 at its corners).
    const auto slant = hex_line({0, 0}, {2, 1});
    const std::vector<Hex> slant_hexes = {{0, 0}, {1, 0}, {1, 1}, {2, 1}};
    ASSERT_EQ(slant.size(), slant_hexes.size());
    for (std::size_t i = 0; i < slant.size(); ++i) {
        EXPECT_EQ(slant[i].hex, slant_hexes[i]) << i;
        EXPECT_FALSE(slant[i].two_hexes()) << i;
    }
    // Straight up the table two hexes, (0, 0) to (-1, 2): the line runs exactly along the side
    // between (-1, 1) and (0, 1), beside both and through neither.
    const auto up = hex_line({0, 0}, {-1, 2});
    ASSERT_EQ(up.size(), 3u);
    EXPECT_TRUE(up[1].along_hexside);
    EXPECT_EQ(hexes_of(up[1]), (std::set<Hex>{{-1, 1}, {0, 1}}));
    EXPECT_FALSE(up[0].two_hexes());
    EXPECT_FALSE(up[2].two_hexes());
    // Twice as far the same way: along a hexside, through the hex centre (-1, 2), along again.
    const auto far = hex_line({0, 0}, {-2, 4});
    ASSERT_EQ(far.size(), 5u);
    EXPECT_TRUE(far[1].along_hexside);
    EXPECT_FALSE(far[2].two_hexes());
    EXPECT_EQ(far[2].hex, (Hex{-1, 2}));
    EXPECT_TRUE(far[3].along_hexside);
    EXPECT_EQ(hexes_of(far[3]), (std::set<Hex>{{-2, 3}, {-1, 3}}));
    // To (3, 1) the line crosses the side between (1, 1) and (2, 0) at its midpoint, at a slant:
    // it passes through both (not along their side).
    const auto cross = hex_line({0, 0}, {3, 1});
    ASSERT_EQ(cross.size(), 5u);
    EXPECT_TRUE(cross[2].two_hexes());
    EXPECT_FALSE(cross[2].along_hexside);
    EXPECT_EQ(hexes_of(cross[2]), (std::set<Hex>{{1, 1}, {2, 0}}));
    EXPECT_EQ(cross[1].hex, (Hex{1, 0}));
    EXPECT_EQ(cross[3].hex, (Hex{2, 1}));
    // The same hex: itself.
    ASSERT_EQ(hex_line({2, -1}, {2, -1}).size(), 1u);
}

// Every line, both ways: step i lies i hexes from the start, each hex of a step touches one of
// the step before, the ends are the two hexes themselves, and the line back is the same hexes.
TEST(BorodinoHex, LinesStepOneHexAtATimeTheSameBothWays) {
    int along = 0;
    for (int aq = -3; aq <= 3; ++aq)
        for (int ar = -3; ar <= 3; ++ar)
            for (int bq = -5; bq <= 5; ++bq)
                for (int br = -5; br <= 5; ++br) {
                    const Hex a{aq, ar}, b{bq, br};
                    const auto line = hex_line(a, b);
                    const auto back = hex_line(b, a);
                    const std::size_t n = std::size_t(distance(a, b));
                    ASSERT_EQ(line.size(), n + 1);
                    EXPECT_EQ(line.front().hex, a);
                    EXPECT_EQ(line.back().hex, b);
                    for (std::size_t i = 0; i <= n; ++i) {
                        const LineStep& s = line[i];
                        EXPECT_EQ(distance(a, s.hex), int(i));
                        EXPECT_EQ(distance(a, s.other), int(i));
                        EXPECT_LE(distance(s.hex, s.other), 1);
                        EXPECT_EQ(hexes_of(s), hexes_of(back[n - i]));
                        along += s.along_hexside ? 1 : 0;
                        if (i == 0) continue;
                        for (Hex h : {s.hex, s.other})
                            EXPECT_TRUE(distance(h, line[i - 1].hex) == 1 ||
                                        distance(h, line[i - 1].other) == 1)
                                << to_string(a) << " to " << to_string(b) << " step " << i;
                    }
                }
    EXPECT_GT(along, 0);
}

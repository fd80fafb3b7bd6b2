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

// The hex grid's geometry (renderer/scene/hex_layout.h) for pointy and flat hexes, and the
// terrain mesh it paints: each hex takes its terrain's colour from visuals.json and its edges
// are darker than its middle; a board without a hex grid keeps the mesh it always had; the ground
// it draws is the rules' ground (sim/board/heightfield.h), finer than whole millimetres. No GPU.

#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "renderer/scene/hex_layout.h"
#include "renderer/scene/terrain_mesh.h"
#include "renderer/scene/visuals.h"
#include "sim/board/heightfield.h"
#include "tests/renderer/demo_fixture.h"

namespace vedette::render {
namespace {

constexpr double kSqrt3 = 1.7320508075688772;

TEST(HexLayout, CentresFollowTheAxialAxesForPointyAndFlatHexes) {
    const HexLayout pointy(100, 50, 40, true);
    EXPECT_EQ(pointy.centre({0, 0}), (std::pair<double, double>{100, 50}));
    EXPECT_NEAR(pointy.centre({1, 0}).first, 100 + 40 * kSqrt3, 1e-9);
    EXPECT_NEAR(pointy.centre({1, 0}).second, 50, 1e-9);
    EXPECT_NEAR(pointy.centre({0, 1}).first, 100 + 20 * kSqrt3, 1e-9);
    EXPECT_NEAR(pointy.centre({0, 1}).second, 50 + 60, 1e-9);
    const HexLayout flat(0, 0, 40, false);
    EXPECT_NEAR(flat.centre({1, 0}).first, 60, 1e-9);
    EXPECT_NEAR(flat.centre({1, 0}).second, 20 * kSqrt3, 1e-9);
    EXPECT_NEAR(flat.centre({0, 1}).first, 0, 1e-9);
    EXPECT_NEAR(flat.centre({0, 1}).second, 40 * kSqrt3, 1e-9);
    EXPECT_NEAR(pointy.apothem_mm(), 20 * kSqrt3, 1e-9);
}

TEST(HexLayout, EveryPointOfAHexFindsThatHex) {
    for (const bool pointy : {true, false}) {
        const HexLayout l(-30, 70, 25, pointy);
        for (int q = -3; q <= 3; ++q)
            for (int r = -3; r <= 3; ++r) {
                const auto [cx, cy] = l.centre({q, r});
                EXPECT_EQ(l.nearest(cx, cy), (HexCoord{q, r})) << q << "," << r;
                // Most of the way to each corner and each edge middle is still inside.
                const auto corners = l.corners({q, r});
                for (std::size_t i = 0; i < 6; ++i) {
                    const auto [x, y] = corners[i];
                    const auto [nx, ny] = corners[(i + 1) % 6];
                    EXPECT_EQ(l.nearest(cx + (x - cx) * 0.95, cy + (y - cy) * 0.95),
                              (HexCoord{q, r}));
                    const double mx = (x + nx) / 2, my = (y + ny) / 2;
                    EXPECT_EQ(l.nearest(cx + (mx - cx) * 0.95, cy + (my - cy) * 0.95),
                              (HexCoord{q, r}));
                }
            }
    }
}

TEST(HexLayout, CornersAreSharedByNeighboursAndEdgesAreAtDistanceZero) {
    for (const bool pointy : {true, false}) {
        const HexLayout l(0, 0, 30, pointy);
        const auto a = l.corners({0, 0});
        for (const auto& [x, y] : a) EXPECT_NEAR(std::hypot(x, y), 30, 1e-9);
        // Each neighbour shares exactly two corners with hex (0, 0).
        for (const HexCoord n : {HexCoord{1, 0}, HexCoord{1, -1}, HexCoord{0, -1}, HexCoord{-1, 0},
                                 HexCoord{-1, 1}, HexCoord{0, 1}}) {
            int shared = 0;
            for (const auto& [bx, by] : l.corners(n))
                for (const auto& [x, y] : a) shared += std::hypot(bx - x, by - y) < 1e-6;
            EXPECT_EQ(shared, 2) << pointy << " " << n.q << "," << n.r;
        }
        EXPECT_NEAR(l.edge_distance(0, 0), l.apothem_mm(), 1e-9);
        for (std::size_t i = 0; i < 6; ++i) {
            const auto [x, y] = a[i];
            const auto [nx, ny] = a[(i + 1) % 6];
            EXPECT_NEAR(l.edge_distance(x, y), 0, 1e-6);
            EXPECT_NEAR(l.edge_distance((x + nx) / 2, (y + ny) / 2), 0, 1e-6);
            // Halfway from the centre to an edge middle: half the apothem from the edge.
            EXPECT_NEAR(l.edge_distance((x + nx) / 4, (y + ny) / 4), l.apothem_mm() / 2, 1e-6);
        }
    }
}

const TerrainVertex& vertex_near(const TerrainModel& m, double x, double y) {
    const TerrainVertex* best = &m.vertices.front();
    for (const auto& v : m.vertices)
        if (std::hypot(v.px - x, -v.pz - y) < std::hypot(best->px - x, -best->pz - y)) best = &v;
    return *best;
}

float brightness(const TerrainVertex& v) {
    return v.r + v.g + v.b;
}

TEST(HexTerrain, HexesTakeTheirTerrainColourUpToTheirEdges) {
    sim::board::Terrain t;
    t.width_mm = 400, t.depth_mm = 300;
    sim::record::HexGrid g;
    g.origin = {150, 150};
    g.size_mm = 60;
    g.hexes = {{0, 0, "woods"}, {1, 0, "village"}, {0, 1, "nowhere"}};
    Visuals v;
    v.hex_terrain = {{"woods", {0.1f, 0.3f, 0.1f}}, {"village", {0.6f, 0.5f, 0.4f}}};
    v.hex_edge = 0.5f;
    const TerrainModel m(t, g, v);
    const HexLayout l(g);
    const auto [wx, wy] = l.centre({0, 0});
    const auto [vx, vy] = l.centre({1, 0});
    const TerrainVertex& woods = vertex_near(m, wx, wy);
    const TerrainVertex& village = vertex_near(m, vx, vy);
    EXPECT_NEAR(woods.r, 0.1f, 0.04f);
    EXPECT_NEAR(woods.b, 0.1f, 0.01f);
    EXPECT_NEAR(village.r, 0.6f, 0.04f);
    EXPECT_NEAR(village.b, 0.4f, 0.01f);
    // Every vertex of the woods hex, by its edges too, is woods: the edges are the terrain
    // shader's to draw (hex_board.glsl), at any zoom, not baked into the mesh.
    int inside = 0;
    for (const auto& x : m.vertices) {
        if (!(l.nearest(x.px, -x.pz) == HexCoord{0, 0})) continue;
        ++inside;
        EXPECT_NEAR(brightness(x), brightness(woods), 0.1f);
    }
    EXPECT_GT(inside, 20);
    // A terrain name visuals.json does not list keeps the table's green; off the grid too.
    const auto [nx, ny] = l.centre({0, 1});
    EXPECT_NEAR(vertex_near(m, nx, ny).g, 0.52f, 0.04f);
    // (The table's own grass is painted in patches of drier and lusher green.)
    const TerrainVertex& off = vertex_near(m, 390, 10);
    EXPECT_NEAR(off.b, 0.27f, 0.06f);
    EXPECT_GT(off.g, off.r);
    // About four cells across a hex: the boundaries between hex colours stay crisp.
    EXPECT_GE(m.vertices.size(), std::size_t{(400 / 15 + 1) * (300 / 15 + 1)});
}

TEST(HexTerrain, TheShippedVisualsColourTheCommonHexTerrains) {
    const Visuals& v = visuals();
    for (const char* name : {"clear", "woods", "village", "rough", "water", "hill"})
        EXPECT_NE(v.hex_terrain_colour(name), nullptr) << name;
    EXPECT_NE(*v.hex_terrain_colour("woods"), *v.hex_terrain_colour("village"));
    EXPECT_GT(v.hex_edge, 0.0f);
    EXPECT_LT(v.hex_edge, 1.0f);
}

TEST(HexTerrain, ABoardWithoutAHexGridKeepsItsMesh) {
    sim::board::Terrain t;
    t.width_mm = 600, t.depth_mm = 400;
    const TerrainModel plain(t);
    const TerrainModel none(t, std::nullopt, Visuals{});
    ASSERT_EQ(plain.vertices.size(), std::size_t{31 * 21});  // a 2 cm grid
    ASSERT_EQ(none.vertices.size(), plain.vertices.size());
    for (std::size_t i = 0; i < plain.vertices.size(); ++i) {
        EXPECT_EQ(none.vertices[i].r, plain.vertices[i].r);
        EXPECT_EQ(none.vertices[i].g, plain.vertices[i].g);
    }
}

// What a unit sees and where it stands are the same ground: at every whole millimetre the rules'
// height (line of sight) is the drawn height cut to whole millimetres, for the demo's procedural
// hills and for an image heightfield; and the mesh's vertices lie on that ground.
TEST(TerrainMesh, TheDrawnGroundIsTheRulesGroundToTheMillimetre) {
    sim::board::Terrain image;
    image.width_mm = 900, image.depth_mm = 600;
    image.height.kind = sim::board::Heightfield::Kind::image;
    image.height.relief_mm = 80;
    image.height.image_width = 5, image.height.image_height = 4;
    for (int i = 0; i < 20; ++i) image.height.samples.push_back(std::uint8_t((i * 97) % 256));
    const sim::board::Terrain* demo_terrain = &demo().replay.header.board.terrain;
    for (const sim::board::Terrain* t :
         {demo_terrain, static_cast<const sim::board::Terrain*>(&image)}) {
        ASSERT_NE(t->height.kind, sim::board::Heightfield::Kind::flat);
        const TerrainModel ground(*t);
        float highest = 0;
        for (std::int64_t x = 0; x <= t->width_mm; x += 13)
            for (std::int64_t y = 0; y <= t->depth_mm; y += 11) {
                const float drawn = ground.height(float(x), float(y));
                const auto rules = double(sim::board::height_mm(*t, {x, y}));
                EXPECT_GE(drawn + 1e-4, rules) << x << ", " << y;
                EXPECT_LT(drawn, rules + 1.0) << x << ", " << y;
                highest = std::max(highest, drawn);
            }
        EXPECT_GT(highest, 10.0f) << "the heightfield has relief";
        for (std::size_t i = 0; i < ground.vertices.size(); i += 7) {
            const TerrainVertex& v = ground.vertices[i];
            EXPECT_EQ(v.py, ground.height(v.px, -v.pz));
        }
    }
}

}  // namespace
}  // namespace vedette::render

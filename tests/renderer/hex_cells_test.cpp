// The per-hex texels the terrain shader reads (renderer/scene/hex_cells.h): the board's hexes in
// their bounding rectangle, marks tinting only hexes of the board, and the hexes a path crosses.
#include "renderer/scene/hex_cells.h"

#include <gtest/gtest.h>

namespace vedette::render {
namespace {

sim::record::HexGrid small_grid() {
    sim::record::HexGrid g;
    g.origin = {100, 100};
    g.size_mm = 50;
    // Two rows of three, the second shifted left (as a rectangular board is in axial terms).
    g.hexes = {{0, 0, "clear"}, {1, 0, "clear"}, {2, 0, "woods"},
               {0, 1, "clear"}, {1, 1, "clear"}, {-1, 1, "clear"}};
    return g;
}

std::size_t at(const HexCells& c, int q, int r) {
    return std::size_t(((r - c.first_r()) * c.columns() + (q - c.first_q())) * 8);
}

TEST(HexCells, TheRectangleCoversEveryHexAndFlagsOnlyTheBoardsOwn) {
    const HexCells cells(small_grid());
    ASSERT_TRUE(cells.has_grid());
    EXPECT_EQ(cells.first_q(), -1);
    EXPECT_EQ(cells.first_r(), 0);
    EXPECT_EQ(cells.columns(), 4);
    EXPECT_EQ(cells.rows(), 2);
    const auto t = cells.texels({});
    ASSERT_EQ(t.size(), std::size_t(4 * 2 * 8));
    EXPECT_EQ(t[at(cells, 2, 0) + 3], 255);  // on the board
    EXPECT_EQ(t[at(cells, -1, 0) + 3], 0);   // in the rectangle, not on the board
    EXPECT_EQ(t[at(cells, 2, 1) + 3], 0);
    EXPECT_EQ(t[at(cells, 1, 1) + 7], 0);  // no tint without marks
    const auto g = cells.grid_uniform();
    EXPECT_EQ(g[0], 100.0f);
    EXPECT_EQ(g[2], 50.0f);
    EXPECT_EQ(g[3], 1.0f);  // pointy
}

TEST(HexCells, MarksTintTheirHexOnlyAndBlendInOrder) {
    const HexCells cells(small_grid());
    const auto t = cells.texels({{1, 1, {1, 0, 0, 1}},
                                 {0, 0, {0, 0, 1, 0.5f}},
                                 {0, 0, {1, 1, 0, 1}},    // covers the blue entirely
                                 {-1, 0, {0, 1, 0, 1}},   // in the rectangle, off the board
                                 {9, 9, {0, 1, 0, 1}}});  // outside it
    const std::size_t red = at(cells, 1, 1) + 4;
    EXPECT_EQ(t[red], 255);
    EXPECT_EQ(t[red + 1], 0);
    EXPECT_EQ(t[red + 3], 255);
    const std::size_t yellow = at(cells, 0, 0) + 4;
    EXPECT_EQ(t[yellow], 255);
    EXPECT_EQ(t[yellow + 1], 255);
    EXPECT_EQ(t[yellow + 2], 0);
    EXPECT_EQ(t[at(cells, -1, 0) + 7], 0);
    EXPECT_EQ(t[at(cells, 2, 0) + 7], 0);  // unmarked
}

TEST(HexCells, NoGridMeansNothingToDraw) {
    const HexCells none(std::nullopt);
    EXPECT_FALSE(none.has_grid());
    EXPECT_EQ(none.grid_uniform()[3], 0.0f);
    const auto t = none.texels({{0, 0, {1, 1, 1, 1}}});
    ASSERT_EQ(t.size(), std::size_t(8));
    for (auto b : t) EXPECT_EQ(b, 0);
}

TEST(HexCells, APathNamesEachHexItCrossesOnceInOrder) {
    const auto g = small_grid();
    const HexLayout l(g);
    const auto [ax, ay] = l.centre({0, 0});
    const auto [bx, by] = l.centre({2, 0});
    const auto [cx, cy] = l.centre({1, 1});
    const auto [dx, dy] = l.centre({0, 1});
    const auto at_mm = [](double x, double y) {
        return sim::geom::Vec{std::int64_t(x), std::int64_t(y)};
    };
    // Along the first row, down, back along the second row and up to the start (not named twice).
    const std::vector<sim::geom::Vec> path = {at_mm(ax, ay), at_mm(bx, by), at_mm(cx, cy),
                                              at_mm(dx, dy), at_mm(ax, ay)};
    const auto hexes = hexes_along(l, path);
    const std::vector<HexCoord> expected = {{0, 0}, {1, 0}, {2, 0}, {1, 1}, {0, 1}};
    EXPECT_EQ(hexes, expected);
}

TEST(HexCells, HexesAtTheExtremesOfIntMakeNoGridInsteadOfOverflowing) {
    // The replay reader refuses these (sim::limits::kMaxHexCoordinate); a grid made in code must
    // not overflow int either: q1 - q0 + 1 and columns * rows used to, and the rectangle asked
    // for gigabytes.
    sim::record::HexGrid g = small_grid();
    g.hexes = {{INT32_MIN, 0, "clear"}, {INT32_MAX, 0, "clear"}};
    const HexCells wide(g);
    EXPECT_FALSE(wide.has_grid());
    EXPECT_EQ(wide.bytes(), std::size_t(8));
    EXPECT_EQ(wide.cells_uniform()[2], 1.0f);
    g.hexes = {{0, -3000, "clear"}, {3000, 3000, "clear"}};  // 3,001 x 6,001 cells: past 4 million
    EXPECT_FALSE(HexCells(g).has_grid());
    // Marks far from the board are off it, whatever their coordinates.
    const HexCells cells(small_grid());
    const auto t =
        cells.texels({{INT32_MAX, INT32_MIN, {1, 0, 0, 1}}, {INT32_MIN, INT32_MAX, {1, 0, 0, 1}}});
    EXPECT_EQ(t, cells.texels({}));
    // The largest rectangle the reader lets through is kept.
    g.hexes = {{-1000, -999, "clear"}, {999, 1000, "clear"}};  // 2,000 x 2,000
    const HexCells big(g);
    EXPECT_TRUE(big.has_grid());
    EXPECT_EQ(big.columns(), 2000);
    EXPECT_EQ(big.bytes(), std::size_t(2000) * 2000 * 8);
}

}  // namespace
}  // namespace vedette::render

// Measuring the table (renderer/scene/scale_bar.h): the board's unit, the scale bar's round
// length, screen-to-table picking through the camera, and the ruler's reading in mm and in the
// board's unit. No GPU needed.

#include <cmath>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "renderer/scene/scale_bar.h"

namespace vedette::render {
namespace {

sim::record::Board board_with_table(const std::string& width) {
    sim::record::Board b;
    sim::record::set_written_board(
        b, nlohmann::ordered_json{{"table", {{"width", width}, {"depth", width}}}});
    return b;
}

sim::record::Board hex_board(std::int64_t size_mm) {
    sim::record::Board b = board_with_table("110cm");
    sim::record::HexGrid g;
    g.origin = {0, 0};
    g.size_mm = size_mm;
    b.hex = g;
    return b;
}

TEST(ScaleBar, TheBoardsUnitIsTheOneItsTableIsWrittenIn) {
    EXPECT_EQ(board_unit(board_with_table("180cm")).kind, BoardUnit::Kind::centimetres);
    EXPECT_EQ(board_unit(board_with_table("1200mm")).kind, BoardUnit::Kind::centimetres);
    const BoardUnit in = board_unit(board_with_table("48in"));
    EXPECT_EQ(in.kind, BoardUnit::Kind::inches);
    EXPECT_DOUBLE_EQ(in.mm, 25.4);
    const BoardUnit hex = board_unit(hex_board(58));
    EXPECT_EQ(hex.kind, BoardUnit::Kind::hexes);
    // Centre to centre: twice the apothem, sqrt(3) times the size.
    EXPECT_NEAR(hex.mm, 58 * std::sqrt(3.0), 1e-9);
    EXPECT_EQ(board_unit(sim::record::Board{}).kind, BoardUnit::Kind::centimetres);
}

TEST(ScaleBar, TheLongestRoundLengthThatFits) {
    const BoardUnit cm = board_unit(board_with_table("180cm"));
    // 1 mm a pixel, 160 pixels at most: 10 cm (100 px); 20 cm would be 200 px.
    ScaleBar bar = choose_scale_bar(1.0, 160, cm);
    EXPECT_EQ(bar.label, "10 cm");
    EXPECT_DOUBLE_EQ(bar.length_mm, 100.0);
    EXPECT_FLOAT_EQ(bar.px, 100.0f);
    EXPECT_EQ(choose_scale_bar(0.5, 160, cm).label, "5 cm");
    EXPECT_EQ(choose_scale_bar(4.0, 160, cm).label, "50 cm");
    EXPECT_EQ(choose_scale_bar(0.01, 160, cm).label, "1 cm") << "never shorter than the smallest";
    EXPECT_EQ(choose_scale_bar(0.0, 160, cm).label, "1 cm");
    // Inches by the steps players measure in: 6 in is 152.4 px, 12 in would be 304.8.
    const BoardUnit in = board_unit(board_with_table("48in"));
    bar = choose_scale_bar(1.0, 160, in);
    EXPECT_EQ(bar.label, "6 in");
    EXPECT_NEAR(bar.length_mm, 152.4, 1e-9);
    EXPECT_EQ(choose_scale_bar(2.0, 160, in).label, "12 in");
    EXPECT_EQ(choose_scale_bar(0.6, 160, in).label, "3 in");
    // Hexes: 58 mm hexes are 100.5 mm apart.
    const BoardUnit hex = board_unit(hex_board(58));
    EXPECT_EQ(choose_scale_bar(1.0, 160, hex).label, "1 hex");
    EXPECT_EQ(choose_scale_bar(2.5, 160, hex).label, "2 hexes");
    for (double mpp : {0.3, 0.7, 1.3, 2.9, 7.0})
        EXPECT_LE(choose_scale_bar(mpp, 160, cm).px, 160.0f) << mpp;
}

TEST(ScaleBar, TheRulerReadsMillimetresAndTheBoardsUnit) {
    const BoardUnit in = board_unit(board_with_table("48in"));
    EXPECT_EQ(ruler_reading(0, 0, 152.4, 0, in).text, "152 mm (6\")");
    EXPECT_EQ(ruler_reading(10, 10, 10, 10 + 25.4 * 2.5, in).text, "64 mm (2.5\")");
    const BoardUnit cm = board_unit(board_with_table("180cm"));
    const RulerReading r = ruler_reading(0, 0, 90, 120, cm);
    EXPECT_DOUBLE_EQ(r.mm, 150.0);
    EXPECT_EQ(r.text, "150 mm (15 cm)");
    EXPECT_EQ(ruler_reading(0, 0, 0, 152, cm).text, "152 mm (15.2 cm)");
    // Hexes: the steps between the hexes the ends stand in.
    const BoardUnit hex = board_unit(hex_board(58));
    const HexLayout& layout = *hex.hex;
    const auto [x2, y2] = layout.centre({2, 0});
    EXPECT_EQ(hex_steps(layout, 0, 0, x2, y2), 2);
    EXPECT_EQ(ruler_reading(0, 0, x2, y2, hex).text, "201 mm (2 hexes)");
    const auto [x3, y3] = layout.centre({-1, 3});
    EXPECT_EQ(hex_steps(layout, 0, 0, x3, y3), 3);
    EXPECT_EQ(ruler_reading(0, 0, 5, 5, hex).text, "7 mm (0 hexes)");
}

TEST(ScaleBar, ScreenPointsFallOnTheTableWhereTheCameraProjectsThem) {
    OrbitView view;
    view.target = table_point(600, 400);
    view.yaw_deg = 20, view.pitch_deg = 35, view.distance = 1400;
    const float w = 1280, h = 720;
    const Camera cam = make_orbit_camera(view, w / h);
    for (const auto& [x, y] : {std::pair{600.0, 400.0}, {450.0, 520.0}, {820.0, 300.0}}) {
        float sx = 0, sy = 0;
        ASSERT_TRUE(project_to_screen(cam, table_point(x, y), w, h, sx, sy));
        double tx = 0, ty = 0;
        ASSERT_TRUE(screen_to_table(cam, sx, sy, w, h, 0.0, tx, ty));
        EXPECT_NEAR(tx, x, 0.5);
        EXPECT_NEAR(ty, y, 0.5);
    }
    // Looking low over the table, the top of the screen is sky: not on the table.
    OrbitView low = view;
    low.pitch_deg = 8;
    double tx = 0, ty = 0;
    EXPECT_FALSE(screen_to_table(make_orbit_camera(low, w / h), w / 2, 0, w, h, 0.0, tx, ty));
    EXPECT_TRUE(screen_to_table(make_orbit_camera(low, w / h), w / 2, h, w, h, 0.0, tx, ty));
    // The scale at the centre: 100 mm of table across the screen's x there spans
    // 100 / mm_per_px pixels.
    const double mpp = mm_per_pixel_at_centre(cam, w, h, 0.0);
    ASSERT_GT(mpp, 0);
    double cx = 0, cy = 0;
    ASSERT_TRUE(screen_to_table(cam, w / 2, h / 2, w, h, 0.0, cx, cy));
    double ex = 0, ey = 0;
    ASSERT_TRUE(screen_to_table(cam, w / 2 + 50, h / 2, w, h, 0.0, ex, ey));
    EXPECT_NEAR(std::hypot(ex - cx, ey - cy) / 50.0, mpp, mpp * 0.02);
}

}  // namespace
}  // namespace vedette::render

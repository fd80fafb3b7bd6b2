// The strokes the video overlays paint (renderer/export/stroke_painter.h): a dashed line keeps
// visible gaps however thick it is (each piece's round caps would close gaps shorter than the
// line's width), and a solid line has none.

#include <gtest/gtest.h>

#include "renderer/export/stroke_painter.h"

namespace vedette::render {
namespace {

// Runs of unpainted pixels along the middle row between the line's ends.
int gaps_along(const RgbaImage& img, int x0, int x1, int y) {
    int gaps = 0;
    bool painted = true;
    for (int x = x0; x <= x1; ++x) {
        const bool now = img.at(std::uint32_t(x), std::uint32_t(y))[0] > 60;
        if (painted && !now) ++gaps;
        painted = now;
    }
    return gaps;
}

TEST(StrokePainter, ADashedLineKeepsItsGapsWhenThick) {
    for (const float width : {2.0f, 6.0f, 12.0f}) {
        RgbaImage img(400, 40);
        const Stroke dashed{255, 255, 255, width, 1.0f, 4.0f};  // dashes shorter than the width
        paint_polyline(img, {{20, 20}, {380, 20}}, dashed);
        EXPECT_GE(gaps_along(img, 30, 370, 20), 8) << "width " << width;
        RgbaImage solid_img(400, 40);
        Stroke solid = dashed;
        solid.dash = 0;
        paint_polyline(solid_img, {{20, 20}, {380, 20}}, solid);
        EXPECT_EQ(gaps_along(solid_img, 30, 370, 20), 0) << "width " << width;
    }
}

}  // namespace
}  // namespace vedette::render

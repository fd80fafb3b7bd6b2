// Name tags of close units do not cover each other (renderer/scene/label_layout.h): the tag
// nearest the camera stays, one that would overlap it rises just above it, tags apart never move,
// and past the limit nothing moves.

#include <gtest/gtest.h>

#include "renderer/scene/label_layout.h"

namespace vedette::render {
namespace {

bool overlaps(const LabelBox& a, float da, const LabelBox& b, float db) {
    return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 + da < b.y1 + db && b.y0 + db < a.y1 + da;
}

TEST(LabelLayout, CloseTagsRiseApartAndDistantOnesStay) {
    // Three tags stacked on one spot (a melee and its reinforcement), and one far away.
    const std::vector<LabelBox> boxes = {{100, 100, 200, 120},
                                         {110, 104, 210, 124},  // lowest: nearest, stays
                                         {90, 98, 190, 118},
                                         {400, 300, 480, 320}};
    const std::vector<float> rise = spread_labels(boxes);
    ASSERT_EQ(rise.size(), boxes.size());
    EXPECT_EQ(rise[1], 0.0f) << "the nearest tag keeps its place";
    EXPECT_EQ(rise[3], 0.0f) << "a tag that covers nothing stays";
    EXPECT_LT(rise[0], 0.0f);
    EXPECT_LT(rise[2], 0.0f);
    for (std::size_t a = 0; a < boxes.size(); ++a)
        for (std::size_t b = a + 1; b < boxes.size(); ++b)
            EXPECT_FALSE(overlaps(boxes[a], rise[a], boxes[b], rise[b])) << a << " and " << b;
    // A risen tag sits just above the one it cleared, not far off.
    EXPECT_NEAR(boxes[0].y1 + rise[0], boxes[1].y0 - 1.0f, 1e-4);
}

TEST(LabelLayout, PastTheLimitNothingMoves) {
    const std::vector<LabelBox> boxes(3, LabelBox{0, 0, 50, 10});
    EXPECT_EQ(spread_labels(boxes, 4, 2), (std::vector<float>{0, 0, 0}));
    const std::vector<float> spread = spread_labels(boxes);
    EXPECT_EQ(spread[0], 0.0f);
    EXPECT_FLOAT_EQ(spread[1], -11.0f);
    EXPECT_FLOAT_EQ(spread[2], -22.0f);
}

}  // namespace
}  // namespace vedette::render

// The untidy-unit jitter of renderer/scene/figure_layout.cpp: its hash used to overflow a signed
// int (undefined behaviour) for unit index >= 30 or figure >= 111, which stopped a UBSan build
// rendering most of the demo. It is now unsigned; the values where nothing overflowed must stay
// exactly as they were, or every golden image with an untidy unit would change. The sanitizer
// build runs this test, so large indices would abort it if the overflow came back.

#include <gtest/gtest.h>

#include "renderer/scene/figure_layout.h"
#include "renderer/scene/visuals.h"

namespace vedette::render {
namespace {

const Visuals& visuals() {
    static const Visuals v = load_visuals(std::string(VEDETTE_SOURCE_DIR) + "/assets/visuals.json");
    return v;
}

// A disordered infantry line at the origin facing +y: each figure's yaw is then exactly its yaw
// jitter times 0.9 (formed figures in a line have yaw 0). The footprint is a line of 30 mm bases
// of four figures, as the demo's infantry has; the yaw does not depend on it.
std::vector<Instance> untidy_figures(int unit, int figures) {
    UnitView u;
    u.unit = unit;
    u.id = "u" + std::to_string(unit);
    u.nation = "french";
    u.visual = "infantry";
    u.figures = figures;
    u.layout = "line";
    u.width_mm = 30.0 * ((figures + 3) / 4);
    u.depth_mm = 15;
    u.disordered = true;
    SceneState state;
    state.units = {u};
    return layout_figures(state, visuals()).by_mesh[visuals().figure("infantry").mesh];
}

// Jitter values of the old signed formula, (h & 0xFFFF) / 65535 - 0.5, worked out for indices
// where no product overflowed: {unit, figure, h & 0xFFFF} for axis 2 (the yaw).
struct OldValue {
    int unit, figure, low16;
};
constexpr OldValue kOldYawValues[] = {
    {3, 5, 9700},
    {7, 12, 14012},
    {29, 110, 5258},  // the largest unit and figure that did not overflow
};

TEST(FigureJitter, ValuesWithoutOverflowAreUnchanged) {
    for (const OldValue& v : kOldYawValues) {
        const auto figures = untidy_figures(v.unit, v.figure + 1);
        ASSERT_EQ(figures.size(), static_cast<std::size_t>(v.figure + 1));
        const float jitter = static_cast<float>(v.low16) / 65535.0f - 0.5f;
        EXPECT_NEAR(figures[static_cast<std::size_t>(v.figure)].yaw, jitter * 0.9f, 1e-6f)
            << "unit " << v.unit << " figure " << v.figure;
    }
}

TEST(FigureJitter, LargeIndicesAreDefinedAndInRange) {
    // Unit 200, figures up to 499: every product overflowed a signed int before the fix.
    for (int unit : {30, 200, 9999}) {
        const auto figures = untidy_figures(unit, 500);
        ASSERT_EQ(figures.size(), 500u);
        for (const Instance& f : figures) {
            EXPECT_GE(f.yaw, -0.45f - 1e-6f);
            EXPECT_LE(f.yaw, 0.45f + 1e-6f);
        }
    }
}

}  // namespace
}  // namespace vedette::render

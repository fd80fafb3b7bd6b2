// The hex board as the terrain shader draws it (shaders/hex_board.glsl), on lavapipe with the
// validation layer: a hex's edges are darker than its middle (a line, not a wash), a marked hex
// takes its mark's colour and its unmarked neighbour does not, and a board without a grid is
// drawn exactly as before marks existed (marks are ignored).
#include <gtest/gtest.h>

#include <cmath>

#include "renderer/battlefield_renderer.h"
#include "renderer/scene/camera.h"
#include "renderer/scene/hex_layout.h"
#include "tests/renderer/lavapipe_context.h"

namespace vedette::render {
namespace {

const std::string kRepoDir = VEDETTE_SOURCE_DIR;
constexpr VkExtent2D kSize{480, 320};

const ReplayScene& shevardino() {
    static const ReplayScene s =
        load_replay_scene(kRepoDir + "/replays/borodino/shevardino_demo.replay.json");
    return s;
}

struct Shot {
    RgbaImage image;
    Camera camera;
};

Shot top_view(BattlefieldRenderer& renderer, const ReplayScene& scene, SceneState state) {
    const Camera camera =
        make_camera(parse_camera("top"), scene, state, float(kSize.width) / float(kSize.height));
    return {renderer.render(state, camera), camera};
}

// The mean RGB of a 3x3 patch where the table point (x, y) lands on the screen.
std::array<double, 3> colour_at(const Shot& s, const TerrainModel& t, double x, double y) {
    float sx = 0, sy = 0;
    EXPECT_TRUE(project_to_screen(s.camera, table_point(x, y, t.height(float(x), float(y))),
                                  float(kSize.width), float(kSize.height), sx, sy));
    std::array<double, 3> sum{};
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            const auto* p = s.image.at(std::uint32_t(sx) + std::uint32_t(dx),
                                       std::uint32_t(sy) + std::uint32_t(dy));
            for (int c = 0; c < 3; ++c) sum[std::size_t(c)] += p[c] / 9.0;
        }
    return sum;
}

double brightness(const std::array<double, 3>& c) {
    return c[0] + c[1] + c[2];
}

// An empty hex of the board far from every unit at the start, and a neighbour of it on the board.
std::pair<HexCoord, HexCoord> empty_pair(const ReplayScene& scene, const SceneState& state) {
    const HexLayout layout(*scene.replay.header.board.hex);
    auto empty = [&](HexCoord h) {
        const auto [x, y] = layout.centre(h);
        for (const auto& u : state.units)
            if (std::hypot(u.x_mm - x, u.y_mm - y) < 3 * layout.size_mm()) return false;
        return true;
    };
    auto on_board = [&](HexCoord h) {
        for (const auto& b : scene.replay.header.board.hex->hexes)
            if (b.q == h.q && b.r == h.r) return b.terrain == "clear";
        return false;
    };
    for (const auto& b : scene.replay.header.board.hex->hexes) {
        const HexCoord h{b.q, b.r}, n{b.q + 1, b.r};
        if (on_board(h) && on_board(n) && empty(h) && empty(n)) return {h, n};
    }
    ADD_FAILURE() << "no two empty clear hexes side by side";
    return {};
}

TEST(HexBoardRender, EdgesAreLinesAndAMarkTintsOnlyItsHex) {
    auto ctx = test::make_lavapipe_context();
    const ReplayScene& scene = shevardino();
    BattlefieldRenderer renderer(*ctx, kSize, scene);
    SceneState state = scene_at_time(scene, 0);
    const auto [marked, neighbour] = empty_pair(scene, state);
    const HexLayout layout(*scene.replay.header.board.hex);
    const Shot plain = top_view(renderer, scene, state);

    // The edge between the two hexes is darker than both middles; a quarter of the way in, the
    // ground is as light as the middle (a line, not a darkening towards the edge).
    const auto [ax, ay] = layout.centre(marked);
    const auto [bx, by] = layout.centre(neighbour);
    const double middle = brightness(colour_at(plain, renderer.terrain(), ax, ay));
    const double edge = brightness(colour_at(plain, renderer.terrain(), (ax + bx) / 2, ay));
    const double inside =
        brightness(colour_at(plain, renderer.terrain(), ax + (bx - ax) * 0.3, ay));
    EXPECT_LT(edge, 0.92 * middle) << "edge " << edge << ", middle " << middle;
    EXPECT_NEAR(inside, middle, 0.05 * middle);

    state.hex_marks.push_back({marked.q, marked.r, {1.0f, 0.0f, 0.0f, 0.8f}});
    const Shot tinted = top_view(renderer, scene, state);
    const auto red = colour_at(tinted, renderer.terrain(), ax, ay);
    const auto before = colour_at(plain, renderer.terrain(), ax, ay);
    EXPECT_GT(red[0], before[0] + 40) << "the marked hex turns red";
    EXPECT_GT(red[0], red[1]);
    const auto next = colour_at(tinted, renderer.terrain(), bx, by);
    const auto next_before = colour_at(plain, renderer.terrain(), bx, by);
    for (int c = 0; c < 3; ++c)
        EXPECT_NEAR(next[std::size_t(c)], next_before[std::size_t(c)], 2.0) << "channel " << c;
    test::expect_no_validation_errors(*ctx);
}

TEST(HexBoardRender, ABoardWithoutAGridIgnoresMarks) {
    auto ctx = test::make_lavapipe_context();
    const ReplayScene scene =
        load_replay_scene(kRepoDir + "/replays/seed000/01_young_guard_vs_landwehr.replay.json");
    ASSERT_FALSE(scene.replay.header.board.hex.has_value());
    BattlefieldRenderer renderer(*ctx, kSize, scene);
    SceneState state = scene_at_time(scene, 0);
    const Shot plain = top_view(renderer, scene, state);
    state.hex_marks.push_back({0, 0, {1.0f, 0.0f, 0.0f, 1.0f}});
    const Shot marked = top_view(renderer, scene, state);
    EXPECT_EQ(plain.image.pixels, marked.image.pixels);
    test::expect_no_validation_errors(*ctx);
}

}  // namespace
}  // namespace vedette::render

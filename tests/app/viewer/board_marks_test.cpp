// The selection's hex overlays on a Borodino board (app/viewer/board_marks.h), without a window:
// the selected unit's frontal hexes follow it as it moves and turns, its side's formed units'
// zones of control are tinted and its enemies' are not, and a disordered unit's zone is gone. The
// expected hexes come from the replay's own overlays and poses.
#include "app/viewer/board_marks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace vedette::viewer {
namespace {

const render::ReplayScene& shevardino() {
    static const render::ReplayScene s = render::load_replay_scene(
        std::string(VEDETTE_SOURCE_DIR) + "/replays/borodino/shevardino_battle.replay.json");
    return s;
}

int roster_index(const render::ReplayScene& s, const std::string& id) {
    for (std::size_t i = 0; i < s.replay.header.units.size(); ++i)
        if (s.replay.header.units[i].id == id) return static_cast<int>(i);
    return -1;
}

const sim::record::Overlay* overlay(const render::ReplayScene& s, int unit, bool side_wide) {
    for (const auto& o : s.replay.header.units[std::size_t(unit)].overlays)
        if (o.kind == "hexes" && o.side_wide == side_wide) return &o;
    return nullptr;
}

const render::UnitView* view_of(const render::SceneState& st, int unit) {
    for (const auto& u : st.units)
        if (u.unit == unit) return &u;
    return nullptr;
}

std::set<std::pair<int, int>> marked(const render::SceneState& st) {
    std::set<std::pair<int, int>> out;
    for (const auto& m : st.hex_marks) out.insert({m.q, m.r});
    return out;
}

// The hexes the unit's frontal overlay should cover now: the neighbours of its hex in the two
// directions either side of its facing (Hex 9.22: a unit faces a vertex, two frontal hexes).
std::set<std::pair<int, int>> frontal_now(const render::ReplayScene& s, const render::UnitView& u) {
    const render::HexLayout layout(*s.replay.header.board.hex);
    const render::HexCoord h = layout.nearest(u.x_mm, u.y_mm);
    const auto [cx, cy] = layout.centre(h);
    std::set<std::pair<int, int>> out;
    const int dirs[6][2] = {{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}};
    for (const auto& d : dirs) {
        const auto [nx, ny] = layout.centre({h.q + d[0], h.r + d[1]});
        const double dot =
            ((nx - cx) * u.facing_x + (ny - cy) * u.facing_y) / std::hypot(nx - cx, ny - cy);
        if (dot > 0.8) out.insert({h.q + d[0], h.r + d[1]});  // 30 degrees off the facing
    }
    return out;
}

TEST(BoardMarks, FrontalHexesFollowTheSelectedUnitAsItTurns) {
    const auto& scene = shevardino();
    ViewerModel m(scene);
    // A unit that turns during the battle (it has moved too, or turned in place), after its turn.
    const auto& events = scene.replay.events;
    for (const auto& unit : scene.replay.header.units) {
        const int u = roster_index(scene, unit.id);
        if (!overlay(scene, u, false)) continue;
        const render::SceneState start = render::scene_at_time(scene, 0);
        const render::UnitView* a = view_of(start, u);
        ASSERT_NE(a, nullptr);
        for (std::size_t e = 1; e < events.size(); ++e) {
            const render::SceneState later = render::scene_at_time(scene, events[e].t1_ms);
            const render::UnitView* b = view_of(later, u);
            if (!b || !b->on_table) break;
            if (b->facing_x * a->facing_x + b->facing_y * a->facing_y > 0.9)
                continue;  // not yet turned (the battle's units turn when they retreat)
            m.selected_unit = u;
            render::SceneState s = later;
            s.hex_marks.clear();
            add_selection_hex_marks(m, s);
            const auto want = frontal_now(scene, *b);
            ASSERT_EQ(want.size(), 2u) << unit.id;
            const auto got = overlay_hexes_now(m, *b, *overlay(scene, u, false));
            const std::set<std::pair<int, int>> got_set = [&] {
                std::set<std::pair<int, int>> g;
                for (const auto& h : got) g.insert({h.q, h.r});
                return g;
            }();
            EXPECT_EQ(got_set, want) << unit.id << " after event " << e;
            for (const auto& h : want) EXPECT_TRUE(marked(s).count(h)) << unit.id;
            return;  // one turned unit is enough
        }
    }
    FAIL() << "no unit turned in the battle";
}

// The side tint covers exactly the six hexes around each formed unit of the selected unit's
// side that has a zone of control: not the enemy's, not a disordered friend's.
TEST(BoardMarks, ZonesOfControlAreTheSelectedSidesFormedUnitsOnly) {
    const auto& scene = shevardino();
    ViewerModel m(scene);
    const auto& events = scene.replay.events;
    const render::HexLayout layout(*scene.replay.header.board.hex);
    const int dirs[6][2] = {{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}};
    // The first moment a friend of a formed unit is disordered (else the start).
    std::int64_t when = 0;
    for (std::size_t e = 1; e < events.size() && when == 0; ++e) {
        const render::SceneState st = render::scene_at_time(scene, events[e].t1_ms);
        for (const auto& u : st.units)
            if (u.on_table && u.state == "disordered" && overlay(scene, u.unit, true))
                when = events[e].t1_ms;
    }
    const render::SceneState st = render::scene_at_time(scene, when);
    int checked_sides = 0;
    for (int side = 0; side < 2; ++side) {
        const render::UnitView* pick = nullptr;
        for (const auto& u : st.units)
            if (u.on_table && u.side == side && u.state == "formed") pick = &u;
        if (!pick) continue;
        std::set<std::pair<int, int>> want;
        bool skipped_disordered = false;
        for (const auto& u : st.units) {
            if (!u.on_table || u.side != side || !overlay(scene, u.unit, true)) continue;
            if (u.state != "formed") {
                skipped_disordered = skipped_disordered || u.state == "disordered";
                continue;
            }
            const render::HexCoord h = layout.nearest(u.x_mm, u.y_mm);
            for (const auto& d : dirs) want.insert({h.q + d[0], h.r + d[1]});
        }
        m.selected_unit = pick->unit;
        render::SceneState s = st;
        s.hex_marks.clear();
        add_selection_hex_marks(m, s);
        std::set<std::pair<int, int>> side_tinted;
        for (const auto& mk : s.hex_marks)
            if (mk.rgba[0] > 0.85f && mk.rgba[1] < 0.3f && mk.rgba[3] < 0.3f)
                side_tinted.insert({mk.q, mk.r});
        EXPECT_EQ(side_tinted, want)
            << "side " << side << " (a disordered unit left out: " << skipped_disordered << ")";
        EXPECT_FALSE(want.empty());
        ++checked_sides;
    }
    EXPECT_EQ(checked_sides, 2);
}

TEST(BoardMarks, NothingWithoutASelectionOrOnABoardWithoutHexes) {
    const auto& scene = shevardino();
    ViewerModel m(scene);
    render::SceneState s = render::scene_at_time(scene, 0);
    s.hex_marks.clear();
    add_selection_hex_marks(m, s);
    EXPECT_TRUE(s.hex_marks.empty());
    const render::ReplayScene gdb = render::load_replay_scene(
        std::string(VEDETTE_SOURCE_DIR) + "/replays/demo/demo_battle.replay.json");
    ViewerModel g(gdb);
    g.selected_unit = 0;
    render::SceneState t = render::scene_at_time(gdb, 0);
    add_selection_hex_marks(g, t);
    EXPECT_TRUE(t.hex_marks.empty());
}

}  // namespace
}  // namespace vedette::viewer

// The event in progress is animated as a pure function of time: casualties leave one figure at a
// time, figures walk to a new formation, melees surge, volleys smoke; and the scenery is placed
// from the terrain. Checked on the demo battle's own events (no GPU needed).

#include <gtest/gtest.h>

#include <algorithm>

#include "renderer/scene/figure_layout.h"
#include "renderer/scene/scene_state.h"
#include "renderer/scene/scenery_layout.h"
#include "sim/battle/battle_rules.h"
#include "tests/render/demo_fixture.h"

namespace vedette::render {
namespace {

const UnitView& view(const SceneState& s, int unit) {
    const auto it = std::find_if(s.units.begin(), s.units.end(),
                                 [&](const UnitView& v) { return v.unit == unit; });
    EXPECT_NE(it, s.units.end());
    return *it;
}

// The first event of `kind` whose "after" changes what `changed` says.
template <class Pred>
const sim::battle::Event* find_event(const std::string& kind, Pred changed) {
    for (const auto& e : demo().replay.events)
        if (e.kind == kind && changed(e)) return &e;
    return nullptr;
}

TEST(SceneAnimation, CasualtiesLeaveOneFigureAtATime) {
    const auto* e =
        find_event("casualties", [](const sim::battle::Event& ev) { return !ev.after.empty(); });
    ASSERT_NE(e, nullptr);
    const int unit = e->after[0].unit;
    const int before = view(scene_at_time(demo(), e->t0_ms), unit).figures;
    const int after = e->after[0].figures;
    ASSERT_LT(after, before) << "this event must remove figures";
    int last = before;
    for (std::int64_t t = e->t0_ms; t < e->t1_ms; t += 50) {
        const int now = view(scene_at_time(demo(), t), unit).figures;
        EXPECT_LE(now, last);
        EXPECT_GE(now, after);
        last = now;
    }
    EXPECT_EQ(view(scene_at_time(demo(), e->t1_ms), unit).figures, after);
    if (before - after > 1) {
        const int middle = view(scene_at_time(demo(), (e->t0_ms + e->t1_ms) / 2), unit).figures;
        EXPECT_LT(middle, before);
        EXPECT_GT(middle, after);
    }
}

TEST(SceneAnimation, FiguresWalkToTheNewFormation) {
    // A square ordered as a reaction: the figures form it during the order's own event and hold
    // it until the record (at contact) catches up, without forming it a second time.
    const sim::battle::Event* e = nullptr;
    for (const auto& ev : demo().replay.events)
        if (ev.kind == "form_square" && ev.details.is_object() &&
            ev.details.value("completes", false)) {
            e = &ev;
            break;
        }
    ASSERT_NE(e, nullptr);
    const int unit = e->units[0];
    const sim::battle::Event* recorded = nullptr;
    for (const auto& ev : demo().replay.events)
        for (const auto& a : ev.after)
            if (!recorded && ev.seq > e->seq && a.unit == unit && a.formation == "square")
                recorded = &ev;
    ASSERT_NE(recorded, nullptr);
    EXPECT_NE(view(scene_at_time(demo(), e->t0_ms - 1), unit).formation,
              sim::gdb::Formation::square);
    const SceneState at_contact = scene_at_time(demo(), (recorded->t0_ms + recorded->t1_ms) / 2);
    EXPECT_EQ(view(at_contact, unit).formation, sim::gdb::Formation::square);
    EXPECT_EQ(view(at_contact, unit).formation_blend, 1.0f) << "formed already, not forming again";
    for (std::int64_t t = e->t1_ms; t < recorded->t0_ms; t += 250)
        EXPECT_EQ(view(scene_at_time(demo(), t), unit).formation, sim::gdb::Formation::square)
            << "held at " << t;
    const SceneState start = scene_at_time(demo(), e->t0_ms);
    const SceneState middle = scene_at_time(demo(), (e->t0_ms + e->t1_ms) / 2);
    const SceneState end = scene_at_time(demo(), e->t1_ms);
    EXPECT_EQ(view(middle, unit).formation, sim::gdb::Formation::square);
    EXPECT_NE(view(middle, unit).from_formation, sim::gdb::Formation::square);
    EXPECT_GT(view(middle, unit).formation_blend, 0.2f);
    EXPECT_LT(view(middle, unit).formation_blend, 0.8f);
    EXPECT_EQ(view(end, unit).formation_blend, 1.0f);
    // The figures of the middle frame stand between where they stood and where they end up.
    auto positions = [&](const SceneState& s) {
        SceneState only;
        only.units = {view(s, unit)};
        return layout_figures(only, rules());
    };
    const auto a = positions(start), b = positions(middle), c = positions(end);
    const auto kind = static_cast<std::size_t>(MeshKind::infantry);
    ASSERT_EQ(a.by_mesh[kind].size(), c.by_mesh[kind].size());
    ASSERT_EQ(b.by_mesh[kind].size(), c.by_mesh[kind].size());
    int between = 0;
    for (std::size_t i = 0; i < b.by_mesh[kind].size(); ++i) {
        const float ax = a.by_mesh[kind][i].x, bx = b.by_mesh[kind][i].x, cx = c.by_mesh[kind][i].x;
        if (std::abs(ax - cx) > 2.0f && bx > std::min(ax, cx) + 0.5f &&
            bx < std::max(ax, cx) - 0.5f)
            ++between;
    }
    EXPECT_GT(between, 3) << "figures must be on their way, not jump";
}

TEST(SceneAnimation, MeleesSurgeAndVolleysSmoke) {
    const auto* melee = find_event("melee", [](const sim::battle::Event&) { return true; });
    ASSERT_NE(melee, nullptr);
    const SceneState during = scene_at_time(demo(), (melee->t0_ms + melee->t1_ms) / 2);
    for (int u : melee->units) EXPECT_GT(view(during, u).clash, 0.5f);
    EXPECT_EQ(view(scene_at_time(demo(), melee->t1_ms + 1), melee->units[0]).clash, 0.0f);

    const auto* volley = find_event("volley", [](const sim::battle::Event&) { return true; });
    ASSERT_NE(volley, nullptr);
    const SceneState firing = scene_at_time(demo(), (volley->t0_ms + volley->t1_ms) / 2);
    EXPECT_GT(view(firing, volley->units[0]).volley, 0.0f);
    const auto smoke =
        layout_figures(firing, rules()).by_mesh[static_cast<std::size_t>(MeshKind::smoke)];
    EXPECT_GE(smoke.size(), 3u);
    const auto none = layout_figures(scene_at_time(demo(), volley->t0_ms - 1), rules())
                          .by_mesh[static_cast<std::size_t>(MeshKind::smoke)];
    EXPECT_TRUE(none.empty());
}

TEST(Scenery, TreesInWoodsHousesInVillagesHedgesAlongTheirPath) {
    const auto& terrain = demo().scenario.terrain;
    const auto s = layout_scenery(terrain);
    const auto& trees = s.by_mesh[static_cast<std::size_t>(MeshKind::tree)];
    const auto& houses = s.by_mesh[static_cast<std::size_t>(MeshKind::house)];
    EXPECT_GT(trees.size(), 5u);
    EXPECT_GT(houses.size(), 2u);
    EXPECT_FALSE(s.by_mesh[static_cast<std::size_t>(MeshKind::marker)].empty()) << "the hedge";
    // Every tree stands inside a wood's bounding box.
    for (const auto& t : trees) {
        bool in_some_wood = false;
        for (const auto& f : terrain.features) {
            if (f.kind != sim::battle::FeatureKind::woods) continue;
            float lo_x = 1e9f, hi_x = -1e9f, lo_y = 1e9f, hi_y = -1e9f;
            for (const auto& p : f.points)
                lo_x = std::min(lo_x, float(p.x)), hi_x = std::max(hi_x, float(p.x)),
                lo_y = std::min(lo_y, float(p.y)), hi_y = std::max(hi_y, float(p.y));
            in_some_wood =
                in_some_wood || (t.x >= lo_x && t.x <= hi_x && t.y >= lo_y && t.y <= hi_y);
        }
        EXPECT_TRUE(in_some_wood) << t.x << ", " << t.y;
    }
    // The same terrain, the same scenery.
    const auto again = layout_scenery(terrain);
    ASSERT_EQ(again.by_mesh[static_cast<std::size_t>(MeshKind::tree)].size(), trees.size());
    EXPECT_EQ(again.by_mesh[static_cast<std::size_t>(MeshKind::tree)][0].x, trees[0].x);
}

}  // namespace
}  // namespace vedette::render

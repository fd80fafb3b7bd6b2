// The event in progress is animated as a pure function of time: casualties leave one figure at a
// time, figures walk to a new layout (and, for a formation_change effect, hold it until the record
// catches up), clashes surge, volleys smoke; and the scenery is placed from the board's terrain.
// Checked on the demo battle's own records (no GPU needed).

#include <gtest/gtest.h>

#include <algorithm>

#include "renderer/scene/figure_layout.h"
#include "renderer/scene/scene_state.h"
#include "renderer/scene/scenery_layout.h"
#include "tests/renderer/demo_fixture.h"

namespace vedette::render {
namespace {

using sim::record::EffectKind;
using sim::record::Event;

const UnitView& view(const SceneState& s, int unit) {
    const auto it = std::find_if(s.units.begin(), s.units.end(),
                                 [&](const UnitView& v) { return v.unit == unit; });
    EXPECT_NE(it, s.units.end());
    return *it;
}

// The first event of `kind` for which `pred` holds.
template <class Pred>
const Event* find_event(const std::string& kind, Pred pred) {
    for (const auto& e : demo().replay.events)
        if (e.kind == kind && pred(e)) return &e;
    return nullptr;
}

// The first event with an effect of `kind` for which `pred` holds, and that effect.
template <class Pred>
std::pair<const Event*, const sim::record::Effect*> find_effect(EffectKind kind, Pred pred) {
    for (const auto& e : demo().replay.events)
        for (const auto& fx : e.effects)
            if (fx.kind == kind && pred(fx)) return {&e, &fx};
    return {nullptr, nullptr};
}

TEST(SceneAnimation, CasualtiesLeaveOneFigureAtATime) {
    const auto* e = find_event("casualties", [](const Event& ev) { return !ev.after.empty(); });
    ASSERT_NE(e, nullptr);
    const int unit = e->after[0].unit;
    const int before = view(scene_at_time(demo(), e->t0_ms), unit).figures;
    const int after = e->after[0].look.figures;
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

TEST(SceneAnimation, TheFootprintFollowsTheLook) {
    // Every unit's block is the footprint its snapshot gives, and its base is drawn that size:
    // at the end of event 20 the state shown is the one after the last finished event.
    const auto& events = demo().replay.events;
    const std::int64_t t = events[20].t1_ms;
    const SceneState s = scene_at_time(demo(), t);
    ASSERT_GE(s.event, 20);
    const bool finished = t >= events[static_cast<std::size_t>(s.event)].t1_ms;
    const auto snapshots =
        sim::replay::state_after(demo().replay, finished ? s.event : s.event - 1);
    auto held = [&](int unit) {
        return std::any_of(demo().held_looks.begin(), demo().held_looks.end(), [&](const auto& h) {
            return h.unit == unit && t >= h.start_ms && t < h.until_ms;
        });
    };
    int checked = 0;
    for (const auto& v : s.units) {
        const auto& look = snapshots[static_cast<std::size_t>(v.unit)].look;
        if (v.moving || v.formation_blend < 1.0f || v.figures != look.figures || held(v.unit))
            continue;
        EXPECT_EQ(v.width_mm, static_cast<double>(look.width_mm)) << v.id;
        EXPECT_EQ(v.depth_mm, static_cast<double>(look.depth_mm)) << v.id;
        EXPECT_EQ(v.layout, look.layout) << v.id;
        EXPECT_EQ(v.on_table, !look.off_table) << v.id;
        SceneState only;
        only.units = {v};
        const auto bases = layout_figures(only, visuals()).by_mesh[0];
        if (!v.on_table) continue;
        // The footprint's edge, then its flocked top just inside it.
        ASSERT_EQ(bases.size(), 2u) << v.id;
        EXPECT_EQ(bases[1].surface, static_cast<float>(Surface::flock)) << v.id;
        EXPECT_LT(bases[1].sx, bases[0].sx) << v.id;
        EXPECT_EQ(bases[0].sx, static_cast<float>(look.width_mm)) << v.id;
        EXPECT_EQ(bases[0].sy, static_cast<float>(look.depth_mm)) << v.id;
        ++checked;
    }
    EXPECT_GT(checked, 10);
}

TEST(SceneAnimation, FiguresWalkToTheNewFormation) {
    // A square ordered as a reaction (a formation_change effect): the figures form it during the
    // order's own event and hold it until the record (at contact) catches up, without forming it
    // a second time.
    const auto [e, effect] = find_effect(EffectKind::formation_change, [](const auto& fx) {
        return fx.look && fx.look->layout == "square" && !fx.units.empty();
    });
    ASSERT_NE(e, nullptr);
    const int unit = effect->units[0];
    const Event* recorded = nullptr;
    for (const auto& ev : demo().replay.events)
        for (const auto& a : ev.after)
            if (!recorded && ev.seq > e->seq && a.unit == unit && a.look.layout == "square")
                recorded = &ev;
    ASSERT_NE(recorded, nullptr);
    ASSERT_GT(effect->until_ms, e->t1_ms) << "held beyond the order's own event";
    EXPECT_NE(view(scene_at_time(demo(), e->t0_ms - 1), unit).layout, "square");
    const SceneState at_contact = scene_at_time(demo(), (recorded->t0_ms + recorded->t1_ms) / 2);
    EXPECT_EQ(view(at_contact, unit).layout, "square");
    EXPECT_EQ(view(at_contact, unit).formation_blend, 1.0f) << "formed already, not forming again";
    for (std::int64_t t = e->t1_ms; t < std::min(recorded->t0_ms, effect->until_ms); t += 250)
        EXPECT_EQ(view(scene_at_time(demo(), t), unit).layout, "square") << "held at " << t;
    const SceneState start = scene_at_time(demo(), e->t0_ms);
    const SceneState middle = scene_at_time(demo(), (e->t0_ms + e->t1_ms) / 2);
    const SceneState end = scene_at_time(demo(), e->t1_ms);
    EXPECT_EQ(view(middle, unit).layout, "square");
    EXPECT_EQ(view(middle, unit).formation, Formation::four_faces);
    EXPECT_NE(view(middle, unit).from_formation, Formation::four_faces);
    EXPECT_EQ(view(middle, unit).width_mm, static_cast<double>(effect->look->width_mm));
    EXPECT_GT(view(middle, unit).formation_blend, 0.2f);
    EXPECT_LT(view(middle, unit).formation_blend, 0.8f);
    EXPECT_EQ(view(end, unit).formation_blend, 1.0f);
    // The figures of the middle frame stand between where they stood and where they end up.
    auto positions = [&](const SceneState& s) {
        SceneState only;
        only.units = {view(s, unit)};
        return layout_figures(only, visuals());
    };
    const auto a = positions(start), b = positions(middle), c = positions(end);
    const auto kind = static_cast<std::size_t>(visuals().figure(view(start, unit).visual).mesh);
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

TEST(SceneAnimation, HeldLooksComeFromTheEffectsAlone) {
    // Without its formation_change effects the replay shows the square only when the record has
    // it: the holding is driven by the effect, not by the event's kind.
    ReplayScene plain = demo();
    for (auto& e : plain.replay.events)
        std::erase_if(e.effects,
                      [](const auto& fx) { return fx.kind == EffectKind::formation_change; });
    find_held_looks(plain);
    EXPECT_TRUE(plain.held_looks.empty());
    ASSERT_FALSE(demo().held_looks.empty());
    const HeldLook& h = demo().held_looks.front();
    const std::int64_t t = (h.start_ms + h.end_ms) / 2;
    EXPECT_EQ(view(scene_at_time(demo(), t), h.unit).layout, h.layout);
    EXPECT_NE(view(scene_at_time(plain, t), h.unit).layout, h.layout);
}

TEST(SceneAnimation, MeleesSurgeAndVolleysSmoke) {
    const auto [melee, clash] =
        find_effect(EffectKind::clash, [](const auto& fx) { return fx.units.size() >= 2; });
    ASSERT_NE(melee, nullptr);
    const SceneState during = scene_at_time(demo(), (melee->t0_ms + melee->t1_ms) / 2);
    for (int u : clash->units) EXPECT_GT(view(during, u).clash, 0.5f);
    EXPECT_EQ(view(scene_at_time(demo(), melee->t1_ms + 1), clash->units[0]).clash, 0.0f);

    const auto [volley, fire] =
        find_effect(EffectKind::volley, [](const auto& fx) { return !fx.units.empty(); });
    ASSERT_NE(volley, nullptr);
    const SceneState firing = scene_at_time(demo(), (volley->t0_ms + volley->t1_ms) / 2);
    EXPECT_GT(view(firing, fire->units[0]).volley, 0.0f);
    const auto smoke =
        layout_figures(firing, visuals()).by_mesh[static_cast<std::size_t>(MeshKind::smoke)];
    EXPECT_GE(smoke.size(), 3u);
    const auto none = layout_figures(scene_at_time(demo(), volley->t0_ms - 1), visuals())
                          .by_mesh[static_cast<std::size_t>(MeshKind::smoke)];
    EXPECT_TRUE(none.empty());
}

TEST(Scenery, TreesInWoodsHousesInVillagesHedgesAlongTheirPath) {
    const auto& terrain = demo().replay.header.board.terrain;
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
            if (f.kind != sim::board::FeatureKind::woods) continue;
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

// A unit in a wood: the trees on its base (and within a canopy's reach of it) are lifted off,
// the others stay; a second base instance of the same unit (its flock) is not a second footprint.
TEST(Scenery, TreesOnAUnitsBaseAreLiftedOff) {
    // A base 60 mm wide and 20 deep at (100, 100), turned a quarter (facing +x): 20 across x,
    // 60 along y.
    Instance base{100, 100, 0, 1.5707964f, 60, 20, 1.5f, 1};
    Instance flock = base;
    flock.sx = 200;  // a later instance of the same unit: ignored
    auto tree = [](float x, float y) { return Instance{x, y, 0, 0, 1, 1, 1, 0}; };
    const std::vector<Instance> trees = {tree(100, 100), tree(100, 125), tree(115, 100),
                                         tree(100, 145), tree(125, 100), tree(300, 300)};
    const auto kept = trees_clear_of_bases(trees, {base, flock}, 8.0f);
    ASSERT_EQ(kept.size(), 3u);
    EXPECT_FLOAT_EQ(kept[0].y, 145.0f);  // 15 mm past the end: beyond the reach
    EXPECT_FLOAT_EQ(kept[1].x, 125.0f);  // 15 mm past the side
    EXPECT_FLOAT_EQ(kept[2].x, 300.0f);
    // No units: every tree stays.
    EXPECT_EQ(trees_clear_of_bases(trees, {}, 8.0f).size(), trees.size());
}

}  // namespace
}  // namespace vedette::render

// The table marks (renderer/scene/table_marks.h) on the shipped demo battle, without a GPU: each
// move of a charge sequence or its aftermath gets the arrow style its replay's header names, a
// head that never ends behind the enemy it is aimed at, a clash where a melee is fought, a front
// edge on every base and a status chip on troubled units; a replay without the header's looks
// still gets arrows; and the visuals file's arrow and marker sections are checked like the rest.

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "renderer/scene/table_marks.h"
#include "sim/core/input_error.h"
#include "tests/renderer/demo_fixture.h"

namespace vedette::render {
namespace {

using sim::record::Event;

// The first event of a kind in the demo battle (with a motion when asked).
const Event& marks_event(const std::string& kind, bool moving = true) {
    for (const auto& e : demo().replay.events)
        if (e.kind == kind && (!moving || e.motion)) return e;
    ADD_FAILURE() << "the demo battle has no " << kind << " event";
    return demo().replay.events.front();
}

const ArrowMark* arrow_of(const TableMarks& m, int event) {
    for (const auto& a : m.arrows)
        if (a.event == event) return &a;
    return nullptr;
}

const UnitView* marks_view(const SceneState& s, int unit) {
    for (const auto& v : s.units)
        if (v.unit == unit) return &v;
    return nullptr;
}

double dist(std::pair<double, double> a, double x, double y) {
    return std::hypot(a.first - x, a.second - y);
}

// The head of an arrow aimed at an enemy stops at its edge: no further from the tail than the
// target's centre, and not inside the target's footprint.
void expect_head_before(const ArrowMark& a, const UnitView& target) {
    const auto tail = a.path_mm.front(), tip = a.path_mm.back();
    EXPECT_LE(dist(tail, tip.first, tip.second), dist(tail, target.x_mm, target.y_mm) + 1e-6)
        << a.style;
    const double dx = tip.first - target.x_mm, dy = tip.second - target.y_mm;
    const double along = dx * target.facing_x + dy * target.facing_y;
    const double across = dx * target.facing_y - dy * target.facing_x;
    const bool inside =
        std::abs(along) < target.depth_mm / 2 - 0.5 && std::abs(across) < target.width_mm / 2 - 0.5;
    EXPECT_FALSE(inside) << a.style << " head at " << tip.first << ", " << tip.second;
}

TEST(TableMarks, EachMoveHasTheStyleItsHeaderNames) {
    const ReplayScene& s = demo();
    ASSERT_FALSE(s.replay.header.looks.arrows.empty()) << "the GdB ruleset writes its looks";
    const std::pair<const char*, const char*> cases[] = {
        {"charge_move", "charge"}, {"countercharge", "countercharge"},
        {"evade", "evade"},        {"retreat", "retreat"},
        {"rout", "rout"},          {"push_back", "push_back"},
        {"pursue", "pursuit"},     {"move", "move"}};
    for (const auto& [kind, style] : cases) {
        const Event& e = marks_event(kind);
        const TableMarks m = table_marks(s, scene_at_time(s, e.t1_ms - 1), visuals());
        const ArrowMark* a = arrow_of(m, e.seq);
        ASSERT_NE(a, nullptr) << kind;
        EXPECT_EQ(a->style, style) << kind;
        EXPECT_EQ(a->unit, e.units[0]) << kind;
        EXPECT_FALSE(a->planned) << kind;
        EXPECT_GE(a->path_mm.size(), 2u) << kind;
        // Its look is the style's in assets/visuals.json.
        EXPECT_EQ(a->look.width, visuals().arrow(style).width) << kind;
        EXPECT_EQ(a->look.dashed, visuals().arrow(style).dashed) << kind;
    }
    // The styles are told apart: the charge thick and solid, evasions and pursuits dashed.
    const Visuals& v = visuals();
    EXPECT_GT(v.arrow("charge").width, v.arrow("move").width);
    EXPECT_FALSE(v.arrow("charge").dashed);
    EXPECT_TRUE(v.arrow("evade").dashed);
    EXPECT_TRUE(v.arrow("pursuit").dashed);
    EXPECT_LT(v.arrow("rout").width, v.arrow("retreat").width);
    EXPECT_NE(v.arrow("charge").g, v.arrow("countercharge").g);
}

TEST(TableMarks, AChargeSequenceShowsItsArrowsTogetherAndHeadsStopAtTheTarget) {
    const ReplayScene& s = demo();
    const Event& counter = marks_event("countercharge");
    ASSERT_GE(counter.episode, 0);
    ASSERT_GE(counter.units.size(), 2u);
    const SceneState state = scene_at_time(s, counter.t1_ms - 1);
    const TableMarks m = table_marks(s, state, visuals());
    // The declaration's planned arrow, the charge's first move and the countercharge, together.
    const ArrowMark* planned = nullptr;
    bool charge = false, countercharge = false;
    for (const auto& a : m.arrows) {
        EXPECT_EQ(s.replay.events[static_cast<std::size_t>(a.event)].episode, counter.episode);
        if (a.planned) planned = &a;
        charge = charge || (a.style == "charge" && !a.planned);
        countercharge = countercharge || a.style == "countercharge";
    }
    EXPECT_TRUE(charge);
    EXPECT_TRUE(countercharge);
    ASSERT_NE(planned, nullptr);
    EXPECT_EQ(planned->style, "charge");
    EXPECT_EQ(planned->target, counter.units[0]) << "the countercharger was the charge's target";
    // A declared charge is drawn as opaque as the charge itself: a faint arrow is lost on grass.
    EXPECT_FLOAT_EQ(planned->look.opacity, visuals().arrow("charge").opacity);
    EXPECT_FLOAT_EQ(planned->look.opacity, 1.0f);
    // Every head aimed at an enemy stops at its edge.
    for (const auto& a : m.arrows) {
        if (a.target < 0) continue;
        const UnitView* t = marks_view(state, a.target);
        ASSERT_NE(t, nullptr);
        expect_head_before(a, *t);
    }
    const ArrowMark* cc = arrow_of(m, counter.seq);
    ASSERT_NE(cc, nullptr);
    EXPECT_EQ(cc->target, counter.units[1]);
}

TEST(TableMarks, ARetreatShowsItsWholePathFromItsStart) {
    const ReplayScene& s = demo();
    const Event& retreat = marks_event("retreat");
    ASSERT_TRUE(visuals().arrow("retreat").whole_path);
    const auto& path = retreat.motion->path;
    const double full =
        std::hypot(double(path.back().x - path.front().x), double(path.back().y - path.front().y));
    ASSERT_GT(full, 5.0);
    // A tenth of the way in, the arrow already reaches where the unit is going.
    const TableMarks early =
        table_marks(s, scene_at_time(s, retreat.t0_ms + (retreat.t1_ms - retreat.t0_ms) / 10));
    const ArrowMark* a = arrow_of(early, retreat.seq);
    ASSERT_NE(a, nullptr);
    EXPECT_NEAR(dist(a->path_mm.front(), a->path_mm.back().first, a->path_mm.back().second), full,
                1.0);
}

TEST(TableMarks, AChargeArrowGrowsWithItsUnit) {
    const ReplayScene& s = demo();
    const Event* charge = nullptr;
    for (const auto& e : s.replay.events)
        if (e.motion && e.motion->path.size() >= 2 && !charge &&
            arrow_style(s.replay.header, e) == "charge")
            charge = &e;
    ASSERT_NE(charge, nullptr) << "the demo battle has no charge move";
    ASSERT_FALSE(visuals().arrow("charge").whole_path);
    const std::int64_t mid = (charge->t0_ms + charge->t1_ms) / 2;
    const ArrowMark* half = nullptr;
    const TableMarks m = table_marks(s, scene_at_time(s, mid));
    half = arrow_of(m, charge->seq);
    ASSERT_NE(half, nullptr);
    // The head is where the unit is now (or stopped at its target's edge, never beyond it).
    const SceneState middle = scene_at_time(s, mid);
    const UnitView* v = marks_view(middle, charge->units[0]);
    ASSERT_NE(v, nullptr);
    const auto& path = charge->motion->path;
    const double full =
        std::hypot(double(path.back().x - path.front().x), double(path.back().y - path.front().y));
    const double shown =
        dist(half->path_mm.front(), half->path_mm.back().first, half->path_mm.back().second);
    EXPECT_LT(shown, full * 0.75) << "half way, the arrow is not yet whole";
    EXPECT_LT(dist(half->path_mm.back(), v->x_mm, v->y_mm), 2.0);
}

TEST(TableMarks, AMeleeHasAClashBetweenTheFightingUnits) {
    const ReplayScene& s = demo();
    const Event& melee = marks_event("melee", false);
    ASSERT_GE(melee.units.size(), 2u);
    const SceneState state = scene_at_time(s, (melee.t0_ms + melee.t1_ms) / 2);
    const TableMarks m = table_marks(s, state);
    ASSERT_EQ(m.clashes.size(), 1u);
    const ClashMark& c = m.clashes[0];
    EXPECT_EQ(c.event, melee.seq);
    EXPECT_GT(c.radius_mm, 0);
    const UnitView* a = marks_view(state, melee.units[0]);
    const UnitView* b = marks_view(state, melee.units[1]);
    ASSERT_TRUE(a && b);
    const double apart = std::hypot(a->x_mm - b->x_mm, a->y_mm - b->y_mm);
    EXPECT_LE(std::hypot(c.x_mm - a->x_mm, c.y_mm - a->y_mm), apart);
    EXPECT_LE(std::hypot(c.x_mm - b->x_mm, c.y_mm - b->y_mm), apart);
    // Still marked later in the melee's episode; gone before it.
    const Event& next = s.replay.events[static_cast<std::size_t>(melee.seq + 1)];
    if (next.episode == melee.episode) {
        EXPECT_EQ(table_marks(s, scene_at_time(s, next.t1_ms - 1)).clashes.size(), 1u);
    }
    const Event& before = s.replay.events[static_cast<std::size_t>(melee.seq - 1)];
    EXPECT_TRUE(table_marks(s, scene_at_time(s, before.t1_ms - 1)).clashes.empty());
}

TEST(TableMarks, EveryUnitOnTheTableHasAFrontAcrossItsFacing) {
    const ReplayScene& s = demo();
    const SceneState state = scene_at_time(s, time_of_event(s, 30));
    const TableMarks m = table_marks(s, state);
    std::size_t on_table = 0;
    for (const auto& v : state.units) {
        if (!v.on_table) continue;
        ++on_table;
        const FrontMark* f = nullptr;
        for (const auto& fm : m.fronts)
            if (fm.unit == v.unit) f = &fm;
        ASSERT_NE(f, nullptr) << v.id;
        EXPECT_EQ(f->side, v.side);
        EXPECT_NEAR(std::hypot(f->x1_mm - f->x0_mm, f->y1_mm - f->y0_mm), std::max(8.0, v.width_mm),
                    0.01)
            << v.id;
        // Its middle is half the depth ahead of the centre, along the facing.
        const double mx = (f->x0_mm + f->x1_mm) / 2 - v.x_mm,
                     my = (f->y0_mm + f->y1_mm) / 2 - v.y_mm;
        EXPECT_NEAR(mx * v.facing_x + my * v.facing_y, v.depth_mm / 2, 0.01) << v.id;
    }
    EXPECT_EQ(m.fronts.size(), on_table);
    EXPECT_GT(on_table, 10u);
}

TEST(TableMarks, TroubledUnitsHaveAStatusMarkFromTheirState) {
    const ReplayScene& s = demo();
    bool disordered = false, broken = false;
    for (const auto& e : s.replay.events) {
        const SceneState state = scene_at_time(s, e.t1_ms);
        const TableMarks m = table_marks(s, state, visuals());
        for (const auto& v : state.units) {
            if (!v.on_table) continue;
            const StatusMark* st = nullptr;
            for (const auto& sm : m.statuses)
                if (sm.unit == v.unit) st = &sm;
            if (v.state == "formed") {
                EXPECT_EQ(st, nullptr) << v.id << " at " << e.seq;
            }
            if (!v.disordered) continue;
            ASSERT_NE(st, nullptr) << v.id << " " << v.state << " at event " << e.seq;
            EXPECT_FALSE(st->label.empty());
            if (v.state == "unformed") {
                EXPECT_EQ(st->status, "disordered");
                disordered = true;
            }
            if (v.state == "broken") {
                EXPECT_EQ(st->status, "broken");
                const StatusLook look = visuals().status("broken");
                EXPECT_EQ(st->r, look.r);
                broken = true;
            }
        }
        if (disordered && broken) break;
    }
    EXPECT_TRUE(disordered);
    EXPECT_TRUE(broken);
}

TEST(TableMarks, AReplayWithoutLooksStillHasArrows) {
    ReplayScene s = demo();
    s.replay.header.looks = {};
    const Event& rout = marks_event("rout");
    const TableMarks m = table_marks(s, scene_at_time(s, rout.t1_ms - 1));
    const ArrowMark* a = arrow_of(m, rout.seq);
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(a->style, "retreat") << "gait flee";
    const Event& charge = marks_event("charge_move");
    const TableMarks c = table_marks(s, scene_at_time(s, charge.t1_ms - 1));
    ASSERT_NE(arrow_of(c, charge.seq), nullptr);
    EXPECT_EQ(arrow_of(c, charge.seq)->style, "charge") << "gait gallop";
    bool planned = false;
    for (const auto& x : c.arrows) planned = planned || x.planned;
    EXPECT_TRUE(planned) << "a declaration";
    // Statuses fall back on the look's flags.
    const int id = rout.units[0];
    bool marked = false;
    for (const auto& st : m.statuses)
        marked = marked || (st.unit == id && st.status == "retreating");
    EXPECT_TRUE(marked);
}

// The shipped visuals with one piece of text replaced, loaded; the error's text.
std::string marks_visuals_error(const std::string& from, const std::string& to) {
    std::ifstream in(kSource + "/assets/visuals.json");
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::string text = buffer.str();
    const std::size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at == std::string::npos) return "";
    text.replace(at, from.size(), to);
    std::filesystem::create_directories(VEDETTE_TEST_OUTPUT_DIR);
    const std::string file = std::string(VEDETTE_TEST_OUTPUT_DIR) + "/marks_visuals.json";
    std::ofstream(file) << text;
    try {
        load_visuals(file);
    } catch (const sim::InputError& e) {
        return e.what();
    }
    ADD_FAILURE() << "accepted: " << to;
    return "";
}

TEST(TableMarksVisuals, ArrowAndMarkerSectionsAreCheckedAndOptional) {
    const std::tuple<const char*, const char*, const char*> cases[] = {
        {"\"charge\": {\"colour\": [0.92, 0.29, 0.10]",
         "\"charge\": {\"colour\": [1.92, 0.29, 0.10]",
         "$.arrows.charge.colour[0]: expected a number from 0 to 1"},
        {"\"evade\": {\"colour\"", "\"evade\": {\"color\"", "$.arrows.evade.color: unknown field"},
        {"\"width\": 2.4,", "\"width\": 0,", "$.arrows.push_back.width: expected a number"},
        {"\"whole_path\": true}", "\"whole_path\": 1}", "$.arrows.evade.whole_path"},
        {"\"broken\": {\"colour\": [0.86, 0.16, 0.16]", "\"broken\": {\"colour\": [0.86, 0.16]",
         "$.status_markers.broken.colour: expected [red, green, blue]"},
        {"\"planned_opacity\": 1.0", "\"planned_opacity\": 3", "$.planned_opacity"},
    };
    for (const auto& [from, to, says] : cases) {
        const std::string what = marks_visuals_error(from, to);
        EXPECT_NE(what.find(says), std::string::npos) << to << " -> " << what;
        EXPECT_NE(what.find("marks_visuals.json"), std::string::npos) << what;
    }
    // A file written before table marks loads with the built-in looks.
    std::ifstream in(kSource + "/assets/visuals.json");
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::string text = buffer.str();
    const std::size_t cut = text.find(",\n \"arrows\"");
    ASSERT_NE(cut, std::string::npos);
    text = text.substr(0, cut) + "\n}\n";
    const std::string file = std::string(VEDETTE_TEST_OUTPUT_DIR) + "/old_visuals.json";
    std::ofstream(file) << text;
    const Visuals old = load_visuals(file);
    EXPECT_EQ(old.arrows.size(), default_arrow_looks().size());
    EXPECT_EQ(old.arrow("charge").r, default_arrow_looks().at("charge").r);
    EXPECT_EQ(old.status("wavering").label, "wavering");
    // The shipped file agrees with the built-in looks, so the exporter's default draws the same.
    for (const auto& [style, look] : default_arrow_looks()) {
        EXPECT_EQ(visuals().arrow(style).r, look.r) << style;
        EXPECT_EQ(visuals().arrow(style).g, look.g) << style;
        EXPECT_EQ(visuals().arrow(style).b, look.b) << style;
        EXPECT_EQ(visuals().arrow(style).dashed, look.dashed) << style;
    }
    for (const auto& [marker, look] : default_status_looks()) {
        EXPECT_EQ(visuals().status(marker).r, look.r) << marker;
        EXPECT_EQ(visuals().status(marker).g, look.g) << marker;
        EXPECT_EQ(visuals().status(marker).b, look.b) << marker;
        EXPECT_EQ(visuals().status(marker).label, look.label) << marker;
    }
    EXPECT_EQ(visuals().arrow("no_such_style").width, visuals().arrow("move").width);
}

}  // namespace
}  // namespace vedette::render

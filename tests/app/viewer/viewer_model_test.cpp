// Which explanation and which episode the viewer shows, from the records alone: the explanation
// panel follows the latest melee (else test) of the playhead's turn unless an event is pinned; the
// episode panel follows the current event's episode; tours filter by the replay's own kinds and
// by category; the exporter's painter picks the event it explains. Synthetic events make each
// case explicit.

#include <gtest/gtest.h>

#include "app/viewer/panels/panels.h"
#include "app/viewer/tour_runner.h"
#include "app/viewer/viewer_frame_ui.h"
#include "app/viewer/viewer_model.h"
#include "renderer/export/overlay_panels.h"
#include "sim/core/input_error.h"

namespace vedette::viewer {
namespace {

using sim::record::Category;
using sim::record::Event;

struct Spec {
    int turn;
    const char* phase;
    Category category;
    const char* kind;
    int episode;
    bool explained;
};

// Two turns: a charge (episode 0), a melee with its casualties (episode 1), then turn 2 with a
// test only.
render::ReplayScene scene() {
    const std::vector<Spec> specs = {
        {0, "setup", Category::info, "setup", -1, false},               // 0
        {1, "charges", Category::turn, "turn_start", -1, false},        // 1
        {1, "charges", Category::declare, "charge_declared", 0, true},  // 2
        {1, "charges", Category::move, "charge_move", 0, false},        // 3
        {1, "charges", Category::test, "morale_test", 0, true},         // 4
        {1, "charges", Category::move, "contact", 0, false},            // 5
        {1, "melee", Category::melee, "melee", 1, true},                // 6
        {1, "melee", Category::loss, "casualties", 1, false},           // 7
        {1, "mandatory", Category::loss, "retreat", -1, false},         // 8
        {2, "charges", Category::turn, "turn_start", -1, false},        // 9
        {2, "charges", Category::test, "morale_test", 2, true},         // 10
        {2, "charges", Category::move, "charge_move", 2, false},        // 11
    };
    render::ReplayScene s;
    for (const char* id : {"a", "b"}) {
        sim::record::RosterUnit u;
        u.id = id;
        u.name = std::string("unit ") + id;
        s.replay.header.units.push_back(u);
    }
    std::int64_t t = 0;
    for (const auto& sp : specs) {
        Event e;
        e.seq = static_cast<int>(s.replay.events.size());
        e.turn = sp.turn;
        e.phase = sp.phase;
        e.category = sp.category;
        e.kind = sp.kind;
        e.episode = sp.episode;
        e.units = {0, 1};
        if (sp.explained) e.explanation = sim::record::Explanation{sp.kind, "R 1", {}};
        e.t0_ms = t;
        e.t1_ms = t + 1000;
        t += 1000;
        s.replay.events.push_back(e);
    }
    s.duration_ms = t;
    return s;
}

TEST(ViewerModel, ExplanationFollowsTheTurnsMeleeThenItsTest) {
    const render::ReplayScene s = scene();
    ViewerModel m(s);
    const std::vector<std::pair<int, int>> expected = {
        {0, -1}, {1, -1},  {2, -1},    // a declaration is explained, but the panel waits for a test
        {3, -1}, {4, 4},   {5, 4},     // the charge test
        {6, 6},  {7, 6},   {8, 6},     // the melee, through its casualties and the mandatory moves
        {9, -1}, {10, 10}, {11, 10}};  // a new turn forgets the old melee
    for (const auto& [at, shown] : expected) {
        m.timeline.seek_event(at);
        EXPECT_EQ(m.shown_explanation(), shown) << "at event " << at;
    }
    m.pinned_event = 2;  // chosen in the log
    m.timeline.seek_event(10);
    EXPECT_EQ(m.shown_explanation(), 2);
    m.pinned_event = -1;
    EXPECT_EQ(m.shown_explanation(), 10);
}

// A pursuit after the melee phase shows the melee its units fought, not a later melee of other
// units; an event of units that fought no melee this turn shows none.
TEST(ViewerModel, APursuitShowsItsOwnMeleeNotALaterOne) {
    render::ReplayScene s = scene();
    auto& ev = s.replay.events;
    ev[6].units = {0, 1};  // the melee of a and b
    Event later = ev[6];   // a later melee of c and d
    later.units = {2, 3};
    later.episode = 5;
    ev.insert(ev.begin() + 8, later);  // 8: the later melee; 9: the retreat of a (below)
    ev[9].units = {0};
    ev[9].episode = -1;
    Event lone = ev[9];  // 10: a move of e, who fought no melee
    lone.units = {4};
    ev.insert(ev.begin() + 10, lone);
    for (std::size_t i = 0; i < ev.size(); ++i) {
        ev[i].seq = static_cast<int>(i);
        ev[i].t0_ms = static_cast<std::int64_t>(i) * 1000;
        ev[i].t1_ms = ev[i].t0_ms + 1000;
    }
    s.duration_ms = static_cast<std::int64_t>(ev.size()) * 1000;
    for (const char* id : {"c", "d", "e"}) {
        sim::record::RosterUnit u;
        u.id = id;
        s.replay.header.units.push_back(u);
    }
    ViewerModel m(s);
    m.timeline.seek_event(9);
    EXPECT_EQ(m.shown_explanation(), 6) << "the retreat of a shows a's melee";
    EXPECT_EQ(render::PanelPainter::explained_event(s, 9), 6);
    m.timeline.seek_event(10);
    EXPECT_EQ(m.shown_explanation(), -1) << "e fought no melee";
    EXPECT_EQ(render::PanelPainter::explained_event(s, 10), -1);
    m.timeline.seek_event(8);
    EXPECT_EQ(m.shown_explanation(), 8);
}

TEST(ViewerModel, EpisodeIsTheCurrentEventsEpisode) {
    const render::ReplayScene s = scene();
    ViewerModel m(s);
    m.timeline.seek_event(4);
    EXPECT_EQ(m.shown_episode(), 0);
    EXPECT_EQ(m.episode_events(0), (std::vector<int>{2, 3, 4, 5}));
    m.timeline.seek_event(7);
    EXPECT_EQ(m.shown_episode(), 1);
    EXPECT_EQ(m.episode_events(1), (std::vector<int>{6, 7}));
    m.timeline.seek_event(8);
    EXPECT_EQ(m.shown_episode(), -1);
    EXPECT_TRUE(m.episode_events(-1).empty());
}

TEST(ViewerModel, RosterAndKindsComeFromTheReplay) {
    const render::ReplayScene s = scene();
    const ViewerModel m(s);
    EXPECT_EQ(m.unit_index("b"), 1);
    EXPECT_EQ(m.unit_index("c"), -1);
    EXPECT_EQ(m.unit_name(0), "unit a");
    EXPECT_EQ(m.unit_name(7), "?");
    EXPECT_EQ(m.kinds(),
              (std::vector<std::string>{"casualties", "charge_declared", "charge_move", "contact",
                                        "melee", "morale_test", "retreat", "setup", "turn_start"}));
}

TEST(ViewerModel, ToursFilterByTheReplaysKindsAndByCategory) {
    const render::ReplayScene s = scene();
    ViewerModel m(s);
    TourRunner ok(
        parse_tour("filter kind melee\nfilter category loss\npanel explanation off\n"
                   "panel charge off\n",
                   "tour.txt"));
    ok.run(&m, std::chrono::steady_clock::now());
    EXPECT_EQ(m.filter.kinds, (std::set<std::string>{"melee"}));
    EXPECT_EQ(m.filter.categories, (std::set<Category>{Category::loss}));
    EXPECT_FALSE(m.panels.explanation);
    EXPECT_FALSE(m.panels.episode);  // "charge" is the episode panel's old name
    for (const auto& [tour, words] :
         {std::pair{"filter kind shock\n",
                    "no event kind 'shock' in this replay; its kinds are "
                    "casualties, charge_declared"},
          std::pair{"filter category havoc\n",
                    "no event category 'havoc' (expected one of "
                    "declare, react"}}) {
        TourRunner bad(parse_tour(tour, "tour.txt"));
        try {
            bad.run(&m, std::chrono::steady_clock::now());
            ADD_FAILURE() << "accepted: " << tour;
        } catch (const sim::InputError& e) {
            EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
            EXPECT_EQ(e.where(), "line 1");
        }
    }
}

TEST(PanelPainter, ExplainsTheEventOrTheMeleeItsEpisodeFollows) {
    const render::ReplayScene s = scene();
    using render::PanelPainter;
    EXPECT_EQ(PanelPainter::explained_event(s, 2), 2);   // explained itself
    EXPECT_EQ(PanelPainter::explained_event(s, 3), -1);  // a move after a declaration: nothing
    EXPECT_EQ(PanelPainter::explained_event(s, 5), -1);
    EXPECT_EQ(PanelPainter::explained_event(s, 7), 6);  // casualties: their melee
    EXPECT_EQ(PanelPainter::explained_event(s, 8), 6);  // the mandatory retreat: its melee
    EXPECT_EQ(PanelPainter::explained_event(s, -1), -1);
    EXPECT_EQ(PanelPainter::explained_event(s, 99), -1);
}

}  // namespace
// `--overlay viewer` in a video: the panels' text grows with the output height, so the desktop's
// 13-pixel text does not shrink to a third of a 1080p frame's captions.
TEST(ViewerFrameUi, TheOverlaysTextGrowsWithTheOutput) {
    EXPECT_EQ(output_font_scale(480), 1.0f);
    EXPECT_EQ(output_font_scale(720), 1.0f);
    EXPECT_FLOAT_EQ(output_font_scale(1080), 1.5f);
    EXPECT_FLOAT_EQ(output_font_scale(2160), 3.0f);
}

// Issue 25: every list a panel draws is bounded. A replay may hold 100,000 events; the event log
// lays out only kMaxLogRows of them a frame, those around the playhead, and never past the list.
TEST(EventLog, ALongLogDrawsOnlyTheRowsAroundThePlayhead) {
    using Range = std::pair<std::size_t, std::size_t>;
    EXPECT_EQ(log_rows_shown(0, -1), Range(0, 0));
    EXPECT_EQ(log_rows_shown(kMaxLogRows, 17), Range(0, kMaxLogRows));
    EXPECT_EQ(log_rows_shown(100000, -1), Range(0, kMaxLogRows));
    EXPECT_EQ(log_rows_shown(100000, 10), Range(0, kMaxLogRows));
    EXPECT_EQ(log_rows_shown(100000, 50000),
              Range(50000 - kMaxLogRows / 2, 50000 + kMaxLogRows / 2));
    EXPECT_EQ(log_rows_shown(100000, 99999), Range(100000 - kMaxLogRows, 100000));
}

}  // namespace vedette::viewer

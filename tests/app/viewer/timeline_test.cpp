// The viewer's clock and stepping: next/previous event, phase and turn, at the ends, with
// filters; playing, speed and loops. Synthetic events make each case explicit.

#include <gtest/gtest.h>

#include "app/viewer/timeline.h"

namespace vedette::viewer {
namespace {

using sim::record::Category;
using sim::record::Event;

// A category for the synthetic kinds below (a ruleset's converter assigns them in real replays).
Category category_of(const std::string& kind) {
    if (kind == "turn_start") return Category::turn;
    if (kind == "charge_declared") return Category::declare;
    if (kind == "morale_test") return Category::test;
    if (kind == "melee") return Category::melee;
    if (kind == "casualties") return Category::loss;
    if (kind == "rout") return Category::leave;
    if (kind == "move") return Category::move;
    return Category::info;
}

// Events of 1 s each, back to back: turn, phase, kind, units.
std::vector<Event> make_events(
    const std::vector<std::tuple<int, std::string, std::string, std::vector<int>>>& spec) {
    std::vector<Event> out;
    std::int64_t t = 0;
    for (const auto& [turn, phase, kind, units] : spec) {
        Event e;
        e.seq = static_cast<int>(out.size());
        e.turn = turn;
        e.phase = phase;
        e.kind = kind;
        e.category = category_of(kind);
        e.units = units;
        e.t0_ms = t;
        e.t1_ms = t + 1000;
        t += 1000;
        out.push_back(e);
    }
    return out;
}

const std::vector<Event>& battle() {
    static const std::vector<Event> events = make_events({
        {0, "setup", "setup", {0, 1, 2}},           // 0
        {1, "charges", "turn_start", {}},           // 1
        {1, "charges", "charge_declared", {0, 1}},  // 2
        {1, "charges", "morale_test", {0}},         // 3
        {1, "movement", "move", {2}},               // 4
        {1, "melee", "melee", {0, 1}},              // 5
        {1, "melee", "casualties", {1}},            // 6
        {2, "charges", "turn_start", {}},           // 7
        {2, "charges", "charge_declared", {2, 1}},  // 8
        {2, "mandatory", "rout", {1}},              // 9
    });
    return events;
}

TEST(Timeline, StepsByEventThroughTheMiddleOfEachEvent) {
    Timeline tl(battle(), 10000);
    EXPECT_EQ(tl.current_event(), 0);
    EXPECT_TRUE(tl.step(StepUnit::event, 1));  // event 0 not reached its middle yet: go there
    EXPECT_EQ(tl.current_event(), 0);
    EXPECT_EQ(tl.time_ms(), 500);
    EXPECT_TRUE(tl.step(StepUnit::event, 1));
    EXPECT_EQ(tl.current_event(), 1);
    EXPECT_EQ(tl.time_ms(), 1500);
    EXPECT_TRUE(tl.step(StepUnit::event, -1));
    EXPECT_EQ(tl.current_event(), 0);
}

TEST(Timeline, StaysAtTheEnds) {
    Timeline tl(battle(), 10000);
    tl.seek_event(9);
    EXPECT_FALSE(tl.step(StepUnit::event, 1));
    EXPECT_EQ(tl.current_event(), 9);
    EXPECT_FALSE(tl.step(StepUnit::phase, 1));
    EXPECT_FALSE(tl.step(StepUnit::turn, 1));
    tl.seek_event(0);
    EXPECT_FALSE(tl.step(StepUnit::event, -1));
    EXPECT_FALSE(tl.step(StepUnit::phase, -1));
    EXPECT_EQ(tl.current_event(), 0);
    tl.seek(-50);
    EXPECT_EQ(tl.time_ms(), 0);
    tl.seek(999999);
    EXPECT_EQ(tl.time_ms(), 10000);
}

TEST(Timeline, EventStepsHonourTheFilter) {
    Timeline tl(battle(), 10000);
    EventFilter only_unit_2;
    only_unit_2.units = {2};
    tl.seek_event(1);
    ASSERT_TRUE(tl.step(StepUnit::event, 1, only_unit_2));
    EXPECT_EQ(tl.current_event(), 4);
    ASSERT_TRUE(tl.step(StepUnit::event, 1, only_unit_2));
    EXPECT_EQ(tl.current_event(), 8);
    EXPECT_FALSE(tl.step(StepUnit::event, 1, only_unit_2));
    EXPECT_EQ(tl.current_event(), 8);
    ASSERT_TRUE(tl.step(StepUnit::event, -1, only_unit_2));
    EXPECT_EQ(tl.current_event(), 4);

    EventFilter melees;
    melees.kinds = {"melee", "rout"};
    tl.seek_event(0);
    ASSERT_TRUE(tl.step(StepUnit::event, 1, melees));
    EXPECT_EQ(tl.current_event(), 5);
    ASSERT_TRUE(tl.step(StepUnit::event, 1, melees));
    EXPECT_EQ(tl.current_event(), 9);

    EventFilter both;  // unit 1 AND kind melee
    both.units = {1};
    both.kinds = {"melee"};
    EXPECT_TRUE(both.passes(battle()[5]));
    EXPECT_FALSE(both.passes(battle()[6]));
    EXPECT_FALSE(both.passes(battle()[9]));

    EventFilter losses;  // by category: casualties and the rout (loss, leave)
    losses.categories = {Category::loss, Category::leave};
    tl.seek_event(0);
    ASSERT_TRUE(tl.step(StepUnit::event, 1, losses));
    EXPECT_EQ(tl.current_event(), 6);
    ASSERT_TRUE(tl.step(StepUnit::event, 1, losses));
    EXPECT_EQ(tl.current_event(), 9);
    EXPECT_FALSE(tl.step(StepUnit::event, 1, losses));
    losses.units = {2};  // and unit 2: none of them
    EXPECT_FALSE(losses.passes(battle()[6]));
    EXPECT_FALSE(losses.passes(battle()[9]));
    EXPECT_FALSE(losses.empty());
}

TEST(Timeline, StepsByPhase) {
    Timeline tl(battle(), 10000);
    tl.seek_event(2);  // turn 1 charges
    ASSERT_TRUE(tl.step(StepUnit::phase, 1));
    EXPECT_EQ(tl.current_event(), 4);  // movement
    ASSERT_TRUE(tl.step(StepUnit::phase, 1));
    EXPECT_EQ(tl.current_event(), 5);  // melee
    ASSERT_TRUE(tl.step(StepUnit::phase, 1));
    EXPECT_EQ(tl.current_event(), 7);  // turn 2 charges
    // Back from inside a phase goes to its start; from its start, to the previous phase.
    tl.seek_event(6);
    ASSERT_TRUE(tl.step(StepUnit::phase, -1));
    EXPECT_EQ(tl.current_event(), 5);
    ASSERT_TRUE(tl.step(StepUnit::phase, -1));
    EXPECT_EQ(tl.current_event(), 4);
    ASSERT_TRUE(tl.step(StepUnit::phase, -1));
    EXPECT_EQ(tl.current_event(), 1);
}

TEST(Timeline, StepsByTurn) {
    Timeline tl(battle(), 10000);
    tl.seek_event(0);
    ASSERT_TRUE(tl.step(StepUnit::turn, 1));
    EXPECT_EQ(tl.current_event(), 1);
    ASSERT_TRUE(tl.step(StepUnit::turn, 1));
    EXPECT_EQ(tl.current_event(), 7);
    EXPECT_FALSE(tl.step(StepUnit::turn, 1));
    tl.seek_event(9);
    ASSERT_TRUE(tl.step(StepUnit::turn, -1));
    EXPECT_EQ(tl.current_event(), 7);
    ASSERT_TRUE(tl.step(StepUnit::turn, -1));
    EXPECT_EQ(tl.current_event(), 1);
    ASSERT_TRUE(tl.step(StepUnit::turn, -1));
    EXPECT_EQ(tl.current_event(), 0);
    EXPECT_FALSE(tl.step(StepUnit::turn, -1));
}

TEST(Timeline, PlaysAtSpeedAndStopsAtTheEnd) {
    Timeline tl(battle(), 10000);
    tl.play();
    tl.advance(0.5);
    EXPECT_EQ(tl.time_ms(), 500);
    tl.set_speed(4);
    tl.advance(1.0);
    EXPECT_EQ(tl.time_ms(), 4500);
    tl.set_speed(100);
    EXPECT_EQ(tl.speed(), Timeline::kMaxSpeed);
    tl.set_speed(0.01);
    EXPECT_EQ(tl.speed(), Timeline::kMinSpeed);
    tl.set_speed(8);
    tl.advance(10);
    EXPECT_EQ(tl.time_ms(), 10000);
    EXPECT_FALSE(tl.playing());
    tl.play();  // play at the end starts again
    EXPECT_EQ(tl.time_ms(), 0);
    // Stepping pauses.
    tl.step(StepUnit::event, 1);
    EXPECT_FALSE(tl.playing());
}

TEST(Timeline, SpeedStepsWalkTheLadder) {
    Timeline tl(battle(), 10000);
    tl.faster();
    EXPECT_EQ(tl.speed(), 2.0);
    for (int i = 0; i < 10; ++i) tl.faster();
    EXPECT_EQ(tl.speed(), 8.0);
    for (int i = 0; i < 10; ++i) tl.slower();
    EXPECT_EQ(tl.speed(), 0.25);
}

TEST(Timeline, LoopsASpan) {
    Timeline tl(battle(), 10000);
    tl.set_loop(5000, 7000);
    EXPECT_EQ(tl.time_ms(), 5000);  // outside the loop: jump to its start
    tl.play();
    tl.advance(2.5);
    EXPECT_EQ(tl.time_ms(), 5500);
    EXPECT_TRUE(tl.playing());
    tl.clear_loop();
    tl.advance(100);
    EXPECT_EQ(tl.time_ms(), 10000);
    tl.set_loop(3000, 3000);  // empty: no loop
    EXPECT_FALSE(tl.loop().has_value());
}

TEST(Timeline, SmallFramesAccumulate) {
    Timeline tl(battle(), 10000);
    tl.set_speed(0.25);
    tl.play();
    for (int i = 0; i < 60; ++i) tl.advance(1.0 / 60.0);  // one second at a quarter speed
    EXPECT_NEAR(static_cast<double>(tl.time_ms()), 250.0, 1.0);
}

}  // namespace
}  // namespace vedette::viewer

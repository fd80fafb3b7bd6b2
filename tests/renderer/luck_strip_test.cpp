// The luck strip's layout (renderer/scene/luck_strip.h), without a window: a bar a side for every
// moment, up for a lucky side and down for an unlucky one, as tall as its luck; the running sums
// as lines scaled to the largest; only the moments up to the event shown; and the moment nearest
// a click.

#include "renderer/scene/luck_strip.h"

#include <gtest/gtest.h>

#include <cmath>

namespace vedette::render {
namespace {

std::vector<sim::record::Event> events_at(const std::vector<std::int64_t>& t0) {
    std::vector<sim::record::Event> out(t0.size());
    for (std::size_t i = 0; i < t0.size(); ++i) out[i].seq = int(i), out[i].t0_ms = t0[i];
    return out;
}

sim::replay::BattleLuck two_moments() {
    sim::replay::BattleLuck l;
    l.sides = {"French", "Allies"};
    sim::replay::LuckMoment a, b;
    a.seq = 1, a.luck = {0.5, -0.5}, a.running = {0.5, -0.5};
    b.seq = 3, b.luck = {-0.25, 0.25}, b.running = {0.25, -0.25};
    l.moments = {a, b};
    return l;
}

TEST(LuckStrip, ABarASideUpWhenLuckyAsTallAsTheLuck) {
    const auto events = events_at({0, 1000, 2000, 3000});
    const LuckStrip s = luck_strip(two_moments(), events, 4000, 0, 0, 400, 102);
    ASSERT_EQ(s.bars.size(), 4u);
    EXPECT_FLOAT_EQ(s.mid, 51.0f);
    const float half = 50.0f;
    const LuckBar& french = s.bars[0];
    EXPECT_EQ(french.event, 1);
    EXPECT_EQ(french.side, 0);
    EXPECT_TRUE(french.lucky);
    EXPECT_NEAR(french.y1, s.mid, 1e-4);
    EXPECT_NEAR(s.mid - french.y0, 0.5f * half, 1e-3) << "half the height for a luck of 0.5";
    const LuckBar& allies = s.bars[1];
    EXPECT_FALSE(allies.lucky);
    EXPECT_NEAR(allies.y0, s.mid, 1e-4);
    EXPECT_NEAR(allies.y1 - s.mid, 0.5f * half, 1e-3);
    EXPECT_LT(french.x0, allies.x0) << "side 0 left of the moment, side 1 right";
    EXPECT_NEAR(s.moment_x[0], 100.0f, 1e-3) << "x by replay time, as the ruler";
    EXPECT_NEAR(s.moment_x[1], 300.0f, 1e-3);
}

TEST(LuckStrip, RunningSumsAreLinesScaledToTheLargest) {
    auto luck = two_moments();
    luck.moments[0].running = {2.0, -2.0};
    const LuckStrip s = luck_strip(luck, events_at({0, 1000, 2000, 3000}), 4000, 0, 0, 400, 102);
    ASSERT_EQ(s.running.size(), 2u);
    ASSERT_EQ(s.running[0].size(), 3u) << "from the left edge, then a point a moment";
    EXPECT_NEAR(s.running[0][1].second, s.mid - 50.0f, 1e-3) << "the largest sum fills the half";
    EXPECT_NEAR(s.running[0][2].second, s.mid - 0.125f * 50.0f, 1e-3);
    EXPECT_NEAR(s.running[1][1].second, s.mid + 50.0f, 1e-3);
}

TEST(LuckStrip, OnlyWhatHasHappenedAndTheMomentNearestAClick) {
    const auto events = events_at({0, 1000, 2000, 3000});
    const LuckStrip early = luck_strip(two_moments(), events, 4000, 0, 0, 400, 100, 2);
    EXPECT_EQ(early.bars.size(), 2u) << "the event 3 moment comes later";
    const LuckStrip all = luck_strip(two_moments(), events, 4000, 0, 0, 400, 100);
    EXPECT_EQ(luck_event_at(all, 90.0f), 1);
    EXPECT_EQ(luck_event_at(all, 250.0f), 3);
    EXPECT_EQ(luck_event_at(luck_strip({}, events, 4000, 0, 0, 400, 100), 10.0f), -1);
}

}  // namespace
}  // namespace vedette::render

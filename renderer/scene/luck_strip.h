#pragma once
// The luck strip: a battle's luck (sim/replay/luck.h) drawn like a chess evaluation graph along a
// timeline. For every event that counts, one bar a side (up: that side was lucky, down: unlucky,
// full height at +1 or -1) at the event's moment, and each side's running sum as a line scaled to
// the largest sum. The viewer draws it under its timeline (a click seeks to the event) and a
// presenter video over its lower edge (`--luck`); both place it with this one layout. Only
// numbers and sides: nothing here knows a rule system.

#include <cstdint>
#include <utility>
#include <vector>

#include "sim/record/record.h"
#include "sim/replay/luck.h"

namespace vedette::render {

struct LuckBar {
    int event = -1;                        // the event's index in the replay
    int side = 0;                          // the battle side (header.sides)
    float x0 = 0, x1 = 0, y0 = 0, y1 = 0;  // pixels; y0 < y1
    bool lucky = false;
};

struct LuckStrip {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // the strip's rectangle
    float mid = 0;                         // the zero line
    std::vector<LuckBar> bars;
    // Per side (at most two), the running sum as a polyline from the strip's left edge.
    std::vector<std::vector<std::pair<float, float>>> running;
    std::vector<float> moment_x;    // per moment of the luck: its x
    std::vector<int> moment_event;  // per moment: the event's index
};

// The strip for `luck` in the rectangle, x by replay time over `duration_ms` (as the viewer's
// ruler), up to and with the event `until` (-1: all of them; a video shows what has happened).
LuckStrip luck_strip(const sim::replay::BattleLuck& luck,
                     const std::vector<sim::record::Event>& events, std::int64_t duration_ms,
                     float x0, float y0, float x1, float y1, int until = -1);

// The event of the moment nearest to x on the strip; -1 when the strip has none.
int luck_event_at(const LuckStrip& strip, float x);

}  // namespace vedette::render

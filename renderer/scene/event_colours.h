#pragma once
// One colour per event category (sim::record::Category), shared by every timeline and log: the
// exporter's painted panels and the viewer's. Categories are ruleset-neutral, so a replay of any
// rule system is coloured the same way: declarations orange, tests yellow, fire pale yellow,
// melees red, losses crimson, moves grey-blue, reactions green, rallies teal, turns white.

#include "sim/record/record.h"

namespace vedette::render {

struct EventColour {
    unsigned char r, g, b;
};

EventColour category_colour(sim::record::Category category);

}  // namespace vedette::render

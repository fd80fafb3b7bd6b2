#pragma once
// One colour per event kind, shared by every timeline and log (the exporter's painted panels and
// the viewer's): charges orange, melees and casualties red, tests and volleys yellow, moves away
// grey-blue, rallies and reactions green, turn starts white.

#include <string>

namespace vedette::render {

struct KindColour {
    unsigned char r, g, b;
};

KindColour kind_colour(const std::string& kind);

}  // namespace vedette::render

#pragma once
// What the PNG graphs of the command line share (`vedette luck --png`, `vedette odds --png`): a
// filled rectangle, a number in a printf format, and the sides' colours, which stay apart on the
// dark ground and for most colour-blind readers. Painted on the CPU: the same input always gives
// the same pixels.

#include <cstdint>
#include <string>

#include "renderer/image_io.h"

namespace vedette::app {

struct Rgb {
    std::uint8_t r, g, b;
};

// Side `side`'s colour (0: blue, 1: red, then green and gold).
Rgb side_colour(int side);
// The rectangle between the two corners (either order), clipped to the image.
void fill_rect(render::RgbaImage& image, float x0, float y0, float x1, float y1, Rgb c);
std::string number(double x, const char* format);

}  // namespace vedette::app

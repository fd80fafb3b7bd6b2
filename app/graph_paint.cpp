#include "app/graph_paint.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace vedette::app {

Rgb side_colour(int side) {
    static const std::array<Rgb, 4> colours = {Rgb{90, 150, 255}, Rgb{240, 90, 70},
                                               Rgb{110, 200, 120}, Rgb{240, 190, 60}};
    return colours[std::size_t(side) % colours.size()];
}

void fill_rect(render::RgbaImage& image, float x0, float y0, float x1, float y1, Rgb c) {
    const int ix0 = std::max(0, int(std::floor(std::min(x0, x1))));
    const int ix1 = std::min(int(image.width), int(std::ceil(std::max(x0, x1))));
    const int iy0 = std::max(0, int(std::floor(std::min(y0, y1))));
    const int iy1 = std::min(int(image.height), int(std::ceil(std::max(y0, y1))));
    for (int y = iy0; y < iy1; ++y)
        for (int x = ix0; x < ix1; ++x) {
            std::uint8_t* p = &image.pixels[(std::size_t(y) * image.width + std::size_t(x)) * 4];
            p[0] = c.r, p[1] = c.g, p[2] = c.b, p[3] = 255;
        }
}

std::string number(double x, const char* format) {
    char buf[32];
    std::snprintf(buf, sizeof buf, format, x);
    return buf;
}

}  // namespace vedette::app

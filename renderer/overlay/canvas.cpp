#include "renderer/overlay/canvas.h"

#include <algorithm>

namespace vedette::render {

float type_pixels(const Type& type, int type_height) {
    return std::clamp(float(type_height) / type.lines, 11.0f, 160.0f);
}

int MeasureCanvas::text(const Type& type, const std::string& words, int, int y, int max_width,
                        Rgb) {
    const std::size_t lines = metrics_.wrapped_lines(type, words, max_width).size();
    return y + int(std::max<std::size_t>(1, lines)) * line_height(type);
}

}  // namespace vedette::render

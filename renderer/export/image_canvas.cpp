#include "renderer/export/image_canvas.h"

#include "renderer/export/stroke_painter.h"

namespace vedette::render {

CaptionPainter& TypeCache::at(int type_height, const Type& type) {
    auto& p = painters_[{type_height, type.lines, int(type.weight)}];
    if (!p)
        p = std::make_unique<CaptionPainter>(std::uint32_t(type_height), type.lines, type.weight);
    return *p;
}

int ImageCanvas::text(const Type& type, const std::string& words, int x, int y, int max_width,
                      Rgb c) {
    return painter(type).draw_text(frame_, words, x, y, max_width, c.r, c.g, c.b);
}

int ImageCanvas::text_width(const Type& type, const std::string& words) {
    return painter(type).text_width(words);
}

int ImageCanvas::line_height(const Type& type) {
    return painter(type).line_height();
}

std::vector<std::string> ImageCanvas::wrapped_lines(const Type& type, const std::string& words,
                                                    int max_width) {
    return painter(type).wrapped_lines(words, max_width);
}

void ImageCanvas::fill(int x0, int y0, int x1, int y1, Rgb c) {
    // Any painter fills: the rectangle does not depend on the type.
    painter(Type{}).fill(frame_, x0, y0, x1, y1, c.r, c.g, c.b);
}

void ImageCanvas::shade(int x0, int y0, int x1, int y1, float keep) {
    painter(Type{}).shade(frame_, x0, y0, x1, y1, keep);
}

void ImageCanvas::segment(ScreenPoint a, ScreenPoint b, const Stroke& stroke) {
    paint_segment(frame_, a, b, stroke);
}

void ImageCanvas::polyline(const std::vector<ScreenPoint>& points, const Stroke& stroke,
                           bool closed, float head_px) {
    paint_polyline(frame_, points, stroke, closed, head_px);
}

}  // namespace vedette::render

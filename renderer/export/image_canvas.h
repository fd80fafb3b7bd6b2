#pragma once
// The export's back end of the overlay canvas (renderer/overlay/canvas.h): paints on a finished
// frame on the CPU, text rasterised by Dear ImGui's font code (captions.h) and strokes by
// stroke_painter.h, so the same frame always gets the same pixels whatever the GPU.

#include <map>
#include <memory>
#include <tuple>

#include "renderer/export/captions.h"
#include "renderer/image_io.h"
#include "renderer/overlay/canvas.h"

namespace vedette::render {

// The typeface baked at each size a canvas asked for: an atlas costs milliseconds to build, so
// an export keeps one cache for all its frames.
class TypeCache {
public:
    CaptionPainter& at(int type_height, const Type& type);

private:
    std::map<std::tuple<int, float, int>, std::unique_ptr<CaptionPainter>> painters_;
};

class ImageCanvas final : public Canvas {
public:
    // Paints on `frame`, type sized from `type_height` (presenter_layout.h type_height).
    ImageCanvas(RgbaImage& frame, TypeCache& types, int type_height)
        : frame_(frame), types_(types), type_height_(type_height) {}
    int width() const override { return int(frame_.width); }
    int height() const override { return int(frame_.height); }
    int type_height() const override { return type_height_; }
    int text(const Type& type, const std::string& words, int x, int y, int max_width,
             Rgb colour) override;
    int text_width(const Type& type, const std::string& words) override;
    int line_height(const Type& type) override;
    std::vector<std::string> wrapped_lines(const Type& type, const std::string& words,
                                           int max_width) override;
    void fill(int x0, int y0, int x1, int y1, Rgb colour) override;
    void shade(int x0, int y0, int x1, int y1, float keep) override;
    void segment(ScreenPoint a, ScreenPoint b, const Stroke& stroke) override;
    void polyline(const std::vector<ScreenPoint>& points, const Stroke& stroke, bool closed = false,
                  float head_px = 0) override;

    RgbaImage& frame() { return frame_; }

private:
    CaptionPainter& painter(const Type& type) { return types_.at(type_height_, type); }
    RgbaImage& frame_;
    TypeCache& types_;
    int type_height_;
};

}  // namespace vedette::render

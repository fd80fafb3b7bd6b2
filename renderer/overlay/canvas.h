#pragma once
// The one small drawing interface every presenter overlay draws through (the result card, the
// caption, name tags, arrows and marks, the luck strip, notes, the scale bar). Two back ends
// implement it: the export's, which paints finished frames on the CPU (renderer/export/
// image_canvas.h: the same frame always gets the same pixels), and the viewer's, which queues
// Dear ImGui draw commands (renderer/ui/imgui_canvas.h). An overlay is written once against
// this and looks the same in a video, a still and the viewer.
//
// Coordinates are pixels from the canvas's top-left corner. Type is sized from the canvas's type
// height (a frame's height, a portrait frame's width): a Type of 20 lines is a twentieth of it.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "renderer/ui/typeface.h"  // Weight

namespace vedette::render {

struct Rgb {
    std::uint8_t r = 255, g = 255, b = 255;
};

struct PixelRect {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

using ScreenPoint = std::pair<float, float>;

struct Stroke {
    std::uint8_t r = 255, g = 255, b = 255;
    float width = 3.0f;    // pixels
    float opacity = 1.0f;  // 0..1
    float dash = 0.0f;     // > 0: dashes of this many pixels with gaps as long; 0: solid
};

// A size and weight of type: `lines` lines fill the type height.
struct Type {
    float lines = 26.0f;
    Weight weight = Weight::regular;
};

// The pixel size a Type has at a type height: clamped so that text stays legible in a thumbnail
// and sane in a poster.
float type_pixels(const Type& type, int type_height);

class Canvas {
public:
    virtual ~Canvas() = default;

    virtual int width() const = 0;
    virtual int height() const = 0;
    // What type is sized from (the frame's height; a portrait frame's width).
    virtual int type_height() const = 0;

    // Text wrapped at `max_width` (at spaces, never before a number: "rule 9.99 (1)" stays
    // whole), its first line's top at y; returns the y under its last line (one line for none).
    virtual int text(const Type& type, const std::string& words, int x, int y, int max_width,
                     Rgb colour) = 0;
    virtual int text_width(const Type& type, const std::string& words) = 0;
    virtual int line_height(const Type& type) = 0;
    // The lines text() breaks `words` into at `max_width`.
    virtual std::vector<std::string> wrapped_lines(const Type& type, const std::string& words,
                                                   int max_width) = 0;
    float pixel_size(const Type& type) const { return type_pixels(type, type_height()); }

    // An opaque rectangle; a rectangle darkened to `keep` of its brightness.
    virtual void fill(int x0, int y0, int x1, int y1, Rgb colour) = 0;
    virtual void shade(int x0, int y0, int x1, int y1, float keep) = 0;
    // A stroke from a to b; a polyline (closed, or with an arrow head `head_px` long at its end).
    virtual void segment(ScreenPoint a, ScreenPoint b, const Stroke& stroke) = 0;
    virtual void polyline(const std::vector<ScreenPoint>& points, const Stroke& stroke,
                          bool closed = false, float head_px = 0) = 0;
};

// Measures without drawing: the metrics of another canvas (so text wraps there as it will when
// drawn) over a size of its own. Layouts use it to know a box's height before they paint it.
class MeasureCanvas final : public Canvas {
public:
    MeasureCanvas(Canvas& metrics, int width, int height)
        : metrics_(metrics), width_(width), height_(height) {}
    explicit MeasureCanvas(Canvas& metrics)
        : MeasureCanvas(metrics, metrics.width(), metrics.height()) {}
    int width() const override { return width_; }
    int height() const override { return height_; }
    int type_height() const override { return metrics_.type_height(); }
    int text(const Type& type, const std::string& words, int x, int y, int max_width,
             Rgb colour) override;
    int text_width(const Type& type, const std::string& words) override {
        return metrics_.text_width(type, words);
    }
    int line_height(const Type& type) override { return metrics_.line_height(type); }
    std::vector<std::string> wrapped_lines(const Type& type, const std::string& words,
                                           int max_width) override {
        return metrics_.wrapped_lines(type, words, max_width);
    }
    void fill(int, int, int, int, Rgb) override {}
    void shade(int, int, int, int, float) override {}
    void segment(ScreenPoint, ScreenPoint, const Stroke&) override {}
    void polyline(const std::vector<ScreenPoint>&, const Stroke&, bool, float) override {}

private:
    Canvas& metrics_;
    int width_, height_;
};

}  // namespace vedette::render

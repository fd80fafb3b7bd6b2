#pragma once
// The viewer's back end of the overlay canvas (renderer/overlay/canvas.h): queues Dear ImGui draw
// commands on a draw list instead of painting pixels, so the presenter overlays drawn into a
// video by the export's ImageCanvas are drawn live over the viewer's table.
//
// Text wraps by the same rule as the export (typeface.h wrap_end, lines split as CaptionPainter
// splits them), so a card that breaks its lines one way in a video breaks them the same way in
// the viewer. Type is set in the viewer's atlas (imgui_layer.cpp): the size nearest above the one
// asked for, scaled down.

#include <string>
#include <vector>

#include "renderer/overlay/canvas.h"

struct ImDrawList;
struct ImFont;

namespace vedette::render {

class ImGuiCanvas final : public Canvas {
public:
    // Draws on `list` (e.g. ImGui::GetForegroundDrawList()); canvas pixel (0, 0) is at screen
    // (origin_x, origin_y), and nothing lands outside the width x height rectangle from there
    // (a clip rectangle is pushed for the canvas's life). An ImGui context must be current.
    ImGuiCanvas(ImDrawList* list, float origin_x, float origin_y, int width, int height,
                int type_height);
    ~ImGuiCanvas() override;
    ImGuiCanvas(const ImGuiCanvas&) = delete;  // the clip rectangle is popped once
    ImGuiCanvas& operator=(const ImGuiCanvas&) = delete;

    int width() const override { return width_; }
    int height() const override { return height_; }
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

private:
    // The atlas font a Type is drawn with and the size it is drawn at.
    struct Face {
        const ImFont* font;
        float pixels;
    };
    Face face(const Type& type) const;

    ImDrawList* list_;
    float origin_x_, origin_y_;
    int width_, height_, type_height_;
};

}  // namespace vedette::render

#pragma once
// Lower-third captions painted onto finished frames: the current event in plain words, with its
// turn, phase and rule. Text is rasterised on the CPU from Dear ImGui's built-in font (no GPU
// backend needed), so the same frame always gets the same pixels.

#include <string>

#include "renderer/image_io.h"
#include "renderer/scene/scene_state.h"

namespace vedette::render {

// A rule reference as a viewer reads it: without the project's seed numbers ("(seed 000)").
std::string readable_rule(const std::string& rule);
// A caption's second line for an event: its turn, phase and rule (the battle's title at setup).
std::string caption_detail(const ReplayScene& scene, const sim::record::Event& e);

class CaptionPainter {
public:
    explicit CaptionPainter(std::uint32_t frame_height, float lines_per_frame = 26.0f);
    ~CaptionPainter();
    CaptionPainter(const CaptionPainter&) = delete;
    CaptionPainter& operator=(const CaptionPainter&) = delete;

    // The caption for the moment shown by `state` (nothing before the first event).
    void paint(RgbaImage& frame, const ReplayScene& scene, const SceneState& state);
    // Paints two lines of text in a translucent band across the bottom of the frame.
    void paint_lines(RgbaImage& frame, const std::string& title, const std::string& detail);

    // Building blocks for other overlays: wrapped text (returns the y below it), a darkened
    // rectangle, a filled rectangle, the line height.
    int draw_text(RgbaImage& frame, const std::string& text, int x, int y, int max_width,
                  std::uint8_t r, std::uint8_t g, std::uint8_t b);
    void shade(RgbaImage& frame, int x0, int y0, int x1, int y1, float keep) const;
    void fill(RgbaImage& frame, int x0, int y0, int x1, int y1, std::uint8_t r, std::uint8_t g,
              std::uint8_t b) const;
    int line_height() const;
    int text_width(const std::string& text) const;

private:
    struct Impl;
    Impl* impl_;
};

}  // namespace vedette::render

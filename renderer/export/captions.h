#pragma once
// Lower-third captions painted onto finished frames: the current event in plain words, with its
// turn, phase and rule. Text is rasterised on the CPU by Dear ImGui's font code (no GPU
// backend needed) in the viewer's typeface (renderer/ui/typeface.h), so the same frame always gets
// the same pixels.

#include <string>
#include <vector>

#include "renderer/image_io.h"
#include "renderer/scene/rule_words.h"  // caption_detail, which captions use
#include "renderer/scene/scene_state.h"
#include "renderer/ui/typeface.h"

namespace vedette::render {

class CaptionPainter {
public:
    // Text `frame_height / lines_per_frame` pixels high (the typeface's size), in `weight`.
    explicit CaptionPainter(std::uint32_t frame_height, float lines_per_frame = 26.0f,
                            Weight weight = Weight::regular);
    ~CaptionPainter();
    CaptionPainter(const CaptionPainter&) = delete;
    CaptionPainter& operator=(const CaptionPainter&) = delete;

    // The caption for the moment shown by `state` (nothing before the first event).
    void paint(RgbaImage& frame, const ReplayScene& scene, const SceneState& state);
    // Where the band of paint_lines(title, ...) starts in a frame of that size (its top row).
    int band_top(std::uint32_t width, std::uint32_t height, const std::string& title);
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
    float pixel_size() const;  // the typeface's size in pixels
    int text_width(const std::string& text) const;
    // The lines draw_text breaks `text` into at `max_width`: at spaces only, never before a
    // number ("rule 9.99 (1)" stays whole).
    std::vector<std::string> wrapped_lines(const std::string& text, int max_width) const;

private:
    struct Impl;
    Impl* impl_;
};

}  // namespace vedette::render

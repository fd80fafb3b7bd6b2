#include "renderer/export/captions.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include <imgui.h>
#include <imgui_internal.h>  // ImTextCharFromUtf8

#include "renderer/ui/typeface.h"

namespace vedette::render {

struct CaptionPainter::Impl {
    ImFontAtlas atlas;
    ImFont* font = nullptr;
    unsigned char* alpha = nullptr;
    int width = 0, height = 0;
    float size = 16;
};

CaptionPainter::CaptionPainter(std::uint32_t frame_height, float lines_per_frame, Weight weight)
    : impl_(new Impl) {
    impl_->size = std::clamp(float(frame_height) / lines_per_frame, 11.0f, 160.0f);
    impl_->font = add_typeface(impl_->atlas, impl_->size, weight);
    impl_->atlas.GetTexDataAsAlpha8(&impl_->alpha, &impl_->width, &impl_->height);
}

CaptionPainter::~CaptionPainter() {
    delete impl_;
}

int CaptionPainter::draw_text(RgbaImage& frame, const std::string& text, int x0, int y0,
                              int max_width, std::uint8_t r, std::uint8_t g, std::uint8_t b) {
    const ImFont& font = *impl_->font;
    const int line_height = int(impl_->size * 1.2f);
    float x = float(x0);
    int y = y0;
    const char* s = text.c_str();
    const char* end = s + text.size();
    // Word wrap at max_width.
    const char* line_end = wrap_end(font, 1.0f, s, end, float(max_width));
    while (s < end) {
        if (s >= line_end) {
            x = float(x0);
            y += line_height;
            while (s < end && (*s == ' ' || *s == '\n')) ++s;
            line_end = wrap_end(font, 1.0f, s, end, float(max_width));
            continue;
        }
        unsigned int c = 0;
        s += ImTextCharFromUtf8(&c, s, end);
        const ImFontGlyph* glyph = font.FindGlyph(static_cast<ImWchar>(c));
        if (!glyph) continue;
        const int gx0 = int(x + glyph->X0), gy0 = int(float(y) + glyph->Y0);
        const int gw = int(glyph->X1 - glyph->X0), gh = int(glyph->Y1 - glyph->Y0);
        const int u0 = int(glyph->U0 * float(impl_->width)),
                  v0 = int(glyph->V0 * float(impl_->height));
        // Only the glyph's rows and columns inside the frame.
        const int j0 = std::max(0, -gy0), j1 = std::min(gh, int(frame.height) - gy0);
        const int i0 = std::max(0, -gx0), i1 = std::min(gw, int(frame.width) - gx0);
        for (int j = j0; j < j1; ++j) {
            const unsigned char* coverage = &impl_->alpha[(v0 + j) * impl_->width + u0];
            std::uint8_t* row = &frame.pixels[std::size_t(gy0 + j) * frame.width * 4];
            for (int i = i0; i < i1; ++i) {
                const int a = coverage[i];
                if (a == 0) continue;
                std::uint8_t* d = &row[std::size_t(gx0 + i) * 4];
                d[0] = std::uint8_t((d[0] * (255 - a) + r * a) / 255);
                d[1] = std::uint8_t((d[1] * (255 - a) + g * a) / 255);
                d[2] = std::uint8_t((d[2] * (255 - a) + b * a) / 255);
            }
        }
        x += glyph->AdvanceX;
    }
    return y + line_height;
}

std::vector<std::string> CaptionPainter::wrapped_lines(const std::string& text,
                                                       int max_width) const {
    return wrap_lines(*impl_->font, 1.0f, text, float(max_width));
}

float CaptionPainter::pixel_size() const {
    return impl_->size;
}

int CaptionPainter::line_height() const {
    return int(impl_->size * 1.2f);
}

int CaptionPainter::text_width(const std::string& text) const {
    return int(
        impl_->font
            ->CalcTextSizeA(impl_->size, 1e9f, 0.0f, text.c_str(), text.c_str() + text.size())
            .x);
}

namespace {

// Darkens a rectangle to `keep` of its brightness, in 8-bit fixed point (a float multiply per
// channel cost an export at 1080p a few per cent).
void darken(RgbaImage& frame, int x0, int y0, int x1, int y1, float keep) {
    const unsigned k = unsigned(std::lround(std::clamp(keep, 0.0f, 1.0f) * 256.0f));
    x0 = std::max(0, x0), x1 = std::min(int(frame.width), x1);
    for (int y = std::max(0, y0); y < std::min(int(frame.height), y1); ++y) {
        std::uint8_t* d = &frame.pixels[(std::size_t(y) * frame.width + std::size_t(x0)) * 4];
        for (int x = x0; x < x1; ++x, d += 4)
            for (int c = 0; c < 3; ++c) d[c] = std::uint8_t((d[c] * k) >> 8);
    }
}

}  // namespace

void CaptionPainter::shade(RgbaImage& frame, int x0, int y0, int x1, int y1, float keep) const {
    darken(frame, x0, y0, x1, y1, keep);
}

void CaptionPainter::fill(RgbaImage& frame, int x0, int y0, int x1, int y1, std::uint8_t r,
                          std::uint8_t g, std::uint8_t b) const {
    for (int y = std::max(0, y0); y < std::min(int(frame.height), y1); ++y)
        for (int x = std::max(0, x0); x < std::min(int(frame.width), x1); ++x) {
            std::uint8_t* d = &frame.pixels[(std::size_t(y) * frame.width + std::size_t(x)) * 4];
            d[0] = r, d[1] = g, d[2] = b;
        }
}

int CaptionPainter::band_top(std::uint32_t width, std::uint32_t height, const std::string& title) {
    const int margin = int(impl_->size);
    const int max_width = int(width) - 2 * margin;
    // The band holds two lines; a title that wraps to more raises its top so that the detail
    // line below it never overlaps the title's last line. (Measured in a one-pixel image: text
    // is clipped there, but the lines still advance.)
    RgbaImage scratch(1, 1);
    const int title_h = draw_text(scratch, title, 0, 0, max_width, 0, 0, 0);
    const int band = std::max(int(impl_->size * 4.2f),
                              int(impl_->size * 0.4f) + title_h + int(impl_->size * 1.5f));
    return int(height) - band;
}

void CaptionPainter::paint_lines(RgbaImage& frame, const std::string& title,
                                 const std::string& detail) {
    const int margin = int(impl_->size);
    const int max_width = int(frame.width) - 2 * margin;
    const int top = band_top(frame.width, frame.height, title);
    darken(frame, 0, top, int(frame.width), int(frame.height), 0.35f);
    const int next =
        draw_text(frame, title, margin, top + int(impl_->size * 0.4f), max_width, 250, 246, 232);
    draw_text(frame, detail, margin, std::min(next, int(frame.height) - int(impl_->size * 1.3f)),
              max_width, 200, 190, 150);
}

void CaptionPainter::paint(RgbaImage& frame, const ReplayScene& scene, const SceneState& state) {
    if (state.event < 0) return;
    const auto& e = scene.replay.events[static_cast<std::size_t>(state.event)];
    paint_lines(frame, e.text, caption_detail(scene, e));
}

}  // namespace vedette::render

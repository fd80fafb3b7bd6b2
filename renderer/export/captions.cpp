#include "renderer/export/captions.h"

#include <algorithm>
#include <cctype>

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
    const char* line_end = font.CalcWordWrapPositionA(1.0f, s, end, float(max_width));
    while (s < end) {
        if (s >= line_end) {
            x = float(x0);
            y += line_height;
            while (s < end && *s == ' ') ++s;
            line_end = font.CalcWordWrapPositionA(1.0f, s, end, float(max_width));
            if (line_end == s) line_end = end;
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
        for (int j = 0; j < gh; ++j)
            for (int i = 0; i < gw; ++i) {
                const int px = gx0 + i, py = gy0 + j;
                if (px < 0 || py < 0 || px >= int(frame.width) || py >= int(frame.height)) continue;
                const int a = impl_->alpha[(v0 + j) * impl_->width + u0 + i];
                if (a == 0) continue;
                std::uint8_t* d =
                    &frame.pixels[(std::size_t(py) * frame.width + std::size_t(px)) * 4];
                d[0] = std::uint8_t((d[0] * (255 - a) + r * a) / 255);
                d[1] = std::uint8_t((d[1] * (255 - a) + g * a) / 255);
                d[2] = std::uint8_t((d[2] * (255 - a) + b * a) / 255);
            }
        x += glyph->AdvanceX;
    }
    return y + line_height;
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

void CaptionPainter::shade(RgbaImage& frame, int x0, int y0, int x1, int y1, float keep) const {
    for (int y = std::max(0, y0); y < std::min(int(frame.height), y1); ++y)
        for (int x = std::max(0, x0); x < std::min(int(frame.width), x1); ++x) {
            std::uint8_t* d = &frame.pixels[(std::size_t(y) * frame.width + std::size_t(x)) * 4];
            for (int c = 0; c < 3; ++c) d[c] = std::uint8_t(float(d[c]) * keep);
        }
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
    for (int y = std::max(0, top); y < int(frame.height); ++y)
        for (std::uint32_t x = 0; x < frame.width; ++x) {
            std::uint8_t* d = &frame.pixels[(std::size_t(y) * frame.width + x) * 4];
            for (int c = 0; c < 3; ++c) d[c] = std::uint8_t(d[c] * 0.35f);
        }
    const int next =
        draw_text(frame, title, margin, top + int(impl_->size * 0.4f), max_width, 250, 246, 232);
    draw_text(frame, detail, margin, std::min(next, int(frame.height) - int(impl_->size * 1.3f)),
              max_width, 200, 190, 150);
}

std::string caption_detail(const ReplayScene& scene, const sim::record::Event& e) {
    const auto& header = scene.replay.header;
    // Events of a turn name the turn, their phase (as the replay labels it) and their rule; the
    // setup before the first turn names the battle.
    // (Not when the setup's caption names the battle itself: the title would be said twice.)
    if (e.turn <= 0) return e.text.find(header.title) != std::string::npos ? "" : header.title;
    std::string detail = "Turn " + std::to_string(e.turn) + ", " + header.phase_label(e.phase);
    if (!e.rule.empty()) detail += "  -  " + readable_rule(e.rule);
    return detail;
}

void CaptionPainter::paint(RgbaImage& frame, const ReplayScene& scene, const SceneState& state) {
    if (state.event < 0) return;
    const auto& e = scene.replay.events[static_cast<std::size_t>(state.event)];
    paint_lines(frame, e.text, caption_detail(scene, e));
}

}  // namespace vedette::render

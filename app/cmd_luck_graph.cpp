// The graph of `vedette luck --png`: the battle's luck read like a chess evaluation graph. One
// bar per event that counts for each side (its luck in that event, -1..+1, on the left scale) and
// each side's running sum as a line (on the right scale), over the events in the replay's order,
// with a tick at each new turn. Painted on the CPU with the renderer's strokes and caption text,
// written as PNG atomically; the same replay always gives the same pixels.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "app/graph_paint.h"
#include "renderer/export/captions.h"
#include "renderer/export/stroke_painter.h"
#include "renderer/image_io.h"
#include "sim/core/atomic_file.h"
#include "sim/replay/luck.h"

namespace vedette::app {

namespace {

using render::RgbaImage;
using render::ScreenPoint;

constexpr int kWidth = 1600, kHeight = 800;
// Room for the title and legend above, the scales' numbers either side, the turns below.
constexpr int kLeft = 70, kRight = 70, kTop = 110, kBottom = 60;

// The plot: x from event index, y from a value on one of the two scales.
struct Plot {
    float x0 = kLeft, x1 = kWidth - kRight, y0 = kTop, y1 = kHeight - kBottom;
    std::size_t events = 1;
    double running_scale = 1;  // the right scale's top: the largest running sum, at least 1
    float mid() const { return (y0 + y1) / 2; }
    float half() const { return (y1 - y0) / 2; }
    float slot() const { return (x1 - x0) / float(std::max<std::size_t>(events, 1)); }
    float x(std::size_t i) const { return x0 + slot() * float(i); }
    float bar_y(double luck) const { return mid() - float(luck) * half(); }
    float line_y(double sum) const { return mid() - float(sum / running_scale) * half(); }
};

// The grid: the zero line, both scales' numbers at the top, middle and bottom, and a tick with
// the turn's number where a turn starts.
void paint_axes(RgbaImage& image, render::CaptionPainter& text, const Plot& p,
                const sim::replay::BattleLuck& luck) {
    const Rgb grey{200, 200, 190};
    for (const double v : {1.0, 0.5, -0.5, -1.0})
        render::paint_segment(image, {p.x0, p.bar_y(v)}, {p.x1, p.bar_y(v)},
                              {90, 90, 90, 1.0f, 1.0f, v == 1.0 || v == -1.0 ? 0.0f : 6.0f});
    render::paint_segment(image, {p.x0, p.mid()}, {p.x1, p.mid()}, {230, 230, 220, 2.0f});
    const int half_line = text.line_height() / 2;
    for (const double v : {1.0, 0.0, -1.0}) {
        const std::string left = v == 0 ? "0" : number(v, "%+.0f");
        const std::string right = v == 0 ? "0" : number(v * p.running_scale, "%+.1f");
        const int y = int(p.bar_y(v)) - half_line;
        text.draw_text(image, left, int(p.x0) - 10 - text.text_width(left), y, 60, grey.r, grey.g,
                       grey.b);
        text.draw_text(image, right, int(p.x1) + 10, y, 70, grey.r, grey.g, grey.b);
    }
    int turn = -1;
    for (std::size_t i = 0; i < luck.moments.size(); ++i) {
        if (luck.moments[i].turn == turn) continue;
        turn = luck.moments[i].turn;
        const float x = p.x(i);
        render::paint_segment(image, {x, p.y0}, {x, p.y1}, {120, 120, 110, 1.0f, 0.8f, 4.0f});
        const std::string words = "T" + std::to_string(turn);
        text.draw_text(image, words, int(x) + 3, int(p.y1) + 6, 80, grey.r, grey.g, grey.b);
    }
}

void paint_bars_and_lines(RgbaImage& image, const Plot& p, const sim::replay::BattleLuck& luck) {
    const std::size_t sides = std::max<std::size_t>(luck.sides.size(), 1);
    const float bar_w = std::max(1.0f, p.slot() * 0.8f / float(sides));
    for (std::size_t i = 0; i < luck.moments.size(); ++i)
        for (std::size_t s = 0; s < luck.sides.size(); ++s) {
            const float x = p.x(i) + p.slot() * 0.1f + bar_w * float(s);
            const Rgb c = side_colour(int(s));
            fill_rect(image, x, p.mid(), x + bar_w, p.bar_y(luck.moments[i].luck[s]),
                      {std::uint8_t(c.r * 7 / 10), std::uint8_t(c.g * 7 / 10),
                       std::uint8_t(c.b * 7 / 10)});
        }
    for (std::size_t s = 0; s < luck.sides.size(); ++s) {
        // The running sum from zero before the first event to its value after each one.
        std::vector<ScreenPoint> line = {{p.x(0), p.mid()}};
        for (std::size_t i = 0; i < luck.moments.size(); ++i)
            line.push_back({p.x(i) + p.slot(), p.line_y(luck.moments[i].running[s])});
        const Rgb c = side_colour(int(s));
        render::paint_polyline(image, line, {20, 20, 20, 5.0f, 0.8f});
        render::paint_polyline(image, line, {c.r, c.g, c.b, 3.0f});
    }
}

void paint_heading(RgbaImage& image, render::CaptionPainter& text, const std::string& title,
                   const sim::replay::BattleLuck& luck) {
    const std::string what =
        "Luck per event: the chance of a worse outcome minus that of a better one (bars, left "
        "scale); the running sum (lines, right scale). " +
        std::to_string(luck.moments.size()) + " events with exact odds.";
    int y = text.draw_text(image, "Luck: " + title, 16, 10, kWidth - 32, 250, 246, 232);
    y = text.draw_text(image, what, 16, y + 2, kWidth - 32, 200, 190, 150);
    int x = 16;
    for (std::size_t s = 0; s < luck.sides.size(); ++s) {
        const Rgb c = side_colour(int(s));
        fill_rect(image, float(x), float(y + 6), float(x + 28), float(y + text.line_height() - 4),
                  c);
        const std::string words = luck.sides[s] + " " + number(luck.total[s], "%+.3f");
        text.draw_text(image, words, x + 36, y + 2, text.text_width(words) + 8, c.r, c.g, c.b);
        x += 36 + text.text_width(words) + 40;
    }
}

}  // namespace

void write_luck_graph(const sim::replay::BattleLuck& luck, const std::string& title,
                      const std::string& png) {
    RgbaImage image(kWidth, kHeight);
    fill_rect(image, 0, 0, kWidth, kHeight, {28, 30, 34});
    Plot p;
    p.events = luck.moments.size();
    for (const auto& m : luck.moments)
        for (const double v : m.running) p.running_scale = std::max(p.running_scale, std::abs(v));
    p.running_scale = std::ceil(p.running_scale);
    render::CaptionPainter text(kHeight, 34.0f);
    paint_axes(image, text, p, luck);
    paint_bars_and_lines(image, p, luck);
    paint_heading(image, text, title, luck);
    sim::write_file_atomically(png, render::encode_png(image));
}

}  // namespace vedette::app

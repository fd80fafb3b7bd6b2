// The picture of `vedette odds --png`: a battle's odds over many runs at a glance. Who held the
// field (one bar split between the sides and "neither"), each side's figures lost (a histogram
// over the runs, with the median and, given --replay, that battle's loss marked), and how often
// each unit survived (a bar per unit in its side's colour). Painted on the CPU from the counts
// alone and written as PNG atomically: the same runs always give the same pixels.

#include <algorithm>
#include <cmath>

#include "app/cmd_odds_report.h"
#include "app/graph_paint.h"
#include "renderer/export/captions.h"
#include "renderer/export/stroke_painter.h"
#include "renderer/image_io.h"
#include "sim/core/atomic_file.h"

namespace vedette::app {

namespace {

using render::RgbaImage;

constexpr int kWidth = 1600, kHeight = 900, kMargin = 40;
const Rgb kInk{235, 232, 220}, kDim{170, 168, 155}, kNeither{110, 110, 110};

std::string percent(int part, int whole) {
    return number(whole > 0 ? 100.0 * part / whole : 0.0, "%.1f%%");
}

// Who held the field: one bar, each side's share in its colour, "neither" grey; its words under.
int paint_field(RgbaImage& image, render::CaptionPainter& text, const OddsReport& r, int y) {
    const auto& t = r.table;
    y = text.draw_text(image, "Who held the field", kMargin, y, kWidth, kInk.r, kInk.g, kInk.b);
    const float x0 = kMargin, x1 = kWidth - kMargin, h = 40;
    float x = x0;
    std::string words;
    auto share = [&](int runs, Rgb c, const std::string& name) {
        const float w = (x1 - x0) * float(runs) / float(std::max(1, t.runs));
        fill_rect(image, x, float(y), x + w, float(y) + h, c);
        x += w;
        words += (words.empty() ? "" : "    ") + name + " " + percent(runs, t.runs);
    };
    const auto& sides = r.runs->header.sides;
    for (std::size_t s = 0; s < t.sides.size(); ++s)
        share(t.sides[s].held, side_colour(int(s)), s < sides.size() ? sides[s].name : "side");
    share(t.neither, kNeither, "neither");
    return text.draw_text(image, words, kMargin, y + int(h) + 6, kWidth, kDim.r, kDim.g, kDim.b);
}

// One side's figures lost over the runs: a bar per count, the median marked, and the replay's.
void paint_losses(RgbaImage& image, render::CaptionPainter& text, const OddsReport& r,
                  std::size_t s, float x0, float x1, int y0, int y1) {
    const auto& side = r.table.sides[s];
    const auto& sides = r.runs->header.sides;
    const std::string name = s < sides.size() ? sides[s].name : "side";
    int y = text.draw_text(image,
                           name + ": figures lost in " + std::to_string(r.table.runs) +
                               " runs (of " + std::to_string(side.figures_start) + ")",
                           int(x0), y0, int(x1 - x0), kInk.r, kInk.g, kInk.b);
    if (side.figures_lost.empty()) return;
    const int most = side.figures_lost.rbegin()->first;
    int peak = 1;
    for (const auto& [lost, runs] : side.figures_lost) peak = std::max(peak, runs);
    const float bottom = float(y1 - text.line_height() - 6), top = float(y + 8);
    const float slot = (x1 - x0) / float(most + 1);
    auto x_of = [&](int lost) { return x0 + slot * float(lost); };
    const Rgb c = side_colour(int(s));
    for (const auto& [lost, runs] : side.figures_lost)
        fill_rect(image, x_of(lost) + slot * 0.1f, bottom,
                  x_of(lost) + slot * std::max(0.9f, 0.1f + 1.0f / slot),
                  bottom - (bottom - top) * float(runs) / float(peak), c);
    render::paint_segment(image, {x0, bottom}, {x1, bottom}, {kDim.r, kDim.g, kDim.b, 2.0f});
    int labels = 0;  // the marks' words one under the other
    auto mark = [&](int lost, Rgb ink, const std::string& words, float dash) {
        const float x = x_of(lost) + slot / 2;
        render::paint_segment(image, {x, top}, {x, bottom},
                              {ink.r, ink.g, ink.b, 2.0f, 1.0f, dash});
        // Left of the line when the words would run past the panel.
        const int w = text.text_width(words);
        const int tx = int(x) + 4 + w <= int(x1) ? int(x) + 4 : int(x) - 4 - w;
        text.draw_text(image, words, tx, int(top) + labels++ * text.line_height(), w + 8, ink.r,
                       ink.g, ink.b);
    };
    mark(sim::ruleset::figures_lost_at(side, r.table.runs, 500), kInk,
         "median " + std::to_string(sim::ruleset::figures_lost_at(side, r.table.runs, 500)), 6);
    if (r.replay) {
        const auto placed = sim::ruleset::place_battle(r.runs->runs, r.replay->summary);
        if (s < placed.size())
            mark(placed[s].figures_lost, {255, 214, 90},
                 "this battle: " + std::to_string(placed[s].figures_lost), 0);
    }
    text.draw_text(image, "0", int(x0), int(bottom) + 4, 60, kDim.r, kDim.g, kDim.b);
    const std::string right = std::to_string(most);
    text.draw_text(image, right, int(x1) - text.text_width(right), int(bottom) + 4, 80, kDim.r,
                   kDim.g, kDim.b);
}

// `words` cut to `width` pixels with "..." when they are wider.
std::string fitted(const render::CaptionPainter& text, const std::string& words, int width) {
    if (text.text_width(words) <= width) return words;
    std::string cut = words;
    while (!cut.empty() && text.text_width(cut + "...") > width) cut.pop_back();
    return cut + "...";
}

// How often each unit survived: a bar a unit, in columns, its name and share over it.
void paint_survival(RgbaImage& image, const OddsReport& r, int y0, int y1) {
    const auto& units = r.runs->header.units;
    if (units.empty()) return;
    const int columns = units.size() > 24 ? 4 : units.size() > 8 ? 3 : 2;
    const int rows = int((units.size() + std::size_t(columns) - 1) / std::size_t(columns));
    const float row_h = std::clamp(float(y1 - y0) / float(rows), 14.0f, 44.0f);
    render::CaptionPainter small{std::uint32_t{kHeight}, float(kHeight) / (row_h * 0.55f)};
    const float col_w = float(kWidth - 2 * kMargin) / float(columns);
    for (std::size_t i = 0; i < units.size(); ++i) {
        const int col = int(i) / rows, row = int(i) % rows;
        const float x = kMargin + col_w * float(col), y = float(y0) + row_h * float(row);
        const int survived = i < r.table.survived.size() ? r.table.survived[i] : 0;
        const float w = (col_w - 20) * float(survived) / float(std::max(1, r.table.runs));
        const Rgb c = side_colour(units[i].side);
        fill_rect(image, x, y + 2, x + col_w - 20, y + row_h - 2, {44, 46, 52});
        // The side's colour darkened, so the light words read over the bar and beside it.
        fill_rect(
            image, x, y + 2, x + w, y + row_h - 2,
            {std::uint8_t(c.r * 6 / 10), std::uint8_t(c.g * 6 / 10), std::uint8_t(c.b * 6 / 10)});
        const std::string share = percent(survived, r.table.runs);
        const int ty = int(y + (row_h - float(small.line_height())) / 2);
        const int right = int(x + col_w - 26) - small.text_width(share);
        small.draw_text(image, share, right, ty, 200, kInk.r, kInk.g, kInk.b);
        small.draw_text(image, fitted(small, units[i].name, right - int(x) - 16), int(x) + 6, ty,
                        right - int(x), kInk.r, kInk.g, kInk.b);
    }
}

}  // namespace

void write_odds_graph(const OddsReport& r, const std::string& png) {
    RgbaImage image(kWidth, kHeight);
    fill_rect(image, 0, 0, kWidth, kHeight, {28, 30, 34});
    render::CaptionPainter text(kHeight, 36.0f);
    int y = text.draw_text(image, "Odds over " + std::to_string(r.table.runs) + " runs: " + r.title,
                           kMargin, 12, kWidth - 2 * kMargin, 250, 246, 232);
    y = text.draw_text(image,
                       r.ruleset_name + "; run k plays the seed " +
                           std::to_string(r.scenario_seed) + " + k (docs/LUCK_AND_ODDS.md)",
                       kMargin, y, kWidth - 2 * kMargin, kDim.r, kDim.g, kDim.b);
    y = paint_field(image, text, r, y + 14);
    const std::size_t sides = std::max<std::size_t>(1, r.table.sides.size());
    const float panel = float(kWidth - 2 * kMargin) / float(sides);
    const int losses_bottom = y + 330;
    for (std::size_t s = 0; s < r.table.sides.size(); ++s)
        paint_losses(image, text, r, s, kMargin + panel * float(s) + (s ? 20.0f : 0.0f),
                     kMargin + panel * float(s + 1) - (s + 1 < sides ? 20.0f : 0.0f), y + 20,
                     losses_bottom);
    y = text.draw_text(image, "How often each unit survived", kMargin, losses_bottom + 10, kWidth,
                       kInk.r, kInk.g, kInk.b);
    paint_survival(image, r, y + 4, kHeight - 16);
    sim::write_file_atomically(png, render::encode_png(image));
}

}  // namespace vedette::app

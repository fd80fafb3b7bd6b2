#include "renderer/export/overlay_panels.h"

#include "renderer/scene/result_card.h"

#include <algorithm>
#include <cstdio>

#include "renderer/scene/event_colours.h"

namespace vedette::render {

namespace {
using sim::record::Category;
using sim::record::Section;
using sim::record::SectionKind;

std::string with_rule(const std::string& text, const std::string& rule) {
    return rule.empty() ? text : text + "  (" + rule + ")";
}

// The lines one section contributes: what applied, not the whole table. A frame has room for
// little, so sections of plain lines and notes are left to the viewer, and a result table brings
// only the first lines of what followed its row.
struct Line {
    std::string text;
    bool small;
    std::uint8_t r, g, b;
};
constexpr std::size_t kResultLines = 3;
void section_lines(const Section& s, std::vector<Line>& out) {
    if (s.kind == SectionKind::lines || s.kind == SectionKind::notes) return;
    if (!s.title.empty()) out.push_back({with_rule(s.title, s.rule), false, 240, 240, 240});
    for (const auto& g : s.dice) {
        std::string line = g.label;
        if (!g.dice.empty()) {
            line += "  dice";
            for (const auto& d : g.dice) line += " " + std::to_string(d.value);
        }
        if (!g.total.empty()) line += "  " + g.total;
        out.push_back({line, true, 225, 225, 225});
    }
    for (const auto& row : s.rows) {
        if (!row.lit) continue;
        std::string values;
        for (const auto& v : row.values)
            if (!v.empty()) values += (values.empty() ? "" : " / ") + v;
        out.push_back({"  " + values + " " + with_rule(row.label, row.rule), true, 190, 200, 170});
    }
    for (const auto& row : s.results)
        if (row.lit) out.push_back({"> " + with_rule(row.label, row.rule), false, 255, 210, 120});
    for (const auto& o : s.outcomes)
        if (o.actual) {
            char p[32];
            std::snprintf(p, sizeof p, "%.1f%%", 100.0 * o.probability);
            out.push_back(
                {"<- this: " + o.label + ", " + p + " before the dice", true, 255, 255, 255});
        }
    for (std::size_t i = 0; i < s.lines.size() && i < kResultLines; ++i)
        out.push_back({s.lines[i].key + ": " + s.lines[i].value, true, 200, 190, 150});
}
}  // namespace

PanelPainter::PanelPainter(std::uint32_t frame_height)
    : text_(frame_height, 30.0f), small_(frame_height, 42.0f) {}

void PanelPainter::paint(RgbaImage& frame, const ReplayScene& scene, const SceneState& state,
                         bool left) {
    timeline(frame, scene, state);
    explanation_panel(frame, scene, state, left);
}

void PanelPainter::timeline(RgbaImage& frame, const ReplayScene& scene, const SceneState& state) {
    const int w = int(frame.width);
    const int h = small_.line_height() * 2 + 8;
    text_.shade(frame, 0, 0, w, h, 0.35f);
    const int x0 = 8, x1 = w - 8, bar_y = h - 10;
    const double total = double(std::max<std::int64_t>(1, scene.duration_ms));
    auto x_of = [&](std::int64_t t) { return x0 + int(double(x1 - x0) * double(t) / total); };
    text_.fill(frame, x0, bar_y, x1, bar_y + 3, 90, 90, 90);
    for (const auto& e : scene.replay.events) {
        const EventColour c = category_colour(e.category);
        const int x = x_of(e.t0_ms);
        const bool turn = e.category == Category::turn;
        text_.fill(frame, x, turn ? bar_y - 10 : bar_y - 5, x + 1, bar_y, c.r, c.g, c.b);
        if (turn)
            small_.draw_text(frame, "T" + std::to_string(e.turn), x + 3, 2, 60, 230, 230, 230);
    }
    // The moment shown.
    const int now = x_of(state.time_ms);
    text_.fill(frame, now - 1, 2, now + 2, h - 2, 255, 255, 255);
    if (state.event >= 0) {
        const auto& e = scene.replay.events[static_cast<std::size_t>(state.event)];
        const std::string label = "event " + std::to_string(e.seq) + ": " + e.kind;
        const int tw = small_.text_width(label);
        small_.draw_text(frame, label, std::min(now + 6, x1 - tw), small_.line_height() / 2 + 2,
                         tw + 4, 255, 255, 255);
    }
}

int PanelPainter::explained_event(const ReplayScene& scene, int event) {
    const auto& events = scene.replay.events;
    if (event < 0 || event >= static_cast<int>(events.size())) return -1;
    const auto& e = events[static_cast<std::size_t>(event)];
    if (e.explanation) return event;
    // The melee this event follows: its episode's, or the one its units fought this turn (a
    // pursuit, a retreat, a push back after the melee phase).
    return related_explained_event(events, event, Category::melee);
}

void PanelPainter::explanation_panel(RgbaImage& frame, const ReplayScene& scene,
                                     const SceneState& state, bool on_left) {
    const int shown = explained_event(scene, state.event);
    if (shown < 0) return;
    const auto& e = scene.replay.events[static_cast<std::size_t>(shown)];
    const auto& x = *e.explanation;
    std::vector<Line> lines;
    for (const auto& s : x.sections) section_lines(s, lines);
    const int w = int(frame.width), panel_w = std::max(200, w * 2 / 5);
    const int x0 = on_left ? 8 : w - panel_w - 8, top = text_.line_height() * 2 + 14;
    const int bottom = int(frame.height) - text_.line_height() * 5;
    text_.shade(frame, x0, top, x0 + panel_w, bottom, 0.25f);
    const int left = x0 + 8, max_w = panel_w - 16;
    int y = text_.draw_text(frame, with_rule(x.title, x.rule.empty() ? e.rule : x.rule), left,
                            top + 4, max_w, 255, 235, 180);
    for (const auto& l : lines) {
        CaptionPainter& painter = l.small ? small_ : text_;
        if (y + painter.line_height() > bottom) break;
        y = painter.draw_text(frame, l.text, l.small ? left + 6 : left, y, max_w - 6, l.r, l.g,
                              l.b);
    }
}

}  // namespace vedette::render

#include "renderer/export/overlay_panels.h"

#include <algorithm>

#include "renderer/scene/event_colours.h"

namespace vedette::render {

namespace {
std::string signed_int(int v) {
    return (v >= 0 ? "+" : "") + std::to_string(v);
}
}  // namespace

PanelPainter::PanelPainter(std::uint32_t frame_height)
    : text_(frame_height, 30.0f), small_(frame_height, 42.0f) {}

void PanelPainter::paint(RgbaImage& frame, const ReplayScene& scene, const SceneState& state) {
    timeline(frame, scene, state);
    melee_panel(frame, scene, state);
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
        const KindColour c = kind_colour(e.kind);
        const int x = x_of(e.t0_ms);
        const int top = e.kind == "turn_start" ? bar_y - 10 : bar_y - 5;
        text_.fill(frame, x, top, x + 1, bar_y, c.r, c.g, c.b);
        if (e.kind == "turn_start")
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

void PanelPainter::melee_panel(RgbaImage& frame, const ReplayScene& scene,
                               const SceneState& state) {
    if (state.event < 0) return;
    // The melee being shown: the current event, or the melee the current casualties belong to.
    const auto& events = scene.replay.events;
    int m = state.event;
    while (m >= 0 && events[static_cast<std::size_t>(m)].kind == "casualties") --m;
    if (m < 0 || events[static_cast<std::size_t>(m)].kind != "melee" ||
        events[static_cast<std::size_t>(m)].details.is_null())
        return;
    const auto& d = events[static_cast<std::size_t>(m)].details;
    const int w = int(frame.width), panel_w = std::max(200, w * 2 / 5);
    const int x0 = w - panel_w - 8, top = text_.line_height() * 2 + 14;
    const int bottom = int(frame.height) - text_.line_height() * 5;
    text_.shade(frame, x0, top, w - 8, bottom, 0.25f);
    int y = top + 4;
    const int x = x0 + 8, max_w = panel_w - 16;
    y = text_.draw_text(frame, "Melee (GdB 12)", x, y, max_w, 255, 235, 180);
    for (const char* side : {"attacker", "defender"}) {
        const auto& s = d[side];
        const std::string score =
            s["score"].is_null() ? "no dice" : "score " + std::to_string(s["score"].get<int>());
        y = text_.draw_text(frame, std::string(side) + ": " + score, x, y + 2, max_w, 240, 240,
                            240);
        for (const auto& u : s["units"]) {
            std::string line = u["name"].get<std::string>();
            if (!u["dice"].empty())
                line += "  dice " + std::to_string(u["dice"][0].get<int>()) + "+" +
                        std::to_string(u["dice"][1].get<int>());
            if (!u["total"].is_null()) line += "  total " + std::to_string(u["total"].get<int>());
            y = small_.draw_text(frame, line, x + 6, y, max_w - 6, 225, 225, 225);
            for (const auto& mod : u["modifiers"])
                y = small_.draw_text(frame,
                                     "  " + signed_int(mod["value"].get<int>()) + " " +
                                         mod["label"].get<std::string>() + "  (" +
                                         mod["rule"].get<std::string>() + ")",
                                     x + 6, y, max_w - 6, 190, 200, 170);
            if (y > bottom - small_.line_height() * 4) break;
        }
    }
    if (d.contains("result_row") && !d["result_row"].is_null())
        y = text_.draw_text(frame,
                            d["result_row"]["label"].get<std::string>() + " (" +
                                d["result_row"]["rule"].get<std::string>() + ")",
                            x, y + 4, max_w, 255, 210, 120);
    y = small_.draw_text(
        frame,
        "winner: " + d["winner"].get<std::string>() + ", result: " + d["result"].get<std::string>(),
        x, y, max_w, 255, 255, 255);
    for (const auto& c : d["casualty_rows"]) {
        if (y > bottom - small_.line_height()) break;
        y = small_.draw_text(frame,
                             c["inflicting"].get<std::string>() + ": " +
                                 c["label"].get<std::string>() + ": " +
                                 c["arithmetic"].get<std::string>(),
                             x, y, max_w, 200, 190, 150);
    }
}

}  // namespace vedette::render

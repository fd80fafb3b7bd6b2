// The counters view's faces, printed on each unit's counter (drawn by the renderer,
// renderer/scene/counters.h) as a counter sheet prints them: the unit's name along the top, its
// symbol in a NATO-style frame in the middle (infantry a cross, cavalry one diagonal, artillery a
// dot; visuals.json's `symbol` for its visual) and its printed values underneath (Look::counter,
// "4-6"), in dark ink, sized to the counter as the camera sees it and upright on the screen. No
// name tag floats over a counter: its name is on it.

#include <algorithm>
#include <cmath>

#include <imgui.h>

#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"
#include "renderer/scene/counters.h"

namespace vedette::viewer {

namespace {

using render::CounterSymbol;

// The symbol visuals.json gives the unit's visual (`symbol`).
CounterSymbol symbol_of(const render::Visuals* visuals, const render::UnitView& u) {
    return visuals ? visuals->figure(u.visual).symbol : CounterSymbol::infantry;
}

constexpr ImU32 kInk = IM_COL32(24, 22, 20, 255);

// `text` centred on x at the top y, at `size` pixels or smaller so it fits `width`.
void print_line(ImDrawList* dl, const std::string& text, float x, float y, float size,
                float width) {
    ImFont* font = ImGui::GetFont();
    ImVec2 ts = font->CalcTextSizeA(size, 1e9f, 0.0f, text.c_str());
    if (ts.x > width && ts.x > 0) {
        size *= width / ts.x;
        ts = font->CalcTextSizeA(size, 1e9f, 0.0f, text.c_str());
    }
    dl->AddText(font, size, ImVec2(x - ts.x / 2, y), kInk, text.c_str());
}

// The face of a counter whose top is `s` pixels across with its middle at `c`.
void print_face(ImDrawList* dl, ImVec2 c, float s, CounterSymbol sym, const render::UnitView& u) {
    const float inner = s * 0.86f;
    // The full name where it fits at a readable size (8 px), else the short one.
    const float name_size = std::clamp(s * 0.16f, 8.0f, 20.0f);
    const bool fits = ImGui::GetFont()->CalcTextSizeA(8.0f, 1e9f, 0.0f, u.name.c_str()).x <= inner;
    const std::string& name = fits || u.short_name.empty() ? u.name : u.short_name;
    print_line(dl, name, c.x, c.y - s * 0.42f, name_size, inner);
    // The symbol's frame.
    const float w = s * 0.44f, h = s * 0.27f;
    const ImVec2 a(c.x - w / 2, c.y - s * 0.2f), b(c.x + w / 2, c.y - s * 0.2f + h);
    const float line = std::max(1.0f, s / 45.0f);
    dl->AddRect(a, b, kInk, 0.0f, 0, line);
    if (sym != CounterSymbol::artillery)
        dl->AddLine(ImVec2(a.x, b.y), ImVec2(b.x, a.y), kInk, line);
    if (sym == CounterSymbol::infantry) dl->AddLine(a, b, kInk, line);
    if (sym == CounterSymbol::artillery)
        dl->AddCircleFilled(ImVec2(c.x, (a.y + b.y) / 2), h * 0.22f, kInk);
    print_line(dl, u.counter, c.x, c.y + s * 0.12f, std::clamp(s * 0.24f, 9.0f, 30.0f), inner);
}

}  // namespace

void counter_faces(const FrameView& f) {
    if (!f.state.counters) return;
    ui::set_panel("counters");
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    dl->PushClipRect(ImVec2(f.scene_x, f.scene_y),
                     ImVec2(f.scene_x + f.scene_w, f.scene_y + f.scene_h), false);
    const std::vector<render::CounterPlace> places = render::counter_places(f.state);
    int shown = 0;
    for (std::size_t i = 0; i < f.state.units.size(); ++i) {
        const render::UnitView& u = f.state.units[i];
        const render::CounterPlace& c = places[i];
        if (!c.shown) continue;
        const float h = f.terrain.height(c.x, c.y) + c.top_mm + 0.5f;
        // The counter's top as the camera sees it: its middle, and its size from its corners.
        ImVec2 mid, corner[4];
        bool seen = render::project_to_screen(f.camera, render::table_point(c.x, c.y, h), f.scene_w,
                                              f.scene_h, mid.x, mid.y);
        const float half = c.side / 2;
        const float dx[4] = {-half, half, half, -half}, dy[4] = {-half, -half, half, half};
        for (int k = 0; k < 4 && seen; ++k)
            seen = render::project_to_screen(f.camera,
                                             render::table_point(c.x + dx[k], c.y + dy[k], h),
                                             f.scene_w, f.scene_h, corner[k].x, corner[k].y);
        if (!seen) continue;
        const float across =
            std::min(std::hypot(corner[1].x - corner[0].x, corner[1].y - corner[0].y),
                     std::hypot(corner[3].x - corner[0].x, corner[3].y - corner[0].y));
        mid.x += f.scene_x, mid.y += f.scene_y;
        const CounterSymbol sym = symbol_of(f.visuals, u);
        if (across >= 16.0f) print_face(dl, mid, across, sym, u);
        ui::note("counter: " + u.name + " " + render::counter_symbol_name(sym) + " " + u.counter);
        ++shown;
    }
    dl->PopClipRect();
    ui::note("counters view: " + std::to_string(shown) + " counters");
}

}  // namespace vedette::viewer

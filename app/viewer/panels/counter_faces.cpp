// The counters view's faces: on each unit's counter (drawn by the renderer, SceneState::counters)
// the unit's symbol in a NATO-style frame (infantry a cross, cavalry one diagonal, artillery a
// dot; visuals.json's `symbol` for its visual) and the counter's printed values (Look::counter,
// "4-6"), upright on the screen so they read from any camera angle.

#include <algorithm>
#include <cmath>

#include <imgui.h>

#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"
#include "renderer/scene/figure_layout.h"

namespace vedette::viewer {

namespace {

using render::CounterSymbol;

// The symbol visuals.json gives the unit's visual (`symbol`).
CounterSymbol symbol_of(const render::Visuals* visuals, const render::UnitView& u) {
    return visuals ? visuals->figure(u.visual).symbol : CounterSymbol::infantry;
}

void draw_face(ImDrawList* dl, ImVec2 c, float size, CounterSymbol s, const std::string& text) {
    const float w = size, h = size * 0.6f;
    const ImVec2 a(c.x - w / 2, c.y - h), b(c.x + w / 2, c.y);
    const ImU32 ink = IM_COL32(20, 20, 20, 255);
    dl->AddRectFilled(ImVec2(a.x - 3, a.y - 3), ImVec2(b.x + 3, b.y + size * 0.55f),
                      IM_COL32(240, 236, 220, 225), 3.0f);
    dl->AddRect(a, b, ink, 0.0f, 0, 1.5f);
    if (s != CounterSymbol::artillery) dl->AddLine(ImVec2(a.x, b.y), ImVec2(b.x, a.y), ink, 1.5f);
    if (s == CounterSymbol::infantry) dl->AddLine(a, b, ink, 1.5f);
    if (s == CounterSymbol::artillery)
        dl->AddCircleFilled(ImVec2(c.x, c.y - h / 2), h * 0.22f, ink);
    const ImVec2 ts = ImGui::CalcTextSize(text.c_str());
    dl->AddText(ImVec2(c.x - ts.x / 2, c.y + 1), ink, text.c_str());
}

}  // namespace

void counter_faces(const FrameView& f) {
    if (!f.state.counters) return;
    ui::set_panel("counters");
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    dl->PushClipRect(ImVec2(f.scene_x, f.scene_y),
                     ImVec2(f.scene_x + f.scene_w, f.scene_y + f.scene_h), false);
    int shown = 0;
    for (const auto& u : f.state.units) {
        if (!u.on_table) continue;
        const float h =
            f.terrain.height(float(u.x_mm), float(u.y_mm)) + 2 * render::kCounterThicknessMm;
        ImVec2 s, edge;
        if (!render::project_to_screen(f.camera, render::table_point(u.x_mm, u.y_mm, h), f.scene_w,
                                       f.scene_h, s.x, s.y))
            continue;
        // The face's size: the counter's own width on the screen, within readable bounds.
        const double half = render::counter_side_mm(u) / 2;
        if (!render::project_to_screen(f.camera, render::table_point(u.x_mm + half, u.y_mm, h),
                                       f.scene_w, f.scene_h, edge.x, edge.y))
            edge = s;
        const float size = std::clamp(std::abs(edge.x - s.x) * 1.2f, 18.0f, 40.0f);
        // Hung below the counter's centre: the unit's name label sits above it.
        s.x += f.scene_x, s.y += f.scene_y + size * 0.6f;
        const CounterSymbol sym = symbol_of(f.visuals, u);
        draw_face(dl, s, size, sym, u.counter);
        ui::note("counter: " + u.name + " " + render::counter_symbol_name(sym) + " " + u.counter);
        ++shown;
    }
    dl->PopClipRect();
    ui::note("counters view: " + std::to_string(shown) + " counters");
}

}  // namespace vedette::viewer

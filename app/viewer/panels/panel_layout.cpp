#include <algorithm>
#include <cstdio>

#include <imgui.h>

#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"

namespace vedette::viewer {

void place_panel(const FrameView& f, const char* name, float x, float y, float w, float h) {
    const ImGuiCond cond = f.relayout ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
    ImGui::SetNextWindowPos(ImVec2(x, y), cond);
    ImGui::SetNextWindowSize(ImVec2(w, h), cond);
    ui::set_panel(name);
}

float right_width(const FrameView& f) {
    return f.model.layout == Layout::presenter ? presenter_right_width(f.width) : kRightWidth;
}

float timeline_height(const FrameView& f) {
    return f.model.layout == Layout::presenter ? kPresenterTimelineHeight : kTimelineHeight;
}

ImGuiWindowFlags panel_flags(const FrameView& f) {
    // Presenter panels may be moved, resized and collapsed (their background drawn, since they
    // may lie over the table); standard ones keep their places.
    return f.model.layout == Layout::presenter ? ImGuiWindowFlags_None : kDockedPanel;
}

void draw_panels(const FrameView& f, CommandQueue& q) {
    counter_faces(f);
    scene_overlays(f, q);
    measure_overlay(f, q);
    notes_overlay(f, q);
    if (f.model.layout == Layout::presenter) presenter_caption(f);
    // Where the table is, for tours and tests: "table X,Y WxH of FWxFH (P%)".
    ui::set_panel("layout");
    char where[160];
    std::snprintf(where, sizeof where, "%s: table %.0f,%.0f %.0fx%.0f of %.0fx%.0f (%.0f%%)",
                  f.model.layout == Layout::presenter ? "presenter" : "standard", f.scene_x,
                  f.scene_y, f.scene_w, f.scene_h, f.width, f.height,
                  100.0f * f.scene_w * f.scene_h / std::max(1.0f, f.width * f.height));
    ui::note(where);
    timeline_panel(f, q);
    event_log_panel(f, q);
    explanation_panel(f, q);
    episode_panel(f, q);
    unit_panel(f, q);
    rules_panel(f, q);
    notes_panel(f, q);
}

SceneRect scene_rect(const PanelVisibility& p, float width, float height, Layout layout) {
    SceneRect r{0, 0, width, height};
    if (layout == Layout::presenter) {
        // The log and the unit panel float over the table when opened: only the right column
        // and the compact timeline take room from it.
        const float right = (p.explanation || p.episode) ? presenter_right_width(width) : 0.0f;
        const float bottom = p.timeline ? kPresenterTimelineHeight : 0.0f;
        if (width - right >= 320.0f) r.w = width - right;
        if (height - bottom >= 240.0f) r.h = height - bottom;
        return r;
    }
    // Only when enough of the frame stays free; a small window keeps the table under the panels.
    const float left = (p.events || p.unit) ? kLeftWidth : 0.0f;
    const float right = (p.explanation || p.episode) ? kRightWidth : 0.0f;
    const float bottom = p.timeline ? kTimelineHeight : 0.0f;
    if (width - left - right >= 320.0f) r.x = left, r.w = width - left - right;
    if (height - bottom >= 240.0f) r.h = height - bottom;
    return r;
}

void draw_dice(const std::vector<sim::record::Die>& dice, float size) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    std::string note = "dice", marks;
    float top = ImGui::GetCursorScreenPos().y, bottom = top;
    for (const auto& d : dice) {
        const int v = d.value;
        note += " " + std::to_string(v);
        if (!d.mark.empty()) marks += (marks.empty() ? "" : ", ") + d.mark;
        const ImVec2 p = ImGui::GetCursorScreenPos();
        if (&d == &dice.front()) top = p.y;
        bottom = std::max(bottom, p.y + size);
        // A die kept by the scenario or re-rolled is drawn on a tinted face (its mark on hover).
        const ImU32 face = d.mark.empty() || d.mark == "hit" || d.mark == "kept"
                               ? IM_COL32(245, 240, 225, 255)
                               : IM_COL32(215, 225, 245, 255);
        dl->AddRectFilled(p, ImVec2(p.x + size, p.y + size), face, size * 0.18f);
        dl->AddRect(p, ImVec2(p.x + size, p.y + size), IM_COL32(60, 50, 40, 255), size * 0.18f);
        // Pip positions on a 3x3 grid, as on a real die.
        static const int pips[7][7][2] = {{},
                                          {{1, 1}},
                                          {{0, 0}, {2, 2}},
                                          {{0, 0}, {1, 1}, {2, 2}},
                                          {{0, 0}, {2, 0}, {0, 2}, {2, 2}},
                                          {{0, 0}, {2, 0}, {1, 1}, {0, 2}, {2, 2}},
                                          {{0, 0}, {2, 0}, {0, 1}, {2, 1}, {0, 2}, {2, 2}}};
        if (v >= 1 && v <= 6) {
            for (int i = 0; i < v; ++i) {
                const float cx = p.x + size * (0.25f + 0.25f * float(pips[v][i][0]));
                const float cy = p.y + size * (0.25f + 0.25f * float(pips[v][i][1]));
                dl->AddCircleFilled(ImVec2(cx, cy), size * 0.09f, IM_COL32(30, 25, 20, 255));
            }
        } else {  // a die of another size (d10, d20): its number
            const std::string digits = std::to_string(v);
            dl->AddText(ImVec2(p.x + size * 0.2f, p.y + size * 0.1f), IM_COL32(30, 25, 20, 255),
                        digits.c_str());
        }
        ImGui::Dummy(ImVec2(size, size));
        if (!d.mark.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", d.mark.c_str());
        ImGui::SameLine();
    }
    ImGui::NewLine();
    const std::string line = marks.empty() ? note : note + "  [" + marks + "]";
    ui::note(line);
    if (!dice.empty() && ui::capturing())
        ui::note_item("dice", line, size, top, bottom,
                      ImGui::GetWindowPos().y + ImGui::GetWindowHeight());
}

}  // namespace vedette::viewer

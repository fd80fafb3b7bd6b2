#include <algorithm>
#include <cstdio>

#include <imgui.h>

#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"
#include "renderer/ui/imgui_layer.h"

namespace vedette::viewer {

void place_panel(const FrameView& f, const char* name, float x, float y, float w, float h) {
    const ImGuiCond cond = f.relayout ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
    ImGui::SetNextWindowPos(ImVec2(x, y), cond);
    ImGui::SetNextWindowSize(ImVec2(w, h), cond);
    ui::set_panel(name);
}

float ui_text_pixels() {
    if (!ImGui::GetCurrentContext()) return render::kUiTextPixels;
    const ImGuiIO& io = ImGui::GetIO();
    if (!io.FontDefault || io.FontDefault->FontSize <= 0) return render::kUiTextPixels;
    return io.FontDefault->FontSize * io.FontGlobalScale;
}

// The presenter's column: its share of the width, wider when the text grows (17.6 lines of text
// high at the 1080p size: the width a 24-pixel line wraps at), but never more than 45% of the
// window, so the table keeps the larger part.
float presenter_column_width(float width, float text_pixels) {
    return std::min(std::max(presenter_right_width(width), text_pixels * 17.6f), width * 0.45f);
}

// The presenter's timeline: a row of buttons, the status line and the scrub bar, each as tall as
// the text makes it, so nothing is cut off at a large font scale.
float presenter_timeline_height(float text_pixels) {
    const ImGuiStyle fallback;
    const ImGuiStyle& st = ImGui::GetCurrentContext() ? ImGui::GetStyle() : fallback;
    return 2 * st.WindowPadding.y + (text_pixels + 2 * st.FramePadding.y) + st.ItemSpacing.y +
           text_pixels + st.ItemSpacing.y + presenter_scrub_height(text_pixels);
}

float right_width(const FrameView& f) {
    return f.model.layout == Layout::presenter ? presenter_column_width(f.width, ui_text_pixels())
                                               : kRightWidth;
}

float timeline_height(const FrameView& f) {
    return f.model.layout == Layout::presenter ? presenter_timeline_height(ui_text_pixels())
                                               : kTimelineHeight;
}

float explanation_share(const FrameView& f) {
    // The presenter's result card needs most of the column; the episode's steps scroll below it.
    return f.model.layout == Layout::presenter ? 0.85f : 0.62f;
}

namespace {
// A search, one step a frame, for the largest text scale between the floor and 1 at which the
// panel's content fits: `lo` fits (or is the floor), `hi` was tried and did not, or is 1 untried.
struct Fit {
    float scale = 1.0f, lo = 1.0f, hi = 1.0f;
    int event = -2;
    float text = 0, width = 0, height = 0;
    Layout layout = Layout::standard;
};
Fit g_fit;  // the explanation panel's (the only fitted one)
}  // namespace

float begin_fitted_text(const FrameView& f, int shown_event) {
    // The text's size this frame (a new font scale reaches ImGui one frame after it is set).
    ImGui::SetWindowFontScale(1.0f);
    const float text = ImGui::GetFontSize();
    const bool same = g_fit.event == shown_event && g_fit.text == text && g_fit.width == f.width &&
                      g_fit.height == f.height && g_fit.layout == f.model.layout;
    if (!same) {
        // Never below the text of font scale 1: its sizes are what the layout was made for.
        const float floor = std::min(1.0f, 1.0f / std::max(1.0f, f.model.font_scale));
        g_fit = Fit{1.0f, floor, 1.0f, shown_event, text, f.width, f.height, f.model.layout};
    }
    if (f.model.layout != Layout::presenter) g_fit.scale = 1.0f;
    ImGui::SetWindowFontScale(g_fit.scale);
    return g_fit.scale;
}

float fitted_text_scale() {
    return g_fit.scale;
}

void end_fitted_text(const FrameView& f) {
    if (f.model.layout != Layout::presenter || g_fit.lo >= g_fit.hi) return;
    // What the panel holds against its height: halve the interval; once it is narrow, keep the
    // largest scale that fitted.
    const float needed = ImGui::GetCursorPosY() + ImGui::GetStyle().WindowPadding.y;
    if (needed <= ImGui::GetWindowHeight())
        g_fit.lo = g_fit.scale;
    else
        g_fit.hi = g_fit.scale;
    if (g_fit.hi - g_fit.lo < 0.02f)
        g_fit.scale = g_fit.hi = g_fit.lo;
    else
        g_fit.scale = (g_fit.lo + g_fit.hi) / 2;
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
    video_overlay(f);
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
        const float text = ui_text_pixels();
        const float right =
            (p.explanation || p.episode) ? presenter_column_width(width, text) : 0.0f;
        const float bottom = p.timeline ? presenter_timeline_height(text) : 0.0f;
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

namespace {

// One die at `p`: its face in its mark's colour (hits green, misses dark grey: a glance counts
// them), a blue border on a die the scenario forced, pips for 1-6 and the number otherwise.
void draw_die(ImDrawList* dl, const sim::record::Die& d, ImVec2 p, float size, int sides) {
    const bool hit = d.mark == "hit", miss = d.mark == "miss";
    const bool dim = d.mark == "dropped" || d.mark == "rerolled";
    const ImU32 face = hit    ? IM_COL32(56, 186, 86, 255)
                       : miss ? IM_COL32(58, 58, 64, 255)
                       : dim  ? IM_COL32(150, 144, 130, 255)
                              : IM_COL32(245, 240, 225, 255);
    const ImU32 ink = hit    ? IM_COL32(255, 255, 255, 255)
                      : miss ? IM_COL32(175, 175, 182, 255)
                             : IM_COL32(30, 25, 20, 255);
    const bool forced = d.forced || d.mark == "forced";
    const ImU32 edge = forced ? IM_COL32(70, 150, 255, 255) : IM_COL32(60, 50, 40, 255);
    const ImVec2 q(p.x + size, p.y + size);
    const float edge_width = forced ? std::max(2.0f, size / 12) : 1.0f;
    if (sides == 10) {  // a d10 drawn as a d10: a kite with its number
        const ImVec2 kite[4] = {ImVec2(p.x + size / 2, p.y), ImVec2(q.x, p.y + size * 0.38f),
                                ImVec2(p.x + size / 2, q.y), ImVec2(p.x, p.y + size * 0.38f)};
        dl->AddConvexPolyFilled(kite, 4, face);
        dl->AddPolyline(kite, 4, edge, ImDrawFlags_Closed, edge_width);
        const std::string digits = std::to_string(d.value);
        const ImVec2 t = ImGui::CalcTextSize(digits.c_str());
        dl->AddText(ImVec2(p.x + (size - t.x) / 2, p.y + size * 0.38f - t.y / 2), ink,
                    digits.c_str());
        return;
    }
    dl->AddRectFilled(p, q, face, size * 0.18f);
    dl->AddRect(p, q, edge, size * 0.18f, 0, edge_width);
    // Pip positions on a 3x3 grid, as on a real die.
    static const int pips[7][7][2] = {{},
                                      {{1, 1}},
                                      {{0, 0}, {2, 2}},
                                      {{0, 0}, {1, 1}, {2, 2}},
                                      {{0, 0}, {2, 0}, {0, 2}, {2, 2}},
                                      {{0, 0}, {2, 0}, {1, 1}, {0, 2}, {2, 2}},
                                      {{0, 0}, {2, 0}, {0, 1}, {2, 1}, {0, 2}, {2, 2}}};
    const int v = d.value;
    if (v >= 1 && v <= 6) {
        for (int i = 0; i < v; ++i) {
            const float cx = p.x + size * (0.25f + 0.25f * float(pips[v][i][0]));
            const float cy = p.y + size * (0.25f + 0.25f * float(pips[v][i][1]));
            dl->AddCircleFilled(ImVec2(cx, cy), size * 0.09f, ink);
        }
    } else {  // a die of another size (d10, d20): its number
        const std::string digits = std::to_string(v);
        dl->AddText(ImVec2(p.x + size * 0.2f, p.y + size * 0.1f), ink, digits.c_str());
    }
}

}  // namespace

void draw_dice(const std::vector<sim::record::Die>& dice, float size, int sides) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    std::string note = "dice", marks;
    for (const auto& d : dice) {
        note += " " + std::to_string(d.value);
        if (!d.mark.empty()) marks += (marks.empty() ? "" : ", ") + d.mark;
    }
    // Hits in a row of their own above the misses when the dice are so marked; every row wraps
    // at the panel's edge (twelve dice at font scale 2 ran past it).
    std::vector<std::vector<const sim::record::Die*>> rows(1);
    const auto marked = [&](const char* m) {
        return std::any_of(dice.begin(), dice.end(), [&](const auto& d) { return d.mark == m; });
    };
    if (marked("hit") || marked("miss")) rows.emplace_back();
    for (const auto& d : dice) rows[rows.size() == 2 && d.mark == "miss" ? 1 : 0].push_back(&d);
    const float gap = std::max(2.0f, size / 10);
    const float left = ImGui::GetCursorScreenPos().x;
    const float right = left + std::max(size, ImGui::GetContentRegionAvail().x);
    float top = ImGui::GetCursorScreenPos().y, y = top;
    for (const auto& row : rows) {
        if (row.empty()) continue;
        float x = left;
        for (const auto* d : row) {
            if (x > left && x + size > right) x = left, y += size + gap;
            draw_die(dl, *d, ImVec2(x, y), size, sides);
            ImGui::SetCursorScreenPos(ImVec2(x, y));
            ImGui::Dummy(ImVec2(size, size));
            if (!d->mark.empty() && ImGui::IsItemHovered())
                ImGui::SetTooltip("%s", d->mark.c_str());
            x += size + gap;
        }
        y += size + gap;
    }
    ImGui::SetCursorScreenPos(ImVec2(left, y));
    ImGui::Dummy(ImVec2(0, 0));
    const float bottom = y - gap;
    const std::string line = marks.empty() ? note : note + "  [" + marks + "]";
    ui::note(line);
    if (!dice.empty() && ui::capturing())
        ui::note_item("dice", line, size, top, bottom,
                      ImGui::GetWindowPos().y + ImGui::GetWindowHeight());
}

}  // namespace vedette::viewer

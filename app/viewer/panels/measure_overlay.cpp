// Measuring the table: a scale bar in the table's top right corner (a round length in the board's
// own unit: centimetres, inches, or hexes on a hex board; true at the view's centre, since the
// view is in perspective), and the ruler (the M key): drag with the left button on the table to
// measure; the reading is shown in mm and in the board's unit. The math is in
// renderer/scene/scale_bar.h; this file only draws and handles the mouse.

#include <algorithm>
#include <cmath>
#include <map>

#include <imgui.h>

#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"
#include "renderer/scene/scale_bar.h"

namespace vedette::viewer {

namespace {

constexpr float kBarMaxPx = 160.0f;
constexpr float kMargin = 14.0f;

// The board's unit, worked out once per replay (a hex board builds its layout).
const render::BoardUnit& unit_of(const ViewerModel& m) {
    static std::map<const void*, render::BoardUnit> cache;
    auto it = cache.find(&m.scene);
    if (it == cache.end())
        it = cache.emplace(&m.scene, render::board_unit(m.scene.replay.header.board)).first;
    return it->second;
}

// The table point under a screen point of the window, on the terrain (two passes: the ground's
// height where the flat-table ray lands, then again there).
bool table_under(const FrameView& f, ImVec2 screen, double& x, double& y) {
    const float sx = screen.x - f.scene_x, sy = screen.y - f.scene_y;
    double ground = 0;
    for (int pass = 0; pass < 2; ++pass) {
        if (!render::screen_to_table(f.camera, sx, sy, f.scene_w, f.scene_h, ground, x, y))
            return false;
        ground = f.terrain.height(float(x), float(y));
    }
    return true;
}

void text_with_shadow(ImDrawList* dl, ImVec2 at, ImU32 colour, const std::string& text) {
    dl->AddText(ImVec2(at.x + 1, at.y + 1), IM_COL32(0, 0, 0, 200), text.c_str());
    dl->AddText(at, colour, text.c_str());
}

void scale_bar(const FrameView& f, ImDrawList* dl) {
    // The ground's height at the view's centre: the bar is true there.
    double cx = 0, cy = 0;
    if (!table_under(f, ImVec2(f.scene_x + f.scene_w / 2, f.scene_y + f.scene_h / 2), cx, cy))
        return;
    const double ground = f.terrain.height(float(cx), float(cy));
    const double mm_per_px = render::mm_per_pixel_at_centre(f.camera, f.scene_w, f.scene_h, ground);
    if (mm_per_px <= 0) return;
    const render::ScaleBar bar = render::choose_scale_bar(mm_per_px, kBarMaxPx, unit_of(f.model));
    const float right = f.scene_x + f.scene_w - kMargin;
    const float left = right - bar.px;
    const float y = f.scene_y + kMargin + ImGui::GetFontSize() + 6.0f;
    const ImVec2 label_size = ImGui::CalcTextSize(bar.label.c_str());
    dl->AddRectFilled(ImVec2(left - 6, f.scene_y + kMargin - 4), ImVec2(right + 6, y + 8),
                      IM_COL32(0, 0, 0, 110), 3.0f);
    // Half black, half white, like a map's bar; end ticks.
    const float mid = (left + right) / 2;
    dl->AddRectFilled(ImVec2(left, y - 3), ImVec2(mid, y + 3), IM_COL32(20, 20, 20, 255));
    dl->AddRectFilled(ImVec2(mid, y - 3), ImVec2(right, y + 3), IM_COL32(245, 245, 240, 255));
    dl->AddRect(ImVec2(left, y - 3), ImVec2(right, y + 3), IM_COL32(245, 245, 240, 255));
    text_with_shadow(dl, ImVec2(right - label_size.x, f.scene_y + kMargin),
                     IM_COL32(250, 246, 232, 255), bar.label);
    ui::note("scale bar: " + bar.label);
}

// The mouse: a press on the table starts a measurement, dragging moves its far end.
void ruler_mouse(const FrameView& f, CommandQueue& q) {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantCaptureMouse) return;
    double x = 0, y = 0;
    if (!table_under(f, io.MousePos, x, y)) return;
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left))
        q.push([x, y](ViewerModel& m) { m.ruler = {true, true, x, y, x, y}; });
    else if (ImGui::IsMouseDown(ImGuiMouseButton_Left) && f.model.ruler.has)
        q.push([x, y](ViewerModel& m) { m.ruler.x1 = x, m.ruler.y1 = y; });
}

// "at=X,Y" for table point (x, y) mm, in the record's own unit: cm, or inches on a table
// measured in inches.
std::string at_field(const FrameView& f, double x, double y) {
    char at[64];
    if (unit_of(f.model).kind == render::BoardUnit::Kind::inches)
        std::snprintf(at, sizeof at, "at=%.1fin,%.1fin", x / 25.4, y / 25.4);
    else
        std::snprintf(at, sizeof at, "at=%.1f,%.1f", x / 10.0, y / 10.0);
    return at;
}

// `vedette edit` with placing on (G): a click on the table puts the selected unit's centre there,
// written in the record's own unit (cm, or inches on a table measured in inches; a hex board's
// units are placed by their hex in the unit panel).
void placing(const FrameView& f, CommandQueue& q, ImDrawList* dl) {
    if (!f.model.placing || !f.model.deployment) return;
    const int u = f.model.selected_unit;
    const auto& roster = f.model.roster();
    const bool hexes = unit_of(f.model).kind == render::BoardUnit::Kind::hexes;
    const std::string hint =
        hexes ? "placing: on a hex board, give the unit's hex in the unit panel (G to stop)"
        : u < 0
            ? "placing: select a unit, then click on the table (G to stop)"
            : "placing: click on the table to put " + f.model.unit_name(u) + " there (G to stop)";
    text_with_shadow(dl, ImVec2(f.scene_x + kMargin, f.scene_y + kMargin),
                     IM_COL32(255, 158, 50, 255), hint);
    ui::note(hint);
    const ImGuiIO& io = ImGui::GetIO();
    double x = 0, y = 0;
    if (hexes || u < 0 || std::size_t(u) >= roster.size() || io.WantCaptureMouse ||
        !ImGui::IsMouseClicked(ImGuiMouseButton_Left) || !table_under(f, io.MousePos, x, y))
        return;
    q.push([edit = roster[std::size_t(u)].id + " " + at_field(f, x, y)](ViewerModel& m) {
        edit_units(m, edit);
    });
}

// The unit whose footprint, as drawn now, holds table point (x, y) mm; null for none.
const render::UnitView* unit_at(const FrameView& f, double x, double y) {
    for (const auto& u : f.state.units) {
        if (!u.on_table) continue;
        const double dx = x - u.x_mm, dy = y - u.y_mm;
        const double along = dx * u.facing_x + dy * u.facing_y;
        const double across = dx * u.facing_y - dy * u.facing_x;
        // A few mm of slack: a cavalry line is 30 mm deep.
        if (std::abs(across) <= u.width_mm / 2 + 4 && std::abs(along) <= u.depth_mm / 2 + 8)
            return &u;
    }
    return nullptr;
}

// `vedette edit`: a unit dragged with the left button is put where it is dropped (its line's
// at=, moved by the drag from where the record places it). A drag that starts off every unit is
// left to the other tools.
void dragging(const FrameView& f, CommandQueue& q, ImDrawList* dl) {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantCaptureMouse || unit_of(f.model).kind == render::BoardUnit::Kind::hexes) return;
    const bool moving = ImGui::IsMouseDragging(ImGuiMouseButton_Left, 4.0f);
    const bool dropped =
        ImGui::IsMouseReleased(ImGuiMouseButton_Left) && io.MouseDragMaxDistanceSqr[0] >= 16.0f;
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    if ((!moving && !dropped) || !table_under(f, io.MouseClickedPos[0], x0, y0) ||
        !table_under(f, io.MousePos, x1, y1))
        return;
    const render::UnitView* u = unit_at(f, x0, y0);
    const auto& keys = f.model.scene.replay.keyframes;
    if (!u || keys.empty()) return;
    double sx = u->placed_x_mm, sy = u->placed_y_mm;  // where the record places it
    for (const auto& k : keys.front().units)
        if (k.unit == u->unit) sx = double(k.pose.pos.x), sy = double(k.pose.pos.y);
    const std::string edit = u->id + " " + at_field(f, sx + x1 - x0, sy + y1 - y0);
    const ImU32 ink = IM_COL32(255, 158, 50, 255);
    dl->AddLine(io.MouseClickedPos[0], io.MousePos, IM_COL32(0, 0, 0, 200), 5.0f);
    dl->AddLine(io.MouseClickedPos[0], io.MousePos, ink, 2.5f);
    // The unit's footprint where it would be dropped: it follows the mouse.
    const double cx = u->x_mm + x1 - x0, cy = u->y_mm + y1 - y0;
    const double hw = u->width_mm / 2, hd = u->depth_mm / 2;
    ImVec2 outline[4];
    int shown = 0;
    for (const auto& [a, b] : {std::pair{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}) {
        // across the front (width) and along the facing (depth)
        const double x = cx + a * hw * u->facing_y + b * hd * u->facing_x;
        const double y = cy - a * hw * u->facing_x + b * hd * u->facing_y;
        const float h = f.terrain.height(float(x), float(y)) + 2.0f;
        ImVec2& p = outline[shown];
        if (render::project_to_screen(f.camera, render::table_point(x, y, h), f.scene_w, f.scene_h,
                                      p.x, p.y)) {
            p.x += f.scene_x, p.y += f.scene_y;
            ++shown;
        }
    }
    if (shown == 4) dl->AddPolyline(outline, 4, ink, ImDrawFlags_Closed, 2.5f);
    text_with_shadow(dl, ImVec2(io.MousePos.x + 12, io.MousePos.y - 8), ink, "drag: " + edit);
    ui::note("drag: " + edit);
    if (dropped)
        q.push([edit, unit = u->unit](ViewerModel& m) {
            m.selected_unit = unit;
            edit_units(m, edit);
        });
}

// `vedette edit`, drawing a terrain piece (the unit panel's "draw corners"): each click on the
// table adds a corner; the corners so far are drawn joined.
void terrain_corners(const FrameView& f, CommandQueue& q, ImDrawList* dl) {
    const ImU32 ink = IM_COL32(120, 230, 140, 255);
    const std::string hint = "drawing terrain: click its corners on the table (" +
                             std::to_string(f.model.terrain_points.size()) + " so far)";
    text_with_shadow(dl, ImVec2(f.scene_x + kMargin, f.scene_y + kMargin), ink, hint);
    ui::note(hint);
    std::vector<ImVec2> shown;
    for (const auto& [x, y] : f.model.terrain_points) {
        ImVec2 s;
        const float h = f.terrain.height(float(x), float(y)) + 2.0f;
        if (!render::project_to_screen(f.camera, render::table_point(x, y, h), f.scene_w, f.scene_h,
                                       s.x, s.y))
            continue;
        shown.push_back(ImVec2(s.x + f.scene_x, s.y + f.scene_y));
    }
    for (std::size_t i = 0; i < shown.size(); ++i) {
        if (i > 0) dl->AddLine(shown[i - 1], shown[i], ink, 2.5f);
        dl->AddCircleFilled(shown[i], 4.0f, ink);
    }
    const ImGuiIO& io = ImGui::GetIO();
    double x = 0, y = 0;
    if (io.WantCaptureMouse || !ImGui::IsMouseClicked(ImGuiMouseButton_Left) ||
        !table_under(f, io.MousePos, x, y))
        return;
    q.push([x, y](ViewerModel& m) { m.terrain_points.emplace_back(x, y); });
}

void ruler(const FrameView& f, CommandQueue& q, ImDrawList* dl) {
    const ViewerModel::Ruler& r = f.model.ruler;
    if (!r.on) return;
    ruler_mouse(f, q);
    const ImU32 ink = IM_COL32(255, 235, 90, 255);
    if (!r.has) {
        text_with_shadow(dl, ImVec2(f.scene_x + kMargin, f.scene_y + kMargin), ink,
                         "ruler: drag on the table to measure (M to stop)");
        ui::note("ruler: on");
        return;
    }
    const render::RulerReading reading =
        render::ruler_reading(r.x0, r.y0, r.x1, r.y1, unit_of(f.model));
    ImVec2 a, b;
    const auto at = [&](double x, double y, ImVec2& out) {
        const float h = f.terrain.height(float(x), float(y)) + 2.0f;
        if (!render::project_to_screen(f.camera, render::table_point(x, y, h), f.scene_w, f.scene_h,
                                       out.x, out.y))
            return false;
        out.x += f.scene_x, out.y += f.scene_y;
        return true;
    };
    if (at(r.x0, r.y0, a) && at(r.x1, r.y1, b)) {
        dl->AddLine(a, b, IM_COL32(0, 0, 0, 200), 5.0f);
        dl->AddLine(a, b, ink, 2.5f);
        dl->AddCircleFilled(a, 4.0f, ink);
        dl->AddCircleFilled(b, 4.0f, ink);
        text_with_shadow(dl, ImVec2(b.x + 10, b.y - 8), ink, reading.text);
    }
    ui::note("ruler: " + reading.text);
}

}  // namespace

void measure_overlay(const FrameView& f, CommandQueue& q) {
    ui::set_panel("measure");
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    dl->PushClipRect(ImVec2(f.scene_x, f.scene_y),
                     ImVec2(f.scene_x + f.scene_w, f.scene_y + f.scene_h), false);
    scale_bar(f, dl);
    if (f.model.drawing_terrain && f.model.deployment)
        terrain_corners(f, q, dl);
    else if (f.model.placing)
        placing(f, q, dl);
    else
        ruler(f, q, dl);
    if (f.model.deployment && !f.model.placing && !f.model.drawing_terrain && !f.model.ruler.on &&
        !f.model.draw_notes)
        dragging(f, q, dl);
    dl->PopClipRect();
}

}  // namespace vedette::viewer

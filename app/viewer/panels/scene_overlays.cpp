// Overlays drawn over the 3D scene with ImGui's background draw list: unit labels with status
// chips, the table marks of the moment (styled arrows for the episode's moves and its planned
// charge, a clash marker, every base's front edge; renderer/scene/table_marks.h), the selected
// unit's moves so far, and the selected unit's
// roster overlays (the ruleset's arcs, rings and hex sets: a charge sector, a command radius,
// zones of control). Also picking:
// click a unit to select it, hover for a tooltip.

#include <algorithm>
#include <cmath>
#include <cstdint>

#include <imgui.h>

#include "app/viewer/board_marks.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"
#include "renderer/overlay/marks_painter.h"
#include "renderer/scene/hex_layout.h"
#include "renderer/scene/label_layout.h"
#include "renderer/scene/table_marks.h"
#include "renderer/ui/imgui_canvas.h"

namespace vedette::viewer {

namespace {
constexpr double kPi = 3.14159265358979323846;

struct Projector {
    const FrameView& f;
    bool at(double x_mm, double y_mm, float lift, ImVec2& out) const {
        const float h = f.terrain.height(float(x_mm), float(y_mm)) + lift;
        if (!render::project_to_screen(f.camera, render::table_point(x_mm, y_mm, h), f.scene_w,
                                       f.scene_h, out.x, out.y))
            return false;
        out.x += f.scene_x, out.y += f.scene_y;
        return true;
    }
};

ImU32 side_colour(int side, int alpha = 255) {
    return side == 0 ? IM_COL32(120, 160, 255, alpha) : IM_COL32(255, 120, 110, alpha);
}

void polyline(ImDrawList* dl, const Projector& p, const std::vector<std::pair<double, double>>& pts,
              ImU32 colour, float thickness, bool closed = false) {
    std::vector<ImVec2> screen;
    for (const auto& [x, y] : pts) {
        ImVec2 s;
        if (p.at(x, y, 2.0f, s)) screen.push_back(s);
    }
    if (screen.size() >= 2)
        dl->AddPolyline(screen.data(), static_cast<int>(screen.size()), colour,
                        closed ? ImDrawFlags_Closed : 0, thickness);
}

void status_chip(ImDrawList* dl, ImVec2 at, const render::StatusMark& st) {
    const ImVec2 size = ImGui::CalcTextSize(st.label.c_str());
    const ImVec2 a(at.x - size.x / 2 - 3, at.y + 1), b(at.x + size.x / 2 + 3, at.y + 2 + size.y);
    dl->AddRectFilled(a, b, IM_COL32(st.r, st.g, st.b, 225), 4.0f);
    dl->AddRect(a, b, IM_COL32(0, 0, 0, 160), 4.0f);
    const bool light = 0.3 * st.r + 0.6 * st.g + 0.1 * st.b > 140;
    dl->AddText(ImVec2(at.x - size.x / 2, at.y + 1.5f),
                light ? IM_COL32(0, 0, 0, 255) : IM_COL32(255, 255, 255, 255), st.label.c_str());
}

// The table marks of the moment (renderer/scene/table_marks.h): the cited hexes, every base's
// front edge, the episode's arrows, the clash. Drawn by the marks painter through the ImGui
// canvas, as the video paints them (renderer/overlay/marks_painter.h); the status chips go with
// the labels here, under each tag.
void draw_marks(const FrameView& f, const render::TableMarks& marks) {
    const int w = int(f.scene_w), h = int(f.scene_h);
    if (w < 1 || h < 1) return;
    render::ImGuiCanvas canvas(ImGui::GetBackgroundDrawList(), f.scene_x, f.scene_y, w, h,
                               std::min(w, h));
    render::TableMarks table = marks;
    table.statuses.clear();
    render::MarksPainter(std::uint32_t(h)).paint(canvas, table, f.camera, f.terrain);
    const auto& roster = f.model.roster();
    auto id = [&](int unit) {
        return unit >= 0 && unit < static_cast<int>(roster.size())
                   ? roster[static_cast<std::size_t>(unit)].id
                   : std::string("?");
    };
    for (const auto& n : marks.hex_numbers) ui::note("hex number: " + n.text);
    ui::note("fronts: " + std::to_string(marks.fronts.size()));
    for (const auto& a : marks.arrows) {
        ui::note("arrow: " + a.style + " " + id(a.unit) + (a.planned ? " (planned)" : ""));
        if (a.planned) ui::note("charge arrow: " + id(a.unit) + " -> " + id(a.target));
    }
    for (const auto& c : marks.clashes) ui::note("clash: event " + std::to_string(c.event));
}

// A "hexes" overlay of the selected unit: each hex outlined on the board's grid where the unit
// stands now (none without a grid); the ground under them is tinted too (board_marks.h).
void hex_outlines(const FrameView& f, const Projector& p, ImDrawList* dl, const render::UnitView& u,
                  const sim::record::Overlay& o) {
    const auto& grid = f.model.scene.replay.header.board.hex;
    if (!grid || o.side_wide) return;  // a side's zones of control are tints only
    const render::HexLayout layout(*grid);
    const auto hexes = overlay_hexes_now(f.model, u, o);
    for (const auto& h : hexes) {
        std::vector<std::pair<double, double>> outline;
        // A little inside the hex, so neighbouring outlines stay apart from the drawn edges.
        const auto [cx, cy] = layout.centre(h);
        for (const auto& [x, y] : layout.corners(h))
            outline.emplace_back(cx + (x - cx) * 0.9, cy + (y - cy) * 0.9);
        polyline(dl, p, outline, IM_COL32(120, 220, 255, 210), 2.0f, true);
    }
    ui::note("hexes: " + o.label + " (" + std::to_string(hexes.size()) + " hexes)");
}

// A "band": the ground between two distances from the unit, within an angle of its facing (all
// round at 180 degrees), filled faintly and edged, like a charge's reach.
// Whether the moment shown is `unit`'s declaration (a charge declared): the only moment its
// reach band is drawn.
bool declaring(const FrameView& f, int unit) {
    const int now = f.model.timeline.current_event();
    const auto& events = f.model.events();
    if (now < 0 || now >= static_cast<int>(events.size())) return false;
    const auto& e = events[static_cast<std::size_t>(now)];
    return e.category == sim::record::Category::declare && !e.units.empty() && e.units[0] == unit;
}

void band(const Projector& p, ImDrawList* dl, const render::UnitView& u,
          const sim::record::Overlay& o) {
    const double outer = double(o.radius_mm), inner = double(o.inner_radius_mm);
    const double base = std::atan2(u.facing_y, u.facing_x);
    const double half = std::min(180, std::max(1, o.half_angle_deg)) * kPi / 180.0;
    // Faint: a reach is a possibility, under the declaration's arrow, not the picture itself.
    const ImU32 fill = IM_COL32(255, 200, 90, 22), edge = IM_COL32(255, 200, 90, 120);
    std::vector<std::pair<double, double>> near_edge, far_edge;
    for (int i = -24; i <= 24; ++i) {
        const double a = base + double(i) / 24.0 * half;
        const double c = std::cos(a), s = std::sin(a);
        near_edge.emplace_back(u.x_mm + c * inner, u.y_mm + s * inner);
        far_edge.emplace_back(u.x_mm + c * outer, u.y_mm + s * outer);
    }
    for (std::size_t i = 0; i + 1 < far_edge.size(); ++i) {
        ImVec2 q[4];
        if (!p.at(near_edge[i].first, near_edge[i].second, 2, q[0]) ||
            !p.at(far_edge[i].first, far_edge[i].second, 2, q[1]) ||
            !p.at(far_edge[i + 1].first, far_edge[i + 1].second, 2, q[2]) ||
            !p.at(near_edge[i + 1].first, near_edge[i + 1].second, 2, q[3]))
            continue;
        dl->AddQuadFilled(q[0], q[1], q[2], q[3], fill);
    }
    const bool closed = o.half_angle_deg >= 180;
    polyline(dl, p, far_edge, edge, 1.5f, closed);
    if (inner > 0) polyline(dl, p, near_edge, edge, 1.5f, closed);
    ImVec2 s;
    if (p.at(far_edge[24].first, far_edge[24].second, 5, s)) dl->AddText(s, edge, o.label.c_str());
    ui::note("band: " + o.label);
}

// A "ruler": a straight line from the unit's front along its facing, a tick every `tick_mm`,
// every one numbered, for measuring on the table in the rule system's own units.
void ruler(const Projector& p, ImDrawList* dl, const render::UnitView& u,
           const sim::record::Overlay& o) {
    const double len = double(o.radius_mm), tick = double(std::max<std::int64_t>(1, o.tick_mm));
    const double fx = u.facing_x, fy = u.facing_y;
    const double sx = u.x_mm + fx * u.depth_mm / 2, sy = u.y_mm + fy * u.depth_mm / 2;
    const ImU32 colour = IM_COL32(245, 245, 235, 230);
    polyline(dl, p, {{sx, sy}, {sx + fx * len, sy + fy * len}}, colour, 2.0f, false);
    int n = 0;
    for (double d = 0; d <= len + 0.5; d += tick, ++n) {
        const double cx = sx + fx * d, cy = sy + fy * d;
        const double half = n % 6 == 0 ? 8.0 : 4.0;  // a longer tick every sixth
        polyline(dl, p, {{cx - fy * half, cy + fx * half}, {cx + fy * half, cy - fx * half}},
                 colour, 1.5f, false);
        ImVec2 s;
        if (n > 0 && p.at(cx + fy * 10, cy - fx * 10, 2, s))
            dl->AddText(s, colour, std::to_string(n).c_str());
    }
    ui::note("ruler: " + o.label + " (" + std::to_string(n - 1) + " ticks)");
}

// The selected unit's roster overlays: arcs either side of its facing, rings around a point, a
// unit or itself, and sets of hexes.
void roster_overlays(const FrameView& f, const Projector& p, ImDrawList* dl,
                     const render::UnitView& u) {
    const auto& roster = f.model.roster();
    if (u.unit < 0 || u.unit >= static_cast<int>(roster.size())) return;
    for (const auto& o : roster[static_cast<std::size_t>(u.unit)].overlays) {
        const double radius = double(o.radius_mm);
        if (o.kind == "arc" && radius > 0) {
            const double base = std::atan2(u.facing_y, u.facing_x);
            const double half = double(o.half_angle_deg) * kPi / 180.0;
            std::vector<std::pair<double, double>> fan{{u.x_mm, u.y_mm}};
            for (int i = -8; i <= 8; ++i) {
                const double a = base + double(i) / 8.0 * half;
                fan.emplace_back(u.x_mm + std::cos(a) * radius, u.y_mm + std::sin(a) * radius);
            }
            polyline(dl, p, fan, IM_COL32(255, 230, 120, 200), 2.0f, true);
            ui::note("arc: " + o.label);
        } else if (o.kind == "ring" && radius > 0) {
            double cx = u.x_mm, cy = u.y_mm;
            if (o.centre) {
                cx = double(o.centre->x), cy = double(o.centre->y);
            } else if (o.centre_unit >= 0) {
                for (const auto& v : f.state.units)
                    if (v.unit == o.centre_unit) cx = v.x_mm, cy = v.y_mm;
            }
            polyline(dl, p, render::circle_points(cx, cy, radius), IM_COL32(140, 255, 160, 200),
                     1.5f, true);
            ImVec2 s;
            if (p.at(cx, cy, 5, s)) dl->AddText(s, IM_COL32(140, 255, 160, 255), o.label.c_str());
            ui::note("ring: " + o.label);
        } else if (o.kind == "band" && radius > 0 && declaring(f, u.unit)) {
            band(p, dl, u, o);
        } else if (o.kind == "ruler" && radius > 0) {
            ruler(p, dl, u, o);
        } else if (o.kind == "hexes") {
            hex_outlines(f, p, dl, u, o);
        }
    }
}
}  // namespace

void scene_overlays(const FrameView& f, CommandQueue& q) {
    const ViewerModel& m = f.model;
    const Projector p{f};
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    const auto& events = m.events();
    const int cur = m.timeline.current_event();
    const render::UnitView* selected = nullptr;
    for (const auto& u : f.state.units)
        if (u.unit == m.selected_unit && u.on_table) selected = &u;

    // With the video overlay on, its layers draw the marks and name tags (video_overlay.cpp).
    const bool own_marks = m.panels.overlays && !m.panels.video;
    if (own_marks) {
        ui::set_panel("overlays");
        // Overlays stay on the table's part of the frame, never over the panels around it.
        dl->PushClipRect(ImVec2(f.scene_x, f.scene_y),
                         ImVec2(f.scene_x + f.scene_w, f.scene_y + f.scene_h), false);
        // The selected unit's moves so far, faint, under the marks of the moment.
        if (selected)
            for (int i = 1; i <= cur; ++i) {
                const auto& e = events[static_cast<std::size_t>(i)];
                if (!e.motion || e.units.empty() || e.units[0] != selected->unit) continue;
                std::vector<std::pair<double, double>> pts;
                for (const auto& v : e.motion->path) pts.emplace_back(double(v.x), double(v.y));
                polyline(dl, p, pts, IM_COL32(255, 255, 255, 90), 1.5f);
            }
        const render::TableMarks marks = f.visuals
                                             ? render::table_marks(m.scene, f.state, *f.visuals)
                                             : render::table_marks(m.scene, f.state);
        draw_marks(f, marks);
        if (selected) roster_overlays(f, p, dl, *selected);
        // Labels, spread apart where units stand close (renderer/scene/label_layout.h).
        std::vector<const render::UnitView*> shown;
        std::vector<render::LabelBox> boxes;
        for (const auto& u : f.state.units) {
            if (!u.on_table) continue;
            ImVec2 s;
            // A camera looking straight down can put a point at infinity: no tag for it.
            if (!p.at(u.x_mm, u.y_mm, 18, s) || !std::isfinite(s.x) || !std::isfinite(s.y) ||
                s.x < f.scene_x || s.y < f.scene_y || s.x > f.scene_x + f.scene_w ||
                s.y > f.scene_y + f.scene_h)
                continue;
            const ImVec2 size = ImGui::CalcTextSize(render::label_text(u, m.labels).c_str());
            shown.push_back(&u);
            // Room under the name for the side's colour bar.
            boxes.push_back({s.x - size.x / 2 - 2, s.y - size.y, s.x + size.x / 2 + 2,
                             s.y + std::max(3.0f, size.y / 8)});
        }
        const std::vector<float> rise = render::spread_labels(boxes);
        // Each side's tag colour is its nation's, as its front edges and figures wear it.
        static const render::Visuals built_in;
        const auto tag_colours = render::side_tag_colours(f.visuals ? *f.visuals : built_in,
                                                          m.scene.replay.header.sides);
        const auto tag_colour = [&](int side) {
            if (side < 0 || side >= int(tag_colours.size())) return side_colour(side);
            const auto& c = tag_colours[std::size_t(side)];
            return IM_COL32(c.r, c.g, c.b, 255);
        };
        for (std::size_t i = 0; i < shown.size(); ++i) {
            const render::UnitView& u = *shown[i];
            // The tag's box, risen; its bottom middle is where the status chips hang.
            const ImVec2 tl(boxes[i].x0, boxes[i].y0 + rise[i]),
                br(boxes[i].x1, boxes[i].y1 + rise[i]);
            const ImVec2 s((tl.x + br.x) / 2, br.y);
            const bool sel = &u == selected;
            const std::string& label = render::label_text(u, m.labels);
            // A counter has its name printed on it (counter_faces): no tag over it.
            if (f.state.counters) {
                for (const auto& st : marks.statuses)
                    if (st.unit == u.unit) status_chip(dl, s, st);
                continue;
            }
            dl->AddRectFilled(tl, br, sel ? IM_COL32(255, 230, 120, 220) : IM_COL32(0, 0, 0, 120),
                              3.0f);
            // Near-white names; the side shows as a bar of its colour under the name.
            const float bar = std::max(3.0f, ImGui::GetFontSize() / 8);
            dl->AddRectFilled(ImVec2(tl.x, br.y - bar), br, tag_colour(u.side));
            dl->AddText(ImVec2(tl.x + 2, tl.y),
                        sel ? IM_COL32(0, 0, 0, 255) : IM_COL32(246, 244, 236, 255), label.c_str());
            ui::note("label: " + label);
            // Drawn on the background: the display is what could cut it off.
            ui::note_item("label", label, ImGui::GetFontSize(), tl.y, br.y,
                          ImGui::GetIO().DisplaySize.y);
            for (const auto& st : marks.statuses)
                if (st.unit == u.unit) {
                    status_chip(dl, s, st);
                    ui::note("status: " + u.id + " " + st.status);
                }
        }
    }

    if (own_marks) dl->PopClipRect();

    // Picking and tooltips, over the scene only (not over panels).
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantCaptureMouse) return;
    const render::UnitView* nearest = nullptr;
    float best = 28.0f * 28.0f;
    for (const auto& u : f.state.units) {
        ImVec2 s;
        if (!u.on_table || !p.at(u.x_mm, u.y_mm, 5, s)) continue;
        const float dx = s.x - io.MousePos.x, dy = s.y - io.MousePos.y;
        if (dx * dx + dy * dy < best) best = dx * dx + dy * dy, nearest = &u;
    }
    if (nearest)
        ImGui::SetTooltip("%s (%s)\n%d figures, %s%s%s", nearest->name.c_str(), nearest->id.c_str(),
                          nearest->figures, nearest->layout.c_str(),
                          nearest->state.empty() ? "" : ", ", nearest->state.c_str());
    // (Not while clicking a terrain piece's corners in `vedette edit`.)
    if (ImGui::IsMouseReleased(ImGuiMouseButton_Left) && io.MouseDragMaxDistanceSqr[0] < 16.0f &&
        !m.drawing_terrain) {
        const int pick = nearest ? nearest->unit : -1;
        q.push([pick](ViewerModel& vm) { vm.selected_unit = pick; });
    }
}

}  // namespace vedette::viewer

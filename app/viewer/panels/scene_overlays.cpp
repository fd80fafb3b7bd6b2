// Overlays drawn over the 3D scene with ImGui's background draw list: unit labels, movement
// trails, the arrow of the charge (a declaration episode) being shown, and the selected unit's
// roster overlays (the ruleset's arcs, rings and hex sets: a charge sector, a command radius,
// zones of control). Also picking:
// click a unit to select it, hover for a tooltip.

#include <algorithm>
#include <cmath>
#include <map>

#include <imgui.h>

#include "app/viewer/board_marks.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"
#include "renderer/scene/hex_layout.h"

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

void arrow(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 colour) {
    dl->AddLine(a, b, colour, 3.0f);
    const float dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
    if (len < 1) return;
    const float ux = dx / len, uy = dy / len;
    dl->AddTriangleFilled(b, ImVec2(b.x - ux * 14 - uy * 7, b.y - uy * 14 + ux * 7),
                          ImVec2(b.x - ux * 14 + uy * 7, b.y - uy * 14 - ux * 7), colour);
}

// Where the first two units of an event stood just after it (cached per replay and event).
std::pair<sim::record::Pose, sim::record::Pose> event_ends(const ViewerModel& m, int event) {
    static std::map<const void*, std::map<int, std::pair<sim::record::Pose, sim::record::Pose>>>
        cache;
    auto& per_replay = cache[&m.scene];
    if (auto it = per_replay.find(event); it != per_replay.end()) return it->second;
    const auto& e = m.events()[static_cast<std::size_t>(event)];
    const auto state = sim::replay::state_after(m.scene.replay, event);
    std::pair<sim::record::Pose, sim::record::Pose> ends;
    for (const auto& s : state) {
        if (s.unit == e.units[0]) ends.first = s.pose;
        if (s.unit == e.units[1]) ends.second = s.pose;
    }
    return per_replay[event] = ends;
}

// The episode being shown starts with a declaration between two units: an arrow from the first
// to the second as they stood then.
void episode_arrow(const FrameView& f, const Projector& p, ImDrawList* dl) {
    const ViewerModel& m = f.model;
    const std::vector<int> steps = m.episode_events(m.shown_episode());
    if (steps.empty()) return;
    const auto& first = m.events()[static_cast<std::size_t>(steps.front())];
    const int units = static_cast<int>(m.roster().size());
    if (first.category != sim::record::Category::declare || first.units.size() < 2 ||
        first.units[0] < 0 || first.units[0] >= units || first.units[1] < 0 ||
        first.units[1] >= units)
        return;
    const auto [from, to] = event_ends(m, steps.front());
    ImVec2 a, b;
    if (!p.at(double(from.pos.x), double(from.pos.y), 4, a) ||
        !p.at(double(to.pos.x), double(to.pos.y), 4, b))
        return;
    arrow(dl, a, b, IM_COL32(255, 170, 40, 230));
    const auto& roster = m.roster();
    ui::note("charge arrow: " + roster[static_cast<std::size_t>(first.units[0])].id + " -> " +
             roster[static_cast<std::size_t>(first.units[1])].id);
}

std::vector<std::pair<double, double>> circle(double cx, double cy, double radius) {
    std::vector<std::pair<double, double>> ring;
    for (int i = 0; i < 48; ++i)
        ring.emplace_back(cx + std::cos(i * kPi / 24) * radius,
                          cy + std::sin(i * kPi / 24) * radius);
    return ring;
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
void band(const Projector& p, ImDrawList* dl, const render::UnitView& u,
          const sim::record::Overlay& o) {
    const double outer = double(o.radius_mm), inner = double(o.inner_radius_mm);
    const double base = std::atan2(u.facing_y, u.facing_x);
    const double half = std::min(180, std::max(1, o.half_angle_deg)) * kPi / 180.0;
    const ImU32 fill = IM_COL32(255, 200, 90, 50), edge = IM_COL32(255, 200, 90, 220);
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
            polyline(dl, p, circle(cx, cy, radius), IM_COL32(140, 255, 160, 200), 1.5f, true);
            ImVec2 s;
            if (p.at(cx, cy, 5, s)) dl->AddText(s, IM_COL32(140, 255, 160, 255), o.label.c_str());
            ui::note("ring: " + o.label);
        } else if (o.kind == "band" && radius > 0) {
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

    if (m.panels.overlays) {
        ui::set_panel("overlays");
        // Overlays stay on the table's part of the frame, never over the panels around it.
        dl->PushClipRect(ImVec2(f.scene_x, f.scene_y),
                         ImVec2(f.scene_x + f.scene_w, f.scene_y + f.scene_h), false);
        // Trails: the selected unit's moves so far, else those of the current event's units.
        std::vector<int> trail_units;
        if (selected)
            trail_units = {selected->unit};
        else if (cur > 0)
            trail_units = events[static_cast<std::size_t>(cur)].units;
        for (int i = 1; i <= cur; ++i) {
            const auto& e = events[static_cast<std::size_t>(i)];
            if (!e.motion || e.units.empty()) continue;
            if (std::find(trail_units.begin(), trail_units.end(), e.units[0]) == trail_units.end())
                continue;
            if (e.turn != events[static_cast<std::size_t>(cur)].turn && !selected) continue;
            std::vector<std::pair<double, double>> pts;
            for (const auto& v : e.motion->path) pts.emplace_back(double(v.x), double(v.y));
            polyline(dl, p, pts, IM_COL32(255, 255, 255, 150), 2.0f);
        }
        episode_arrow(f, p, dl);
        if (selected) roster_overlays(f, p, dl, *selected);
        // Labels.
        for (const auto& u : f.state.units) {
            if (!u.on_table) continue;
            ImVec2 s;
            if (!p.at(u.x_mm, u.y_mm, 18, s) || s.x < f.scene_x || s.y < f.scene_y ||
                s.x > f.scene_x + f.scene_w || s.y > f.scene_y + f.scene_h)
                continue;
            const bool sel = &u == selected;
            const std::string& label = render::label_text(u, m.labels);
            const ImVec2 size = ImGui::CalcTextSize(label.c_str());
            dl->AddRectFilled(ImVec2(s.x - size.x / 2 - 2, s.y - size.y),
                              ImVec2(s.x + size.x / 2 + 2, s.y),
                              sel ? IM_COL32(255, 230, 120, 220) : IM_COL32(0, 0, 0, 120), 3.0f);
            dl->AddText(ImVec2(s.x - size.x / 2, s.y - size.y),
                        sel ? IM_COL32(0, 0, 0, 255) : side_colour(u.side), label.c_str());
            ui::note("label: " + label);
        }
    }

    if (m.panels.overlays) dl->PopClipRect();

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
    if (ImGui::IsMouseReleased(ImGuiMouseButton_Left) && io.MouseDragMaxDistanceSqr[0] < 16.0f) {
        const int pick = nearest ? nearest->unit : -1;
        q.push([pick](ViewerModel& vm) { vm.selected_unit = pick; });
    }
}

}  // namespace vedette::viewer

// Overlays drawn over the 3D scene with ImGui's background draw list: unit labels, the arrow of
// the charge being shown, the selected unit's 22-degree charge sector, movement trails and its
// general's command radius. Also picking: click a unit to select it, hover for a tooltip.

#include <cmath>
#include <map>

#include <imgui.h>

#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"

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

// Where the charger and its target stood when the charge was declared (cached per charge).
std::pair<sim::battle::UnitSnapshot, sim::battle::UnitSnapshot> charge_ends(const ViewerModel& m,
                                                                            int declared) {
    static std::map<const void*,
                    std::map<int, std::pair<sim::battle::UnitSnapshot, sim::battle::UnitSnapshot>>>
        cache;
    auto& per_replay = cache[&m.scene];
    if (auto it = per_replay.find(declared); it != per_replay.end()) return it->second;
    const auto& e = m.scene.replay.events[static_cast<std::size_t>(declared)];
    const auto state = sim::replay::state_after(m.scene.replay, declared);
    std::pair<sim::battle::UnitSnapshot, sim::battle::UnitSnapshot> ends;
    for (const auto& s : state) {
        if (e.units.size() > 0 && s.unit == e.units[0]) ends.first = s;
        if (e.units.size() > 1 && s.unit == e.units[1]) ends.second = s;
    }
    return per_replay[declared] = ends;
}
}  // namespace

void scene_overlays(const FrameView& f, CommandQueue& q) {
    const ViewerModel& m = f.model;
    const Projector p{f};
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    const auto& events = m.scene.replay.events;
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
        // The charge being shown: an arrow from the charger to its target as they stood.
        if (const int c = m.shown_charge();
            c >= 0 && events[static_cast<std::size_t>(c)].units.size() >= 2) {
            const auto [from, to] = charge_ends(m, c);
            ImVec2 a, b;
            if (p.at(double(from.pos.x), double(from.pos.y), 4, a) &&
                p.at(double(to.pos.x), double(to.pos.y), 4, b)) {
                arrow(dl, a, b, IM_COL32(255, 170, 40, 230));
                ui::note("charge arrow: " +
                         m.scene.scenario.units[static_cast<std::size_t>(from.unit)].id + " -> " +
                         m.scene.scenario.units[static_cast<std::size_t>(to.unit)].id);
            }
        }
        if (selected) {
            // The 22-degree sector a charge may be declared into, as far as the unit's charge move.
            const auto& moves = m.rules.moves[static_cast<std::size_t>(selected->type)];
            const double reach = moves.charge_mm > 0 ? double(moves.charge_mm) : 300.0;
            const double base = std::atan2(selected->facing_y, selected->facing_x);
            std::vector<std::pair<double, double>> fan{{selected->x_mm, selected->y_mm}};
            for (int i = -8; i <= 8; ++i) {
                const double a = base + double(i) / 8.0 * 22.0 * kPi / 180.0;
                fan.emplace_back(selected->x_mm + std::cos(a) * reach,
                                 selected->y_mm + std::sin(a) * reach);
            }
            polyline(dl, p, fan, IM_COL32(255, 230, 120, 200), 2.0f, true);
            // The brigade general's command radius.
            const auto& su = m.scene.scenario.units[static_cast<std::size_t>(selected->unit)];
            const auto& side = m.scene.scenario.sides[static_cast<std::size_t>(su.side)];
            if (su.brigade >= 0 && su.brigade < static_cast<int>(side.brigades.size())) {
                const auto& g = side.brigades[static_cast<std::size_t>(su.brigade)].general;
                double gx = double(g.at.x), gy = double(g.at.y);
                for (const auto& u : f.state.units)
                    if (!g.attached_to.empty() && u.id == g.attached_to) gx = u.x_mm, gy = u.y_mm;
                long radius = 150;
                if (const auto it = m.rules.scales.find(m.scene.scenario.scale);
                    it != m.rules.scales.end())
                    radius = it->second.command_radius_mm;
                std::vector<std::pair<double, double>> ring;
                for (int i = 0; i < 48; ++i)
                    ring.emplace_back(gx + std::cos(i * kPi / 24) * double(radius),
                                      gy + std::sin(i * kPi / 24) * double(radius));
                polyline(dl, p, ring, IM_COL32(140, 255, 160, 200), 1.5f, true);
                ImVec2 s;
                if (p.at(gx, gy, 5, s))
                    dl->AddText(s, IM_COL32(140, 255, 160, 255), g.name.c_str());
                ui::note("command radius " + std::to_string(radius / 10) + " cm around " + g.name);
            }
        }
        // Labels.
        for (const auto& u : f.state.units) {
            if (!u.on_table) continue;
            ImVec2 s;
            if (!p.at(u.x_mm, u.y_mm, 18, s) || s.x < f.scene_x || s.y < f.scene_y ||
                s.x > f.scene_x + f.scene_w || s.y > f.scene_y + f.scene_h)
                continue;
            const bool sel = &u == selected;
            const ImVec2 size = ImGui::CalcTextSize(u.id.c_str());
            dl->AddRectFilled(ImVec2(s.x - size.x / 2 - 2, s.y - size.y),
                              ImVec2(s.x + size.x / 2 + 2, s.y),
                              sel ? IM_COL32(255, 230, 120, 220) : IM_COL32(0, 0, 0, 120), 3.0f);
            dl->AddText(ImVec2(s.x - size.x / 2, s.y - size.y),
                        sel ? IM_COL32(0, 0, 0, 255) : side_colour(u.side), u.id.c_str());
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
    if (nearest) {
        const auto& su = m.scene.scenario.units[static_cast<std::size_t>(nearest->unit)];
        ImGui::SetTooltip(
            "%s (%s)\n%d figures, %s, %s", su.unit.name.c_str(), su.id.c_str(), nearest->figures,
            sim::gdb::formation_names()[static_cast<std::size_t>(nearest->formation)].c_str(),
            nearest->status.c_str());
    }
    if (ImGui::IsMouseReleased(ImGuiMouseButton_Left) && io.MouseDragMaxDistanceSqr[0] < 16.0f) {
        const int pick = nearest ? nearest->unit : -1;
        q.push([pick](ViewerModel& vm) { vm.selected_unit = pick; });
    }
}

}  // namespace vedette::viewer

// The unit inspector: the selected unit's type, class, formation, status, figures at the start
// and now, its commander, and the history of its events (click to jump).

#include <imgui.h>

#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"
#include "sim/gdb/melee_types.h"

namespace vedette::viewer {

void unit_panel(const FrameView& f, CommandQueue& q) {
    if (!f.model.panels.unit) return;
    const float top = (f.height - kTimelineHeight) * 0.58f;
    place_panel(f, "unit", 0, top, kLeftWidth, f.height - kTimelineHeight - top);
    bool open = true;
    if (!ImGui::Begin("Unit", &open, kDockedPanel)) {
        ImGui::End();
        return;
    }
    if (!open) q.push([](ViewerModel& m) { m.panels.unit = false; });
    const int u = f.model.selected_unit;
    const auto& sc = f.model.scene.scenario;
    if (u < 0 || u >= static_cast<int>(sc.units.size())) {
        ui::text_dim("Click a unit on the table (or pick one in the log's filter) to inspect it.");
        ImGui::End();
        return;
    }
    const auto& su = sc.units[static_cast<std::size_t>(u)];
    const render::UnitView* now = nullptr;
    for (const auto& v : f.state.units)
        if (v.unit == u) now = &v;
    ui::text_coloured(ui::heading(), "%s (%s)", su.unit.name.c_str(), su.id.c_str());
    const auto& side = sc.sides[static_cast<std::size_t>(su.side)];
    ui::text("%s, %s", side.name.c_str(), su.unit.nation.c_str());
    ui::text("type %s, class %s",
             sim::gdb::troop_type_names()[static_cast<std::size_t>(su.unit.type)].c_str(),
             sim::gdb::unit_class_names()[static_cast<std::size_t>(su.unit.klass)].c_str());
    if (now) {
        ui::text("formation %s, status %s",
                 sim::gdb::formation_names()[static_cast<std::size_t>(now->formation)].c_str(),
                 now->status.c_str());
        ui::text("figures: %d at the start, %d now", su.unit.figures, now->figures);
    }
    if (su.brigade >= 0 && su.brigade < static_cast<int>(side.brigades.size())) {
        const auto& b = side.brigades[static_cast<std::size_t>(su.brigade)];
        ui::text("brigade %s, general %s", b.name.c_str(), b.general.name.c_str());
    }
    ui::text("C-in-C %s", side.commander.name.c_str());
    if (ImGui::SmallButton("follow with the camera"))
        q.push([id = su.id](ViewerModel& m) {
            m.camera_mode = ViewerModel::CameraMode::follow;
            m.follow_unit = id;
        });
    ImGui::SameLine();
    if (ImGui::SmallButton("filter the log")) q.push([u](ViewerModel& m) { m.filter.units = {u}; });
    ImGui::Separator();
    ui::text_coloured(ui::heading(), "History");
    const auto& events = f.model.scene.replay.events;
    const int cur = f.model.timeline.current_event();
    ImGui::BeginChild("history");
    for (std::size_t i = 1; i < events.size(); ++i) {
        const auto& e = events[i];
        if (std::find(e.units.begin(), e.units.end(), u) == e.units.end()) continue;
        const int index = static_cast<int>(i);
        char label[64];
        std::snprintf(label, sizeof label, "T%d %s##h%zu", e.turn, e.kind.c_str(), i);
        if (ImGui::Selectable(label, index == cur))
            q.push([index](ViewerModel& m) {
                m.timeline.pause();
                m.timeline.seek_event(index);
            });
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", e.text.c_str());
        if (index <= cur) ui::note("history: T" + std::to_string(e.turn) + " " + e.kind);
    }
    ImGui::EndChild();
    ImGui::End();
}

}  // namespace vedette::viewer

// The unit inspector: the selected unit from the replay's roster (its side, nation and the
// ruleset's properties in their order, with the values the state carries now), its state now (the
// ruleset's state label, figures and layout, figures at the start), and the history of its events
// (click to jump).

#include <algorithm>
#include <cstdio>

#include <imgui.h>

#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"

namespace vedette::viewer {

namespace {
// Figures before the first event: the first keyframe's snapshot of the unit, if any.
int figures_at_start(const ViewerModel& m, int unit) {
    const auto& keyframes = m.scene.replay.keyframes;
    if (keyframes.empty()) return -1;
    for (const auto& s : keyframes.front().units)
        if (s.unit == unit) return s.look.figures;
    return -1;
}

// The roster's properties in their order, each with its value now when the unit's state carries
// one (a cohesion that fell, a new facing), then the state's keys the roster lacks (its stack).
void properties(const sim::record::RosterUnit& ru, const render::UnitView* now) {
    auto value_now = [&](const std::string& key) -> const std::string* {
        if (!now) return nullptr;
        for (const auto& p : now->properties)
            if (p.key == key) return &p.value;
        return nullptr;
    };
    for (const auto& p : ru.properties) {
        const std::string* v = value_now(p.key);
        ui::text_wrapped("%s: %s", p.key.c_str(), (v ? *v : p.value).c_str());
    }
    if (!now) return;
    for (const auto& p : now->properties) {
        const bool listed = std::any_of(ru.properties.begin(), ru.properties.end(),
                                        [&](const auto& r) { return r.key == p.key; });
        if (!listed) ui::text_wrapped("%s: %s", p.key.c_str(), p.value.c_str());
    }
}

void history(const FrameView& f, CommandQueue& q, int u) {
    ui::text_coloured(ui::heading(), "History");
    const auto& events = f.model.events();
    const int cur = f.model.timeline.current_event();
    ImGui::BeginChild("history");
    for (std::size_t i = 0; i < events.size(); ++i) {
        const auto& e = events[i];
        if (std::find(e.units.begin(), e.units.end(), u) == e.units.end()) continue;
        const int index = static_cast<int>(i);
        char label[96];
        std::snprintf(label, sizeof label, "T%d %s##h%zu", e.turn, e.kind.c_str(), i);
        const EventColour c = category_colour(e.category);
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, 1));
        if (ImGui::Selectable(label, index == cur))
            q.push([index](ViewerModel& m) {
                m.timeline.pause();
                m.timeline.seek_event(index);
            });
        ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", e.text.c_str());
        if (index <= cur) ui::note("history: T" + std::to_string(e.turn) + " " + e.kind);
    }
    ImGui::EndChild();
}
}  // namespace

void unit_panel(const FrameView& f, CommandQueue& q) {
    if (!f.model.panels.unit) return;
    const float top = (f.height - timeline_height(f)) * 0.58f;
    place_panel(f, "unit", 0, top, kLeftWidth, f.height - timeline_height(f) - top);
    bool open = true;
    if (!ImGui::Begin("Unit", &open, panel_flags(f))) {
        ImGui::End();
        return;
    }
    if (!open) q.push([](ViewerModel& m) { m.panels.unit = false; });
    const int u = f.model.selected_unit;
    const auto& roster = f.model.roster();
    if (u < 0 || u >= static_cast<int>(roster.size())) {
        ui::text_dim("Click a unit on the table (or pick one in the log's filter) to inspect it.");
        deployment_tools(f, q);
        ImGui::End();
        return;
    }
    const auto& ru = roster[static_cast<std::size_t>(u)];
    const auto& sides = f.model.scene.replay.header.sides;
    ui::text_coloured(ui::heading(), "%s (%s)", f.model.unit_name(u).c_str(), ru.id.c_str());
    const std::string side = ru.side >= 0 && ru.side < static_cast<int>(sides.size())
                                 ? sides[static_cast<std::size_t>(ru.side)].name
                                 : "side " + std::to_string(ru.side);
    ui::text("%s%s%s", side.c_str(), ru.nation.empty() ? "" : ", ", ru.nation.c_str());
    const render::UnitView* now = nullptr;
    for (const auto& v : f.state.units)
        if (v.unit == u) now = &v;
    properties(ru, now);
    if (now) {
        ui::text("state %s, layout %s%s", now->state.empty() ? "-" : now->state.c_str(),
                 now->layout.c_str(), now->on_table ? "" : ", off the table");
        const int start = figures_at_start(f.model, u);
        if (start >= 0)
            ui::text("figures: %d at the start, %d now", start, now->figures);
        else
            ui::text("figures: %d now", now->figures);
    }
    if (ImGui::SmallButton("follow with the camera"))
        q.push([id = ru.id](ViewerModel& m) {
            m.camera_mode = ViewerModel::CameraMode::follow;
            m.follow_unit = id;
        });
    ImGui::SameLine();
    if (ImGui::SmallButton("filter the log")) q.push([u](ViewerModel& m) { m.filter.units = {u}; });
    deployment_section(f, q, ru.id);
    deployment_tools(f, q);
    ImGui::Separator();
    history(f, q, u);
    ImGui::End();
}

}  // namespace vedette::viewer

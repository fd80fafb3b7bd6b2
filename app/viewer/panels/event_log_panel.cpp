// The event log: every event with its turn, phase, kind, text and rule; filter by unit and kind
// (the filter also drives event stepping); click a row to jump there.

#include <imgui.h>

#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"

namespace vedette::viewer {

void event_log_panel(const FrameView& f, CommandQueue& q) {
    if (!f.model.panels.events) return;
    const float top_h = (f.height - kTimelineHeight) * 0.58f;
    place_panel(f, "events", 0, 0, kLeftWidth, top_h);
    bool open = true;
    if (!ImGui::Begin("Event log", &open, kDockedPanel)) {
        ImGui::End();
        return;
    }
    if (!open) q.push([](ViewerModel& m) { m.panels.events = false; });
    const auto& scene = f.model.scene;
    const auto& events = scene.replay.events;
    const EventFilter& filter = f.model.filter;

    // Filters: one unit, and any number of kinds.
    std::string unit_label = "all units";
    if (!filter.units.empty())
        unit_label = scene.scenario.units[static_cast<std::size_t>(*filter.units.begin())].id;
    ImGui::SetNextItemWidth(150);
    if (ImGui::BeginCombo("##unit", unit_label.c_str())) {
        if (ImGui::Selectable("all units", filter.units.empty()))
            q.push([](ViewerModel& m) { m.filter.units.clear(); });
        for (std::size_t u = 0; u < scene.scenario.units.size(); ++u) {
            const int index = static_cast<int>(u);
            if (ImGui::Selectable(scene.scenario.units[u].id.c_str(),
                                  filter.units.count(index) > 0))
                q.push([index](ViewerModel& m) { m.filter.units = {index}; });
        }
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    const std::string kinds_label =
        filter.kinds.empty() ? "all kinds" : std::to_string(filter.kinds.size()) + " kinds";
    ImGui::SetNextItemWidth(110);
    if (ImGui::BeginCombo("##kinds", kinds_label.c_str())) {
        for (const auto& k : sim::battle::event_kinds()) {
            bool on = filter.kinds.count(k) > 0;
            if (ImGui::Checkbox(k.c_str(), &on))
                q.push([k, on](ViewerModel& m) {
                    on ? (void)m.filter.kinds.insert(k) : (void)m.filter.kinds.erase(k);
                });
        }
        ImGui::EndCombo();
    }
    if (!filter.empty()) {
        ImGui::SameLine();
        if (ImGui::SmallButton("clear")) q.push([](ViewerModel& m) { m.filter = {}; });
    }

    const int cur = f.model.timeline.current_event();
    std::vector<int> rows;
    for (std::size_t i = 0; i < events.size(); ++i)
        if (filter.passes(events[i])) rows.push_back(static_cast<int>(i));
    ui::note("showing " + std::to_string(rows.size()) + " of " + std::to_string(events.size()) +
             " events");
    // Narrow number, kind and rule columns (cut off; the whole text and rule on hover), then the
    // text in the rest of the width.
    if (ImGui::BeginTable(
            "log", 4,
            ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_Resizable)) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, 26.0f);
        ImGui::TableSetupColumn("kind", ImGuiTableColumnFlags_WidthFixed, 92.0f);
        ImGui::TableSetupColumn("rule", ImGuiTableColumnFlags_WidthFixed, 70.0f);
        ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableHeadersRow();
        // Keep the playhead's row in view when the playhead moves.
        static int last_cur = -2;
        const bool follow = cur != last_cur;
        last_cur = cur;
        ImGuiListClipper clipper;
        clipper.Begin(static_cast<int>(rows.size()));
        int cur_row = -1;
        for (std::size_t r = 0; r < rows.size(); ++r)
            if (rows[r] <= cur) cur_row = static_cast<int>(r);
        if (follow && cur_row >= 0) clipper.ForceDisplayRangeByIndices(cur_row, cur_row + 1);
        while (clipper.Step())
            for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
                const int i = rows[static_cast<std::size_t>(r)];
                const auto& e = events[static_cast<std::size_t>(i)];
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                char id[32];
                std::snprintf(id, sizeof id, "%d##ev%d", e.seq, i);
                const std::string kind = e.kind;
                if (ImGui::Selectable(id, i == cur, ImGuiSelectableFlags_SpanAllColumns))
                    q.push([i, kind](ViewerModel& m) {
                        m.timeline.pause();
                        m.timeline.seek_event(i);
                        if (kind == "melee") m.pinned_melee = -1;
                        if (kind == "charge_declared") m.pinned_charge = -1;
                    });
                if (follow && r == cur_row) ImGui::SetScrollHereY(0.4f);
                ImGui::TableNextColumn();
                const KindColour c = kind_colour(e.kind);
                ImGui::TextColored(ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, 1.0f), "%s",
                                   e.kind.c_str());
                ImGui::TableNextColumn();
                ImGui::TextColored(ui::dim(), "%s", e.rule.c_str());
                ImGui::TableNextColumn();
                // One line per row (the clipper needs equal heights); the full text on hover.
                ImGui::TextUnformatted(e.text.c_str());
                if (ImGui::IsItemHovered())
                    ImGui::SetTooltip("%s\n(%s)", e.text.c_str(), e.rule.c_str());
                if (i == cur)
                    ui::note("current: " + std::to_string(e.seq) + " " + e.kind + " (" + e.rule +
                             "): " + e.text);
            }
        ImGui::EndTable();
    }
    ImGui::End();
}

}  // namespace vedette::viewer

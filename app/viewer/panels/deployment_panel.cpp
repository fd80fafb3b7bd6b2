// `vedette edit GAME.game`, in the unit panel: the selected unit's line of the game record, a
// field to change it ("at=50,25 facing=10 formation=column", the record's own notation: placing,
// turning and re-forming the unit; "front_of=UNIT" or "flank_of=UNIT" snaps it into contact),
// and saving the record. The edit is queued as a command; the
// viewer plays the record again and shows the new table (deployment.h).

#include <array>
#include <sstream>

#include <imgui.h>

#include "app/viewer/deployment.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"

namespace vedette::viewer {

namespace {

// The record's `unit ID ...` line.
std::string unit_line(const std::string& text, const std::string& id) {
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        const auto first = line.find_first_not_of(" \t");
        if (first == std::string::npos || line.compare(first, 5, "unit ") != 0) continue;
        const auto id_start = line.find_first_not_of(" \t", first + 5);
        if (id_start != std::string::npos && line.compare(id_start, id.size(), id) == 0 &&
            (id_start + id.size() == line.size() || line[id_start + id.size()] == ' '))
            return line;
    }
    return {};
}

}  // namespace

void deployment_section(const FrameView& f, CommandQueue& q, const std::string& unit_id) {
    const Deployment* d = f.model.deployment.get();
    if (!d) return;
    ImGui::Separator();
    ui::text_coloured(ui::heading(), "Placing (the game record)%s", d->unsaved ? " *" : "");
    ui::text_wrapped("%s", unit_line(d->text, unit_id).c_str());
    static std::array<char, 256> fields{};
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##fields", "at=50,25 facing=10 formation=column front_of=UNIT",
                             fields.data(), fields.size());
    if (ImGui::SmallButton("apply"))
        q.push([edit = unit_id + " " + std::string(fields.data())](ViewerModel& m) {
            edit_units(m, edit);
        });
    ImGui::SameLine();
    if (ImGui::SmallButton("turn left 15"))
        q.push([unit_id](ViewerModel& m) { turn_unit(m, unit_id, -15); });
    ImGui::SameLine();
    if (ImGui::SmallButton("turn right 15"))
        q.push([unit_id](ViewerModel& m) { turn_unit(m, unit_id, 15); });
    ImGui::SameLine();
    if (ImGui::SmallButton("remove"))
        q.push([unit_id](ViewerModel& m) { remove_unit(m, unit_id); });
    ImGui::SameLine();
    if (ImGui::SmallButton("save the record")) q.push([](ViewerModel& m) { save_record(m); });
    ui::text_wrapped("%s", d->status.c_str());
    ui::note("deployment: " + d->status);
}

}  // namespace vedette::viewer

// The charge panel: the steps of one charge in order (declaration, half move, reactions, tests,
// second half, contact or not) with the distances and the test rolls.

#include <imgui.h>

#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"

namespace vedette::viewer {

namespace {
using nlohmann::json;

std::string cm(const json& d, const char* key) {
    if (!d.contains(key) || !d[key].is_number()) return {};
    char b[32];
    std::snprintf(b, sizeof b, "%.1f cm", d[key].get<double>() / 10.0);
    return b;
}
}  // namespace

void charge_panel(const FrameView& f, CommandQueue& q) {
    if (!f.model.panels.charge) return;
    const float top = (f.height - kTimelineHeight) * 0.62f;
    place_panel(f, "charge", f.width - kRightWidth, top, kRightWidth,
                f.height - kTimelineHeight - top);
    bool open = true;
    if (!ImGui::Begin("Charge", &open, kDockedPanel)) {
        ImGui::End();
        return;
    }
    if (!open) q.push([](ViewerModel& m) { m.panels.charge = false; });
    const int declared = f.model.shown_charge();
    if (declared < 0) {
        ui::text_dim(
            "No charge at this moment. Charges are declared at the start of each turn (step with "
            "Ctrl+Right).");
        ImGui::End();
        return;
    }
    const auto& events = f.model.scene.replay.events;
    const auto [first, last] = f.model.charge_span(declared);
    const int cur = f.model.timeline.current_event();
    const auto& d = events[static_cast<std::size_t>(first)];
    const auto& units = f.model.scene.scenario.units;
    const std::string charger =
        d.units.empty() ? "?" : units[static_cast<std::size_t>(d.units[0])].unit.name;
    const std::string target =
        d.units.size() < 2 ? "?" : units[static_cast<std::size_t>(d.units[1])].unit.name;
    ui::text_coloured(ui::heading(), "%s charges %s (turn %d)", charger.c_str(), target.c_str(),
                      d.turn);
    if (d.details.is_object()) {
        ui::text("distance %s, charge move %s; general %s away (radius %s); %s, %s",
                 cm(d.details, "distance_mm").c_str(), cm(d.details, "charge_move_mm").c_str(),
                 cm(d.details, "command_distance_mm").c_str(),
                 cm(d.details, "command_radius_mm").c_str(),
                 d.details.value("visible", false) ? "target visible" : "target not visible",
                 d.details.value("in_sector", false) ? "within the 22-degree sector"
                                                     : "outside the sector");
    }
    ImGui::Separator();
    for (int i = first; i <= last; ++i) {
        const auto& e = events[static_cast<std::size_t>(i)];
        const bool done = i <= cur;
        const KindColour c = kind_colour(e.kind);
        ImGui::PushID(i);
        if (ImGui::SmallButton(">"))
            q.push([i](ViewerModel& m) {
                m.timeline.pause();
                m.timeline.seek_event(i);
            });
        ImGui::PopID();
        ImGui::SameLine();
        const ImVec4 colour =
            done ? ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, 1.0f) : ui::dim();
        ui::text_coloured(colour, "%s%s", e.kind.c_str(), i == cur ? "  <- now" : "");
        ImGui::Indent();
        if (done)
            ui::text_wrapped("%s", e.text.c_str());
        else
            ImGui::TextColored(ui::dim(), "(not yet)");
        if (done && e.details.is_object() && e.details.contains("dice")) {
            draw_dice(e.details["dice"], 14.0f);
            for (const auto& m : e.details.value("modifiers", json::array()))
                ui::text("%+d %s", m.value("value", 0), m.value("label", std::string()).c_str());
            if (e.details.contains("total"))
                ui::text("total %d: %s", e.details.value("total", 0),
                         e.details.value("row", std::string()).c_str());
        }
        if (done && e.details.is_object() && e.details.contains("needed_mm"))
            ui::text("formation change needs %s of the %s", cm(e.details, "needed_mm").c_str(),
                     cm(e.details, "distance_mm").c_str());
        ImGui::Unindent();
    }
    ImGui::End();
}

}  // namespace vedette::viewer

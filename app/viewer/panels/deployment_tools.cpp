// `vedette edit GAME.game`, in the unit panel: adding a unit and drawing a terrain piece. A new
// unit is a record line typed in the record's own notation (or copied from the selected unit's,
// with a new id, at the table's centre) for the chosen side; a terrain piece is its kind, its
// name and the corners clicked on the table. Each is queued as a command: the viewer adds the
// line, plays the record again and shows the new table (deployment.h), or says why not.

#include <array>
#include <cstdio>
#include <cstring>
#include <sstream>

#include <imgui.h>

#include "app/viewer/deployment.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"

namespace vedette::viewer {

namespace {

// The selected unit's record line as a new unit's: "ID_2 ... at=CENTRE", the rest as it is.
std::string copy_of_line(const std::string& text, const std::string& id, const std::string& at) {
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        std::istringstream words(line);
        std::string form, first;
        words >> form >> first;
        if (form != "unit" || first != id) continue;
        std::string rest;
        std::getline(words, rest);
        // The old at= gives way to the centre of the table (a unit never stands on another).
        std::string kept;
        std::istringstream fields(rest);
        for (std::string w; fields >> w;)
            if (w.rfind("at=", 0) != 0 && w.rfind("hex=", 0) != 0) kept += " " + w;
        return id + "_2" + kept + " " + at;
    }
    return {};
}

void add_unit_section(const FrameView& f, CommandQueue& q) {
    static int side = 0;
    static std::array<char, 512> line{};
    const auto& sides = f.model.scene.replay.header.sides;
    if (sides.empty()) return;
    side = std::clamp(side, 0, int(sides.size()) - 1);
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##side", ("side: " + sides[std::size_t(side)].name).c_str())) {
        for (int i = 0; i < int(sides.size()); ++i)
            if (ImGui::Selectable(sides[std::size_t(i)].name.c_str(), i == side)) side = i;
        ImGui::EndCombo();
    }
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##unit_line", "ID \"NAME\" type=... strength... at=X,Y facing=0",
                             line.data(), line.size());
    const int u = f.model.selected_unit;
    const auto& roster = f.model.roster();
    if (u >= 0 && std::size_t(u) < roster.size() && ImGui::SmallButton("like the selected unit")) {
        const auto& t = f.model.scene.replay.header.board.terrain;
        char at[64];
        if (f.model.scene.replay.header.board.table_in_inches)
            std::snprintf(at, sizeof at, "at=%.1fin,%.1fin", t.width_mm / 50.8, t.depth_mm / 50.8);
        else
            std::snprintf(at, sizeof at, "at=%.1f,%.1f", t.width_mm / 20.0, t.depth_mm / 20.0);
        const std::string copy =
            copy_of_line(f.model.deployment->text, roster[std::size_t(u)].id, at);
        std::snprintf(line.data(), line.size(), "%s", copy.c_str());
        side = roster[std::size_t(u)].side;
    }
    if (u >= 0) ImGui::SameLine();
    if (ImGui::SmallButton("add the unit") && line[0] != 0)
        q.push([what = sides[std::size_t(side)].id + " " +
                       std::string(line.data())](ViewerModel& m) { add_unit(m, what); });
}

// "x,y;x,y;..." in the record's unit (cm, or inches on a table measured in inches).
std::string corner_list(const FrameView& f) {
    const bool inches = f.model.scene.replay.header.board.table_in_inches;
    std::string out;
    char p[64];
    for (const auto& [x, y] : f.model.terrain_points) {
        if (inches)
            std::snprintf(p, sizeof p, "%.1fin,%.1fin", x / 25.4, y / 25.4);
        else
            std::snprintf(p, sizeof p, "%.1f,%.1f", x / 10.0, y / 10.0);
        out += (out.empty() ? "" : ";") + std::string(p);
    }
    return out;
}

void terrain_section(const FrameView& f, CommandQueue& q) {
    // Pieces drawn as an area (polygon=) and as a line (path=), as the record names them.
    static const char* const kAreas[] = {"woods",     "hill",  "built_up",
                                         "fortified", "rough", "water"};
    static const char* const kLines[] = {"road", "wall", "hedge", "stream"};
    static int kind = 0;
    static std::array<char, 128> name{};
    const int areas = int(std::size(kAreas)), all = areas + int(std::size(kLines));
    const auto kind_name = [&](int k) { return k < areas ? kAreas[k] : kLines[k - areas]; };
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##kind", (std::string("kind: ") + kind_name(kind)).c_str())) {
        for (int k = 0; k < all; ++k)
            if (ImGui::Selectable(kind_name(k), k == kind)) kind = k;
        ImGui::EndCombo();
    }
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##terrain_name", "name (Bossu Wood)", name.data(), name.size());
    if (ImGui::SmallButton(f.model.drawing_terrain ? "stop drawing" : "draw corners"))
        q.push([](ViewerModel& m) { m.drawing_terrain = !m.drawing_terrain; });
    ImGui::SameLine();
    if (ImGui::SmallButton("clear corners"))
        q.push([](ViewerModel& m) { m.terrain_points.clear(); });
    const std::size_t need = kind < areas ? 3 : 2;
    ui::text_dim("%zu corner%s clicked (%zu needed)", f.model.terrain_points.size(),
                 f.model.terrain_points.size() == 1 ? "" : "s", need);
    if (f.model.terrain_points.size() >= need && ImGui::SmallButton("add the piece")) {
        std::string quoted;  // the record's quoted text: \" and \\ escaped
        for (const char c : std::string(name[0] ? name.data() : kind_name(kind))) {
            if (c == '"' || c == '\\') quoted += '\\';
            quoted += c;
        }
        const std::string piece = std::string(kind_name(kind)) + " \"" + quoted + "\" " +
                                  (kind < areas ? "polygon=" : "path=") + corner_list(f);
        q.push([piece](ViewerModel& m) {
            add_terrain(m, piece);
            m.terrain_points.clear();
            m.drawing_terrain = false;
        });
    }
}

}  // namespace

void deployment_tools(const FrameView& f, CommandQueue& q) {
    if (!f.model.deployment) return;
    ImGui::Separator();
    if (ImGui::CollapsingHeader("Add a unit")) add_unit_section(f, q);
    if (ImGui::CollapsingHeader("Draw terrain")) terrain_section(f, q);
}

}  // namespace vedette::viewer

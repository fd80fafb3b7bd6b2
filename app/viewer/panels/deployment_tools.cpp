// `vedette edit GAME.game`, in the unit panel: adding a unit and drawing a terrain piece. A new
// unit is a record line typed in the record's own notation (or copied from the selected unit's,
// with a new id, at the table's centre) for the chosen side; a terrain piece is its kind, its
// name and the corners clicked on the table. Each is queued as a command: the viewer adds the
// line, plays the record again and shows the new table (deployment.h), or says why not.

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <vector>

#include <imgui.h>

#include "app/viewer/deployment.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"

namespace vedette::viewer {

namespace {

// The words of the record's `unit ID ...` line of `id` after its id (empty: no such line).
std::vector<std::string> unit_words(const std::string& text, const std::string& id) {
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        std::istringstream words(line);
        std::string form, first;
        words >> form >> first;
        if (form != "unit" || (!id.empty() && first != id)) continue;
        std::vector<std::string> out;
        for (std::string w; words >> w;) {
            if (w[0] == '#') break;
            out.push_back(w);
        }
        return out;
    }
    return {};
}

// The value of `key=` among `words` ("" for none).
std::string value_of(const std::vector<std::string>& words, const std::string& key) {
    for (const auto& w : words)
        if (w.rfind(key + "=", 0) == 0) return w.substr(key.size() + 1);
    return {};
}

// The word the record's units give their strength by (figures, models or strength): the rule
// system's, read from the record's own lines.
std::string strength_key(const std::string& text) {
    const auto words = unit_words(text, "");
    for (const char* key : {"figures", "models", "strength"})
        if (!value_of(words, key).empty()) return key;
    return "figures";
}

// A unit id from its name ("56e de ligne" -> "56e_de_ligne"), not yet in the roster.
std::string new_id(const std::string& name, const std::vector<sim::record::RosterUnit>& roster) {
    std::string id;
    for (const char c : name)
        if (std::isalnum(static_cast<unsigned char>(c)))
            id += char(std::tolower(static_cast<unsigned char>(c)));
        else if (!id.empty() && id.back() != '_')
            id += '_';
    while (!id.empty() && id.back() == '_') id.pop_back();
    if (id.empty()) id = "unit";
    const auto taken = [&](const std::string& x) {
        return std::any_of(roster.begin(), roster.end(), [&](const auto& u) { return u.id == x; });
    };
    std::string out = id;
    for (int n = 2; taken(out); ++n) out = id + "_" + std::to_string(n);
    return out;
}

// `s` as the record's quoted text: \" and \\ escaped.
std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

// The fields a new unit starts with: the table's centre (a hex board's unit keeps the hex it was
// copied from), facing up the table.
std::string start_fields(const FrameView& f, const std::vector<std::string>& like) {
    std::string rest;
    for (const auto& w : like)
        if (w[0] != '"' && w.rfind("type=", 0) != 0 && w.rfind("at=", 0) != 0 &&
            w.rfind("figures=", 0) != 0 && w.rfind("models=", 0) != 0 &&
            w.rfind("strength=", 0) != 0 && w.find('=') != std::string::npos)
            rest += (rest.empty() ? "" : " ") + w;
    if (!value_of(like, "hex").empty()) return rest;
    const auto& t = f.model.scene.replay.header.board.terrain;
    char at[64];
    if (f.model.scene.replay.header.board.table_in_inches)
        std::snprintf(at, sizeof at, "at=%.1fin,%.1fin", t.width_mm / 50.8, t.depth_mm / 50.8);
    else
        std::snprintf(at, sizeof at, "at=%.1f,%.1f", t.width_mm / 20.0, t.depth_mm / 20.0);
    return rest + (rest.empty() ? "" : " ") + at;
}

// Side, name, type and strength (the four), and the rest of the line's fields.
void add_unit_section(const FrameView& f, CommandQueue& q) {
    static int side = 0, strength = 0;
    static std::array<char, 128> name{}, type{};
    static std::array<char, 384> rest{};
    const auto& sides = f.model.scene.replay.header.sides;
    const std::string& text = f.model.deployment->text;
    if (sides.empty()) return;
    const std::string key = strength_key(text);
    const auto fill = [&](const std::vector<std::string>& like) {  // from a unit of the record
        std::snprintf(type.data(), type.size(), "%s", value_of(like, "type").c_str());
        strength = std::atoi(value_of(like, key).c_str());
        std::snprintf(rest.data(), rest.size(), "%s", start_fields(f, like).c_str());
    };
    if (type[0] == 0) fill(unit_words(text, ""));
    side = std::clamp(side, 0, int(sides.size()) - 1);
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##side", ("side: " + sides[std::size_t(side)].name).c_str())) {
        for (int i = 0; i < int(sides.size()); ++i)
            if (ImGui::Selectable(sides[std::size_t(i)].name.c_str(), i == side)) side = i;
        ImGui::EndCombo();
    }
    ImGui::InputTextWithHint("name", "56e de ligne", name.data(), name.size());
    ImGui::InputText("type", type.data(), type.size());
    ImGui::InputInt(key.c_str(), &strength);
    ImGui::InputTextWithHint("more", "formation=line at=X,Y facing=0", rest.data(), rest.size());
    const int u = f.model.selected_unit;
    const auto& roster = f.model.roster();
    if (u >= 0 && std::size_t(u) < roster.size() && ImGui::SmallButton("like the selected unit")) {
        fill(unit_words(text, roster[std::size_t(u)].id));
        side = roster[std::size_t(u)].side;
    }
    if (u >= 0) ImGui::SameLine();
    if (ImGui::SmallButton("add the unit") && name[0] != 0) {
        const std::string line = new_id(name.data(), roster) + " " + quoted(name.data()) +
                                 " type=" + type.data() + " " + key + "=" +
                                 std::to_string(strength) + " " + rest.data();
        q.push([what = sides[std::size_t(side)].id + " " + line](ViewerModel& m) {
            add_unit(m, what);
        });
    }
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
        const std::string piece = std::string(kind_name(kind)) + " " +
                                  quoted(name[0] ? name.data() : kind_name(kind)) + " " +
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
    if (f.model.selected_unit < 0) {  // else the unit's "Placing" section says it
        ui::text_wrapped("%s", f.model.deployment->status.c_str());
        ui::note("deployment: " + f.model.deployment->status);
    }
    if (ImGui::CollapsingHeader("Add a unit")) add_unit_section(f, q);
    if (ImGui::CollapsingHeader("Draw terrain")) terrain_section(f, q);
}

}  // namespace vedette::viewer

// The rules panel: the data file of the replay's ruleset exactly as loaded, as a tree (read as
// plain data: no rules code); entries marked `"source": "default"` (our rulings where the rule
// book is silent) are marked. A replay whose ruleset is not installed says so.

#include <algorithm>

#include <imgui.h>
#include <nlohmann/json.hpp>

#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"

namespace vedette::viewer {

namespace {
using nlohmann::json;

bool is_default(const json& j) {
    return j.is_object() && j.contains("source") && j["source"] == "default";
}

// A string member, or `fallback` (a data file may hold anything: never throw while drawing).
std::string text_of(const json& j, const char* key, const std::string& fallback = "") {
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : fallback;
}

std::string scalar(const json& j) {
    return j.is_string() ? j.get<std::string>() : j.dump();
}

void node(const std::string& key, const json& j) {
    if (!j.is_object() && !j.is_array()) {
        ui::text("%s: %s", key.c_str(), scalar(j).c_str());
        return;
    }
    // Arrays of flat objects (table rows) as a table.
    if (j.is_array() && !j.empty() && j[0].is_object()) {
        const std::string label = key + " (" + std::to_string(j.size()) + " rows)";
        if (!ImGui::TreeNode(key.c_str(), "%s", label.c_str())) return;
        std::vector<std::string> columns;
        for (const auto& row : j)
            for (auto it = row.begin(); it != row.end(); ++it)
                if (std::find(columns.begin(), columns.end(), it.key()) == columns.end())
                    columns.push_back(it.key());
        if (columns.size() > ui::kMaxTableColumns) {
            ui::text_dim("(%zu columns; the first %zu shown)", columns.size(),
                         ui::kMaxTableColumns);
            columns.resize(ui::kMaxTableColumns);
        }
        if (ImGui::BeginTable(key.c_str(), static_cast<int>(columns.size()),
                              ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders)) {
            for (const auto& c : columns) ImGui::TableSetupColumn(c.c_str());
            ImGui::TableHeadersRow();
            for (const auto& row : j) {
                ImGui::TableNextRow();
                for (const auto& c : columns) {
                    ImGui::TableNextColumn();
                    if (!row.contains(c)) continue;
                    if (c == "source" && row[c] == "default")
                        ImGui::TextColored(ImVec4(1, 0.6f, 0.3f, 1), "default");
                    else
                        ImGui::TextUnformatted(scalar(row[c]).c_str());
                }
            }
            ImGui::EndTable();
        }
        ImGui::TreePop();
        return;
    }
    const bool marked = is_default(j);
    if (marked) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.6f, 0.3f, 1));
    const bool open =
        ImGui::TreeNode(key.c_str(), "%s%s", key.c_str(), marked ? "  [default: our ruling]" : "");
    if (marked) ImGui::PopStyleColor();
    if (!open) return;
    if (j.is_object())
        for (auto it = j.begin(); it != j.end(); ++it) node(it.key(), it.value());
    else
        for (std::size_t i = 0; i < j.size(); ++i) node("[" + std::to_string(i) + "]", j[i]);
    ImGui::TreePop();
}
}  // namespace

void rules_panel(const FrameView& f, CommandQueue& q) {
    if (!f.model.panels.rules) return;
    place_panel(f, "rules", f.width * 0.5f - 330, 40, 660, f.height - timeline_height(f) - 80);
    bool open = true;
    if (!ImGui::Begin("Rules", &open)) {
        ImGui::End();
        return;
    }
    if (!open) q.push([](ViewerModel& m) { m.panels.rules = false; });
    const RulesetData& r = f.model.ruleset;
    const std::string& id = f.model.scene.replay.header.ruleset;
    if (!r.data || !r.data->is_object()) {
        ui::text_coloured(ui::heading(), "Ruleset %s", id.c_str());
        ui::text_wrapped("No data file for this ruleset is installed here%s%s.",
                         r.problem.empty() ? "" : ": ", r.problem.c_str());
        ImGui::End();
        return;
    }
    ui::text_coloured(ui::heading(), "%s: %s", text_of(*r.data, "name", id).c_str(),
                      text_of(*r.data, "edition").c_str());
    ui::text_dim("%s", r.file.c_str());
    ui::text_wrapped("%s", text_of(*r.data, "about").c_str());
    ImGui::TextColored(ImVec4(1, 0.6f, 0.3f, 1),
                       "orange: \"source\": \"default\", our ruling where the rules are silent");
    ImGui::Separator();
    for (auto it = r.data->begin(); it != r.data->end(); ++it)
        if (it->is_object() || it->is_array()) node(it.key(), it.value());
    ImGui::End();
}

}  // namespace vedette::viewer

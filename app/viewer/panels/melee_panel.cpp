// The melee panel: one melee of chapter XII laid out as the rulebook works it. Table 12.17 with
// both sides' applied modifiers lit and the rest dimmed, the dice as dice, totals and the
// difference, table 12.18 with the result row lit, the 12.20 casualty arithmetic, the follow-up
// tests, and the exact odds before the dice were thrown with the actual result marked.

#include <imgui.h>

#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"

namespace vedette::viewer {

namespace {
using nlohmann::json;

std::string str(const json& j, const char* key) {
    return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}
int num(const json& j, const char* key, int fallback = 0) {
    return j.contains(key) && j[key].is_number_integer() ? j[key].get<int>() : fallback;
}

// The value a side applied for modifier `id` (summed over its units), and how many units did.
std::pair<int, int> applied(const json& side, const std::string& id) {
    int value = 0, units = 0;
    for (const auto& u : side.value("units", json::array()))
        for (const auto& m : u.value("modifiers", json::array()))
            if (str(m, "id") == id) value += num(m, "value"), ++units;
    return {value, units};
}

void modifier_table(const json& d, const json& ruleset) {
    const json& attacker = d["attacker"];
    const json& defender = d["defender"];
    ui::text_coloured(ui::heading(), "Table 12.17: modifiers (lit: applied)");
    if (!ImGui::BeginTable("mods", 4,
                           ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                               ImGuiTableFlags_SizingStretchProp))
        return;
    ImGui::TableSetupColumn("row", ImGuiTableColumnFlags_WidthStretch, 5.0f);
    ImGui::TableSetupColumn("rule", ImGuiTableColumnFlags_WidthStretch, 1.6f);
    ImGui::TableSetupColumn("att", ImGuiTableColumnFlags_WidthStretch, 0.8f);
    ImGui::TableSetupColumn("def", ImGuiTableColumnFlags_WidthStretch, 0.8f);
    ImGui::TableHeadersRow();
    // Rows in the ruleset's order; modifiers the record has that the table lacks go at the end.
    const json table = ruleset.value("melee_modifiers", json::array());
    std::vector<json> rows(table.begin(), table.end());
    for (const json* side : {&attacker, &defender})
        for (const auto& u : side->value("units", json::array()))
            for (const auto& m : u.value("modifiers", json::array())) {
                bool known = false;
                for (const auto& r : rows) known = known || str(r, "id") == str(m, "id");
                if (!known) rows.push_back(m);
            }
    for (const auto& r : rows) {
        const std::string id = str(r, "id");
        const auto [av, an] = applied(attacker, id);
        const auto [dv, dn] = applied(defender, id);
        const bool on = an > 0 || dn > 0;
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        auto cell = [&](const std::string& s, bool lit) {
            // Dimmed rows are drawn but left out of the capture: it lists what applied.
            if (lit)
                ui::text_coloured(ui::lit(), "%s", s.c_str());
            else
                ImGui::TextColored(ui::dim(), "%s", s.c_str());
        };
        cell(str(r, "label"), on);
        ImGui::TableNextColumn();
        cell(str(r, "rule"), on);
        ImGui::TableNextColumn();
        cell(an ? (av >= 0 ? "+" : "") + std::to_string(av) : std::string("."), an > 0);
        ImGui::TableNextColumn();
        cell(dn ? (dv >= 0 ? "+" : "") + std::to_string(dv) : std::string("."), dn > 0);
    }
    ImGui::EndTable();
}

void side_block(const char* title, const json& side) {
    ui::text_coloured(ui::heading(), "%s: score %s", title,
                      side.contains("score") && side["score"].is_number()
                          ? std::to_string(side["score"].get<int>()).c_str()
                          : "no dice");
    for (const auto& u : side.value("units", json::array())) {
        ImGui::Indent();
        ui::text("%s (%s, %s, %s): %d figures, %d fighting", str(u, "name").c_str(),
                 str(u, "type").c_str(), str(u, "class").c_str(), str(u, "formation").c_str(),
                 num(u, "figures"), num(u, "fighting_figures"));
        if (u.contains("dice") && !u["dice"].empty()) {
            draw_dice(u["dice"]);
            int dice_sum = 0;
            for (const auto& v : u["dice"]) dice_sum += v.get<int>();
            ui::text("%d + modifiers %+d = total %d", dice_sum, num(u, "modifier_total"),
                     num(u, "total"));
        } else {
            ui::text_dim("does not roll (%s)", str(u, "fate").c_str());
        }
        ui::text("casualties %d: %d -> %d figures; %s -> %s", num(u, "casualties"),
                 num(u, "figures"), num(u, "figures_after"), str(u, "status_before").c_str(),
                 str(u, "status_after").c_str());
        if (!str(u, "status_note").empty()) ui::text_wrapped("%s", str(u, "status_note").c_str());
        for (const auto& t : u.value("tests", json::array())) {
            ui::text_coloured(ui::lit(), "%s test (%s): total %d -> %s", str(t, "kind").c_str(),
                              str(t, "rule").c_str(), num(t, "total"), str(t, "outcome").c_str());
            draw_dice(t.value("dice", json::array()), 14.0f);
            for (const auto& m : t.value("modifiers", json::array()))
                ui::text("  %+d %s", num(m, "value"), str(m, "label").c_str());
            if (t.contains("row"))
                ui::text_wrapped("  row: %s (%s)", str(t["row"], "label").c_str(),
                                 str(t["row"], "rule").c_str());
        }
        ImGui::Unindent();
    }
}

void results_table(const json& d, const json& ruleset) {
    const json& table =
        ruleset.contains("melee_results") ? ruleset["melee_results"] : json::object();
    const int diff = num(d, "difference");
    ui::text_coloured(ui::heading(), "%s: winner %s by %d", str(table, "rule").c_str(),
                      str(d, "winner").c_str(), diff);
    const std::string lit_label = d.contains("result_row") && d["result_row"].is_object()
                                      ? str(d["result_row"], "label")
                                      : "";
    for (const auto& row : table.value("rows", json::array())) {
        const std::string label = str(row, "label");
        if (label == lit_label)
            ui::text_coloured(ui::lit(), "> %s", label.c_str());
        else
            ImGui::TextColored(ui::dim(), "  %s", label.c_str());
    }
    if (lit_label.empty()) ui::text_wrapped("%s", str(d, "explanation").c_str());
    ui::text("result: %s%s", str(d, "result").c_str(),
             d.value("continues", false) ? " (the melee continues next turn)" : "");
}

void casualties_block(const json& d) {
    ui::text_coloured(ui::heading(), "Casualties (GdB 12.20)");
    for (const auto& c : d.value("casualty_rows", json::array())) {
        ui::text_wrapped("%s: %s", str(c, "inflicting").c_str(), str(c, "label").c_str());
        ui::text("    %s%s -> %d inflicted", str(c, "arithmetic").c_str(),
                 c.value("halved", false) ? " (halved)" : "", num(c, "inflicted"));
    }
}

void odds_block(const json& d) {
    if (!d.contains("odds")) {
        ui::text_dim("odds: not recorded for this melee");
        return;
    }
    const json& o = d["odds"];
    ui::text_coloured(ui::heading(), "Odds before the dice (exact, over %s rolls)",
                      str(o, "denominator").c_str());
    const std::string winner = str(d, "winner"), result = str(d, "result");
    const bool continues = d.value("continues", false);
    for (const auto& x : o.value("outcomes", json::array())) {
        const double p = x.value("probability", 0.0);
        const bool actual = str(x, "winner") == winner && str(x, "result") == result &&
                            x.value("continues", false) == continues;
        char label[160];
        std::snprintf(label, sizeof label, "%s %s%s", str(x, "winner").c_str(),
                      str(x, "result").c_str(), x.value("continues", false) ? " (continues)" : "");
        ImGui::ProgressBar(float(p), ImVec2(90, 0), "");
        ImGui::SameLine();
        if (actual)
            ui::text_coloured(ui::lit(), "%5.1f%%  %s  <- this melee", 100.0 * p, label);
        else
            ui::text("%5.1f%%  %s", 100.0 * p, label);
    }
}
}  // namespace

void melee_panel(const FrameView& f, CommandQueue& q) {
    if (!f.model.panels.melee) return;
    place_panel(f, "melee", f.width - kRightWidth, 0, kRightWidth,
                (f.height - kTimelineHeight) * 0.62f);
    bool open = true;
    if (!ImGui::Begin("Melee (GdB XII)", &open, kDockedPanel)) {
        ImGui::End();
        return;
    }
    if (!open) q.push([](ViewerModel& m) { m.panels.melee = false; });
    const int m = f.model.shown_melee();
    if (m < 0) {
        ui::text_dim(
            "No melee at this moment. Step to one (the log's melee rows, or Shift+Right to the "
            "melee phase).");
        ImGui::End();
        return;
    }
    const auto& e = f.model.scene.replay.events[static_cast<std::size_t>(m)];
    ui::text_coloured(ui::heading(), "Event %d, turn %d: %s", e.seq, e.turn, e.rule.c_str());
    ui::text_wrapped("%s", e.text.c_str());
    if (f.model.pinned_melee >= 0) {
        ImGui::SameLine();
        if (ImGui::SmallButton("unpin")) q.push([](ViewerModel& vm) { vm.pinned_melee = -1; });
    }
    const json& d = e.details;
    if (!d.is_object() || !d.contains("attacker")) {
        ui::text_dim("(no explanation record)");
        ImGui::End();
        return;
    }
    ImGui::Separator();
    modifier_table(d, f.ruleset);
    ImGui::Separator();
    side_block("Attacker", d["attacker"]);
    side_block("Defender", d["defender"]);
    ImGui::Separator();
    results_table(d, f.ruleset);
    ImGui::Separator();
    casualties_block(d);
    ImGui::Separator();
    odds_block(d);
    ImGui::End();
}

}  // namespace vedette::viewer

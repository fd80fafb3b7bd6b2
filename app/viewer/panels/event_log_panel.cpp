// The event log: every event with its number, kind (coloured by category) and whole text
// (wrapped; the rule on hover); filter by unit, category and kind (the filter also drives event
// stepping); click a row to jump there (an event with an explanation is pinned in the explanation
// panel).

#include <algorithm>

#include <imgui.h>

#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"

namespace vedette::viewer {

namespace {
using sim::record::Category;

// One unit, any set of categories and any set of the replay's kinds.
void filters(const FrameView& f, CommandQueue& q) {
    const EventFilter& filter = f.model.filter;
    const auto& roster = f.model.roster();
    std::string unit_label = "all units";
    if (!filter.units.empty()) unit_label = f.model.unit_name(*filter.units.begin());
    ImGui::SetNextItemWidth(130);
    if (ImGui::BeginCombo("##unit", unit_label.c_str())) {
        if (ImGui::Selectable("all units", filter.units.empty()))
            q.push([](ViewerModel& m) { m.filter.units.clear(); });
        for (std::size_t u = 0; u < roster.size(); ++u) {
            const int index = static_cast<int>(u);
            const std::string label = f.model.unit_name(index) + "##" + roster[u].id;
            if (ImGui::Selectable(label.c_str(), filter.units.count(index) > 0))
                q.push([index](ViewerModel& m) { m.filter.units = {index}; });
        }
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    const std::string categories_label =
        filter.categories.empty() ? "all categories"
                                  : std::to_string(filter.categories.size()) + " categories";
    ImGui::SetNextItemWidth(100);
    if (ImGui::BeginCombo("##categories", categories_label.c_str())) {
        const auto& names = sim::record::category_names();
        for (std::size_t c = 0; c < names.size(); ++c) {
            const auto cat = static_cast<Category>(c);
            bool on = filter.categories.count(cat) > 0;
            const EventColour col = category_colour(cat);
            ImGui::PushStyleColor(ImGuiCol_Text,
                                  ImVec4(col.r / 255.0f, col.g / 255.0f, col.b / 255.0f, 1.0f));
            if (ImGui::Checkbox(names[c].c_str(), &on))
                q.push([cat, on](ViewerModel& m) {
                    on ? (void)m.filter.categories.insert(cat)
                       : (void)m.filter.categories.erase(cat);
                });
            ImGui::PopStyleColor();
        }
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    const std::string kinds_label =
        filter.kinds.empty() ? "all kinds" : std::to_string(filter.kinds.size()) + " kinds";
    ImGui::SetNextItemWidth(80);
    if (ImGui::BeginCombo("##kinds", kinds_label.c_str())) {
        for (const auto& k : f.model.kinds()) {
            bool on = filter.kinds.count(k) > 0;
            if (ImGui::Checkbox(k.c_str(), &on))
                q.push([k, on](ViewerModel& m) {
                    on ? (void)m.filter.kinds.insert(k) : (void)m.filter.kinds.erase(k);
                });
        }
        ImGui::EndCombo();
    }
}

// One row: number (click to jump; an explained event is pinned), kind by category and text
// (wrapped, so rows differ in height); the rule on hover.
void log_row(const FrameView& f, CommandQueue& q, int i, int cur, bool scroll_here) {
    const auto& e = f.model.events()[static_cast<std::size_t>(i)];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    char id[32];
    std::snprintf(id, sizeof id, "%d##ev%d", e.seq, i);
    const bool explained = e.explanation.has_value();
    if (ImGui::Selectable(id, i == cur, ImGuiSelectableFlags_SpanAllColumns))
        q.push([i, explained](ViewerModel& m) {
            m.timeline.pause();
            m.timeline.seek_event(i);
            m.pinned_event = explained ? i : -1;
        });
    if (scroll_here) ImGui::SetScrollHereY(0.4f);
    ImGui::TableNextColumn();
    const EventColour c = category_colour(e.category);
    ImGui::TextColored(ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, 1.0f), "%s",
                       e.kind.c_str());
    ImGui::TableNextColumn();
    // The whole text, wrapped at the column's edge (the column is narrow: a single line showed
    // about 12 characters); turn, phase, category and rule on hover.
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(e.text.c_str());
    ImGui::PopTextWrapPos();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "turn %d, %s: %s\n%s\n(%s)", e.turn,
            f.model.scene.replay.header.phase_label(e.phase).c_str(),
            sim::record::category_names()[static_cast<std::size_t>(e.category)].c_str(),
            e.text.c_str(), e.rule.c_str());
    if (i == cur)
        ui::note("current: " + std::to_string(e.seq) + " " + e.kind + " (" + e.rule +
                 "): " + e.text);
}
}  // namespace

std::pair<std::size_t, std::size_t> log_rows_shown(std::size_t rows, int playhead_row) {
    if (rows <= kMaxLogRows) return {0, rows};
    const std::size_t centre = playhead_row < 0 ? 0 : std::size_t(playhead_row);
    const std::size_t first =
        std::min(centre > kMaxLogRows / 2 ? centre - kMaxLogRows / 2 : 0, rows - kMaxLogRows);
    return {first, first + kMaxLogRows};
}

void event_log_panel(const FrameView& f, CommandQueue& q) {
    if (!f.model.panels.events) return;
    const float top_h = (f.height - timeline_height(f)) * 0.58f;
    place_panel(f, "events", 0, 0, kLeftWidth, top_h);
    bool open = true;
    if (!ImGui::Begin("Event log", &open, panel_flags(f))) {
        ImGui::End();
        return;
    }
    if (!open) q.push([](ViewerModel& m) { m.panels.events = false; });
    const auto& events = f.model.events();
    const EventFilter& filter = f.model.filter;

    filters(f, q);
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
    // Narrow number and kind columns, then the text wrapped in the rest of the width (the rule,
    // turn and phase on hover: a rule column left the text too little room).
    if (ImGui::BeginTable(
            "log", 3,
            ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_Resizable)) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, 26.0f);
        ImGui::TableSetupColumn("kind", ImGuiTableColumnFlags_WidthFixed, 92.0f);
        ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableHeadersRow();
        // Keep the playhead's row in view when the playhead moves. Every row drawn is laid out
        // (no list clipper: it needs rows of equal height, and wrapped rows are not); a replay
        // has a few hundred events, which ImGui lays out in well under a millisecond, and a long
        // one shows the kMaxLogRows around the playhead.
        static int last_cur = -2;
        const bool follow = cur != last_cur;
        last_cur = cur;
        int cur_row = -1;
        for (std::size_t r = 0; r < rows.size(); ++r)
            if (rows[r] <= cur) cur_row = static_cast<int>(r);
        const auto [first, last] = log_rows_shown(rows.size(), cur_row);
        for (std::size_t r = first; r < last; ++r)
            log_row(f, q, rows[r], cur, follow && static_cast<int>(r) == cur_row);
        ImGui::EndTable();
    }
    if (rows.size() > kMaxLogRows)
        ui::text_dim("%zu events around the playhead of %zu: move it to see others", kMaxLogRows,
                     rows.size());
    ImGui::End();
}

}  // namespace vedette::viewer

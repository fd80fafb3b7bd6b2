// The explanation panel: why a test, a melee or a shock came out as it did, drawn from the event's
// typed explanation (sim/record/explanation.h) without knowing the rule system. Dice are drawn as
// dice with the arithmetic after them, modifier tables light the rows that applied (the others
// dimmed, with the reason on hover), result tables light their row, the exact odds are bars with
// the actual outcome marked, then key-value lines and notes. Every heading carries its rule.

#include <algorithm>
#include <cctype>

#include <imgui.h>

#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"
#include "renderer/scene/result_card.h"

namespace vedette::viewer {

namespace {
using sim::record::Explanation;
using sim::record::Section;
using sim::record::SectionKind;

void heading(const std::string& title, const std::string& rule) {
    if (title.empty() && rule.empty()) return;
    if (rule.empty())
        ui::text_coloured(ui::heading(), "%s", title.c_str());
    else
        ui::text_coloured(ui::heading(), "%s  [%s]", title.c_str(), rule.c_str());
}

// Dimmed text is drawn but left out of the capture: the capture lists what applied.
void cell(const std::string& s, bool lit) {
    if (lit)
        ui::text_coloured(ui::lit(), "%s", s.c_str());
    else
        ImGui::TextColored(ui::dim(), "%s", s.c_str());
}

void dice_section(const Section& s, float size) {
    for (const auto& g : s.dice) {
        ImGui::Indent();
        if (!g.label.empty()) ui::text_wrapped("%s", g.label.c_str());
        if (!g.dice.empty()) draw_dice(g.dice, size, g.sides);
        if (!g.total.empty()) ui::text("%s", g.total.c_str());
        if (!g.note.empty()) {
            ImGui::PushStyleColor(ImGuiCol_Text, ui::dim());
            ui::text_wrapped("%s", g.note.c_str());
            ImGui::PopStyleColor();
        }
        ImGui::Unindent();
    }
}

void modifier_section(const Section& s, int id) {
    const std::size_t shown = std::min(s.columns.size(), ui::kMaxTableColumns - 2);
    const int columns = 2 + static_cast<int>(shown);
    ImGui::PushID(id);
    if (!ImGui::BeginTable("modifiers", columns,
                           ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                               ImGuiTableFlags_SizingStretchProp)) {
        ImGui::PopID();
        return;
    }
    ImGui::TableSetupColumn("row", ImGuiTableColumnFlags_WidthStretch, 5.0f);
    ImGui::TableSetupColumn("rule", ImGuiTableColumnFlags_WidthStretch, 1.6f);
    for (std::size_t c = 0; c < shown; ++c)
        ImGui::TableSetupColumn(s.columns[c].c_str(), ImGuiTableColumnFlags_WidthStretch, 0.9f);
    ImGui::TableHeadersRow();
    for (const auto& row : s.rows) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        cell(row.label, row.lit);
        if (!row.reason.empty() && ImGui::IsItemHovered())
            ImGui::SetTooltip("not applied: %s", row.reason.c_str());
        ImGui::TableNextColumn();
        cell(row.rule.empty() ? s.rule : row.rule, row.lit);
        for (std::size_t c = 0; c < shown; ++c) {
            ImGui::TableNextColumn();
            const std::string v = c < row.values.size() ? row.values[c] : std::string();
            cell(v.empty() ? std::string(".") : v, row.lit && !v.empty());
        }
    }
    ImGui::EndTable();
    ImGui::PopID();
}

void result_section(const Section& s) {
    for (const auto& row : s.results) {
        if (row.lit)
            ui::text_coloured(ui::lit(), "> %s", row.label.c_str());
        else
            ImGui::TextColored(ui::dim(), "  %s", row.label.c_str());
    }
}

// "Melee" -> "melee": the marker reads "<- this melee".
std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

void odds_section(const Section& s, const std::string& what) {
    if (!s.denominator.empty())
        ui::text_dim("exact, over %s equally likely rolls", s.denominator.c_str());
    for (const auto& o : s.outcomes) {
        ImGui::ProgressBar(float(o.probability), ImVec2(90, 0), "");
        ImGui::SameLine();
        if (o.actual)
            ui::text_coloured(ui::lit(), "%5.1f%%  %s  <- this %s", 100.0 * o.probability,
                              o.label.c_str(), what.c_str());
        else
            ui::text("%5.1f%%  %s", 100.0 * o.probability, o.label.c_str());
        if (!o.count.empty() && ImGui::IsItemHovered())
            ImGui::SetTooltip("%s of %s rolls", o.count.c_str(), s.denominator.c_str());
    }
}

void lines_and_notes(const Section& s) {
    for (const auto& l : s.lines) ui::text_wrapped("%s: %s", l.key.c_str(), l.value.c_str());
    if (s.notes.empty()) return;
    ImGui::PushStyleColor(ImGuiCol_Text, ui::dim());
    for (const auto& n : s.notes) ui::text_wrapped("%s", n.c_str());
    ImGui::PopStyleColor();
}

// A dice line's label, the number each die must reach ("needs 4+") on a gold chip, so the hits
// and misses rows below read against it: on the label's row when it fits the column, else the
// words wrap and the chip starts a row.
void dice_label(const std::string& label, int target) {
    const auto span = render::target_span(label, target);
    const float pad = 3.0f;
    if (!span) {
        ui::text_wrapped("%s", label.c_str());
        return;
    }
    const std::string before = label.substr(0, span->at),
                      mark = label.substr(span->at, span->length),
                      after = label.substr(span->at + span->length);
    if (ImGui::CalcTextSize(label.c_str()).x + 2 * pad <= ImGui::GetContentRegionAvail().x) {
        ui::text("%s", before.c_str());
        ImGui::SameLine(0.0f, pad);
    } else {
        ui::text_wrapped("%s", before.c_str());
        // The chip's row follows as a wrapped line would: no item spacing between them.
        ImGui::SetCursorPos(ImVec2(ImGui::GetCursorPosX() + pad,
                                   ImGui::GetCursorPosY() - ImGui::GetStyle().ItemSpacing.y));
    }
    const ImVec2 at = ImGui::GetCursorScreenPos(), size = ImGui::CalcTextSize(mark.c_str());
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(at.x - pad, at.y),
                                              ImVec2(at.x + size.x + pad, at.y + size.y),
                                              IM_COL32(255, 214, 90, 255), 3.0f);
    ui::next_kind("target number");
    ui::text_coloured(ImVec4(0.13f, 0.10f, 0.03f, 1.0f), "%s", mark.c_str());
    if (after.empty()) return;
    ImGui::SameLine(0.0f, pad);
    ui::text("%s", after.c_str());
}
}  // namespace

bool result_card(const Explanation& e, float dice_size) {
    const auto card = render::result_card_of(e);
    if (!card) return false;
    ImGui::BeginGroup();
    // Every line wraps at the panel's edge: a narrow presenter column cut them off.
    ImGui::PushTextWrapPos(0.0f);
    ui::text_coloured(ui::heading(), "Result: %s", card->title.c_str());
    // The headline: 1.4 times the text (34 px at 1080p in the presenter layout).
    ImGui::SetWindowFontScale(1.4f * fitted_text_scale());
    ui::next_kind("headline");
    ui::text_coloured(ui::lit(), "%s", card->outcome.c_str());
    ImGui::SetWindowFontScale(fitted_text_scale());
    for (const auto& g : card->dice) {
        if (!g.label.empty()) dice_label(g.label, g.target);
        if (!g.faces.empty()) draw_dice(g.faces, dice_size, g.sides);
        if (!g.total.empty()) ui::text("%s", g.total.c_str());
    }
    // The why: the table row that decided it and each side's modifiers with their rules, a side
    // to a (wrapped) line so the card still fits the presenter's column.
    for (const auto& row : card->table_rows) ui::text_coloured(ui::lit(), "%s", row.text.c_str());
    for (const auto& side : card->modifiers) {
        std::string line = side.side.empty() ? "Why: " : "Why, " + side.side + ": ";
        for (std::size_t i = 0; i < side.modifiers.size(); ++i)
            line += (i ? ", " : "") + side.modifiers[i].text;
        ui::text("%s", line.c_str());
    }
    // The luck in words ("1 roll in 5 gives this result or worse for the French"), not bars.
    for (std::size_t i = 0; i < card->luck.size(); ++i) {
        if (i == 0)  // the first sentence carries the heading: a line saved for the column
            ui::text_coloured(ui::heading(), "luck: %s", card->luck[i].sentence.c_str());
        else
            ui::text("%s", card->luck[i].sentence.c_str());
    }
    ImGui::PopTextWrapPos();
    ImGui::EndGroup();
    ImGui::Separator();
    return true;
}

// A game recorded as played, where the table went against the rules: say so, and why (the
// timeline marks these events in the same orange).
void as_played_line(const sim::record::Event& e) {
    if (!e.as_played.empty())
        ui::text_coloured(ImVec4(1.0f, 0.62f, 0.2f, 1.0f), "As played: %s", e.as_played.c_str());
}

void draw_explanation(const Explanation& e, float dice_size) {
    const std::string what = e.title.empty() ? std::string("roll") : lower(e.title);
    int id = 0;
    for (const auto& s : e.sections) {
        heading(s.title, s.rule);
        switch (s.kind) {
            case SectionKind::dice:
                dice_section(s, dice_size);
                break;
            case SectionKind::modifiers:
                modifier_section(s, id);
                break;
            case SectionKind::results:
                result_section(s);
                break;
            case SectionKind::odds:
                odds_section(s, what);
                break;
            case SectionKind::lines:
            case SectionKind::notes:
                break;
        }
        // Any section may carry lines and notes (a result table says what followed its row).
        lines_and_notes(s);
        ++id;
    }
}

// "What if...": under the result card, the event's other outcomes with their chances; choosing
// one plays the branch (what_if.h). Then what it changed, or why there is none.
void what_if_section(const FrameView& f, CommandQueue& q, int shown) {
    const auto& e = f.model.events()[static_cast<std::size_t>(shown)];
    const auto choices = what_if_choices(e);
    if (!choices.empty()) {
        if (ImGui::SmallButton("What if...")) ImGui::OpenPopup("what if");
        if (ImGui::BeginPopup("what if")) {
            ui::text_dim("Replay event %d with another outcome, the rest played again:", e.seq);
            for (const auto& c : choices) {
                const std::string label =
                    c.outcome + "  (" + std::to_string(int(c.probability * 100 + 0.5)) + "%)";
                if (ImGui::Selectable(label.c_str())) {
                    const int at = shown;
                    const std::string outcome = c.outcome;
                    q.push([at, outcome](ViewerModel& m) { ask_what_if(m, at, outcome); });
                }
            }
            ImGui::EndPopup();
        }
    }
    const auto& w = f.model.what_if;
    if (!w) return;
    ImGui::PushTextWrapPos(0.0f);
    ui::text_coloured(
        ui::heading(), "What if \"%s\" at event %d%s", w->outcome.c_str(), w->at,
        w->error.empty() ? (w->showing_branch ? ": shown (B)" : ": B on the timeline") : ":");
    if (!w->error.empty()) {
        ui::text("%s", w->error.c_str());
    } else {
        ui::text_dim("%s", w->dice.c_str());
        if (w->changed.empty()) ui::text("No unit ends the battle differently.");
        for (const auto& c : w->changed) ui::text("changed: %s", c.c_str());
    }
    ImGui::PopTextWrapPos();
}

void explanation_panel(const FrameView& f, CommandQueue& q) {
    if (!f.model.panels.explanation) return;
    place_panel(f, "explanation", f.width - right_width(f), 0, right_width(f),
                (f.height - timeline_height(f)) * explanation_share(f));
    bool open = true;
    if (!ImGui::Begin("Explanation", &open, panel_flags(f))) {
        ImGui::End();
        return;
    }
    if (!open) q.push([](ViewerModel& m) { m.panels.explanation = false; });
    const int shown = f.model.shown_explanation();
    const auto& events = f.model.events();
    if (shown < 0 || !events[static_cast<std::size_t>(shown)].explanation) {
        ui::text_dim(
            "Nothing to explain at this moment. Step to a melee or a test (the log's melee and "
            "test "
            "rows, or Shift+Right to the next phase).");
        ImGui::End();
        return;
    }
    const auto& e = events[static_cast<std::size_t>(shown)];
    const Explanation& x = *e.explanation;
    begin_fitted_text(f, shown);
    // The presenter's result card names what it explains in its first line: no heading twice.
    const bool presenter = f.model.layout == Layout::presenter;
    if (!presenter || !render::result_card_of(x))
        ui::text_coloured(ui::heading(), "%s, event %d, turn %d  [%s]", x.title.c_str(), e.seq,
                          e.turn, (x.rule.empty() ? e.rule : x.rule).c_str());
    // The presenter's caption already shows the current event's text in large type.
    if (f.model.layout != Layout::presenter || shown != f.model.timeline.current_event())
        ui::text_wrapped("%s", e.text.c_str());
    as_played_line(e);
    if (f.model.pinned_event >= 0) {
        if (ImGui::SmallButton("unpin (follow the playhead)"))
            q.push([](ViewerModel& vm) { vm.pinned_event = -1; });
    }
    ImGui::Separator();
    // Dice twice the text's height in the presenter layout (48 px at 1080p), else 1.4 times.
    const float dice = ImGui::GetFontSize() * (f.model.layout == Layout::presenter ? 2.0f : 1.4f);
    const bool card = result_card(x, dice);
    if (card) what_if_section(f, q, shown);
    // The presenter sees the result first; the tables wait behind a toggle.
    if (!card || f.model.layout != Layout::presenter ||
        ImGui::CollapsingHeader("Full tables (dice, modifiers, results, odds)"))
        draw_explanation(x);
    end_fitted_text(f);
    ImGui::End();
}

}  // namespace vedette::viewer

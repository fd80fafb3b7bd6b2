// The episode panel: the steps of the episode the playhead is in (a charge from its declaration
// to contact, a melee and its consequences: whatever the ruleset grouped under one
// `record::Event::episode`), each with its kind, text and explanation, "<- now" on the current
// step and the steps not yet reached dimmed. `>` jumps to a step.

#include <imgui.h>

#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"

namespace vedette::viewer {

namespace {
ImVec4 colour_of(const sim::record::Event& e) {
    const EventColour c = category_colour(e.category);
    return {c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, 1.0f};
}

void step_row(const FrameView& f, CommandQueue& q, int i, int cur, bool follow) {
    const auto& e = f.model.events()[static_cast<std::size_t>(i)];
    const bool reached = i <= cur;
    ImGui::PushID(i);
    if (ImGui::SmallButton(">"))
        q.push([i](ViewerModel& m) {
            m.timeline.pause();
            m.timeline.seek_event(i);
        });
    ImGui::SameLine();
    ui::text_coloured(reached ? colour_of(e) : ui::dim(), "%s%s", e.kind.c_str(),
                      i == cur ? "  <- now" : "");
    if (follow && i == cur) ImGui::SetScrollHereY(0.1f);
    ImGui::Indent();
    if (!reached) {
        ImGui::TextColored(ui::dim(), "(not yet)");
    } else {
        ui::text_wrapped("%s", e.text.c_str());
        as_played_line(e);
        if (e.explanation && ImGui::TreeNodeEx("explanation", ImGuiTreeNodeFlags_DefaultOpen, "%s",
                                               e.explanation->title.c_str())) {
            draw_explanation(*e.explanation, 14.0f);
            ImGui::TreePop();
        }
    }
    ImGui::Unindent();
    ImGui::PopID();
}
}  // namespace

void episode_panel(const FrameView& f, CommandQueue& q) {
    if (!f.model.panels.episode) return;
    const float top = (f.height - timeline_height(f)) * explanation_share(f);
    place_panel(f, "episode", f.width - right_width(f), top, right_width(f),
                f.height - timeline_height(f) - top);
    bool open = true;
    if (!ImGui::Begin("Episode", &open, panel_flags(f))) {
        ImGui::End();
        return;
    }
    if (!open) q.push([](ViewerModel& m) { m.panels.episode = false; });
    const int episode = f.model.shown_episode();
    const std::vector<int> steps = f.model.episode_events(episode);
    if (steps.empty()) {
        ui::text_dim(
            "No episode at this moment. Charges and melees are episodes: step to one (the log, or "
            "Shift+Right to the next phase).");
        ImGui::End();
        return;
    }
    const auto& first = f.model.events()[static_cast<std::size_t>(steps.front())];
    ui::text_coloured(ui::heading(), "Episode %d, turn %d, %s: %zu steps", episode, first.turn,
                      f.model.scene.replay.header.phase_label(first.phase).c_str(), steps.size());
    const int cur = f.model.timeline.current_event();
    // Bring the current step into view when the playhead moves to another event.
    static int last_cur = -2;
    const bool follow = cur != last_cur;
    last_cur = cur;
    ImGui::Separator();
    for (int i : steps) step_row(f, q, i, cur, follow);
    ImGui::End();
}

}  // namespace vedette::viewer

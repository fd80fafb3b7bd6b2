// The presenter layout's caption: the event in progress in large type across the bottom of the
// table (a lower third, as on television), with its turn, phase and rule in readable words, so a
// class at the back of the room can follow without the panels.

#include <algorithm>

#include <imgui.h>

#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_text.h"
#include "renderer/export/captions.h"

namespace vedette::viewer {

void presenter_caption(const FrameView& f) {
    const int cur = f.model.timeline.current_event();
    const auto& events = f.model.events();
    if (cur < 0 || cur >= static_cast<int>(events.size())) return;
    const auto& e = events[static_cast<std::size_t>(cur)];
    if (e.text.empty()) return;
    ui::set_panel("caption");
    ImDrawList* dl = ImGui::GetForegroundDrawList();
    ImFont* font = ImGui::GetFont();
    // Type sized to the table: about 1/22 of its height, never below the panels' own.
    const float big = std::max(ImGui::GetFontSize() * 1.4f, f.scene_h / 22.0f);
    const float small = big * 0.62f;
    const float margin = big * 0.6f;
    const float wrap = f.scene_w - 2 * margin;
    const std::string detail = render::caption_detail(f.model.scene, e);
    const ImVec2 text_size = font->CalcTextSizeA(big, FLT_MAX, wrap, e.text.c_str());
    const float band = text_size.y + small + margin * 1.6f;
    const float top = f.scene_y + f.scene_h - band;
    dl->AddRectFilled(ImVec2(f.scene_x, top), ImVec2(f.scene_x + f.scene_w, f.scene_y + f.scene_h),
                      IM_COL32(0, 0, 0, 165));
    dl->AddText(font, big, ImVec2(f.scene_x + margin, top + margin * 0.5f),
                IM_COL32(250, 246, 232, 255), e.text.c_str(), nullptr, wrap);
    dl->AddText(font, small, ImVec2(f.scene_x + margin, top + margin * 0.7f + text_size.y),
                IM_COL32(215, 200, 150, 255), detail.c_str(), nullptr, wrap);
    ui::note(e.text);
    ui::note(detail);
}

}  // namespace vedette::viewer

#include "app/viewer/viewer_frame_ui.h"

#include <imgui.h>

#include "app/viewer/panels/panels.h"
#include "renderer/battlefield_renderer.h"

namespace vedette::viewer {

ViewerFrameUi::ViewerFrameUi(const render::ReplayScene& scene, float frame_seconds)
    : model_(scene), frame_seconds_(frame_seconds) {}

ViewerFrameUi::~ViewerFrameUi() = default;

void ViewerFrameUi::attach(const render::VulkanContext& ctx,
                           render::BattlefieldRenderer& renderer) {
    renderer.set_surround_colour(kPanelBackground);
    layer_ = std::make_unique<render::ImGuiLayer>(ctx, nullptr, renderer.target(), frame_seconds_);
}

VkRect2D ViewerFrameUi::viewport(VkExtent2D frame) const {
    const SceneRect r = scene_rect(model_.panels, float(frame.width), float(frame.height));
    return {{int(r.x), int(r.y)}, {std::uint32_t(r.w), std::uint32_t(r.h)}};
}

void ViewerFrameUi::record(VkCommandBuffer cmd, const render::BattlefieldRenderer& renderer,
                           const render::SceneState& state, const render::Camera& camera) {
    model_.timeline.seek(state.time_ms);
    const VkExtent2D size = renderer.target().extent();
    const float w = float(size.width), h = float(size.height);
    const SceneRect r = scene_rect(model_.panels, w, h, model_.layout);
    render::set_ui_text_scale(model_.font_scale);
    CommandQueue ignored;  // nobody clicks in a video
    // The first frame is laid out twice: tables and scroll positions settle on their second frame.
    for (int pass = first_ ? 2 : 1; pass > 0; --pass) {
        layer_->new_frame();
        const FrameView view{model_, state, camera, renderer.terrain(), w, h, first_, r.x,
                             r.y,    r.w,   r.h,    &renderer.visuals()};
        draw_panels(view, ignored);
        if (pass > 1) ImGui::EndFrame();
    }
    first_ = false;
    layer_->record(cmd, renderer.target());
}

}  // namespace vedette::viewer

#pragma once
// The viewer's panels over exported and rendered frames (`--overlay viewer`): the same panels,
// drawn by Dear ImGui without a window, following the frame's replay time. Nothing is clicked, so
// each frame is a function of its time alone, like the scene under it.

#include <cstdint>
#include <memory>
#include <string>

#include "app/viewer/viewer_model.h"
#include "renderer/export/frame_ui.h"
#include "renderer/ui/imgui_layer.h"

namespace vedette::viewer {

// The panels' text scale for a frame `height` pixels high: the desktop's 13-pixel text at 720p and
// below, proportionally larger above it (1.5 at 1080p), so a video's panels read at any size.
inline float output_font_scale(std::uint32_t height) {
    return height > 720 ? float(height) / 720.0f : 1.0f;
}

class ViewerFrameUi : public render::FrameUi {
public:
    // Needs nothing but the replay: the panels read its records (the rules panel, closed in
    // frames, is the only one that would read a ruleset's data file).
    ViewerFrameUi(const render::ReplayScene& scene, float frame_seconds);
    ~ViewerFrameUi() override;

    void attach(const render::VulkanContext& ctx, render::BattlefieldRenderer& renderer) override;
    VkRect2D viewport(VkExtent2D frame) const override;
    void record(VkCommandBuffer cmd, const render::BattlefieldRenderer& renderer,
                const render::SceneState& state, const render::Camera& camera) override;

    ViewerModel& model() { return model_; }

private:
    ViewerModel model_;
    float frame_seconds_;
    std::unique_ptr<render::ImGuiLayer> layer_;
    bool first_ = true;
};

}  // namespace vedette::viewer

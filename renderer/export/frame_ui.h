#pragma once
// A user interface drawn by the GPU over every exported or rendered frame: `--overlay viewer`
// puts the viewer's own panels into videos and stills. The renderer knows nothing of panels; the
// application implements this and the exporter calls it frame by frame.

#include <vulkan/vulkan.h>

namespace vedette::render {

class BattlefieldRenderer;
class VulkanContext;
struct SceneState;
struct Camera;

class FrameUi {
public:
    virtual ~FrameUi() = default;
    // Called once the renderer exists (the UI draws into its offscreen target).
    virtual void attach(const VulkanContext& ctx, BattlefieldRenderer& renderer) = 0;
    // Where the table goes in a frame of this size; the rest belongs to the UI.
    virtual VkRect2D viewport(VkExtent2D frame) const = 0;
    // Records the UI for the moment `state` over the finished scene.
    virtual void record(VkCommandBuffer cmd, const BattlefieldRenderer& renderer,
                        const SceneState& state, const Camera& camera) = 0;
};

}  // namespace vedette::render

#pragma once
// The image every frame is drawn into: colour + depth attachments, a render pass and a
// framebuffer. The window path copies this image to the swapchain; the headless path reads it
// back. Both therefore draw through exactly the same code.

#include "renderer/vk/image.h"
#include "renderer/vk/render_pass.h"

namespace vedette::render {

class OffscreenTarget {
public:
    static constexpr VkFormat kColorFormat = VK_FORMAT_R8G8B8A8_UNORM;
    static constexpr VkFormat kDepthFormat = VK_FORMAT_D32_SFLOAT;

    OffscreenTarget(const VulkanContext& ctx, VkExtent2D extent);
    ~OffscreenTarget();
    OffscreenTarget(const OffscreenTarget&) = delete;
    OffscreenTarget& operator=(const OffscreenTarget&) = delete;

    VkRenderPass render_pass() const { return pass_.handle(); }
    VkFramebuffer framebuffer() const { return pass_.framebuffer(); }
    VkExtent2D extent() const { return color_.extent(); }
    const Image& color() const { return color_; }

    // Begins the render pass with a clear colour; sets a full-target viewport and scissor.
    // After end(), the colour image is in TRANSFER_SRC_OPTIMAL layout, ready to copy.
    void begin(VkCommandBuffer cmd, const float clear_rgba[4]) const;
    void end(VkCommandBuffer cmd) const;

private:
    Image color_;
    Image depth_;
    RenderPass pass_;
};

}  // namespace vedette::render

#pragma once
// A colour image drawn once and then sampled: a render pass that leaves it ready for fragment
// shaders to read, its framebuffer and a sampler that clamps at the edges. The ground
// is painted into one when a board is loaded (renderer/battlefield_static.cpp), so the frames after
// it read a texel instead of painting the ground again at every pixel.

#include "renderer/vk/image.h"
#include "renderer/vk/render_pass.h"

namespace vedette::render {

class TextureTarget {
public:
    static constexpr VkFormat kFormat = VK_FORMAT_R8G8B8A8_UNORM;

    TextureTarget(const VulkanContext& ctx, VkExtent2D extent, const char* debug_name);
    ~TextureTarget();
    TextureTarget(const TextureTarget&) = delete;
    TextureTarget& operator=(const TextureTarget&) = delete;

    VkRenderPass render_pass() const { return pass_.handle(); }
    VkImageView view() const { return image_.view(); }
    VkSampler sampler() const { return sampler_; }
    VkExtent2D extent() const { return image_.extent(); }

    // Clears the image and sets the viewport to all of it; after end() shaders may sample it.
    void begin(VkCommandBuffer cmd) const;
    void end(VkCommandBuffer cmd) const;

private:
    const VulkanContext& ctx_;
    Image image_;
    RenderPass pass_;
    VkSampler sampler_ = VK_NULL_HANDLE;
};

}  // namespace vedette::render

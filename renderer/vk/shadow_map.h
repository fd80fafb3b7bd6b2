#pragma once
// The sun's shadow map: a square depth image rendered from the sun in its own depth-only pass
// before the scene, then sampled (with depth comparison) by the scene's fragment shader.

#include "renderer/vk/image.h"
#include "renderer/vk/render_pass.h"

namespace vedette::render {

class ShadowMap {
public:
    static constexpr VkFormat kFormat = VK_FORMAT_D32_SFLOAT;

    ShadowMap(const VulkanContext& ctx, std::uint32_t size);
    ~ShadowMap();
    ShadowMap(const ShadowMap&) = delete;
    ShadowMap& operator=(const ShadowMap&) = delete;

    VkRenderPass render_pass() const { return pass_.handle(); }
    VkImageView view() const { return depth_.view(); }
    VkSampler sampler() const { return sampler_; }
    std::uint32_t size() const { return size_; }

    // Clears the map and sets the viewport; after end() it is ready for sampling.
    void begin(VkCommandBuffer cmd) const;
    void end(VkCommandBuffer cmd) const;

private:
    const VulkanContext& ctx_;
    std::uint32_t size_;
    Image depth_;
    RenderPass pass_;
    VkSampler sampler_ = VK_NULL_HANDLE;
};

}  // namespace vedette::render

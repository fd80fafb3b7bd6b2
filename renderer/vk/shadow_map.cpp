#include "renderer/vk/shadow_map.h"

#include "renderer/vk/vk_check.h"

namespace vedette::render {

namespace {

// The previous frame's scene must be done reading the map before it is cleared; this frame's
// depth writes must land before the scene reads them.
PassSpec shadow_pass_spec() {
    constexpr VkPipelineStageFlags kDepthTests =
        VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT;
    PassSpec spec;
    spec.attachments = {{ShadowMap::kFormat, true, VK_ATTACHMENT_LOAD_OP_CLEAR,
                         VK_ATTACHMENT_STORE_OP_STORE, VK_IMAGE_LAYOUT_UNDEFINED,
                         VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL}};
    spec.before = PassBarrier{
        VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT, kDepthTests,
        VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT | VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_READ_BIT};
    spec.after = PassBarrier{kDepthTests, VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
                             VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT};
    spec.debug_name = "shadow pass";
    return spec;
}

}  // namespace

ShadowMap::ShadowMap(const VulkanContext& ctx, std::uint32_t size)
    : ctx_(ctx),
      size_(size),
      depth_(ctx, {size, size}, kFormat,
             VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT,
             VK_IMAGE_ASPECT_DEPTH_BIT, "shadow map"),
      pass_(ctx, shadow_pass_spec(), {depth_.view()}, {size, size}) {
    VkSamplerCreateInfo sci{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
    sci.magFilter = VK_FILTER_LINEAR;
    sci.minFilter = VK_FILTER_LINEAR;
    sci.addressModeU = sci.addressModeV = sci.addressModeW =
        VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
    sci.borderColor = VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE;  // outside the map: lit
    sci.compareEnable = VK_TRUE;
    sci.compareOp = VK_COMPARE_OP_LESS_OR_EQUAL;
    sci.maxLod = 0.0f;
    VK_CHECK(vkCreateSampler(ctx.device(), &sci, nullptr, &sampler_));
}

ShadowMap::~ShadowMap() {
    vkDestroySampler(ctx_.device(), sampler_, nullptr);
}

void ShadowMap::begin(VkCommandBuffer cmd) const {
    VkClearValue clear{};
    clear.depthStencil = {1.0f, 0};
    pass_.begin(cmd, {clear});
}

void ShadowMap::end(VkCommandBuffer cmd) const {
    pass_.end(cmd);
}

}  // namespace vedette::render

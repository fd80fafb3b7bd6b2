#include "renderer/vk/texture_target.h"

#include "renderer/vk/vk_check.h"

namespace vedette::render {

namespace {

// Its writes land before any fragment shader after the pass reads the image.
PassSpec texture_pass_spec() {
    PassSpec spec;
    spec.attachments = {{TextureTarget::kFormat, false, VK_ATTACHMENT_LOAD_OP_CLEAR,
                         VK_ATTACHMENT_STORE_OP_STORE, VK_IMAGE_LAYOUT_UNDEFINED,
                         VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL}};
    spec.after = PassBarrier{VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                             VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
                             VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT};
    spec.debug_name = "texture pass";
    return spec;
}

}  // namespace

TextureTarget::TextureTarget(const VulkanContext& ctx, VkExtent2D extent, const char* debug_name)
    : ctx_(ctx),
      image_(ctx, extent, kFormat, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT,
             VK_IMAGE_ASPECT_COLOR_BIT, debug_name),
      pass_(ctx, texture_pass_spec(), {image_.view()}, extent) {
    VkSamplerCreateInfo sci{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
    // The nearest texel: a CPU rasteriser pays a third of the frame for blending four. (The
    // ground shader jitters where it reads, so close up the texels do not show as squares.)
    sci.magFilter = VK_FILTER_NEAREST;
    sci.minFilter = VK_FILTER_NEAREST;
    sci.addressModeU = sci.addressModeV = sci.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    sci.maxLod = 0.0f;
    VK_CHECK(vkCreateSampler(ctx.device(), &sci, nullptr, &sampler_));
}

TextureTarget::~TextureTarget() {
    vkDestroySampler(ctx_.device(), sampler_, nullptr);
}

void TextureTarget::begin(VkCommandBuffer cmd) const {
    pass_.begin(cmd, {VkClearValue{}});
}

void TextureTarget::end(VkCommandBuffer cmd) const {
    pass_.end(cmd);
}

}  // namespace vedette::render

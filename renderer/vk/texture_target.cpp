#include "renderer/vk/texture_target.h"

#include "renderer/vk/vk_check.h"

namespace vedette::render {

TextureTarget::TextureTarget(const VulkanContext& ctx, VkExtent2D extent, const char* debug_name)
    : ctx_(ctx),
      image_(ctx, extent, kFormat, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT,
             VK_IMAGE_ASPECT_COLOR_BIT, debug_name) {
    VkAttachmentDescription a{};
    a.format = kFormat;
    a.samples = VK_SAMPLE_COUNT_1_BIT;
    a.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
    a.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    a.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
    a.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
    a.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    a.finalLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
    VkAttachmentReference ref{0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    VkSubpassDescription subpass{};
    subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
    subpass.colorAttachmentCount = 1;
    subpass.pColorAttachments = &ref;
    // Its writes land before any fragment shader after the pass reads the image.
    VkSubpassDependency dep{};
    dep.srcSubpass = 0;
    dep.dstSubpass = VK_SUBPASS_EXTERNAL;
    dep.srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
    dep.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
    dep.dstStageMask = VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT;
    dep.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
    VkRenderPassCreateInfo rpci{VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
    rpci.attachmentCount = 1;
    rpci.pAttachments = &a;
    rpci.subpassCount = 1;
    rpci.pSubpasses = &subpass;
    rpci.dependencyCount = 1;
    rpci.pDependencies = &dep;
    VK_CHECK(vkCreateRenderPass(ctx.device(), &rpci, nullptr, &render_pass_));

    const VkImageView view = image_.view();
    VkFramebufferCreateInfo fci{VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
    fci.renderPass = render_pass_;
    fci.attachmentCount = 1;
    fci.pAttachments = &view;
    fci.width = extent.width;
    fci.height = extent.height;
    fci.layers = 1;
    VK_CHECK(vkCreateFramebuffer(ctx.device(), &fci, nullptr, &framebuffer_));

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
    vkDestroyFramebuffer(ctx_.device(), framebuffer_, nullptr);
    vkDestroyRenderPass(ctx_.device(), render_pass_, nullptr);
}

void TextureTarget::begin(VkCommandBuffer cmd) const {
    VkClearValue clear{};
    VkRenderPassBeginInfo rpbi{VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
    rpbi.renderPass = render_pass_;
    rpbi.framebuffer = framebuffer_;
    rpbi.renderArea = {{0, 0}, extent()};
    rpbi.clearValueCount = 1;
    rpbi.pClearValues = &clear;
    vkCmdBeginRenderPass(cmd, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
    const VkViewport vp{0, 0, float(extent().width), float(extent().height), 0.0f, 1.0f};
    const VkRect2D scissor{{0, 0}, extent()};
    vkCmdSetViewport(cmd, 0, 1, &vp);
    vkCmdSetScissor(cmd, 0, 1, &scissor);
}

void TextureTarget::end(VkCommandBuffer cmd) const {
    vkCmdEndRenderPass(cmd);
}

}  // namespace vedette::render

#include "renderer/vk/render_pass.h"

#include <stdexcept>

#include "renderer/vk/vk_check.h"

namespace vedette::render {

namespace {

VkAttachmentDescription attachment_description(const PassAttachment& a) {
    VkAttachmentDescription d{};
    d.format = a.format;
    d.samples = VK_SAMPLE_COUNT_1_BIT;
    d.loadOp = a.load;
    d.storeOp = a.store;
    d.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
    d.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
    d.initialLayout = a.initial;
    d.finalLayout = a.final;
    return d;
}

VkSubpassDependency subpass_dependency(const PassBarrier& b, bool into_pass) {
    VkSubpassDependency d{};
    d.srcSubpass = into_pass ? VK_SUBPASS_EXTERNAL : 0;
    d.dstSubpass = into_pass ? 0 : VK_SUBPASS_EXTERNAL;
    d.srcStageMask = b.src_stages;
    d.srcAccessMask = b.src_access;
    d.dstStageMask = b.dst_stages;
    d.dstAccessMask = b.dst_access;
    return d;
}

}  // namespace

RenderPass::RenderPass(const VulkanContext& ctx, const PassSpec& spec)
    : ctx_(ctx), attachment_count_(spec.attachments.size()) {
    std::vector<VkAttachmentDescription> descriptions;
    std::vector<VkAttachmentReference> colours;
    std::optional<VkAttachmentReference> depth;
    for (const auto& a : spec.attachments) {
        const auto index = static_cast<std::uint32_t>(descriptions.size());
        descriptions.push_back(attachment_description(a));
        if (a.depth) {
            if (depth) throw std::logic_error("RenderPass: two depth attachments");
            depth = VkAttachmentReference{index, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL};
        } else {
            colours.push_back({index, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL});
        }
    }
    VkSubpassDescription subpass{};
    subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
    subpass.colorAttachmentCount = static_cast<std::uint32_t>(colours.size());
    subpass.pColorAttachments = colours.empty() ? nullptr : colours.data();
    subpass.pDepthStencilAttachment = depth ? &*depth : nullptr;
    std::vector<VkSubpassDependency> deps;
    if (spec.before) deps.push_back(subpass_dependency(*spec.before, true));
    if (spec.after) deps.push_back(subpass_dependency(*spec.after, false));

    VkRenderPassCreateInfo rpci{VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
    rpci.attachmentCount = static_cast<std::uint32_t>(descriptions.size());
    rpci.pAttachments = descriptions.data();
    rpci.subpassCount = 1;
    rpci.pSubpasses = &subpass;
    rpci.dependencyCount = static_cast<std::uint32_t>(deps.size());
    rpci.pDependencies = deps.empty() ? nullptr : deps.data();
    VK_CHECK(vkCreateRenderPass(ctx.device(), &rpci, nullptr, &pass_));
    if (spec.debug_name)
        ctx.set_name(reinterpret_cast<std::uint64_t>(pass_), VK_OBJECT_TYPE_RENDER_PASS,
                     spec.debug_name);
}

RenderPass::RenderPass(const VulkanContext& ctx, const PassSpec& spec,
                       const std::vector<VkImageView>& views, VkExtent2D extent)
    : RenderPass(ctx, spec) {
    attach(views, extent);
}

RenderPass::~RenderPass() {
    if (framebuffer_) vkDestroyFramebuffer(ctx_.device(), framebuffer_, nullptr);
    vkDestroyRenderPass(ctx_.device(), pass_, nullptr);
}

void RenderPass::attach(const std::vector<VkImageView>& views, VkExtent2D extent) {
    if (views.size() != attachment_count_)
        throw std::logic_error("RenderPass::attach: one view per attachment");
    if (framebuffer_) vkDestroyFramebuffer(ctx_.device(), framebuffer_, nullptr);
    framebuffer_ = VK_NULL_HANDLE;
    VkFramebufferCreateInfo fci{VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
    fci.renderPass = pass_;
    fci.attachmentCount = static_cast<std::uint32_t>(views.size());
    fci.pAttachments = views.data();
    fci.width = extent.width;
    fci.height = extent.height;
    fci.layers = 1;
    VK_CHECK(vkCreateFramebuffer(ctx_.device(), &fci, nullptr, &framebuffer_));
    extent_ = extent;
}

void RenderPass::begin(VkCommandBuffer cmd, const std::vector<VkClearValue>& clears) const {
    VkRenderPassBeginInfo rpbi{VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
    rpbi.renderPass = pass_;
    rpbi.framebuffer = framebuffer_;
    rpbi.renderArea = {{0, 0}, extent_};
    rpbi.clearValueCount = static_cast<std::uint32_t>(clears.size());
    rpbi.pClearValues = clears.empty() ? nullptr : clears.data();
    vkCmdBeginRenderPass(cmd, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
    const VkViewport vp{0, 0, float(extent_.width), float(extent_.height), 0.0f, 1.0f};
    const VkRect2D scissor{{0, 0}, extent_};
    vkCmdSetViewport(cmd, 0, 1, &vp);
    vkCmdSetScissor(cmd, 0, 1, &scissor);
}

void RenderPass::end(VkCommandBuffer cmd) const {
    vkCmdEndRenderPass(cmd);
}

}  // namespace vedette::render

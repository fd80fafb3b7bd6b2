#pragma once
// A single-subpass render pass and its framebuffer: the one place that writes out attachment
// descriptions, subpass dependencies and VkRenderPassBeginInfo. Every target (the offscreen
// frame, the ImGui overlay drawn over it, the baked ground texture, the shadow map) says only
// what differs: its attachments' formats, load and store, the layouts they enter and leave in,
// and what must finish before the pass starts and what waits for it after.

#include <optional>
#include <vector>

#include "renderer/vk/context.h"

namespace vedette::render {

struct PassAttachment {
    VkFormat format = VK_FORMAT_UNDEFINED;
    bool depth = false;  // a depth attachment (at most one, after the colour ones)
    VkAttachmentLoadOp load = VK_ATTACHMENT_LOAD_OP_CLEAR;
    VkAttachmentStoreOp store = VK_ATTACHMENT_STORE_OP_STORE;
    VkImageLayout initial = VK_IMAGE_LAYOUT_UNDEFINED;
    VkImageLayout final = VK_IMAGE_LAYOUT_UNDEFINED;
};

// Work on one side of the pass and the pass's own work it orders against.
struct PassBarrier {
    VkPipelineStageFlags src_stages = 0;
    VkAccessFlags src_access = 0;
    VkPipelineStageFlags dst_stages = 0;
    VkAccessFlags dst_access = 0;
};

struct PassSpec {
    std::vector<PassAttachment> attachments;
    std::optional<PassBarrier> before;  // earlier work (src) before the pass (dst)
    std::optional<PassBarrier> after;   // the pass (src) before later work (dst)
    const char* debug_name = nullptr;
};

class RenderPass {
public:
    // The pass; its framebuffer comes with attach().
    RenderPass(const VulkanContext& ctx, const PassSpec& spec);
    // The pass with a framebuffer over `views` (one per attachment, in order).
    RenderPass(const VulkanContext& ctx, const PassSpec& spec,
               const std::vector<VkImageView>& views, VkExtent2D extent);
    ~RenderPass();
    RenderPass(const RenderPass&) = delete;
    RenderPass& operator=(const RenderPass&) = delete;

    // (Re)makes the framebuffer over other images of the same formats (a resized target).
    void attach(const std::vector<VkImageView>& views, VkExtent2D extent);

    VkRenderPass handle() const { return pass_; }
    VkFramebuffer framebuffer() const { return framebuffer_; }
    VkExtent2D extent() const { return extent_; }

    // Begins the pass over the whole framebuffer with `clears` (one per attachment; ignored by
    // attachments that load) and sets a viewport and scissor of all of it.
    void begin(VkCommandBuffer cmd, const std::vector<VkClearValue>& clears) const;
    void end(VkCommandBuffer cmd) const;

private:
    const VulkanContext& ctx_;
    std::size_t attachment_count_ = 0;
    VkRenderPass pass_ = VK_NULL_HANDLE;
    VkFramebuffer framebuffer_ = VK_NULL_HANDLE;
    VkExtent2D extent_{};
};

}  // namespace vedette::render

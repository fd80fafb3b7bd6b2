#include "renderer/vk/offscreen_target.h"

#include "renderer/vk/vk_check.h"

namespace vedette::render {

namespace {

// The previous frame's copy out of the colour image must finish before we clear it again,
// and this frame's writes must finish before the copy that follows the pass.
PassSpec offscreen_pass_spec() {
    using T = OffscreenTarget;
    PassSpec spec;
    spec.attachments = {
        {T::kColorFormat, false, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE,
         VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL},
        {T::kDepthFormat, true, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_DONT_CARE,
         VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL}};
    spec.before = PassBarrier{
        VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT,
        VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
        VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT | VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT,
        VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT};
    spec.after = PassBarrier{VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                             VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                             VK_ACCESS_TRANSFER_READ_BIT};
    spec.debug_name = "offscreen pass";
    return spec;
}

}  // namespace

OffscreenTarget::OffscreenTarget(const VulkanContext& ctx, VkExtent2D extent)
    : color_(ctx, extent, kColorFormat,
             VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
             VK_IMAGE_ASPECT_COLOR_BIT, "offscreen colour"),
      depth_(ctx, extent, kDepthFormat, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
             VK_IMAGE_ASPECT_DEPTH_BIT, "offscreen depth"),
      pass_(ctx, offscreen_pass_spec(), {color_.view(), depth_.view()}, extent) {}

OffscreenTarget::~OffscreenTarget() = default;

void OffscreenTarget::begin(VkCommandBuffer cmd, const float clear_rgba[4]) const {
    VkClearValue clears[2]{};
    for (int i = 0; i < 4; ++i) clears[0].color.float32[i] = clear_rgba[i];
    clears[1].depthStencil = {1.0f, 0};
    pass_.begin(cmd, {clears[0], clears[1]});
}

void OffscreenTarget::end(VkCommandBuffer cmd) const {
    pass_.end(cmd);
}

}  // namespace vedette::render

#include "renderer/window/presenter.h"

#include "renderer/vk/frame.h"
#include "renderer/vk/vk_check.h"

namespace vedette::render {

Presenter::Presenter(const VulkanContext& ctx, VkSurfaceKHR surface, VkExtent2D extent, bool vsync)
    : ctx_(ctx), swapchain_(std::make_unique<Swapchain>(ctx, surface, extent, vsync)) {
    VkCommandBufferAllocateInfo ai{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    ai.commandPool = ctx.command_pool();
    ai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    ai.commandBufferCount = 1;
    VK_CHECK(vkAllocateCommandBuffers(ctx.device(), &ai, &cmd_));
    VkFenceCreateInfo fi{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    fi.flags = VK_FENCE_CREATE_SIGNALED_BIT;
    VK_CHECK(vkCreateFence(ctx.device(), &fi, nullptr, &done_));
    VkSemaphoreCreateInfo si{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
    VK_CHECK(vkCreateSemaphore(ctx.device(), &si, nullptr, &acquired_));
    VK_CHECK(vkCreateSemaphore(ctx.device(), &si, nullptr, &rendered_));
    ctx.set_name(reinterpret_cast<std::uint64_t>(cmd_), VK_OBJECT_TYPE_COMMAND_BUFFER,
                 "window frame");
}

Presenter::~Presenter() {
    vkDeviceWaitIdle(ctx_.device());
    vkDestroySemaphore(ctx_.device(), acquired_, nullptr);
    vkDestroySemaphore(ctx_.device(), rendered_, nullptr);
    vkDestroyFence(ctx_.device(), done_, nullptr);
    vkFreeCommandBuffers(ctx_.device(), ctx_.command_pool(), 1, &cmd_);
}

VkCommandBuffer Presenter::begin_frame() {
    VK_CHECK(vkWaitForFences(ctx_.device(), 1, &done_, VK_TRUE, UINT64_MAX));
    begin_commands(cmd_);
    return cmd_;
}

void Presenter::end_frame(const Image& frame, VkExtent2D window_extent) {
    const VkExtent2D have = swapchain_->extent();
    if (stale_ || have.width != window_extent.width || have.height != window_extent.height) {
        swapchain_->recreate(window_extent);
        stale_ = false;
    }
    std::uint32_t index = 0;
    bool acquired = swapchain_->acquire(acquired_, index);
    if (!acquired) {  // out of date between the size check and now: rebuild once and retry
        swapchain_->recreate(window_extent);
        acquired = swapchain_->acquire(acquired_, index);
    }
    if (acquired) swapchain_->record_blit(cmd_, frame, index);
    VK_CHECK(vkResetFences(ctx_.device(), 1, &done_));
    // Without a swapchain image the frame is still submitted (the caller's readback needs it),
    // but it neither waits for an acquire nor signals a present.
    SubmitSync sync;
    if (acquired) {
        sync.wait = acquired_;
        sync.wait_stage = VK_PIPELINE_STAGE_TRANSFER_BIT;  // the blit is the first use
        sync.signal = rendered_;
    }
    sync.fence = done_;
    submit_commands(ctx_.queue(), cmd_, sync);
    if (acquired && !swapchain_->present(rendered_, index)) stale_ = true;
}

void Presenter::wait_idle() {
    VK_CHECK(vkWaitForFences(ctx_.device(), 1, &done_, VK_TRUE, UINT64_MAX));
}

}  // namespace vedette::render

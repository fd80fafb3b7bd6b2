#include "renderer/window/presenter.h"

#include "renderer/vk/frame.h"
#include "renderer/vk/vk_check.h"

namespace vedette::render {

Presenter::Presenter(const VulkanContext& ctx, VkSurfaceKHR surface, VkExtent2D extent, bool vsync)
    : ctx_(ctx),
      swapchain_(std::make_unique<Swapchain>(ctx, surface, extent, vsync)),
      frame_(ctx, "window frame") {
    VkSemaphoreCreateInfo si{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
    VK_CHECK(vkCreateSemaphore(ctx.device(), &si, nullptr, &acquired_));
    VK_CHECK(vkCreateSemaphore(ctx.device(), &si, nullptr, &rendered_));
}

Presenter::~Presenter() {
    vkDeviceWaitIdle(ctx_.device());
    vkDestroySemaphore(ctx_.device(), acquired_, nullptr);
    vkDestroySemaphore(ctx_.device(), rendered_, nullptr);
    frame_.settle();
}

VkCommandBuffer Presenter::begin_frame() {
    return frame_.begin();
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
    if (acquired) swapchain_->record_blit(frame_.commands(), frame, index);
    // Without a swapchain image the frame is still submitted (the caller's readback needs it),
    // but it neither waits for an acquire nor signals a present.
    SubmitSync sync;
    if (acquired) {
        sync.wait = acquired_;
        sync.wait_stage = VK_PIPELINE_STAGE_TRANSFER_BIT;  // the blit is the first use
        sync.signal = rendered_;
    }
    frame_.submit(sync);
    if (acquired && !swapchain_->present(rendered_, index)) stale_ = true;
}

void Presenter::wait_idle() {
    frame_.wait();
}

}  // namespace vedette::render

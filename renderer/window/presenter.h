#pragma once
// One frame at a time into a window: waits for the previous frame, hands out a command buffer,
// then blits the finished offscreen image into the acquired swapchain image and presents it.
// Resizes recreate the swapchain; a minimised window simply gets no frames.

#include <memory>

#include "renderer/vk/command_slot.h"
#include "renderer/vk/swapchain.h"

namespace vedette::render {

class Presenter {
public:
    Presenter(const VulkanContext& ctx, VkSurfaceKHR surface, VkExtent2D extent, bool vsync);
    ~Presenter();
    Presenter(const Presenter&) = delete;
    Presenter& operator=(const Presenter&) = delete;

    // Waits until the previous frame is done and returns a command buffer in the recording state.
    VkCommandBuffer begin_frame();
    // Ends `cmd` (after the caller recorded the offscreen frame, whose colour image is `frame` in
    // TRANSFER_SRC_OPTIMAL), blits it to the window and presents. `window_extent` is the current
    // framebuffer size: a change recreates the swapchain.
    void end_frame(const Image& frame, VkExtent2D window_extent);
    // Blocks until the last submitted frame has finished (before reading back its pixels).
    void wait_idle();

    const Swapchain& swapchain() const { return *swapchain_; }

private:
    const VulkanContext& ctx_;
    std::unique_ptr<Swapchain> swapchain_;
    CommandSlot frame_;
    VkSemaphore acquired_ = VK_NULL_HANDLE;
    VkSemaphore rendered_ = VK_NULL_HANDLE;
    bool stale_ = false;
};

}  // namespace vedette::render

#pragma once
// The window's swapchain. Frames are never drawn into swapchain images directly: the offscreen
// target (scene and UI) is blitted into the acquired image, so the window shows exactly the
// pixels a headless render or a screenshot reads back. Out-of-date or suboptimal swapchains
// (resize) are reported to the caller, which recreates them.

#include <vector>

#include "renderer/vk/image.h"

namespace vedette::render {

class Swapchain {
public:
    // `vsync`: FIFO presentation; otherwise mailbox or immediate where the driver offers them.
    Swapchain(const VulkanContext& ctx, VkSurfaceKHR surface, VkExtent2D wanted, bool vsync);
    ~Swapchain();
    Swapchain(const Swapchain&) = delete;
    Swapchain& operator=(const Swapchain&) = delete;

    // Rebuilds the swapchain for a new window size (the old one is handed over as oldSwapchain).
    void recreate(VkExtent2D wanted);

    VkExtent2D extent() const { return extent_; }
    VkFormat format() const { return format_; }

    // Acquires the next image, signalling `ready`. False when the swapchain is out of date.
    bool acquire(VkSemaphore ready, std::uint32_t& index);
    // Records: `source` (TRANSFER_SRC_OPTIMAL) scaled into image `index`, left ready to present.
    void record_blit(VkCommandBuffer cmd, const Image& source, std::uint32_t index) const;
    // Presents image `index` after `rendered`. False when the swapchain must be recreated.
    bool present(VkSemaphore rendered, std::uint32_t index);

private:
    void create(VkExtent2D wanted, VkSwapchainKHR old);
    const VulkanContext& ctx_;
    VkSurfaceKHR surface_;
    bool vsync_;
    VkSwapchainKHR swapchain_ = VK_NULL_HANDLE;
    VkFormat format_ = VK_FORMAT_UNDEFINED;
    VkExtent2D extent_{0, 0};
    std::vector<VkImage> images_;
};

}  // namespace vedette::render

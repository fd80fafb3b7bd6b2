#include "renderer/vk/swapchain.h"

#include <algorithm>
#include <stdexcept>

#include "renderer/vk/vk_check.h"

namespace vedette::render {

namespace {
VkSurfaceFormatKHR choose_format(VkPhysicalDevice pd, VkSurfaceKHR surface) {
    std::uint32_t n = 0;
    VK_CHECK(vkGetPhysicalDeviceSurfaceFormatsKHR(pd, surface, &n, nullptr));
    std::vector<VkSurfaceFormatKHR> formats(n);
    VK_CHECK(vkGetPhysicalDeviceSurfaceFormatsKHR(pd, surface, &n, formats.data()));
    if (formats.empty()) throw std::runtime_error("the window surface offers no pixel formats");
    // UNORM, like the offscreen image: a blit between UNORM formats copies values unchanged, so
    // the window shows the same pixels as a screenshot (an sRGB target would re-encode them).
    for (VkFormat wanted : {VK_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM})
        for (const auto& f : formats)
            if (f.format == wanted && f.colorSpace == VK_COLOR_SPACE_SRGB_NONLINEAR_KHR) return f;
    return formats[0];
}

VkPresentModeKHR choose_present_mode(VkPhysicalDevice pd, VkSurfaceKHR surface, bool vsync) {
    if (vsync) return VK_PRESENT_MODE_FIFO_KHR;  // always available
    std::uint32_t n = 0;
    VK_CHECK(vkGetPhysicalDeviceSurfacePresentModesKHR(pd, surface, &n, nullptr));
    std::vector<VkPresentModeKHR> modes(n);
    VK_CHECK(vkGetPhysicalDeviceSurfacePresentModesKHR(pd, surface, &n, modes.data()));
    for (VkPresentModeKHR wanted : {VK_PRESENT_MODE_MAILBOX_KHR, VK_PRESENT_MODE_IMMEDIATE_KHR})
        if (std::find(modes.begin(), modes.end(), wanted) != modes.end()) return wanted;
    return VK_PRESENT_MODE_FIFO_KHR;
}
}  // namespace

Swapchain::Swapchain(const VulkanContext& ctx, VkSurfaceKHR surface, VkExtent2D wanted, bool vsync)
    : ctx_(ctx), surface_(surface), vsync_(vsync) {
    VkBool32 supported = VK_FALSE;
    VK_CHECK(vkGetPhysicalDeviceSurfaceSupportKHR(ctx.physical_device(), ctx.queue_family(),
                                                  surface, &supported));
    if (!supported)
        throw std::runtime_error("the Vulkan device's queue cannot present to this window");
    create(wanted, VK_NULL_HANDLE);
}

Swapchain::~Swapchain() {
    if (swapchain_) vkDestroySwapchainKHR(ctx_.device(), swapchain_, nullptr);
}

void Swapchain::recreate(VkExtent2D wanted) {
    VK_CHECK(vkDeviceWaitIdle(ctx_.device()));
    VkSwapchainKHR old = swapchain_;
    swapchain_ = VK_NULL_HANDLE;
    create(wanted, old);
    vkDestroySwapchainKHR(ctx_.device(), old, nullptr);
}

void Swapchain::create(VkExtent2D wanted, VkSwapchainKHR old) {
    VkSurfaceCapabilitiesKHR caps;
    VK_CHECK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(ctx_.physical_device(), surface_, &caps));
    if (!(caps.supportedUsageFlags & VK_IMAGE_USAGE_TRANSFER_DST_BIT))
        throw std::runtime_error(
            "the window's swapchain images cannot be copied into (no TRANSFER_DST usage)");
    const VkSurfaceFormatKHR format = choose_format(ctx_.physical_device(), surface_);
    extent_ = caps.currentExtent.width != UINT32_MAX
                  ? caps.currentExtent
                  : VkExtent2D{std::clamp(wanted.width, caps.minImageExtent.width,
                                          caps.maxImageExtent.width),
                               std::clamp(wanted.height, caps.minImageExtent.height,
                                          caps.maxImageExtent.height)};
    std::uint32_t count = std::max(caps.minImageCount + 1, 2u);
    if (caps.maxImageCount) count = std::min(count, caps.maxImageCount);

    VkSwapchainCreateInfoKHR ci{VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR};
    ci.surface = surface_;
    ci.minImageCount = count;
    ci.imageFormat = format.format;
    ci.imageColorSpace = format.colorSpace;
    ci.imageExtent = extent_;
    ci.imageArrayLayers = 1;
    ci.imageUsage = VK_IMAGE_USAGE_TRANSFER_DST_BIT;
    ci.imageSharingMode = VK_SHARING_MODE_EXCLUSIVE;
    ci.preTransform = caps.currentTransform;
    ci.compositeAlpha = (caps.supportedCompositeAlpha & VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR)
                            ? VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR
                            : VkCompositeAlphaFlagBitsKHR(caps.supportedCompositeAlpha &
                                                          -caps.supportedCompositeAlpha);
    ci.presentMode = choose_present_mode(ctx_.physical_device(), surface_, vsync_);
    ci.clipped = VK_TRUE;
    ci.oldSwapchain = old;
    VK_CHECK(vkCreateSwapchainKHR(ctx_.device(), &ci, nullptr, &swapchain_));
    format_ = format.format;
    std::uint32_t n = 0;
    VK_CHECK(vkGetSwapchainImagesKHR(ctx_.device(), swapchain_, &n, nullptr));
    images_.resize(n);
    VK_CHECK(vkGetSwapchainImagesKHR(ctx_.device(), swapchain_, &n, images_.data()));
}

bool Swapchain::acquire(VkSemaphore ready, std::uint32_t& index) {
    const VkResult r =
        vkAcquireNextImageKHR(ctx_.device(), swapchain_, UINT64_MAX, ready, VK_NULL_HANDLE, &index);
    if (r == VK_ERROR_OUT_OF_DATE_KHR) return false;
    if (r != VK_SUCCESS && r != VK_SUBOPTIMAL_KHR)
        throw_vulkan_error("vkAcquireNextImageKHR", r, __FILE__, __LINE__);
    return true;
}

void Swapchain::record_blit(VkCommandBuffer cmd, const Image& source, std::uint32_t index) const {
    const VkImage dst = images_[index];
    transition_image(cmd, dst, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                     VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                     VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT);
    VkImageBlit blit{};
    blit.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    blit.srcOffsets[1] = {int(source.extent().width), int(source.extent().height), 1};
    blit.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    blit.dstOffsets[1] = {int(extent_.width), int(extent_.height), 1};
    vkCmdBlitImage(cmd, source.handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, dst,
                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &blit, VK_FILTER_NEAREST);
    transition_image(cmd, dst, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                     VK_IMAGE_LAYOUT_PRESENT_SRC_KHR, VK_PIPELINE_STAGE_TRANSFER_BIT,
                     VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, 0);
}

bool Swapchain::present(VkSemaphore rendered, std::uint32_t index) {
    VkPresentInfoKHR pi{VK_STRUCTURE_TYPE_PRESENT_INFO_KHR};
    pi.waitSemaphoreCount = 1;
    pi.pWaitSemaphores = &rendered;
    pi.swapchainCount = 1;
    pi.pSwapchains = &swapchain_;
    pi.pImageIndices = &index;
    const VkResult r = vkQueuePresentKHR(ctx_.queue(), &pi);
    if (r == VK_ERROR_OUT_OF_DATE_KHR || r == VK_SUBOPTIMAL_KHR) return false;
    if (r != VK_SUCCESS) throw_vulkan_error("vkQueuePresentKHR", r, __FILE__, __LINE__);
    return true;
}

}  // namespace vedette::render

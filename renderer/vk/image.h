#pragma once
// A 2D VkImage with its memory and one view: colour targets, depth buffers, textures.

#include "renderer/vk/context.h"

namespace vedette::render {

class Image {
public:
    Image() = default;
    Image(const VulkanContext& ctx, VkExtent2D extent, VkFormat format, VkImageUsageFlags usage,
          VkImageAspectFlags aspect, const char* debug_name);
    ~Image();
    Image(Image&& other) noexcept;
    Image& operator=(Image&& other) noexcept;
    Image(const Image&) = delete;
    Image& operator=(const Image&) = delete;

    VkImage handle() const { return image_; }
    VkImageView view() const { return view_; }
    VkFormat format() const { return format_; }
    VkExtent2D extent() const { return extent_; }

private:
    void release();
    const VulkanContext* ctx_ = nullptr;
    VkImage image_ = VK_NULL_HANDLE;
    VkDeviceMemory memory_ = VK_NULL_HANDLE;
    VkImageView view_ = VK_NULL_HANDLE;
    VkFormat format_ = VK_FORMAT_UNDEFINED;
    VkExtent2D extent_{0, 0};
};

// Records a layout transition barrier for a whole single-mip image.
void transition_image(VkCommandBuffer cmd, VkImage image, VkImageAspectFlags aspect,
                      VkImageLayout from, VkImageLayout to, VkPipelineStageFlags src_stage,
                      VkAccessFlags src_access, VkPipelineStageFlags dst_stage,
                      VkAccessFlags dst_access);

}  // namespace vedette::render

#include "renderer/vk/image.h"

#include <utility>

#include "renderer/vk/vk_check.h"

namespace vedette::render {

Image::Image(const VulkanContext& ctx, VkExtent2D extent, VkFormat format, VkImageUsageFlags usage,
             VkImageAspectFlags aspect, const char* debug_name)
    : ctx_(&ctx), format_(format), extent_(extent) {
    VkImageCreateInfo ici{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
    ici.imageType = VK_IMAGE_TYPE_2D;
    ici.format = format;
    ici.extent = {extent.width, extent.height, 1};
    ici.mipLevels = 1;
    ici.arrayLayers = 1;
    ici.samples = VK_SAMPLE_COUNT_1_BIT;
    ici.tiling = VK_IMAGE_TILING_OPTIMAL;
    ici.usage = usage;
    ici.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    ici.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    VK_CHECK(vkCreateImage(ctx.device(), &ici, nullptr, &image_));
    ctx.set_name(reinterpret_cast<std::uint64_t>(image_), VK_OBJECT_TYPE_IMAGE, debug_name);

    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(ctx.device(), image_, &req);
    VkMemoryAllocateInfo mai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    mai.allocationSize = req.size;
    mai.memoryTypeIndex =
        ctx.find_memory_type(req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    VK_CHECK(vkAllocateMemory(ctx.device(), &mai, nullptr, &memory_));
    VK_CHECK(vkBindImageMemory(ctx.device(), image_, memory_, 0));

    VkImageViewCreateInfo vci{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    vci.image = image_;
    vci.viewType = VK_IMAGE_VIEW_TYPE_2D;
    vci.format = format;
    vci.subresourceRange = {aspect, 0, 1, 0, 1};
    VK_CHECK(vkCreateImageView(ctx.device(), &vci, nullptr, &view_));
}

Image::~Image() {
    release();
}

Image::Image(Image&& o) noexcept {
    *this = std::move(o);
}

Image& Image::operator=(Image&& o) noexcept {
    if (this != &o) {
        release();
        ctx_ = std::exchange(o.ctx_, nullptr);
        image_ = std::exchange(o.image_, VK_NULL_HANDLE);
        memory_ = std::exchange(o.memory_, VK_NULL_HANDLE);
        view_ = std::exchange(o.view_, VK_NULL_HANDLE);
        format_ = o.format_;
        extent_ = o.extent_;
    }
    return *this;
}

void Image::release() {
    if (!ctx_) return;
    if (view_) vkDestroyImageView(ctx_->device(), view_, nullptr);
    if (image_) vkDestroyImage(ctx_->device(), image_, nullptr);
    if (memory_) vkFreeMemory(ctx_->device(), memory_, nullptr);
    ctx_ = nullptr;
    view_ = VK_NULL_HANDLE;
    image_ = VK_NULL_HANDLE;
    memory_ = VK_NULL_HANDLE;
}

void transition_image(VkCommandBuffer cmd, VkImage image, VkImageAspectFlags aspect,
                      VkImageLayout from, VkImageLayout to, VkPipelineStageFlags src_stage,
                      VkAccessFlags src_access, VkPipelineStageFlags dst_stage,
                      VkAccessFlags dst_access) {
    VkImageMemoryBarrier b{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
    b.srcAccessMask = src_access;
    b.dstAccessMask = dst_access;
    b.oldLayout = from;
    b.newLayout = to;
    b.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    b.image = image;
    b.subresourceRange = {aspect, 0, 1, 0, 1};
    vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 0, nullptr, 0, nullptr, 1, &b);
}

}  // namespace vedette::render

#include "renderer/vk/readback.h"

#include <cstring>

namespace vedette::render {

Readback::Readback(const VulkanContext& ctx, VkExtent2D extent, std::uint32_t slots)
    : extent_(extent) {
    const VkDeviceSize bytes = VkDeviceSize(extent.width) * extent.height * 4;
    for (std::uint32_t i = 0; i < slots; ++i)
        staging_.emplace_back(
            ctx, bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
            VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_CACHED_BIT,
            "readback staging");
}

void Readback::record_copy(VkCommandBuffer cmd, const Image& image, std::uint32_t slot) const {
    VkBufferImageCopy region{};
    region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    region.imageExtent = {extent_.width, extent_.height, 1};
    vkCmdCopyImageToBuffer(cmd, image.handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                           staging_[slot].handle(), 1, &region);
    // Make the transfer write visible to host reads after the fence.
    VkBufferMemoryBarrier b{VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER};
    b.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    b.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    b.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    b.buffer = staging_[slot].handle();
    b.size = VK_WHOLE_SIZE;
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 0,
                         nullptr, 1, &b, 0, nullptr);
}

const std::uint8_t* Readback::data(std::uint32_t slot) const {
    staging_[slot].invalidate();
    return static_cast<const std::uint8_t*>(staging_[slot].mapped());
}

RgbaImage Readback::fetch(std::uint32_t slot) const {
    RgbaImage img(extent_.width, extent_.height);
    std::memcpy(img.pixels.data(), data(slot), img.pixels.size());
    return img;
}

}  // namespace vedette::render

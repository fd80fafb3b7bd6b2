#pragma once
// Copies a rendered colour image into host memory. Several staging buffers ("slots") let the
// exporter keep frame N+1 rendering while frame N is still being read and encoded.

#include <vector>

#include "renderer/image_io.h"
#include "renderer/vk/buffer.h"
#include "renderer/vk/image.h"

namespace vedette::render {

class Readback {
public:
    Readback(const VulkanContext& ctx, VkExtent2D extent, std::uint32_t slots = 2);

    std::uint32_t slots() const { return static_cast<std::uint32_t>(staging_.size()); }
    // Records the copy of `image` (in TRANSFER_SRC_OPTIMAL layout) into staging slot `slot`.
    void record_copy(VkCommandBuffer cmd, const Image& image, std::uint32_t slot) const;
    // The pixels of slot `slot`; call only after the copy's submission has completed.
    RgbaImage fetch(std::uint32_t slot) const;
    // Raw pointer to the slot's RGBA8 bytes (width*height*4), valid after completion.
    const std::uint8_t* data(std::uint32_t slot) const;

private:
    VkExtent2D extent_;
    std::vector<Buffer> staging_;
};

}  // namespace vedette::render

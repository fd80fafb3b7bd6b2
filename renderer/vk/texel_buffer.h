#pragma once
// A small host-visible buffer read by shaders as a texture of RGBA8 texels (a uniform texel
// buffer, `samplerBuffer` in GLSL): per-hex board data written by the CPU each frame with no
// copy, layout transition or sampler.

#include <cstddef>
#include <cstdint>

#include "renderer/vk/buffer.h"

namespace vedette::render {

class TexelBuffer {
public:
    TexelBuffer() = default;
    TexelBuffer(const VulkanContext& ctx, std::size_t texels, const char* debug_name);
    ~TexelBuffer();
    TexelBuffer(TexelBuffer&& other) noexcept;
    TexelBuffer& operator=(TexelBuffer&& other) noexcept;
    TexelBuffer(const TexelBuffer&) = delete;
    TexelBuffer& operator=(const TexelBuffer&) = delete;

    VkBufferView view() const { return view_; }
    // `bytes` (4 per texel, at most the buffer's size) from the first texel on.
    void write(const std::uint8_t* data, std::size_t bytes);

private:
    void release();
    const VulkanContext* ctx_ = nullptr;
    Buffer buffer_;
    VkBufferView view_ = VK_NULL_HANDLE;
};

}  // namespace vedette::render

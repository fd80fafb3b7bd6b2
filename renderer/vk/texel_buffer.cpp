#include "renderer/vk/texel_buffer.h"

#include <algorithm>
#include <utility>

#include "renderer/vk/vk_check.h"

namespace vedette::render {

TexelBuffer::TexelBuffer(const VulkanContext& ctx, std::size_t texels, const char* debug_name)
    : ctx_(&ctx),
      buffer_(ctx, std::max<std::size_t>(texels, 1) * 4, VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT,
              VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
              debug_name) {
    VkBufferViewCreateInfo ci{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
    ci.buffer = buffer_.handle();
    ci.format = VK_FORMAT_R8G8B8A8_UNORM;
    ci.offset = 0;
    ci.range = VK_WHOLE_SIZE;
    VK_CHECK(vkCreateBufferView(ctx.device(), &ci, nullptr, &view_));
}

TexelBuffer::~TexelBuffer() {
    release();
}

TexelBuffer::TexelBuffer(TexelBuffer&& o) noexcept {
    *this = std::move(o);
}

TexelBuffer& TexelBuffer::operator=(TexelBuffer&& o) noexcept {
    if (this != &o) {
        release();
        ctx_ = std::exchange(o.ctx_, nullptr);
        buffer_ = std::move(o.buffer_);
        view_ = std::exchange(o.view_, VK_NULL_HANDLE);
    }
    return *this;
}

void TexelBuffer::release() {
    if (ctx_ && view_) vkDestroyBufferView(ctx_->device(), view_, nullptr);
    view_ = VK_NULL_HANDLE;
    buffer_ = Buffer();
}

void TexelBuffer::write(const std::uint8_t* data, std::size_t bytes) {
    buffer_.upload(data, std::min<std::size_t>(bytes, buffer_.size()));
}

}  // namespace vedette::render

#include "renderer/vk/buffer.h"

#include <cstring>
#include <stdexcept>
#include <utility>

#include "renderer/vk/vk_check.h"

namespace vedette::render {

Buffer::Buffer(const VulkanContext& ctx, VkDeviceSize size, VkBufferUsageFlags usage,
               VkMemoryPropertyFlags memory, const char* debug_name)
    : ctx_(&ctx), size_(size) {
    VkBufferCreateInfo bci{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    bci.size = size;
    bci.usage = usage;
    bci.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    VK_CHECK(vkCreateBuffer(ctx.device(), &bci, nullptr, &buffer_));
    ctx.set_name(reinterpret_cast<std::uint64_t>(buffer_), VK_OBJECT_TYPE_BUFFER, debug_name);

    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(ctx.device(), buffer_, &req);
    VkMemoryAllocateInfo mai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    mai.allocationSize = req.size;
    mai.memoryTypeIndex = ctx.find_memory_type(req.memoryTypeBits, memory);
    VK_CHECK(vkAllocateMemory(ctx.device(), &mai, nullptr, &memory_));
    VK_CHECK(vkBindBufferMemory(ctx.device(), buffer_, memory_, 0));

    if (memory & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT) {
        VK_CHECK(vkMapMemory(ctx.device(), memory_, 0, VK_WHOLE_SIZE, 0, &mapped_));
        coherent_ = (memory & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT) != 0;
    }
}

Buffer::~Buffer() {
    release();
}

Buffer::Buffer(Buffer&& o) noexcept {
    *this = std::move(o);
}

Buffer& Buffer::operator=(Buffer&& o) noexcept {
    if (this != &o) {
        release();
        ctx_ = std::exchange(o.ctx_, nullptr);
        buffer_ = std::exchange(o.buffer_, VK_NULL_HANDLE);
        memory_ = std::exchange(o.memory_, VK_NULL_HANDLE);
        size_ = std::exchange(o.size_, 0);
        mapped_ = std::exchange(o.mapped_, nullptr);
        coherent_ = o.coherent_;
    }
    return *this;
}

void Buffer::release() {
    if (!ctx_) return;
    if (mapped_) vkUnmapMemory(ctx_->device(), memory_);
    if (buffer_) vkDestroyBuffer(ctx_->device(), buffer_, nullptr);
    if (memory_) vkFreeMemory(ctx_->device(), memory_, nullptr);
    ctx_ = nullptr;
    buffer_ = VK_NULL_HANDLE;
    memory_ = VK_NULL_HANDLE;
    mapped_ = nullptr;
}

void Buffer::upload(const void* data, std::size_t bytes, std::size_t offset) {
    if (!mapped_) throw std::logic_error("Buffer::upload on a buffer that is not host-visible");
    if (offset + bytes > size_) throw std::logic_error("Buffer::upload past the end of the buffer");
    std::memcpy(static_cast<char*>(mapped_) + offset, data, bytes);
    flush();
}

void Buffer::flush() const {
    if (coherent_ || !mapped_) return;
    VkMappedMemoryRange r{VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE};
    r.memory = memory_;
    r.size = VK_WHOLE_SIZE;
    VK_CHECK(vkFlushMappedMemoryRanges(ctx_->device(), 1, &r));
}

void Buffer::invalidate() const {
    if (coherent_ || !mapped_) return;
    VkMappedMemoryRange r{VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE};
    r.memory = memory_;
    r.size = VK_WHOLE_SIZE;
    VK_CHECK(vkInvalidateMappedMemoryRanges(ctx_->device(), 1, &r));
}

}  // namespace vedette::render

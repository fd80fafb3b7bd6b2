#pragma once
// A VkBuffer with its own memory allocation. Host-visible buffers stay mapped for their lifetime.

#include <cstddef>

#include "renderer/vk/context.h"

namespace vedette::render {

class Buffer {
public:
    Buffer() = default;
    Buffer(const VulkanContext& ctx, VkDeviceSize size, VkBufferUsageFlags usage,
           VkMemoryPropertyFlags memory, const char* debug_name);
    ~Buffer();
    Buffer(Buffer&& other) noexcept;
    Buffer& operator=(Buffer&& other) noexcept;
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;

    VkBuffer handle() const { return buffer_; }
    VkDeviceSize size() const { return size_; }
    void* mapped() const { return mapped_; }
    // Host-visible buffers only: copies bytes in at `offset`.
    void upload(const void* data, std::size_t bytes, std::size_t offset = 0);
    // Makes host writes visible to the device / device writes visible to the host for
    // non-coherent memory; cheap no-ops on coherent memory.
    void flush() const;
    void invalidate() const;

private:
    void release();
    const VulkanContext* ctx_ = nullptr;
    VkBuffer buffer_ = VK_NULL_HANDLE;
    VkDeviceMemory memory_ = VK_NULL_HANDLE;
    VkDeviceSize size_ = 0;
    void* mapped_ = nullptr;
    bool coherent_ = true;
};

}  // namespace vedette::render

#pragma once
// A command buffer with the fence that says when its last submission finished: the one place
// that allocates a frame's command buffer and fence, waits, resets and submits. The renderer's
// frames in flight (one slot each), the window's frame and the context's one-off commands use it.

#include "renderer/vk/context.h"
#include "renderer/vk/frame.h"

namespace vedette::render {

class CommandSlot {
public:
    CommandSlot(const VulkanContext& ctx, const char* debug_name = nullptr);
    ~CommandSlot();
    CommandSlot(const CommandSlot&) = delete;
    CommandSlot& operator=(const CommandSlot&) = delete;

    // Waits for the slot's last submission, then resets its command buffer and starts recording.
    VkCommandBuffer begin();
    // Ends recording and submits with `sync` (its fence is the slot's own).
    void submit(SubmitSync sync = {});
    // Waits until the last submission has finished (at once when none is in flight).
    void wait();
    // Forgets a submission the device is known to have finished (after vkDeviceWaitIdle).
    void settle() { in_flight_ = false; }
    bool in_flight() const { return in_flight_; }
    VkCommandBuffer commands() const { return cmd_; }

private:
    const VulkanContext& ctx_;
    VkCommandBuffer cmd_ = VK_NULL_HANDLE;
    VkFence done_ = VK_NULL_HANDLE;
    bool in_flight_ = false;
};

}  // namespace vedette::render

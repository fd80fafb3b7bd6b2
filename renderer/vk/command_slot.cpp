#include "renderer/vk/command_slot.h"

#include "renderer/vk/vk_check.h"

namespace vedette::render {

CommandSlot::CommandSlot(const VulkanContext& ctx, const char* debug_name) : ctx_(ctx) {
    VkCommandBufferAllocateInfo ai{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    ai.commandPool = ctx.command_pool();
    ai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    ai.commandBufferCount = 1;
    VK_CHECK(vkAllocateCommandBuffers(ctx.device(), &ai, &cmd_));
    VkFenceCreateInfo fi{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    if (const VkResult r = vkCreateFence(ctx.device(), &fi, nullptr, &done_); r != VK_SUCCESS) {
        vkFreeCommandBuffers(ctx.device(), ctx.command_pool(), 1, &cmd_);
        throw_vulkan_error("vkCreateFence", r, __FILE__, __LINE__);
    }
    if (debug_name)
        ctx.set_name(reinterpret_cast<std::uint64_t>(cmd_), VK_OBJECT_TYPE_COMMAND_BUFFER,
                     debug_name);
}

CommandSlot::~CommandSlot() {
    // A submission still running holds the buffer: let it finish before freeing it.
    if (in_flight_) vkWaitForFences(ctx_.device(), 1, &done_, VK_TRUE, UINT64_MAX);
    vkDestroyFence(ctx_.device(), done_, nullptr);
    vkFreeCommandBuffers(ctx_.device(), ctx_.command_pool(), 1, &cmd_);
}

VkCommandBuffer CommandSlot::begin() {
    wait();
    begin_commands(cmd_);
    return cmd_;
}

void CommandSlot::submit(SubmitSync sync) {
    wait();  // begin() has waited; a fence is never reset while its submission runs
    VK_CHECK(vkResetFences(ctx_.device(), 1, &done_));
    sync.fence = done_;
    submit_commands(ctx_.queue(), cmd_, sync);
    in_flight_ = true;
}

void CommandSlot::wait() {
    if (!in_flight_) return;
    VK_CHECK(vkWaitForFences(ctx_.device(), 1, &done_, VK_TRUE, UINT64_MAX));
    in_flight_ = false;
}

}  // namespace vedette::render

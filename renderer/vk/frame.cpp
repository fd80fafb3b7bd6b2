#include "renderer/vk/frame.h"

#include "renderer/vk/vk_check.h"

namespace vedette::render {

void begin_commands(VkCommandBuffer cmd) {
    VK_CHECK(vkResetCommandBuffer(cmd, 0));
    VkCommandBufferBeginInfo bi{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    bi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    VK_CHECK(vkBeginCommandBuffer(cmd, &bi));
}

void submit_commands(VkQueue queue, VkCommandBuffer cmd, const SubmitSync& sync) {
    VK_CHECK(vkEndCommandBuffer(cmd));
    VkSubmitInfo si{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    if (sync.wait != VK_NULL_HANDLE) {
        si.waitSemaphoreCount = 1;
        si.pWaitSemaphores = &sync.wait;
        si.pWaitDstStageMask = &sync.wait_stage;
    }
    si.commandBufferCount = 1;
    si.pCommandBuffers = &cmd;
    if (sync.signal != VK_NULL_HANDLE) {
        si.signalSemaphoreCount = 1;
        si.pSignalSemaphores = &sync.signal;
    }
    VK_CHECK(vkQueueSubmit(queue, 1, &si, sync.fence));
}

}  // namespace vedette::render

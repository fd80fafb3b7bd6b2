#pragma once
// Recording and submitting a command buffer: the one place that builds a VkSubmitInfo. The
// renderer's frames in flight, the window's frames and the context's one-off commands all start
// and submit their command buffers through here.

#include <vulkan/vulkan.h>

namespace vedette::render {

// Resets `cmd` (its pool allows that) and starts recording it for a single submission.
void begin_commands(VkCommandBuffer cmd);

// What a submission waits for and what it signals; VK_NULL_HANDLE means none.
struct SubmitSync {
    VkSemaphore wait = VK_NULL_HANDLE;  // must be signalled before `wait_stage` runs
    VkPipelineStageFlags wait_stage = 0;
    VkSemaphore signal = VK_NULL_HANDLE;  // signalled when the commands have finished
    VkFence fence = VK_NULL_HANDLE;       // unsignalled; signalled when they have finished
};

// Ends recording `cmd` and submits it to `queue`. Throws VulkanError if either fails.
void submit_commands(VkQueue queue, VkCommandBuffer cmd, const SubmitSync& sync = {});

}  // namespace vedette::render

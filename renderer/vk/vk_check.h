#pragma once
// Turns a failed Vulkan call into an exception that names the call and the VkResult, so a lost
// device or a missing driver ends in a clear message instead of a crash.

#include <stdexcept>
#include <string>

#include <vulkan/vulkan.h>

namespace vedette::render {

class VulkanError : public std::runtime_error {
public:
    VulkanError(const std::string& what, VkResult result)
        : std::runtime_error(what), result_(result) {}
    VkResult result() const { return result_; }

private:
    VkResult result_;
};

const char* vk_result_name(VkResult result);

[[noreturn]] void throw_vulkan_error(const char* call, VkResult result, const char* file, int line);

}  // namespace vedette::render

#define VK_CHECK(call)                                                                          \
    do {                                                                                        \
        const VkResult vk_check_result_ = (call);                                               \
        if (vk_check_result_ != VK_SUCCESS)                                                     \
            ::vedette::render::throw_vulkan_error(#call, vk_check_result_, __FILE__, __LINE__); \
    } while (0)

#pragma once
// The Vulkan instance, the chosen physical device, the logical device, one graphics queue and a
// command pool. Validation (the Khronos layer plus a debug messenger) is on in debug and test
// builds; every message of error severity is counted so tests can fail on it.

#include <atomic>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include <vulkan/vulkan.h>

namespace vedette::render {

struct ContextOptions {
    bool validation = false;          // enable VK_LAYER_KHRONOS_validation + debug messenger
    bool require_validation = false;  // fail if the layer is missing (tests)
    bool prefer_gpu = true;           // discrete/integrated GPU first, lavapipe as fallback
    std::vector<const char*> instance_extensions;  // e.g. from glfwGetRequiredInstanceExtensions
    bool swapchain = false;                        // enable VK_KHR_swapchain on the device
    bool print_messages = true;                    // echo validation messages to stderr
    // With a window: whether a queue family can present to it
    // (glfwGetPhysicalDevicePresentationSupport).
    std::function<bool(VkInstance, VkPhysicalDevice, std::uint32_t)> can_present;
};

class VulkanContext {
public:
    explicit VulkanContext(const ContextOptions& options);
    ~VulkanContext();
    VulkanContext(const VulkanContext&) = delete;
    VulkanContext& operator=(const VulkanContext&) = delete;

    VkInstance instance() const { return instance_; }
    VkPhysicalDevice physical_device() const { return physical_; }
    VkDevice device() const { return device_; }
    VkQueue queue() const { return queue_; }
    std::uint32_t queue_family() const { return queue_family_; }
    VkCommandPool command_pool() const { return pool_; }
    const std::string& device_name() const { return device_name_; }
    bool validation_enabled() const { return validation_on_; }

    std::uint32_t validation_errors() const { return errors_.load(); }
    std::vector<std::string> validation_messages() const;

    // A memory type index matching `type_bits` with all of `properties`; throws if none.
    std::uint32_t find_memory_type(std::uint32_t type_bits, VkMemoryPropertyFlags properties) const;

    // Records commands into a one-time command buffer, submits it and waits for completion.
    void run_commands(const std::function<void(VkCommandBuffer)>& record) const;

    // Gives a Vulkan object a debug name (shown by the validation layer); no-op without it.
    void set_name(std::uint64_t handle, VkObjectType type, const char* name) const;

    // Called by the debug messenger.
    void on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity, const char* text);

private:
    VkInstance instance_ = VK_NULL_HANDLE;
    VkDebugUtilsMessengerEXT messenger_ = VK_NULL_HANDLE;
    VkPhysicalDevice physical_ = VK_NULL_HANDLE;
    VkDevice device_ = VK_NULL_HANDLE;
    VkQueue queue_ = VK_NULL_HANDLE;
    std::uint32_t queue_family_ = 0;
    VkCommandPool pool_ = VK_NULL_HANDLE;
    std::string device_name_;
    bool validation_on_ = false;
    bool print_messages_ = true;
    PFN_vkSetDebugUtilsObjectNameEXT set_name_fn_ = nullptr;

    std::atomic<std::uint32_t> errors_{0};
    mutable std::mutex messages_mutex_;
    std::vector<std::string> messages_;
};

}  // namespace vedette::render

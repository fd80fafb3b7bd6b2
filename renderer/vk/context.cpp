#include "renderer/vk/context.h"

#include "renderer/vk/command_slot.h"

#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "renderer/vk/frame.h"
#include "renderer/vk/vk_check.h"

namespace vedette::render {

namespace {

constexpr const char* kValidationLayer = "VK_LAYER_KHRONOS_validation";

VKAPI_ATTR VkBool32 VKAPI_CALL debug_callback(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                              VkDebugUtilsMessageTypeFlagsEXT /*types*/,
                                              const VkDebugUtilsMessengerCallbackDataEXT* data,
                                              void* user) {
    static_cast<VulkanContext*>(user)->on_message(severity, data->pMessage ? data->pMessage : "");
    return VK_FALSE;
}

bool layer_available(const char* name) {
    std::uint32_t count = 0;
    vkEnumerateInstanceLayerProperties(&count, nullptr);
    std::vector<VkLayerProperties> layers(count);
    vkEnumerateInstanceLayerProperties(&count, layers.data());
    for (const auto& l : layers)
        if (std::strcmp(l.layerName, name) == 0) return true;
    return false;
}

int device_score(VkPhysicalDeviceType type, bool prefer_gpu) {
    if (!prefer_gpu) return type == VK_PHYSICAL_DEVICE_TYPE_CPU ? 10 : 1;
    switch (type) {
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
            return 5;
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
            return 4;
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
            return 3;
        case VK_PHYSICAL_DEVICE_TYPE_CPU:
            return 2;
        default:
            return 1;
    }
}

}  // namespace

void VulkanContext::on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity, const char* text) {
    const char* label = "info";
    if (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) {
        ++errors_;
        label = "ERROR";
    } else if (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) {
        label = "warning";
    }
    {
        std::lock_guard lock(messages_mutex_);
        messages_.push_back(std::string(label) + ": " + text);
    }
    if (print_messages_) std::fprintf(stderr, "[vulkan %s] %s\n", label, text);
}

std::vector<std::string> VulkanContext::validation_messages() const {
    std::lock_guard lock(messages_mutex_);
    return messages_;
}

VulkanContext::VulkanContext(const ContextOptions& options)
    : print_messages_(options.print_messages) {
    validation_on_ = options.validation && layer_available(kValidationLayer);
    if (options.validation && options.require_validation && !validation_on_)
        throw std::runtime_error(
            "the Khronos validation layer is required but not installed "
            "(Debian package vulkan-validationlayers)");

    VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.pApplicationName = "Vedette";
    app.applicationVersion = VK_MAKE_API_VERSION(0, 0, 1, 0);
    app.pEngineName = "Vedette";
    app.apiVersion = VK_API_VERSION_1_3;

    std::vector<const char*> extensions = options.instance_extensions;
    std::vector<const char*> layers;
    if (validation_on_) {
        extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
        layers.push_back(kValidationLayer);
    }

    VkDebugUtilsMessengerCreateInfoEXT messenger_info{
        VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
    messenger_info.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                                     VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
    messenger_info.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                                 VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                                 VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
    messenger_info.pfnUserCallback = debug_callback;
    messenger_info.pUserData = this;

    VkInstanceCreateInfo ici{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    ici.pApplicationInfo = &app;
    ici.enabledExtensionCount = static_cast<std::uint32_t>(extensions.size());
    ici.ppEnabledExtensionNames = extensions.data();
    ici.enabledLayerCount = static_cast<std::uint32_t>(layers.size());
    ici.ppEnabledLayerNames = layers.data();
    // Also catch messages from instance creation and destruction.
    if (validation_on_) ici.pNext = &messenger_info;
    VK_CHECK(vkCreateInstance(&ici, nullptr, &instance_));

    if (validation_on_) {
        auto create = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
            vkGetInstanceProcAddr(instance_, "vkCreateDebugUtilsMessengerEXT"));
        if (create) VK_CHECK(create(instance_, &messenger_info, nullptr, &messenger_));
        set_name_fn_ = reinterpret_cast<PFN_vkSetDebugUtilsObjectNameEXT>(
            vkGetInstanceProcAddr(instance_, "vkSetDebugUtilsObjectNameEXT"));
    }

    std::uint32_t count = 0;
    VK_CHECK(vkEnumeratePhysicalDevices(instance_, &count, nullptr));
    if (count == 0)
        throw std::runtime_error(
            "no Vulkan device found: install mesa-vulkan-drivers for the lavapipe CPU driver");
    std::vector<VkPhysicalDevice> devices(count);
    VK_CHECK(vkEnumeratePhysicalDevices(instance_, &count, devices.data()));

    int best_score = -1;
    for (VkPhysicalDevice pd : devices) {
        VkPhysicalDeviceProperties props;
        vkGetPhysicalDeviceProperties(pd, &props);
        if (props.apiVersion < VK_API_VERSION_1_3) continue;
        std::uint32_t qcount = 0;
        vkGetPhysicalDeviceQueueFamilyProperties(pd, &qcount, nullptr);
        std::vector<VkQueueFamilyProperties> families(qcount);
        vkGetPhysicalDeviceQueueFamilyProperties(pd, &qcount, families.data());
        for (std::uint32_t q = 0; q < qcount; ++q) {
            if (!(families[q].queueFlags & VK_QUEUE_GRAPHICS_BIT)) continue;
            if (options.can_present && !options.can_present(instance_, pd, q)) continue;
            const int score = device_score(props.deviceType, options.prefer_gpu);
            if (score > best_score) {
                best_score = score;
                physical_ = pd;
                queue_family_ = q;
                device_name_ = props.deviceName;
            }
            break;
        }
    }
    if (physical_ == VK_NULL_HANDLE)
        throw std::runtime_error(options.can_present
                                     ? "no Vulkan 1.3 device can draw into this window (no "
                                       "graphics queue that presents to it)"
                                     : "no Vulkan 1.3 device with a graphics queue was found");

    const float priority = 1.0f;
    VkDeviceQueueCreateInfo qci{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    qci.queueFamilyIndex = queue_family_;
    qci.queueCount = 1;
    qci.pQueuePriorities = &priority;

    std::vector<const char*> device_extensions;
    if (options.swapchain) device_extensions.push_back(VK_KHR_SWAPCHAIN_EXTENSION_NAME);

    VkDeviceCreateInfo dci{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    dci.queueCreateInfoCount = 1;
    dci.pQueueCreateInfos = &qci;
    dci.enabledExtensionCount = static_cast<std::uint32_t>(device_extensions.size());
    dci.ppEnabledExtensionNames = device_extensions.data();
    VK_CHECK(vkCreateDevice(physical_, &dci, nullptr, &device_));
    vkGetDeviceQueue(device_, queue_family_, 0, &queue_);

    VkCommandPoolCreateInfo pci{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    pci.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    pci.queueFamilyIndex = queue_family_;
    VK_CHECK(vkCreateCommandPool(device_, &pci, nullptr, &pool_));
}

VulkanContext::~VulkanContext() {
    if (device_) {
        vkDeviceWaitIdle(device_);
        if (pool_) vkDestroyCommandPool(device_, pool_, nullptr);
        vkDestroyDevice(device_, nullptr);
    }
    if (messenger_) {
        auto destroy = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
            vkGetInstanceProcAddr(instance_, "vkDestroyDebugUtilsMessengerEXT"));
        if (destroy) destroy(instance_, messenger_, nullptr);
    }
    if (instance_) vkDestroyInstance(instance_, nullptr);
}

std::uint32_t VulkanContext::find_memory_type(std::uint32_t type_bits,
                                              VkMemoryPropertyFlags properties) const {
    VkPhysicalDeviceMemoryProperties mem;
    vkGetPhysicalDeviceMemoryProperties(physical_, &mem);
    for (std::uint32_t i = 0; i < mem.memoryTypeCount; ++i)
        if ((type_bits & (1u << i)) &&
            (mem.memoryTypes[i].propertyFlags & properties) == properties)
            return i;
    throw std::runtime_error("no Vulkan memory type with the required properties");
}

void VulkanContext::run_commands(const std::function<void(VkCommandBuffer)>& record) const {
    CommandSlot slot(*this);
    record(slot.begin());
    slot.submit();
    slot.wait();
}

void VulkanContext::set_name(std::uint64_t handle, VkObjectType type, const char* name) const {
    if (!set_name_fn_) return;
    VkDebugUtilsObjectNameInfoEXT info{VK_STRUCTURE_TYPE_DEBUG_UTILS_OBJECT_NAME_INFO_EXT};
    info.objectType = type;
    info.objectHandle = handle;
    info.pObjectName = name;
    set_name_fn_(device_, &info);
}

}  // namespace vedette::render

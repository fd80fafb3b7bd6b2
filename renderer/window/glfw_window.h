#pragma once
// A GLFW window with a Vulkan surface (no OpenGL context). GLFW is initialised by the first
// window; a missing display is a clear error, not a crash.

#include <string>
#include <vector>

#include <vulkan/vulkan.h>

struct GLFWwindow;

namespace vedette::render {

class GlfwWindow {
public:
    // Initialises GLFW; throws std::runtime_error naming the reason when there is no display.
    static void init_glfw();
    // The instance extensions the window system needs (call after init_glfw()).
    static std::vector<const char*> required_instance_extensions();
    // Whether queue family `q` of `pd` can present to this display.
    static bool can_present(VkInstance instance, VkPhysicalDevice pd, std::uint32_t q);

    GlfwWindow(int width, int height, const std::string& title, bool visible = true);
    ~GlfwWindow();
    GlfwWindow(const GlfwWindow&) = delete;
    GlfwWindow& operator=(const GlfwWindow&) = delete;

    GLFWwindow* handle() const { return window_; }
    // Creates the surface for `instance` (owned by the window; destroyed with it).
    VkSurfaceKHR create_surface(VkInstance instance);
    // The framebuffer size in pixels; {0, 0} while minimised.
    VkExtent2D framebuffer_extent() const;
    bool should_close() const;

private:
    GLFWwindow* window_ = nullptr;
    VkInstance instance_ = VK_NULL_HANDLE;
    VkSurfaceKHR surface_ = VK_NULL_HANDLE;
};

}  // namespace vedette::render

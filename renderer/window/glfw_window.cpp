#include "renderer/window/glfw_window.h"

#include <stdexcept>

#define GLFW_INCLUDE_VULKAN
#include <GLFW/glfw3.h>

#include "renderer/vk/vk_check.h"

namespace vedette::render {

namespace {
std::string last_glfw_error() {
    const char* text = nullptr;
    glfwGetError(&text);
    return text ? text : "unknown reason";
}
}  // namespace

void GlfwWindow::init_glfw() {
    static bool done = false;
    if (done) return;
    if (!glfwInit())
        throw std::runtime_error(
            "cannot open a window: " + last_glfw_error() +
            " (is DISPLAY set? without a display, use `vedette export` or run under xvfb-run)");
    if (!glfwVulkanSupported())
        throw std::runtime_error("GLFW finds no Vulkan loader: install libvulkan1 and a driver");
    done = true;
}

std::vector<const char*> GlfwWindow::required_instance_extensions() {
    std::uint32_t n = 0;
    const char** names = glfwGetRequiredInstanceExtensions(&n);
    if (!names)
        throw std::runtime_error(
            "the window system needs Vulkan surface extensions this loader lacks");
    return std::vector<const char*>(names, names + n);
}

bool GlfwWindow::can_present(VkInstance instance, VkPhysicalDevice pd, std::uint32_t q) {
    return glfwGetPhysicalDevicePresentationSupport(instance, pd, q) == GLFW_TRUE;
}

GlfwWindow::GlfwWindow(int width, int height, const std::string& title, bool visible) {
    init_glfw();
    glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API);
    glfwWindowHint(GLFW_VISIBLE, visible ? GLFW_TRUE : GLFW_FALSE);
    window_ = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
    if (!window_) throw std::runtime_error("cannot create a window: " + last_glfw_error());
}

GlfwWindow::~GlfwWindow() {
    if (surface_) vkDestroySurfaceKHR(instance_, surface_, nullptr);
    if (window_) glfwDestroyWindow(window_);
}

VkSurfaceKHR GlfwWindow::create_surface(VkInstance instance) {
    instance_ = instance;
    VK_CHECK(glfwCreateWindowSurface(instance, window_, nullptr, &surface_));
    return surface_;
}

VkExtent2D GlfwWindow::framebuffer_extent() const {
    int w = 0, h = 0;
    glfwGetFramebufferSize(window_, &w, &h);
    if (glfwGetWindowAttrib(window_, GLFW_ICONIFIED)) w = h = 0;
    return {static_cast<std::uint32_t>(w), static_cast<std::uint32_t>(h)};
}

bool GlfwWindow::should_close() const {
    return glfwWindowShouldClose(window_);
}

}  // namespace vedette::render

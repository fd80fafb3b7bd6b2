#pragma once
// Dear ImGui (1.86) on top of the offscreen frame: the GLFW platform backend for input and the
// Vulkan backend drawing in a render pass of its own that loads the finished scene image and
// leaves it ready to copy. The UI thus lands in the same image the window shows and a screenshot
// reads back. Backends are used as Debian ships them, untouched.

#include <deque>
#include <utility>

#include "renderer/vk/offscreen_target.h"
#include "renderer/vk/render_pass.h"

struct GLFWwindow;

namespace vedette::render {

// The viewer's text size at scale 1, in pixels (DejaVu Sans: about the desktop's usual size).
constexpr float kUiTextPixels = 16.0f;
// Sets every ImGui text to `scale` times kUiTextPixels from the next NewFrame on: the atlas's
// nearest size above it, scaled down a little, so text stays sharp (replaces FontGlobalScale).
void set_ui_text_scale(float scale);

class ImGuiLayer {
public:
    // `window` null: headless (export, stills): no input, the display size is the target's and
    // every frame advances `frame_seconds`.
    ImGuiLayer(const VulkanContext& ctx, GLFWwindow* window, const OffscreenTarget& target,
               float frame_seconds = 1.0f / 30.0f);
    ~ImGuiLayer();
    ImGuiLayer(const ImGuiLayer&) = delete;
    ImGuiLayer& operator=(const ImGuiLayer&) = delete;

    // After the offscreen target was recreated (resize): rebuilds the framebuffer on its image.
    void retarget(const OffscreenTarget& target);
    // Starts an ImGui frame (platform + renderer backends + ImGui::NewFrame).
    void new_frame();
    // A left click at (x, y) of the window over the next two frames (pressed, then released),
    // whatever the real mouse does: how a tour clicks (a test clicks a panel).
    void click_at(float x, float y) { mouse_ = {{x, y, true, 0}, {x, y, false, 0}}; }
    // A left drag from (x0, y0) to (x1, y1) over the next four frames (pressed, half way, there,
    // released), and the wheel turned `notches` at (x, y): how a tour drags and scrolls.
    void drag(float x0, float y0, float x1, float y1) {
        mouse_ = {{x0, y0, true, 0},
                  {(x0 + x1) / 2, (y0 + y1) / 2, true, 0},
                  {x1, y1, true, 0},
                  {x1, y1, false, 0}};
    }
    void wheel_at(float x, float y, float notches) { mouse_ = {{x, y, false, notches}}; }
    // Frames still to be given a scripted mouse: a tour waits for them.
    std::size_t scripted_frames() const { return mouse_.size(); }
    // ImGui::Render() and the draw commands, into `cmd` after the scene pass.
    void record(VkCommandBuffer cmd);
    // The same into `target` (rebuilding the framebuffer if it is another image).
    void record(VkCommandBuffer cmd, const OffscreenTarget& target);

private:
    void make_framebuffer(const OffscreenTarget& target);
    const VulkanContext& ctx_;
    RenderPass pass_;  // over the target's colour image (attached by make_framebuffer)
    VkDescriptorPool pool_ = VK_NULL_HANDLE;
    VkImageView view_ = VK_NULL_HANDLE;  // the image the framebuffer is built on
    bool headless_ = false;
    // The scripted mouse, one step a frame (a tour's click, drag or wheel).
    struct MouseStep {
        float x = 0, y = 0;
        bool down = false;
        float wheel = 0;
    };
    std::deque<MouseStep> mouse_;
    float frame_seconds_ = 1.0f / 30.0f;
};

}  // namespace vedette::render

#include "renderer/ui/imgui_layer.h"

#include <cfloat>
#include <stdexcept>
#include <vector>

#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_vulkan.h>

#include "renderer/ui/typeface.h"
#include "renderer/vk/vk_check.h"

namespace vedette::render {

namespace {
void check_imgui_vk(VkResult r) {
    if (r != VK_SUCCESS) throw_vulkan_error("Dear ImGui Vulkan backend", r, __FILE__, __LINE__);
}

// The pass draws over the scene: load, never clear, and hand the image on for copying.
PassSpec imgui_pass_spec() {
    PassSpec spec;
    spec.attachments = {{OffscreenTarget::kColorFormat, false, VK_ATTACHMENT_LOAD_OP_LOAD,
                         VK_ATTACHMENT_STORE_OP_STORE, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                         VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL}};
    spec.before = PassBarrier{
        VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
        VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
        VK_ACCESS_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT};
    spec.after = PassBarrier{VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                             VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                             VK_ACCESS_TRANSFER_READ_BIT};
    spec.debug_name = "imgui pass";
    return spec;
}

}  // namespace

ImGuiLayer::ImGuiLayer(const VulkanContext& ctx, GLFWwindow* window, const OffscreenTarget& target,
                       float frame_seconds)
    : ctx_(ctx),
      pass_(ctx, imgui_pass_spec()),
      headless_(window == nullptr),
      frame_seconds_(frame_seconds) {
    VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 16}};
    VkDescriptorPoolCreateInfo dpci{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    dpci.flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT;
    dpci.maxSets = 16;
    dpci.poolSizeCount = 1;
    dpci.pPoolSizes = sizes;
    VK_CHECK(vkCreateDescriptorPool(ctx.device(), &dpci, nullptr, &pool_));
    make_framebuffer(target);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename =
        nullptr;  // layouts are the program's, not a file left in the working directory
    ImGui::StyleColorsDark();
    // The typeface at every size a frame may ask for (set_ui_text_scale picks one).
    for (float pixels : viewer_type_sizes()) add_typeface(*io.Fonts, pixels);
    if (window && !ImGui_ImplGlfw_InitForVulkan(window, true))
        throw std::runtime_error("Dear ImGui: GLFW backend failed to start");
    ImGui_ImplVulkan_InitInfo info{};
    info.Instance = ctx.instance();
    info.PhysicalDevice = ctx.physical_device();
    info.Device = ctx.device();
    info.QueueFamily = ctx.queue_family();
    info.Queue = ctx.queue();
    info.DescriptorPool = pool_;
    info.Subpass = 0;
    info.MinImageCount = 2;
    info.ImageCount = 2;  // one frame in flight; the backend rotates its vertex buffers over these
    info.MSAASamples = VK_SAMPLE_COUNT_1_BIT;
    info.CheckVkResultFn = check_imgui_vk;
    if (!ImGui_ImplVulkan_Init(&info, pass_.handle()))
        throw std::runtime_error("Dear ImGui: Vulkan backend failed to start");
    ctx.run_commands([](VkCommandBuffer cmd) { ImGui_ImplVulkan_CreateFontsTexture(cmd); });
    ImGui_ImplVulkan_DestroyFontUploadObjects();
    set_ui_text_scale(1.0f);  // the atlas is built: its fonts know their sizes
}

ImGuiLayer::~ImGuiLayer() {
    vkDeviceWaitIdle(ctx_.device());
    ImGui_ImplVulkan_Shutdown();
    if (!headless_) ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    vkDestroyDescriptorPool(ctx_.device(), pool_, nullptr);
}

void ImGuiLayer::make_framebuffer(const OffscreenTarget& target) {
    view_ = target.color().view();
    pass_.attach({view_}, target.extent());
}

void ImGuiLayer::retarget(const OffscreenTarget& target) {
    vkDeviceWaitIdle(ctx_.device());
    make_framebuffer(target);
}

void ImGuiLayer::new_frame() {
    ImGui_ImplVulkan_NewFrame();
    if (headless_) {
        // No platform: the frame's size, a fixed time step, and no mouse anywhere.
        ImGuiIO& io = ImGui::GetIO();
        io.DisplaySize = ImVec2(float(pass_.extent().width), float(pass_.extent().height));
        io.DeltaTime = frame_seconds_;
        io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    } else {
        ImGui_ImplGlfw_NewFrame();
    }
    if (!mouse_.empty()) {  // after the platform's mouse, which it overrides
        ImGuiIO& io = ImGui::GetIO();
        io.MousePos = ImVec2(mouse_.front().x, mouse_.front().y);
        io.MouseDown[0] = mouse_.front().down;
        io.MouseWheel = mouse_.front().wheel;
        mouse_.pop_front();
    }
    ImGui::NewFrame();
}

void ImGuiLayer::record(VkCommandBuffer cmd, const OffscreenTarget& target) {
    if (target.color().view() != view_) make_framebuffer(target);
    record(cmd);
}

void ImGuiLayer::record(VkCommandBuffer cmd) {
    ImGui::Render();
    pass_.begin(cmd, {});
    ImGui_ImplVulkan_RenderDrawData(ImGui::GetDrawData(), cmd);
    pass_.end(cmd);
}

}  // namespace vedette::render

namespace vedette::render {

void set_ui_text_scale(float scale) {
    ImGuiIO& io = ImGui::GetIO();
    if (io.Fonts->Fonts.empty()) return;
    const float pixels = kUiTextPixels * scale;
    std::vector<float> sizes;
    // A font's size is known once the atlas is built; before, its configuration says it.
    for (const ImFont* f : io.Fonts->Fonts)
        sizes.push_back(f->FontSize > 0 ? f->FontSize : f->ConfigData->SizePixels);
    const int pick = nearest_type_size(sizes, pixels);
    ImFont* font = io.Fonts->Fonts[pick];
    io.FontDefault = font;
    io.FontGlobalScale = pixels / sizes[static_cast<std::size_t>(pick)];
}

}  // namespace vedette::render

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
}  // namespace

ImGuiLayer::ImGuiLayer(const VulkanContext& ctx, GLFWwindow* window, const OffscreenTarget& target,
                       float frame_seconds)
    : ctx_(ctx), headless_(window == nullptr), frame_seconds_(frame_seconds) {
    // The pass draws over the scene: load, never clear, and hand the image on for copying.
    VkAttachmentDescription color{};
    color.format = OffscreenTarget::kColorFormat;
    color.samples = VK_SAMPLE_COUNT_1_BIT;
    color.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
    color.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    color.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
    color.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
    color.initialLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    color.finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    VkAttachmentReference ref{0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    VkSubpassDescription subpass{};
    subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
    subpass.colorAttachmentCount = 1;
    subpass.pColorAttachments = &ref;
    VkSubpassDependency deps[2]{};
    deps[0].srcSubpass = VK_SUBPASS_EXTERNAL;
    deps[0].dstSubpass = 0;
    deps[0].srcStageMask =
        VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT;
    deps[0].srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
    deps[0].dstStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
    deps[0].dstAccessMask =
        VK_ACCESS_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
    deps[1].srcSubpass = 0;
    deps[1].dstSubpass = VK_SUBPASS_EXTERNAL;
    deps[1].srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
    deps[1].srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
    deps[1].dstStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT;
    deps[1].dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
    VkRenderPassCreateInfo rpci{VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
    rpci.attachmentCount = 1;
    rpci.pAttachments = &color;
    rpci.subpassCount = 1;
    rpci.pSubpasses = &subpass;
    rpci.dependencyCount = 2;
    rpci.pDependencies = deps;
    VK_CHECK(vkCreateRenderPass(ctx.device(), &rpci, nullptr, &render_pass_));
    ctx.set_name(reinterpret_cast<std::uint64_t>(render_pass_), VK_OBJECT_TYPE_RENDER_PASS,
                 "imgui pass");

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
    if (!ImGui_ImplVulkan_Init(&info, render_pass_))
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
    vkDestroyFramebuffer(ctx_.device(), framebuffer_, nullptr);
    vkDestroyDescriptorPool(ctx_.device(), pool_, nullptr);
    vkDestroyRenderPass(ctx_.device(), render_pass_, nullptr);
}

void ImGuiLayer::make_framebuffer(const OffscreenTarget& target) {
    if (framebuffer_) vkDestroyFramebuffer(ctx_.device(), framebuffer_, nullptr);
    const VkImageView view = target.color().view();
    view_ = view;
    extent_ = target.extent();
    VkFramebufferCreateInfo fci{VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
    fci.renderPass = render_pass_;
    fci.attachmentCount = 1;
    fci.pAttachments = &view;
    fci.width = extent_.width;
    fci.height = extent_.height;
    fci.layers = 1;
    VK_CHECK(vkCreateFramebuffer(ctx_.device(), &fci, nullptr, &framebuffer_));
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
        io.DisplaySize = ImVec2(float(extent_.width), float(extent_.height));
        io.DeltaTime = frame_seconds_;
        io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    } else {
        ImGui_ImplGlfw_NewFrame();
    }
    if (click_frames_ > 0) {  // after the platform's mouse, which it overrides
        ImGuiIO& io = ImGui::GetIO();
        io.MousePos = ImVec2(click_.first, click_.second);
        io.MouseDown[0] = click_frames_ == 2;
        --click_frames_;
    }
    ImGui::NewFrame();
}

void ImGuiLayer::record(VkCommandBuffer cmd, const OffscreenTarget& target) {
    if (target.color().view() != view_) make_framebuffer(target);
    record(cmd);
}

void ImGuiLayer::record(VkCommandBuffer cmd) {
    ImGui::Render();
    VkRenderPassBeginInfo rpbi{VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
    rpbi.renderPass = render_pass_;
    rpbi.framebuffer = framebuffer_;
    rpbi.renderArea = {{0, 0}, extent_};
    vkCmdBeginRenderPass(cmd, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
    ImGui_ImplVulkan_RenderDrawData(ImGui::GetDrawData(), cmd);
    vkCmdEndRenderPass(cmd);
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

#pragma once
// Shader modules from embedded SPIR-V and a small builder for graphics pipelines with dynamic
// viewport and scissor (so one pipeline serves any target size).

#include <cstdint>
#include <span>
#include <vector>

#include "renderer/vk/context.h"

namespace vedette::render {

struct PipelineDesc {
    std::span<const std::uint32_t> vertex_spirv;
    std::span<const std::uint32_t> fragment_spirv;
    std::vector<VkVertexInputBindingDescription> bindings;
    std::vector<VkVertexInputAttributeDescription> attributes;
    std::vector<VkPushConstantRange> push_constants;
    std::vector<VkDescriptorSetLayout> set_layouts;
    VkPrimitiveTopology topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    VkCullModeFlags cull = VK_CULL_MODE_NONE;
    VkFrontFace front_face = VK_FRONT_FACE_COUNTER_CLOCKWISE;
    bool depth_test = true;
    bool depth_write = true;
    bool alpha_blend = false;
    float depth_bias = 0.0f;   // constant factor; non-zero enables depth bias (shadow maps)
    bool color_output = true;  // false for depth-only passes
    const char* debug_name = "pipeline";
};

class Pipeline {
public:
    Pipeline(const VulkanContext& ctx, VkRenderPass pass, const PipelineDesc& desc);
    ~Pipeline();
    Pipeline(const Pipeline&) = delete;
    Pipeline& operator=(const Pipeline&) = delete;

    VkPipeline handle() const { return pipeline_; }
    VkPipelineLayout layout() const { return layout_; }

private:
    const VulkanContext& ctx_;
    VkPipelineLayout layout_ = VK_NULL_HANDLE;
    VkPipeline pipeline_ = VK_NULL_HANDLE;
};

VkShaderModule create_shader_module(const VulkanContext& ctx, std::span<const std::uint32_t> spirv);

}  // namespace vedette::render

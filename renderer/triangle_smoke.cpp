#include "renderer/triangle_smoke.h"

#include "renderer/vk/offscreen_target.h"
#include "renderer/vk/pipeline.h"
#include "renderer/vk/readback.h"

namespace vedette::render {

namespace {
const std::uint32_t kTriangleVert[] = {
#include "triangle.vert.spv.inc"
};
const std::uint32_t kTriangleFrag[] = {
#include "triangle.frag.spv.inc"
};
}  // namespace

RgbaImage render_triangle(const VulkanContext& ctx, std::uint32_t width, std::uint32_t height) {
    OffscreenTarget target(ctx, {width, height});
    PipelineDesc desc;
    desc.vertex_spirv = kTriangleVert;
    desc.fragment_spirv = kTriangleFrag;
    desc.depth_test = false;
    desc.debug_name = "triangle";
    Pipeline pipeline(ctx, target.render_pass(), desc);
    Readback readback(ctx, target.extent(), 1);

    const float clear[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    ctx.run_commands([&](VkCommandBuffer cmd) {
        target.begin(cmd, clear);
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline.handle());
        vkCmdDraw(cmd, 3, 1, 0, 0);
        target.end(cmd);
        readback.record_copy(cmd, target.color(), 0);
    });
    return readback.fetch(0);
}

}  // namespace vedette::render

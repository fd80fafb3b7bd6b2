#include "renderer/battlefield_pipelines.h"

#include <algorithm>
#include <array>
#include <cstddef>

#include "renderer/scene/figure_layout.h"
#include "renderer/scene/terrain_mesh.h"
#include "renderer/vk/vk_check.h"

namespace vedette::render {

namespace {
const std::uint32_t kTerrainVert[] = {
#include "terrain.vert.spv.inc"
};
const std::uint32_t kTerrainFrag[] = {
#include "terrain.frag.spv.inc"
};
const std::uint32_t kTerrainHexVert[] = {
#include "terrain_hex.vert.spv.inc"
};
const std::uint32_t kTerrainHexFrag[] = {
#include "terrain_hex.frag.spv.inc"
};
const std::uint32_t kContactShadowVert[] = {
#include "contact_shadow.vert.spv.inc"
};
const std::uint32_t kContactShadowFrag[] = {
#include "contact_shadow.frag.spv.inc"
};
const std::uint32_t kGroundBakeVert[] = {
#include "ground_bake.vert.spv.inc"
};
const std::uint32_t kGroundBakeFrag[] = {
#include "ground_bake.frag.spv.inc"
};
const std::uint32_t kFigureVert[] = {
#include "figure.vert.spv.inc"
};
const std::uint32_t kSceneFrag[] = {
#include "scene.frag.spv.inc"
};
const std::uint32_t kFigureFrag[] = {
#include "figure.frag.spv.inc"
};
const std::uint32_t kShadowVert[] = {
#include "shadow.vert.spv.inc"
};
const std::uint32_t kShadowFrag[] = {
#include "shadow.frag.spv.inc"
};
const std::uint32_t kSkyVert[] = {
#include "sky.vert.spv.inc"
};
const std::uint32_t kSkyFrag[] = {
#include "sky.frag.spv.inc"
};
}  // namespace

VkDescriptorSetLayout create_scene_set_layout(const VulkanContext& ctx) {
    VkDescriptorSetLayoutBinding b[5]{};
    b[0].binding = 0;
    b[0].descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
    b[0].descriptorCount = 1;
    b[0].stageFlags = VK_SHADER_STAGE_FRAGMENT_BIT;
    b[1].binding = 1;
    b[1].descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
    b[1].descriptorCount = 1;
    b[1].stageFlags =
        VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;  // terrain.vert too
    b[2].binding = 2;
    b[2].descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
    b[2].descriptorCount = 1;
    b[2].stageFlags = VK_SHADER_STAGE_FRAGMENT_BIT;
    for (std::uint32_t k : {3u, 4u}) {
        b[k].binding = k;
        b[k].descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
        b[k].descriptorCount = 1;
        b[k].stageFlags = VK_SHADER_STAGE_FRAGMENT_BIT;
    }
    VkDescriptorSetLayoutCreateInfo ci{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    ci.bindingCount = 5;
    ci.pBindings = b;
    VkDescriptorSetLayout layout = VK_NULL_HANDLE;
    VK_CHECK(vkCreateDescriptorSetLayout(ctx.device(), &ci, nullptr, &layout));
    return layout;
}

// A unit box in table-local coordinates: x right, y forward, z up; [-0.5, 0.5]^2 x [0, 1].
std::vector<MeshVertex> unit_box() {
    std::vector<MeshVertex> v;
    auto quad = [&](glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d, glm::vec3 n) {
        for (const glm::vec3& p : {a, b, c, a, c, d})
            v.push_back({p.x, p.y, p.z, n.x, n.y, n.z, 1, 1, 1});
    };
    const float h = 0.5f;
    quad({-h, -h, 1}, {h, -h, 1}, {h, h, 1}, {-h, h, 1}, {0, 0, 1});     // top
    quad({-h, h, 0}, {h, h, 0}, {h, -h, 0}, {-h, -h, 0}, {0, 0, -1});    // bottom
    quad({-h, h, 0}, {-h, h, 1}, {h, h, 1}, {h, h, 0}, {0, 1, 0});       // front
    quad({h, -h, 0}, {h, -h, 1}, {-h, -h, 1}, {-h, -h, 0}, {0, -1, 0});  // back
    quad({h, h, 0}, {h, h, 1}, {h, -h, 1}, {h, -h, 0}, {1, 0, 0});       // right
    quad({-h, -h, 0}, {-h, -h, 1}, {-h, h, 1}, {-h, h, 0}, {-1, 0, 0});  // left
    return v;
}

// A puff of smoke: a once-subdivided octahedron (a rough ball) in the unit box's space, x and y
// in [-0.5, 0.5], z in [0, 1], faces counter-clockwise seen from outside.
std::vector<MeshVertex> unit_puff() {
    const glm::vec3 axes[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    const int faces[8][3] = {{0, 2, 4}, {2, 1, 4}, {1, 3, 4}, {3, 0, 4},
                             {2, 0, 5}, {1, 2, 5}, {3, 1, 5}, {0, 3, 5}};
    std::vector<MeshVertex> v;
    auto emit = [&](glm::vec3 p) {
        const glm::vec3 n = glm::normalize(p);
        v.push_back({n.x * 0.5f, n.y * 0.5f, n.z * 0.5f + 0.5f, n.x, n.y, n.z, 1, 1, 1});
    };
    for (const auto& f : faces) {
        const glm::vec3 a = axes[f[0]], b = axes[f[1]], c = axes[f[2]];
        const glm::vec3 ab = glm::normalize(a + b), bc = glm::normalize(b + c),
                        ca = glm::normalize(c + a);
        for (const auto& tri : {std::array{a, ab, ca}, std::array{ab, b, bc}, std::array{ca, bc, c},
                                std::array{ab, bc, ca}})
            for (const auto& p : tri) emit(p);
    }
    return v;
}

PipelineDesc terrain_desc(VkDescriptorSetLayout set_layout, bool hex_board) {
    PipelineDesc d;
    d.set_layouts = {set_layout};
    d.vertex_spirv = hex_board ? std::span<const std::uint32_t>(kTerrainHexVert)
                               : std::span<const std::uint32_t>(kTerrainVert);
    d.fragment_spirv = hex_board ? std::span<const std::uint32_t>(kTerrainHexFrag)
                                 : std::span<const std::uint32_t>(kTerrainFrag);
    d.bindings = {{0, sizeof(TerrainVertex), VK_VERTEX_INPUT_RATE_VERTEX}};
    // The frame's ground reads only the position: the rest is in the ground texture.
    d.attributes = {{0, 0, VK_FORMAT_R32G32B32_SFLOAT, offsetof(TerrainVertex, px)}};
    d.push_constants = {
        {VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(PushConstants)}};
    d.cull = VK_CULL_MODE_NONE;
    d.debug_name = "terrain";
    return d;
}

PipelineDesc ground_bake_desc(VkDescriptorSetLayout set_layout) {
    PipelineDesc d = terrain_desc(set_layout, false);
    d.vertex_spirv = kGroundBakeVert;
    d.fragment_spirv = kGroundBakeFrag;
    d.attributes = {{0, 0, VK_FORMAT_R32G32B32_SFLOAT, offsetof(TerrainVertex, px)},
                    {1, 0, VK_FORMAT_R32G32B32_SFLOAT, offsetof(TerrainVertex, nx)},
                    {2, 0, VK_FORMAT_R32G32B32_SFLOAT, offsetof(TerrainVertex, r)},
                    {3, 0, VK_FORMAT_R32G32B32A32_SFLOAT, offsetof(TerrainVertex, water)}};
    d.depth_test = false;  // the ground seen from straight above: nothing hides anything
    d.depth_write = false;
    d.debug_name = "ground bake";
    return d;
}

PipelineDesc figure_desc(VkDescriptorSetLayout set_layout) {
    PipelineDesc d;
    d.set_layouts = {set_layout};
    d.vertex_spirv = kFigureVert;
    d.fragment_spirv = kFigureFrag;
    d.bindings = {{0, sizeof(MeshVertex), VK_VERTEX_INPUT_RATE_VERTEX},
                  {1, sizeof(Instance), VK_VERTEX_INPUT_RATE_INSTANCE}};
    d.attributes = {{0, 0, VK_FORMAT_R32G32B32_SFLOAT, offsetof(MeshVertex, px)},
                    {1, 0, VK_FORMAT_R32G32B32_SFLOAT, offsetof(MeshVertex, nx)},
                    {5, 0, VK_FORMAT_R32G32B32A32_SFLOAT, offsetof(MeshVertex, r)},
                    {8, 0, VK_FORMAT_R32G32B32_SFLOAT, offsetof(MeshVertex, paint)},
                    {2, 1, VK_FORMAT_R32G32B32A32_SFLOAT, offsetof(Instance, x)},
                    {3, 1, VK_FORMAT_R32G32B32A32_SFLOAT, offsetof(Instance, sx)},
                    {4, 1, VK_FORMAT_R32G32B32A32_SFLOAT, offsetof(Instance, r)},
                    {6, 1, VK_FORMAT_R32G32B32A32_SFLOAT, offsetof(Instance, gait)},
                    {7, 1, VK_FORMAT_R32G32B32A32_UINT, offsetof(Instance, paints)}};
    d.push_constants = {
        {VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(PushConstants)}};
    // Figures are closed meshes with outward counter-clockwise faces: skip their far sides. (The
    // projection's y flip and Vulkan's y-down framebuffer cancel out, so front faces stay
    // counter-clockwise.)
    d.cull = VK_CULL_MODE_BACK_BIT;
    d.front_face = VK_FRONT_FACE_COUNTER_CLOCKWISE;
    d.debug_name = "figures";
    return d;
}

// Bases, markers and smoke: placed like figures, but shaded with the shadows falling on them.
PipelineDesc base_desc(VkDescriptorSetLayout set_layout) {
    PipelineDesc d = figure_desc(set_layout);
    d.fragment_spirv = kSceneFrag;
    d.debug_name = "bases";
    return d;
}

// The miniature look's contact shadows under the bases: blended over the ground, hidden by what
// stands in front, leaving the depth as it was.
PipelineDesc contact_shadow_desc(VkDescriptorSetLayout set_layout) {
    PipelineDesc d = figure_desc(set_layout);
    d.vertex_spirv = kContactShadowVert;
    d.fragment_spirv = kContactShadowFrag;
    std::erase_if(d.attributes, [](const VkVertexInputAttributeDescription& a) {
        return a.location != 0 && a.location != 2 && a.location != 3;
    });
    d.alpha_blend = true;
    d.depth_write = false;
    d.cull = VK_CULL_MODE_NONE;
    d.debug_name = "contact shadows";
    return d;
}

// Figures and scenery seen from the sun, depth only.
PipelineDesc shadow_desc(VkDescriptorSetLayout set_layout) {
    PipelineDesc d = figure_desc(set_layout);
    d.vertex_spirv = kShadowVert;
    d.fragment_spirv = kShadowFrag;
    // Only the position and the instance placement are read.
    std::erase_if(d.attributes, [](const VkVertexInputAttributeDescription& a) {
        return a.location != 0 && a.location != 2 && a.location != 3;
    });
    d.color_output = false;
    d.cull = VK_CULL_MODE_NONE;
    d.depth_bias = 1.25f;
    d.debug_name = "shadow";
    return d;
}

// The sky: a grid of quads over the screen at the far plane (sky.vert), drawn last so that only
// pixels nothing else covered (depth still 1) are shaded.
PipelineDesc sky_desc(VkDescriptorSetLayout set_layout) {
    PipelineDesc d;
    d.set_layouts = {set_layout};
    d.vertex_spirv = kSkyVert;
    d.fragment_spirv = kSkyFrag;
    d.push_constants = {
        {VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(PushConstants)}};
    d.depth_test = true;
    d.depth_write = false;
    d.debug_name = "sky";
    return d;
}

}  // namespace vedette::render

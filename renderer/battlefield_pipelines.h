#pragma once
// What the battlefield renderer draws with: the embedded shaders, the push constants and scene
// uniforms they share, the pipeline descriptions (terrain, figures, bases, shadow pass, sky), the
// scene descriptor set layout and the procedural meshes (a unit box, a puff of smoke).

#include <vector>

#include <glm/glm.hpp>

#include "renderer/assets/gltf_model.h"
#include "renderer/vk/pipeline.h"

namespace vedette::render {

constexpr std::uint32_t kShadowMapSize = 1024;  // about 2 mm a texel on a 6 x 4 ft table

// Towards the sun (world axes: x right, y up, z towards the near edge of the table).
inline const glm::vec3 kSunDirection = glm::normalize(glm::vec3(-0.4f, 0.85f, 0.35f));

// Matches `pc` in shaders/scene_common.glsl.
struct PushConstants {
    glm::mat4 view_proj;
    glm::vec4 sun_dir;
    glm::vec4 eye_fog;
};

// Matches SceneUniforms in shaders/scene_lighting.glsl.
struct SceneUniforms {
    glm::mat4 light_view_proj;
    glm::mat4 inv_view_proj;
    glm::vec4 shadow_texel;
    glm::vec4 hex_grid;  // shaders/hex_board.glsl
    glm::vec4 hex_cells;
    glm::vec4 hex_style;
};

using MeshVertex = ModelVertex;

// Set 0 of every scene pipeline: the shadow map (binding 0), the scene uniforms (binding 1) and
// the hex board's per-hex texels (binding 2).
VkDescriptorSetLayout create_scene_set_layout(const VulkanContext& ctx);

PipelineDesc terrain_desc(VkDescriptorSetLayout set_layout);
PipelineDesc figure_desc(VkDescriptorSetLayout set_layout);
PipelineDesc base_desc(VkDescriptorSetLayout set_layout);
PipelineDesc shadow_desc(VkDescriptorSetLayout set_layout);
PipelineDesc sky_desc(VkDescriptorSetLayout set_layout);

// A unit box in table-local coordinates: x right, y forward, z up; [-0.5, 0.5]^2 x [0, 1].
std::vector<MeshVertex> unit_box();
// A puff of smoke in the same box: a once-subdivided octahedron.
std::vector<MeshVertex> unit_puff();

}  // namespace vedette::render

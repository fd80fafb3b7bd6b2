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
// The trees' and houses' shadows, drawn once: finer, since they are drawn only once.
constexpr std::uint32_t kStaticShadowMapSize = 2048;
// The ground texture (the ground painted and lit once): about a millimetre a texel on a
// 6 x 4 ft table, at most kGroundTextureSide a side.
constexpr std::uint32_t kGroundTextureSide = 2048;

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
    glm::vec4 table;  // width, depth (mm), 1 / width, 1 / depth: the ground texture's coordinates
    glm::vec4 ground_texel;  // 1 / the ground texture's width and height
};

using MeshVertex = ModelVertex;

// Set 0 of every scene pipeline: the moving casters' shadow map (binding 0), the scene uniforms
// (binding 1), the hex board's per-hex texels (binding 2), the trees' and houses' shadow map
// (binding 3) and the ground texture (binding 4), both drawn once (battlefield_static.cpp).
VkDescriptorSetLayout create_scene_set_layout(const VulkanContext& ctx);

// The ground; `hex_board`: with the hex grid and its tints drawn on it (hex_board.glsl).
PipelineDesc terrain_desc(VkDescriptorSetLayout set_layout, bool hex_board);
// The ground painted into its texture, once (shaders/ground_bake.*).
PipelineDesc ground_bake_desc(VkDescriptorSetLayout set_layout);
PipelineDesc figure_desc(VkDescriptorSetLayout set_layout);
PipelineDesc base_desc(VkDescriptorSetLayout set_layout);
PipelineDesc contact_shadow_desc(VkDescriptorSetLayout set_layout);
PipelineDesc shadow_desc(VkDescriptorSetLayout set_layout);
PipelineDesc sky_desc(VkDescriptorSetLayout set_layout);
// The sky's grid of quads (shaders/sky.vert: 24 x 16, two triangles each).
inline constexpr std::uint32_t kSkyVertices = 24 * 16 * 6;

// A unit box in table-local coordinates: x right, y forward, z up; [-0.5, 0.5]^2 x [0, 1].
std::vector<MeshVertex> unit_box();
// A puff of smoke in the same box: a once-subdivided octahedron.
std::vector<MeshVertex> unit_puff();

}  // namespace vedette::render

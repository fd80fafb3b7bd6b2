// What the battlefield renderer sets up once for a board: the descriptor sets every scene
// pipeline reads, and what never moves drawn into images when the board is loaded, so that no
// frame draws it again: the shadows of trees and houses (the static shadow map, which the bases
// read beside the moving casters' map) and the ground painted, lit and shadowed (the ground
// texture, one texel read a pixel instead of the painting at every pixel of every frame).

#include <algorithm>
#include <cmath>

#include "renderer/battlefield_pipelines.h"
#include "renderer/battlefield_renderer.h"
#include "renderer/vk/vk_check.h"

namespace vedette::render {

VkExtent2D ground_texture_extent(const TerrainModel& terrain, bool with_map) {
    const float w = std::max(1.0f, terrain.width_mm()), d = std::max(1.0f, terrain.depth_mm());
    const float scale = static_cast<float>(kGroundTextureSide) / std::max(w, d);
    const auto side = [&](float mm) {
        return std::clamp(static_cast<std::uint32_t>(std::lround(mm * std::min(scale, 1.0f))), 1u,
                          kGroundTextureSide);
    };
    return {side(w) * (with_map ? 2u : 1u), side(d)};
}

glm::vec2 BattlefieldRenderer::ground_half(bool map) const {
    if (!hex_cells_.has_grid()) return {1.0f, 0.0f};
    return {0.5f, map ? 0.5f : 0.0f};
}

glm::vec4 BattlefieldRenderer::table_uniform() const {
    const float w = std::max(1.0f, terrain_.width_mm()), d = std::max(1.0f, terrain_.depth_mm());
    return {w, d, 1.0f / w, 1.0f / d};
}

void BattlefieldRenderer::create_descriptor_sets() {
    // One descriptor set per frame slot: the shadow maps, the ground texture and that slot's
    // uniforms and hex texels.
    VkDescriptorPoolSize sizes[3] = {{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 3 * kSlots},
                                     {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, kSlots},
                                     {VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, kSlots}};
    VkDescriptorPoolCreateInfo dpci{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    dpci.maxSets = kSlots;
    dpci.poolSizeCount = 3;
    dpci.pPoolSizes = sizes;
    VK_CHECK(vkCreateDescriptorPool(ctx_.device(), &dpci, nullptr, &descriptor_pool_));
    for (std::uint32_t slot = 0; slot < kSlots; ++slot) {
        uniforms_[slot] =
            Buffer(ctx_, sizeof(SceneUniforms), VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT,
                   VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                   "scene uniforms");
        VkDescriptorSetAllocateInfo dsai{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
        dsai.descriptorPool = descriptor_pool_;
        dsai.descriptorSetCount = 1;
        dsai.pSetLayouts = &scene_set_layout_;
        VK_CHECK(vkAllocateDescriptorSets(ctx_.device(), &dsai, &descriptor_sets_[slot]));
        const VkDescriptorImageInfo images[3] = {
            {shadow_->sampler(), shadow_->view(), VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL},
            {static_shadow_->sampler(), static_shadow_->view(),
             VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL},
            {ground_->sampler(), ground_->view(), VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL}};
        const VkDescriptorBufferInfo buffer{uniforms_[slot].handle(), 0, sizeof(SceneUniforms)};
        hex_texels_[slot] = TexelBuffer(ctx_, hex_cells_.bytes() / 4, "hex board texels");
        const std::vector<std::uint8_t> texels = hex_cells_.texels({});
        hex_texels_[slot].write(texels.data(), texels.size());
        const VkBufferView hex_view = hex_texels_[slot].view();
        VkWriteDescriptorSet w[5]{};
        const std::uint32_t image_bindings[3] = {0, 3, 4};
        for (std::uint32_t k = 0; k < 5; ++k) {
            w[k].sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
            w[k].dstSet = descriptor_sets_[slot];
            w[k].descriptorCount = 1;
        }
        for (std::uint32_t k = 0; k < 3; ++k) {
            w[k].dstBinding = image_bindings[k];
            w[k].descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
            w[k].pImageInfo = &images[k];
        }
        w[3].dstBinding = 1;
        w[3].descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
        w[3].pBufferInfo = &buffer;
        w[4].dstBinding = 2;
        w[4].descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
        w[4].pTexelBufferView = &hex_view;
        vkUpdateDescriptorSets(ctx_.device(), 5, w, 0, nullptr);
    }
}

void BattlefieldRenderer::bake_static_scene() {
    // The scenery alone, standing on the ground, in slot 0's instance buffer.
    FrameDraws scenery;
    scenery.batches = stand_on_table(SceneState{});
    const std::size_t meshes = scenery.batches.by_mesh.size();
    scenery.far.resize(meshes), scenery.mid.resize(meshes);
    scenery.ranges.resize(meshes), scenery.far_ranges.resize(meshes);
    scenery.mid_ranges.resize(meshes);
    upload_instances(scenery, 0);
    // The uniforms the bake reads: the sun's view (the static map) and the table.
    SceneUniforms su{};
    su.light_view_proj = light_view_proj_;
    su.table = table_uniform();
    uniforms_[0].upload(&su, sizeof su);
    // Table millimetres (world x, -z) straight onto the texture (or its half: ground_half): x
    // 0..width to -1..1, y 0..depth to -1..1 (the texture's first row is the table's y = 0, as
    // terrain.frag reads it). eye_fog.w: 1 paints the printed map.
    const glm::vec4 t = table_uniform();
    const auto above = [&](bool map) {
        const glm::vec2 half = ground_half(map);
        glm::mat4 top(0.0f);
        top[0][0] = 2.0f * t.z * half.x;
        top[2][1] = -2.0f * t.w;
        top[3] = glm::vec4(-1.0f + 2.0f * half.y, -1.0f, 0.5f, 1.0f);
        return PushConstants{top, glm::vec4(kSunDirection, 0.0f),
                             glm::vec4(0.0f, 0.0f, 0.0f, map ? 1.0f : 0.0f)};
    };
    const Pipeline bake(ctx_, ground_->render_pass(), ground_bake_desc(scene_set_layout_));
    ctx_.run_commands([&](VkCommandBuffer cmd) {
        draw_casters(cmd, *static_shadow_, scenery, NearDraw::static_shadow);
        ground_->begin(cmd);
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, bake.handle());
        vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, bake.layout(), 0, 1,
                                &descriptor_sets_[0], 0, nullptr);
        const VkDeviceSize offset = 0;
        const VkBuffer vertices = terrain_vertices_.handle();
        vkCmdBindVertexBuffers(cmd, 0, 1, &vertices, &offset);
        vkCmdBindIndexBuffer(cmd, terrain_indices_.handle(), 0, VK_INDEX_TYPE_UINT32);
        for (const bool map : {false, true}) {
            if (map && !hex_cells_.has_grid()) break;
            const PushConstants pc = above(map);
            vkCmdPushConstants(cmd, bake.layout(),
                               VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                               sizeof pc, &pc);
            vkCmdDrawIndexed(cmd, static_cast<std::uint32_t>(terrain_.indices.size()), 1, 0, 0, 0);
        }
        ground_->end(cmd);
    });
}

}  // namespace vedette::render

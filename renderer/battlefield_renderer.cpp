#include "renderer/battlefield_renderer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>
#include <numeric>
#include <unordered_map>

#include <glm/gtc/matrix_transform.hpp>

#include "renderer/battlefield_pipelines.h"
#include "renderer/scene/scenery_layout.h"
#include "renderer/vk/frame.h"
#include "renderer/vk/vk_check.h"

namespace vedette::render {

namespace {
constexpr VkMemoryPropertyFlags kHostMemory =
    VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;

// How far past a base's edge a tree's trunk still counts as on it: a canopy's radius (a
// 45 mm tree at its largest), so no canopy hangs over a base.
constexpr float kTreeReachMm = 14.0f;

// Trees and houses: they never move, so their shadows are drawn once (battlefield_static.cpp).
bool is_scenery(std::size_t mesh) {
    return mesh == mesh_id(MeshKind::tree) || mesh == mesh_id(MeshKind::tree_b) ||
           mesh == mesh_id(MeshKind::house);
}
}  // namespace

BattlefieldRenderer::BattlefieldRenderer(const VulkanContext& ctx, VkExtent2D extent,
                                         const ReplayScene& scene, const std::string& models,
                                         const std::string& visuals)
    : ctx_(ctx),
      visuals_(load_visuals(visuals.empty() ? default_visuals_file() : visuals)),
      target_(std::make_unique<OffscreenTarget>(ctx, extent)),
      terrain_(scene.replay.header.board.terrain, scene.replay.header.board.hex, visuals_),
      hex_cells_(scene.replay.header.board.hex),
      scenery_(layout_scenery(scene.replay.header.board.terrain)),
      scene_set_layout_(create_scene_set_layout(ctx)),
      shadow_(std::make_unique<ShadowMap>(ctx, kShadowMapSize)),
      static_shadow_(std::make_unique<ShadowMap>(ctx, kStaticShadowMapSize)),
      ground_(std::make_unique<TextureTarget>(
          ctx, ground_texture_extent(terrain_, hex_cells_.has_grid()), "ground texture")),
      terrain_pipeline_(ctx, target_->render_pass(),
                        terrain_desc(scene_set_layout_, hex_cells_.has_grid())),
      figure_pipeline_(ctx, target_->render_pass(), figure_desc(scene_set_layout_)),
      base_pipeline_(ctx, target_->render_pass(), base_desc(scene_set_layout_)),
      shadow_pipeline_(ctx, shadow_->render_pass(), shadow_desc(scene_set_layout_)),
      sky_pipeline_(ctx, target_->render_pass(), sky_desc(scene_set_layout_)),
      readback_(std::make_unique<Readback>(ctx, extent, kSlots)) {
    for (std::uint32_t i = 0; i < kSlots; ++i)
        frames_.push_back(std::make_unique<CommandSlot>(ctx, "battlefield frame"));
    create_descriptor_sets();
    // The sun looks at the middle of the table from far enough to see all of it.
    {
        const float tw = static_cast<float>(scene.replay.header.board.terrain.width_mm),
                    td = static_cast<float>(scene.replay.header.board.terrain.depth_mm);
        const glm::vec3 centre(tw / 2, 0, -td / 2);
        const float r = 0.5f * std::sqrt(tw * tw + td * td) + 80.0f;
        const glm::vec3 eye = centre + kSunDirection * (r + 400.0f);
        light_view_proj_ = glm::ortho(-r, r, -r, r, 10.0f, 2.0f * r + 800.0f) *
                           glm::lookAt(eye, centre, glm::vec3(0, 1, 0));
    }
    terrain_vertices_ = Buffer(ctx, terrain_.vertices.size() * sizeof(TerrainVertex),
                               VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, kHostMemory, "terrain vertices");
    terrain_vertices_.upload(terrain_.vertices.data(),
                             terrain_.vertices.size() * sizeof(TerrainVertex));
    terrain_indices_ = Buffer(ctx, terrain_.indices.size() * sizeof(std::uint32_t),
                              VK_BUFFER_USAGE_INDEX_BUFFER_BIT, kHostMemory, "terrain indices");
    terrain_indices_.upload(terrain_.indices.data(),
                            terrain_.indices.size() * sizeof(std::uint32_t));
    terrain_draw_indices_ =
        Buffer(ctx, terrain_.draw_indices.size() * sizeof(std::uint32_t),
               VK_BUFFER_USAGE_INDEX_BUFFER_BIT, kHostMemory, "terrain draw indices");
    terrain_draw_indices_.upload(terrain_.draw_indices.data(),
                                 terrain_.draw_indices.size() * sizeof(std::uint32_t));
    const auto box = unit_box();
    box_vertices_ = Buffer(ctx, box.size() * sizeof(MeshVertex), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
                           kHostMemory, "box mesh");
    box_vertices_.upload(box.data(), box.size() * sizeof(MeshVertex));
    const auto puff = unit_puff();
    puff_vertex_count_ = static_cast<std::uint32_t>(puff.size());
    puff_vertices_ = Buffer(ctx, puff.size() * sizeof(MeshVertex),
                            VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, kHostMemory, "smoke mesh");
    puff_vertices_.upload(puff.data(), puff.size() * sizeof(MeshVertex));
    // The renderer's own kinds and the figure models this scene's units draw are read now; the
    // figure models of a visuals file's other entries (troop types of other battles) only if a
    // frame draws them (read_models_drawn).
    models_ =
        std::make_unique<ModelLoader>(models.empty() ? default_models_file() : models, visuals_);
    const std::size_t slots = visuals_.mesh_count();
    near_meshes_.resize(slots), mid_meshes_.resize(slots), far_meshes_.resize(slots);
    model_heights_.resize(slots), model_read_.resize(slots, false);
    const std::vector<bool> drawn = figure_models_drawn(visuals_, scene.replay.header.units);
    std::vector<MeshId> first;
    for (MeshId m = static_cast<MeshId>(kFirstModelKind); m < kFixedMeshes; ++m) first.push_back(m);
    for (std::size_t i = 0; i < models_->figure_models(); ++i) {
        if (i < drawn.size() && drawn[i])
            first.push_back(kFixedMeshes + i);
        else
            models_->check_figure_kind(i);  // a kind no mapping names is refused all the same
    }
    read_models(first);
    bake_static_scene();
}

namespace {

// A triangle list as indexed vertices: identical vertices shared, so each is shaded once per
// instance (lavapipe's cost is vertices), numbered in the order they first appear. Equal vertices
// are found by sorting their numbers: 12 bytes a vertex besides the output, where a map of the
// vertices took about 110 (450 MB for a model of 4,000,000).
struct Indexed {
    std::vector<ModelVertex> unique;
    std::vector<std::uint32_t> indices;
};

// A float as an unsigned number in the same order, so that two vertices are equal when all their
// numbers are (-0 equal to 0, and every NaN alike, so the order is total).
std::uint32_t sort_key(float f) {
    if (f == 0.0f) f = 0.0f;
    if (std::isnan(f)) f = std::numeric_limits<float>::quiet_NaN();
    std::uint32_t bits = 0;
    std::memcpy(&bits, &f, sizeof bits);
    return (bits & 0x80000000u) != 0 ? ~bits : bits | 0x80000000u;
}

// -1, 0 or 1 as vertex a's numbers come before, equal or after b's.
int compare_vertices(const ModelVertex& a, const ModelVertex& b) {
    static_assert(sizeof(ModelVertex) == 13 * sizeof(float), "13 floats, nothing else");
    float x[13], y[13];
    std::memcpy(x, &a, sizeof x);
    std::memcpy(y, &b, sizeof y);
    for (int i = 0; i < 13; ++i) {
        const std::uint32_t p = sort_key(x[i]), q = sort_key(y[i]);
        if (p != q) return p < q ? -1 : 1;
    }
    return 0;
}

Indexed indexed(const std::vector<ModelVertex>& vertices) {
    const auto n = static_cast<std::uint32_t>(vertices.size());
    const auto compare = [&](std::uint32_t a, std::uint32_t b) {
        return compare_vertices(vertices[a], vertices[b]);
    };
    std::vector<std::uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    // Equal vertices in the order they appear, so each run starts with the first of them.
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        const int c = compare(a, b);
        return c != 0 ? c < 0 : a < b;
    });
    std::vector<std::uint32_t> first(n);  // the first vertex equal to each
    std::uint32_t count = 0;
    for (std::uint32_t s = 0, e = 0; s < n; s = e, ++count)
        for (e = s; e < n && compare(order[s], order[e]) == 0; ++e) first[order[e]] = order[s];
    Indexed out;
    out.unique.reserve(count);
    out.indices.resize(n);
    // `order` now numbers the first vertices (first[i] <= i: numbered before it is needed).
    for (std::uint32_t i = 0; i < n; ++i) {
        if (first[i] == i) {
            order[i] = static_cast<std::uint32_t>(out.unique.size());
            out.unique.push_back(vertices[i]);
        }
        out.indices[i] = order[first[i]];
    }
    return out;
}

}  // namespace

void BattlefieldRenderer::upload_indexed(const std::vector<ModelVertex>& vertices,
                                         IndexedMesh& out) {
    const Indexed mesh = indexed(vertices);
    out.count = static_cast<std::uint32_t>(mesh.indices.size());
    if (mesh.indices.empty()) return;
    out.vertices = Buffer(ctx_, mesh.unique.size() * sizeof(ModelVertex),
                          VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, kHostMemory, "model");
    out.vertices.upload(mesh.unique.data(), mesh.unique.size() * sizeof(ModelVertex));
    out.indices = Buffer(ctx_, mesh.indices.size() * sizeof(std::uint32_t),
                         VK_BUFFER_USAGE_INDEX_BUFFER_BIT, kHostMemory, "model indices");
    out.indices.upload(mesh.indices.data(), mesh.indices.size() * sizeof(std::uint32_t));
}

// Reads the models of mesh slots `slots` and uploads them. They are all read before any is
// uploaded, so a file two kinds share is read once, and each is let go of once uploaded.
void BattlefieldRenderer::read_models(const std::vector<MeshId>& slots) {
    std::vector<ModelMesh> read;
    read.reserve(slots.size());
    try {
        for (const MeshId m : slots)
            read.push_back(m < kFixedMeshes ? models_->fixed_kind(m)
                                            : models_->figure_model(m - kFixedMeshes));
    } catch (...) {
        models_->forget_files();
        throw;
    }
    models_->forget_files();  // the files' own copies go before the models are indexed
    for (std::size_t i = 0; i < slots.size(); ++i) {
        set_model(slots[i], read[i]);
        read[i] = {};  // uploaded: its memory goes before the next one is indexed
    }
}

// A frame may draw a figure model the scene's roster does not (a SceneState of a test's or a
// tool's own, a unit whose visual the roster does not give): it is read before the frame is
// recorded, so every mesh a frame draws has its buffers.
void BattlefieldRenderer::read_models_drawn(const InstanceBatches& batches) {
    std::vector<MeshId> missing;
    for (MeshId m = kFixedMeshes; m < batches.by_mesh.size() && m < model_read_.size(); ++m)
        if (!batches.by_mesh[m].empty() && !model_read_[m]) missing.push_back(m);
    if (!missing.empty()) read_models(missing);
}

void BattlefieldRenderer::set_model(MeshId k, const ModelMesh& mesh) {
    model_read_[k] = true;
    upload_indexed(mesh.vertices, near_meshes_[k]);
    upload_indexed(mesh.far_vertices, mid_meshes_[k]);

    // The far version: the model's bounding block in the model's average colour.
    float lo[3] = {1e30f, 1e30f, 1e30f}, hi[3] = {-1e30f, -1e30f, -1e30f};
    float average[3] = {0, 0, 0};
    for (const auto& v : mesh.vertices) {
        const float p[3] = {v.px, v.py, v.pz};
        for (int c = 0; c < 3; ++c) lo[c] = std::min(lo[c], p[c]), hi[c] = std::max(hi[c], p[c]);
        average[0] += v.r, average[1] += v.g, average[2] += v.b;
    }
    for (float& a : average) a /= float(std::max<std::size_t>(1, mesh.vertices.size()));
    auto block = unit_box();
    for (auto& v : block) {
        v.r = average[0], v.g = average[1], v.b = average[2];
        v.px = lo[0] + (v.px + 0.5f) * (hi[0] - lo[0]);
        v.py = lo[1] + (v.py + 0.5f) * (hi[1] - lo[1]);
        v.pz = lo[2] + v.pz * (hi[2] - lo[2]);
    }
    far_meshes_[k] = Buffer(ctx_, block.size() * sizeof(ModelVertex),
                            VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, kHostMemory, "far model");
    far_meshes_[k].upload(block.data(), block.size() * sizeof(ModelVertex));
    model_heights_[k] = hi[2] - lo[2];
}

BattlefieldRenderer::~BattlefieldRenderer() {
    vkDeviceWaitIdle(ctx_.device());
    vkDestroyDescriptorPool(ctx_.device(), descriptor_pool_, nullptr);
    vkDestroyDescriptorSetLayout(ctx_.device(), scene_set_layout_, nullptr);
    for (auto& f : frames_) f->settle();
}

void BattlefieldRenderer::resize(VkExtent2D extent) {
    VK_CHECK(vkDeviceWaitIdle(ctx_.device()));
    for (auto& f : frames_) f->settle();
    // The pipelines stay: a new target's render pass has the same formats, so it is compatible.
    target_ = std::make_unique<OffscreenTarget>(ctx_, extent);
    readback_ = std::make_unique<Readback>(ctx_, extent, kSlots);
}

void BattlefieldRenderer::submit(const SceneState& state, const Camera& camera, std::uint32_t slot,
                                 VkRect2D viewport, const AfterScene& after) {
    // The slot's previous frame must be done first (begin waits for it).
    VkCommandBuffer cmd = frames_[slot]->begin();
    record(cmd, state, camera, slot, viewport);
    if (after) after(cmd);
    readback_->record_copy(cmd, target_->color(), slot);
    frames_[slot]->submit();
}

const std::uint8_t* BattlefieldRenderer::fetch(std::uint32_t slot) {
    frames_[slot]->wait();
    return readback_->data(slot);
}

// One frame: place the instances and upload them with the uniforms, then record the passes in
// the order they depend on each other (the shadow map before the scene that samples it; the sky
// last, so it shades only what nothing else covered).
void BattlefieldRenderer::record(VkCommandBuffer cmd, const SceneState& state, const Camera& camera,
                                 std::uint32_t slot, VkRect2D viewport) {
    FrameDraws frame;
    frame.batches = stand_on_table(state);
    read_models_drawn(frame.batches);
    const std::size_t meshes = frame.batches.by_mesh.size();  // fixed kinds, then figure models
    frame.far.resize(meshes), frame.ranges.resize(meshes), frame.far_ranges.resize(meshes);
    frame.mid.resize(meshes), frame.mid_ranges.resize(meshes);
    split_far_figures(frame, camera, viewport);
    if (look_ == Look::miniature && !state.counters)
        for (Instance shadow : footprint_bases(frame.batches.by_mesh[mesh_id(MeshKind::base)])) {
            shadow.sx += 10, shadow.sy += 10, shadow.sz = 0.1f, shadow.z += 0.15f;
            frame.contact.push_back(shadow);
        }
    upload_instances(frame, slot);
    upload_uniforms(state, camera, slot);
    frame.pc = PushConstants{camera.view_proj, glm::vec4(kSunDirection, 0.0f),
                             glm::vec4(camera.eye, 1.0f / 6000.0f)};

    record_shadow_pass(cmd, frame);
    begin_scene(cmd, viewport);
    record_terrain_pass(cmd, frame, slot);
    record_contact_shadows(cmd, frame);
    record_box_pass(cmd, frame);
    record_model_pass(cmd, frame);
    record_sky_pass(cmd, frame, camera);
    target_->end(cmd);
}

InstanceBatches BattlefieldRenderer::stand_on_table(const SceneState& state) {
    InstanceBatches batches = layout_figures(state, visuals_);
    last_figures_ = batches.figures;
    // The scenery stands on the ground like everything without a base (heights added below);
    // the counters view's map draws woods and villages as a map does, not as trees and houses.
    // Trees on a unit's base are lifted off it.
    const auto& bases = batches.by_mesh[mesh_id(MeshKind::base)];
    for (std::size_t m = 0; m < scenery_.by_mesh.size(); ++m) {
        if (state.counters && is_scenery(m)) continue;
        const bool tree = m == mesh_id(MeshKind::tree) || m == mesh_id(MeshKind::tree_b);
        const std::vector<Instance> kept =
            tree ? trees_clear_of_bases(scenery_.by_mesh[m], bases, kTreeReachMm)
                 : scenery_.by_mesh[m];
        batches.by_mesh[m].insert(batches.by_mesh[m].end(), kept.begin(), kept.end());
    }
    // Bases lie on the highest ground under them (never buried in a slope); a unit's figures
    // stand on its base; everything else on the ground where it is.
    std::unordered_map<int, float> base_height;
    for (auto& inst : batches.by_mesh[static_cast<std::size_t>(MeshKind::base)]) {
        float h = terrain_.height(inst.x, inst.y);
        const float s = std::sin(inst.yaw), c = std::cos(inst.yaw);
        for (float fx : {-0.5f, -0.25f, 0.0f, 0.25f, 0.5f})
            for (float fy : {-0.5f, 0.0f, 0.5f}) {
                const float lx = fx * inst.sx, ly = fy * inst.sy;
                h = std::max(h,
                             terrain_.height(inst.x + c * lx + s * ly, inst.y - s * lx + c * ly));
            }
        // A base's flocked top lies at its edge's height.
        inst.z += base_height.emplace(int(inst.unit), h).first->second;
    }
    for (std::size_t m = 0; m < batches.by_mesh.size(); ++m) {
        if (m == static_cast<std::size_t>(MeshKind::base)) continue;
        for (auto& inst : batches.by_mesh[m]) {
            const auto it = base_height.find(int(inst.unit));
            inst.z += inst.unit > 0 && it != base_height.end() ? it->second
                                                               : terrain_.height(inst.x, inst.y);
        }
    }
    return batches;
}

// Figures under about 10 pixels tall are drawn as blocks (12 triangles instead of a model), and
// those under kMidLevelPx with their far_model where the mapping gives one.
void BattlefieldRenderer::split_far_figures(FrameDraws& frame, const Camera& camera,
                                            VkRect2D viewport) const {
    const float half_height_px =
        float(viewport.extent.height > 0 ? viewport.extent.height : target_->extent().height) /
        2.0f;
    for (MeshId k = kFirstModelKind; k < frame.batches.by_mesh.size(); ++k) {
        auto& near = frame.batches.by_mesh[k];
        const float h = model_heights_[k];
        std::vector<Instance> keep;
        keep.reserve(near.size());
        for (const auto& inst : near) {
            const glm::vec3 p(inst.x, inst.z, -inst.y);
            const float d = std::max(1.0f, glm::length(p - camera.eye));
            const float px = h * camera.focal * half_height_px / d;
            const bool mid = px < kMidLevelPx && mid_meshes_[k].count > 0;
            (px < 10.0f ? frame.far[k] : mid ? frame.mid[k] : keep).push_back(inst);
        }
        near.swap(keep);
    }
}

// Each mesh's near instances, then its far ones, one after the other in the slot's buffer.
void BattlefieldRenderer::upload_instances(FrameDraws& frame, std::uint32_t slot) {
    std::size_t total = 0;
    for (std::size_t m = 0; m < frame.batches.by_mesh.size(); ++m)
        total += frame.batches.by_mesh[m].size() + frame.far[m].size() + frame.mid[m].size();
    total += frame.contact.size();
    Buffer& instances = instances_[slot];
    if (total > instance_capacity_[slot]) {
        vkDeviceWaitIdle(ctx_.device());
        instance_capacity_[slot] = std::max<std::size_t>(total, 1024) * 2;
        instances = Buffer(ctx_, instance_capacity_[slot] * sizeof(Instance),
                           VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, kHostMemory, "instances");
    }
    frame.instances = instances.handle();
    std::size_t offset = 0;
    auto put = [&](const std::vector<Instance>& batch) {
        if (!batch.empty())
            instances.upload(batch.data(), batch.size() * sizeof(Instance),
                             offset * sizeof(Instance));
        const FrameDraws::Range range{offset, batch.size()};
        offset += batch.size();
        return range;
    };
    for (std::size_t m = 0; m < frame.batches.by_mesh.size(); ++m) {
        frame.ranges[m] = put(frame.batches.by_mesh[m]);
        frame.far_ranges[m] = put(frame.far[m]);
        frame.mid_ranges[m] = put(frame.mid[m]);
    }
    frame.contact_range = put(frame.contact);
}

void BattlefieldRenderer::upload_uniforms(const SceneState& state, const Camera& camera,
                                          std::uint32_t slot) {
    const auto grid = hex_cells_.grid_uniform(), cells = hex_cells_.cells_uniform();
    // Hex edges: the ground colour times visuals.json's hex_edge, about 1.5 pixels wide.
    const SceneUniforms su{
        light_view_proj_,
        glm::inverse(camera.view_proj),
        glm::vec4(1.0f / float(kShadowMapSize), state.counters ? 1 : 0, 0, 0),
        glm::vec4(grid[0], grid[1], grid[2], grid[3]),
        glm::vec4(cells[0], cells[1], cells[2], cells[3]),
        glm::vec4(visuals_.hex_edge, 0.75f, 0, 0),
        table_uniform(),
        glm::vec4(1.0f / float(ground_->extent().width), 1.0f / float(ground_->extent().height),
                  ground_half(state.counters))};
    uniforms_[slot].upload(&su, sizeof su);
    if (hex_cells_.has_grid()) {
        const std::vector<std::uint8_t> texels = hex_cells_.texels(state.hex_marks);
        hex_texels_[slot].write(texels.data(), texels.size());
    }
}

// Figures and scenery as the sun sees them, for their shadows (models near, blocks far). The
// shadow map depends only on where the casters stand, not on the camera: when no caster moved
// since the last frame (a paused viewer, a morale test, a declaration) it is kept.
void BattlefieldRenderer::record_shadow_pass(VkCommandBuffer cmd, const FrameDraws& frame) {
    const std::uint64_t casters = shadow_caster_hash(frame);
    if (shadow_valid_ && shadow_casters_ == casters) return;
    // No moving casters at all, and the map drawn empty already: it is still right.
    bool none = true;
    for (std::size_t m = kFirstModelKind; m < frame.ranges.size(); ++m)
        none = none && (is_scenery(m) || (frame.batches.by_mesh[m].empty() &&
                                          frame.far[m].empty() && frame.mid[m].empty()));
    if (none && shadow_drawn_empty_) return;
    shadow_drawn_empty_ = none;
    draw_casters(cmd, *shadow_, frame, NearDraw::shadow);
    shadow_valid_ = true;
    shadow_casters_ = casters;
}

// `frame`'s casters into `map` as the sun sees them: the moving ones (`shadow`, near and middle
// figures as their blocks) or the scenery (`static_shadow`, drawn once).
void BattlefieldRenderer::draw_casters(VkCommandBuffer cmd, const ShadowMap& map,
                                       const FrameDraws& frame, NearDraw what) const {
    const PushConstants light{light_view_proj_, glm::vec4(kSunDirection, 0.0f), glm::vec4(0.0f)};
    map.begin(cmd);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, shadow_pipeline_.handle());
    vkCmdPushConstants(cmd, shadow_pipeline_.layout(),
                       VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof light,
                       &light);
    draw_near_instances(cmd, frame, what);
    if (what == NearDraw::shadow) draw_mid_instances(cmd, frame, true);
    map.end(cmd);
}

// FNV-1a over every moving caster, near and far: equal hashes, the same shadow map.
std::uint64_t BattlefieldRenderer::shadow_caster_hash(const FrameDraws& frame) {
    std::uint64_t casters = 1469598103934665603ull;
    for (std::size_t m = kFirstModelKind; m < frame.ranges.size(); ++m)
        for (const auto* batch : {&frame.batches.by_mesh[m], &frame.far[m], &frame.mid[m]}) {
            if (is_scenery(m)) break;
            // Only where each stands: the shadow pass reads nothing else (a flag's phase or a
            // coat's colour changes no shadow).
            for (const Instance& inst : *batch) {
                const auto* bytes = reinterpret_cast<const unsigned char*>(&inst);
                for (std::size_t i = 0; i < offsetof(Instance, r); ++i)
                    casters = (casters ^ bytes[i]) * 1099511628211ull;
            }
            casters = (casters ^ batch->size()) * 1099511628211ull;
        }
    return casters;
}

// Starts the scene's render pass. Around a partial viewport the frame takes the surround colour;
// inside, the sky's.
void BattlefieldRenderer::begin_scene(VkCommandBuffer cmd, VkRect2D viewport) {
    const float sky[4] = {0.62f, 0.72f, 0.85f, 1.0f};
    const VkExtent2D full = target_->extent();
    const bool partial =
        viewport.extent.width > 0 && viewport.extent.height > 0 &&
        (viewport.offset.x != 0 || viewport.offset.y != 0 || viewport.extent.width != full.width ||
         viewport.extent.height != full.height);
    target_->begin(cmd, partial ? surround_.data() : sky);
    if (!partial) return;
    const VkViewport vp{float(viewport.offset.x),
                        float(viewport.offset.y),
                        float(viewport.extent.width),
                        float(viewport.extent.height),
                        0.0f,
                        1.0f};
    vkCmdSetViewport(cmd, 0, 1, &vp);
    vkCmdSetScissor(cmd, 0, 1, &viewport);
    VkClearAttachment clear{VK_IMAGE_ASPECT_COLOR_BIT, 0, {}};
    for (int c = 0; c < 4; ++c) clear.clearValue.color.float32[c] = sky[c];
    const VkClearRect rect{viewport, 0, 1};
    vkCmdClearAttachments(cmd, 1, &clear, 1, &rect);
}

// The ground, with the hex board and the shadows on it. Binds the slot's descriptor set for
// every pass after it (the scene's pipelines share one layout).
void BattlefieldRenderer::record_terrain_pass(VkCommandBuffer cmd, const FrameDraws& frame,
                                              std::uint32_t slot) {
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, sky_pipeline_.layout(), 0, 1,
                            &descriptor_sets_[slot], 0, nullptr);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, terrain_pipeline_.handle());
    vkCmdPushConstants(cmd, terrain_pipeline_.layout(),
                       VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                       sizeof frame.pc, &frame.pc);
    const VkDeviceSize zero = 0;
    VkBuffer tv = terrain_vertices_.handle();
    vkCmdBindVertexBuffers(cmd, 0, 1, &tv, &zero);
    vkCmdBindIndexBuffer(cmd, terrain_draw_indices_.handle(), 0, VK_INDEX_TYPE_UINT32);
    vkCmdDrawIndexed(cmd, static_cast<std::uint32_t>(terrain_.draw_indices.size()), 1, 0, 0, 0);
}

// Bases, markers and smoke: boxes and puffs with the shadows falling on them.
void BattlefieldRenderer::set_look(Look look) {
    look_ = look;
    if (look == Look::miniature && !contact_pipeline_)
        contact_pipeline_ = std::make_unique<Pipeline>(ctx_, target_->render_pass(),
                                                       contact_shadow_desc(scene_set_layout_));
}

// The miniature look's soft shadows where the bases meet the ground, over the ground and under
// the bases (which hide the middle of each).
void BattlefieldRenderer::record_contact_shadows(VkCommandBuffer cmd, const FrameDraws& frame) {
    const auto [first, count] = frame.contact_range;
    if (count == 0 || !contact_pipeline_) return;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, contact_pipeline_->handle());
    vkCmdPushConstants(cmd, contact_pipeline_->layout(),
                       VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                       sizeof frame.pc, &frame.pc);
    VkBuffer bufs[2] = {box_vertices_.handle(), frame.instances};
    const VkDeviceSize offs[2] = {0, first * sizeof(Instance)};
    vkCmdBindVertexBuffers(cmd, 0, 2, bufs, offs);
    vkCmdDraw(cmd, 36, static_cast<std::uint32_t>(count), 0, 0);
}

void BattlefieldRenderer::record_box_pass(VkCommandBuffer cmd, const FrameDraws& frame) {
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, base_pipeline_.handle());
    vkCmdPushConstants(cmd, base_pipeline_.layout(),
                       VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                       sizeof frame.pc, &frame.pc);
    draw_near_instances(cmd, frame, NearDraw::boxes);
}

// Figures and scenery: one draw per glTF model, then the far figures as blocks. Figures and
// scenery share this pass (and its draws stay in mesh order) because equal depths keep the later
// draw's colour: reordering them could change pixels.
void BattlefieldRenderer::record_model_pass(VkCommandBuffer cmd, const FrameDraws& frame) {
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, figure_pipeline_.handle());
    vkCmdPushConstants(cmd, figure_pipeline_.layout(),
                       VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                       sizeof frame.pc, &frame.pc);
    draw_near_instances(cmd, frame, NearDraw::models);
    // Figures drawn as far blocks (under about 10 px) cast no shadow: theirs would be a pixel or
    // two, and on a CPU rasteriser every small triangle has a price.
    for (std::size_t m = 0; m < frame.far_ranges.size(); ++m) {
        const auto [first, count] = frame.far_ranges[m];
        if (count == 0) continue;
        VkBuffer bufs[2] = {far_meshes_[m].handle(), frame.instances};
        const VkDeviceSize offs[2] = {0, first * sizeof(Instance)};
        vkCmdBindVertexBuffers(cmd, 0, 2, bufs, offs);
        vkCmdDraw(cmd, 36, static_cast<std::uint32_t>(count), 0, 0);
    }
    draw_mid_instances(cmd, frame, false);
}

// The figures drawn with their far_model: the model itself, or (`shadow`) its bounding block as
// the sun sees it, like the near figures' shadows.
void BattlefieldRenderer::draw_mid_instances(VkCommandBuffer cmd, const FrameDraws& frame,
                                             bool shadow) const {
    for (std::size_t m = 0; m < frame.mid_ranges.size(); ++m) {
        const auto [first, count] = frame.mid_ranges[m];
        if (count == 0) continue;
        const IndexedMesh& mid = mid_meshes_[m];
        VkBuffer bufs[2] = {shadow ? far_meshes_[m].handle() : mid.vertices.handle(),
                            frame.instances};
        const VkDeviceSize offs[2] = {0, first * sizeof(Instance)};
        vkCmdBindVertexBuffers(cmd, 0, 2, bufs, offs);
        if (shadow) {
            vkCmdDraw(cmd, 36, static_cast<std::uint32_t>(count), 0, 0);
            continue;
        }
        vkCmdBindIndexBuffer(cmd, mid.indices.handle(), 0, VK_INDEX_TYPE_UINT32);
        vkCmdDrawIndexed(cmd, mid.count, static_cast<std::uint32_t>(count), 0, 0, 0);
    }
}

// The sky, only when the camera looks high enough to see it (a CPU rasteriser pays for every
// pixel the triangle covers, even those the table hides).
void BattlefieldRenderer::record_sky_pass(VkCommandBuffer cmd, const FrameDraws& frame,
                                          const Camera& camera) {
    const glm::mat4 inverse = glm::inverse(camera.view_proj);
    bool sky_visible = false;
    for (float x : {-1.0f, 1.0f}) {
        const glm::vec4 far_point = inverse * glm::vec4(x, -1.0f, 1.0f, 1.0f);  // the top edge
        sky_visible = sky_visible || (glm::vec3(far_point) / far_point.w - camera.eye).y > 0.0f;
    }
    if (!sky_visible) return;
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, sky_pipeline_.handle());
    vkCmdPushConstants(cmd, sky_pipeline_.layout(),
                       VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                       sizeof frame.pc, &frame.pc);
    vkCmdDraw(cmd, kSkyVertices, 1, 0, 0);
}

// One draw per mesh of the near instances: `shadow` draws the casters as the sun sees them,
// `boxes` what has no model (bases, markers, smoke), `models` the glTF figures and scenery. Bases
// and markers cast no shadow, and figures cast the shadow of their bounding block: at about 2 mm
// a shadow-map texel a figure's shadow is a few texels anyway, and blocks cost 12 triangles
// instead of a model's hundreds.
void BattlefieldRenderer::draw_near_instances(VkCommandBuffer cmd, const FrameDraws& frame,
                                              NearDraw what) const {
    const bool shadow = what == NearDraw::shadow;
    for (std::size_t m = 0; m < frame.ranges.size(); ++m) {
        const auto [first, count] = frame.ranges[m];
        if (count == 0) continue;
        const IndexedMesh& near = near_meshes_[m];
        const bool model = static_cast<int>(m) >= kFirstModelKind && near.count > 0;
        const bool puff = m == static_cast<std::size_t>(MeshKind::smoke);
        if (model ? what == NearDraw::boxes : what != NearDraw::boxes) continue;
        const bool scenery = is_scenery(m);
        // The scenery's shadows were drawn once, into the static map.
        if (shadow && scenery) continue;
        if (what == NearDraw::static_shadow && !scenery) continue;
        const bool block = shadow;
        VkBuffer bufs[2] = {block   ? far_meshes_[m].handle()
                            : model ? near.vertices.handle()
                            : puff  ? puff_vertices_.handle()
                                    : box_vertices_.handle(),
                            frame.instances};
        const VkDeviceSize offs[2] = {0, first * sizeof(Instance)};
        vkCmdBindVertexBuffers(cmd, 0, 2, bufs, offs);
        if (puff) {
            vkCmdDraw(cmd, puff_vertex_count_, static_cast<std::uint32_t>(count), 0, 0);
        } else if (model && !block) {
            vkCmdBindIndexBuffer(cmd, near.indices.handle(), 0, VK_INDEX_TYPE_UINT32);
            vkCmdDrawIndexed(cmd, near.count, static_cast<std::uint32_t>(count), 0, 0, 0);
        } else {
            vkCmdDraw(cmd, 36, static_cast<std::uint32_t>(count), 0, 0);
        }
    }
}

RgbaImage BattlefieldRenderer::render(const SceneState& state, const Camera& camera,
                                      VkRect2D viewport, const AfterScene& after) {
    submit(state, camera, 0, viewport, after);
    fetch(0);
    return readback_->fetch(0);
}

}  // namespace vedette::render

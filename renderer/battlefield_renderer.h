#pragma once
// Draws a moment of a replay: the terrain mesh and every unit's base and figures as instanced
// meshes (one draw per mesh), into the offscreen target, then reads it back. The window and the
// exporter will use the same record() path.

#include <algorithm>
#include <array>
#include <functional>
#include <memory>
#include <vector>

#include "renderer/assets/model_set.h"
#include "renderer/battlefield_pipelines.h"
#include "renderer/image_io.h"
#include "renderer/scene/camera.h"
#include "renderer/scene/figure_layout.h"
#include "renderer/scene/look.h"
#include "renderer/scene/terrain_mesh.h"
#include "renderer/scene/visuals.h"
#include "renderer/vk/buffer.h"
#include "renderer/vk/command_slot.h"
#include "renderer/vk/offscreen_target.h"
#include "renderer/vk/pipeline.h"
#include "renderer/vk/readback.h"
#include "renderer/vk/shadow_map.h"
#include "renderer/vk/texel_buffer.h"
#include "renderer/vk/texture_target.h"

namespace vedette::render {

// The ground texture's size for a table (battlefield_static.cpp); `with_map`: twice as wide, a
// printed map of the board in its right half (hex boards, for the counters view).
VkExtent2D ground_texture_extent(const TerrainModel& terrain, bool with_map);

class BattlefieldRenderer {
public:
    // `models`: the mapping file (assets/models.json), `visuals`: how units look
    // (assets/visuals.json); empty finds the default ones. A bad file is an InputError.
    BattlefieldRenderer(const VulkanContext& ctx, VkExtent2D extent, const ReplayScene& scene,
                        const std::string& models = "", const std::string& visuals = "");
    // Draws the mesh slot `mesh` (a MeshKind's or a figure model's, Visuals::models) with this
    // model instead (tests, users' own models).
    void set_model(MeshId mesh, const ModelMesh& table_axes_mesh);

    // Fills this frame's instances (in `slot`'s buffer) and records the frame into `cmd`. The
    // scene's units' figure models are read by the constructor; a figure model only `state`
    // draws is read here, the first time (a bad model file is an InputError then).
    // `viewport`: where in the frame the scene goes (width 0: the whole frame); the rest is only
    // cleared. The viewer puts the table between its panels instead of under them.
    void record(VkCommandBuffer cmd, const SceneState& state, const Camera& camera,
                std::uint32_t slot = 0, VkRect2D viewport = {});
    // Records more passes over the finished scene (a UI), before the frame is read back.
    using AfterScene = std::function<void(VkCommandBuffer)>;
    // Renders one frame and reads it back.
    RgbaImage render(const SceneState& state, const Camera& camera, VkRect2D viewport = {},
                     const AfterScene& after = {});

    // Frames in flight, for the exporter: submit() renders into `slot` without waiting; fetch()
    // waits for that slot's frame and returns its pixels (width*height*4 bytes, valid until the
    // slot is submitted again). Slots: 0 .. kSlots-1.
    static constexpr std::uint32_t kSlots = 2;
    void submit(const SceneState& state, const Camera& camera, std::uint32_t slot,
                VkRect2D viewport = {}, const AfterScene& after = {});
    const std::uint8_t* fetch(std::uint32_t slot);

    // The colour of the frame outside a partial viewport (the viewer's panel background).
    void set_surround_colour(const float rgba[4]) { std::copy(rgba, rgba + 4, surround_.begin()); }
    // How the table is photographed: the miniature look adds contact shadows under the bases.
    void set_look(Look look);
    // Forces the next frame to redraw the shadow map (benchmarks measure the worst case with it).
    void invalidate_shadow_map() { shadow_valid_ = false; }
    // A new frame size (window resize): recreates the target and the readback buffers.
    void resize(VkExtent2D extent);
    // For callers that record their own frames (the viewer): copy the target into readback slot
    // `slot` inside `cmd`, and read that slot once the submission has finished.
    void record_readback(VkCommandBuffer cmd, std::uint32_t slot) const {
        readback_->record_copy(cmd, target_->color(), slot);
    }
    RgbaImage readback(std::uint32_t slot) const { return readback_->fetch(slot); }

    const OffscreenTarget& target() const { return *target_; }
    std::size_t last_figures() const { return last_figures_; }
    const TerrainModel& terrain() const { return terrain_; }
    const Visuals& visuals() const { return visuals_; }

private:
    // What never moves, set up once (battlefield_static.cpp): the descriptor sets, and the
    // trees' and houses' shadows and the painted ground drawn into their images.
    void create_descriptor_sets();
    void bake_static_scene();
    glm::vec4 table_uniform() const;
    // The ground texture's u scale and offset for the painted table or (`map`) the printed map.
    glm::vec2 ground_half(bool map) const;
    // record()'s steps, in its order (battlefield_renderer.cpp).
    // One frame's instances in its slot's instance buffer: each mesh's near instances (models, or
    // boxes and puffs for what has none), its far ones (figures drawn as blocks) and its middle
    // ones (figures drawn with their far_model).
    struct FrameDraws {
        using Range = std::pair<std::size_t, std::size_t>;  // first instance, count
        InstanceBatches batches;  // the near instances by mesh, standing on the table
        std::vector<std::vector<Instance>> far;  // by mesh slot, like batches
        std::vector<std::vector<Instance>> mid;
        std::vector<Range> ranges, far_ranges, mid_ranges;
        std::vector<Instance> contact;  // the miniature look's contact shadows, one a base
        Range contact_range{0, 0};
        VkBuffer instances = VK_NULL_HANDLE;
        PushConstants pc{};  // the camera's view and the sun
    };
    InstanceBatches stand_on_table(const SceneState& state);
    void split_far_figures(FrameDraws& frame, const Camera& camera, VkRect2D viewport) const;
    void upload_instances(FrameDraws& frame, std::uint32_t slot);
    void upload_uniforms(const SceneState& state, const Camera& camera, std::uint32_t slot);
    void record_shadow_pass(VkCommandBuffer cmd, const FrameDraws& frame);
    static std::uint64_t shadow_caster_hash(const FrameDraws& frame);
    void begin_scene(VkCommandBuffer cmd, VkRect2D viewport);
    void record_terrain_pass(VkCommandBuffer cmd, const FrameDraws& frame, std::uint32_t slot);
    void record_contact_shadows(VkCommandBuffer cmd, const FrameDraws& frame);
    void record_box_pass(VkCommandBuffer cmd, const FrameDraws& frame);
    void record_model_pass(VkCommandBuffer cmd, const FrameDraws& frame);
    void record_sky_pass(VkCommandBuffer cmd, const FrameDraws& frame, const Camera& camera);
    // shadow: the moving casters as the sun sees them; static_shadow: the scenery's, once.
    enum class NearDraw { shadow, static_shadow, boxes, models };
    void draw_near_instances(VkCommandBuffer cmd, const FrameDraws& frame, NearDraw what) const;
    void draw_mid_instances(VkCommandBuffer cmd, const FrameDraws& frame, bool shadow) const;
    void draw_casters(VkCommandBuffer cmd, const ShadowMap& map, const FrameDraws& frame,
                      NearDraw what) const;
    struct IndexedMesh {
        Buffer vertices, indices;
        std::uint32_t count = 0;  // indices; 0: no mesh
    };
    void upload_indexed(const std::vector<ModelVertex>& vertices, IndexedMesh& out);
    void read_models(const std::vector<MeshId>& slots);
    void read_models_drawn(const InstanceBatches& batches);

    const VulkanContext& ctx_;
    Visuals visuals_;
    std::unique_ptr<OffscreenTarget> target_;
    TerrainModel terrain_;
    HexCells hex_cells_;       // the hex board's texel layout (no grid: nothing drawn)
    InstanceBatches scenery_;  // trees, houses, walls and hedges: fixed for the board
    VkDescriptorSetLayout scene_set_layout_ = VK_NULL_HANDLE;  // shadow map + per-frame uniforms
    std::unique_ptr<ShadowMap> shadow_;         // the figures', every frame they move
    std::unique_ptr<ShadowMap> static_shadow_;  // the scenery's, drawn once
    std::unique_ptr<TextureTarget> ground_;     // the ground painted and lit, drawn once
    Pipeline terrain_pipeline_;
    Pipeline figure_pipeline_;
    Pipeline base_pipeline_;
    Pipeline shadow_pipeline_;
    Pipeline sky_pipeline_;
    Look look_ = Look::table;
    std::unique_ptr<Pipeline> contact_pipeline_;  // made by set_look(Look::miniature)
    VkDescriptorPool descriptor_pool_ = VK_NULL_HANDLE;
    glm::mat4 light_view_proj_{1.0f};
    std::array<float, 4> surround_{0.62f, 0.72f, 0.85f, 1.0f};
    bool shadow_valid_ = false;
    std::uint64_t shadow_casters_ = 0;  // hash of the casters the map was drawn with
    bool shadow_drawn_empty_ = false;   // the map was last drawn with no casters (cleared)
    Buffer terrain_vertices_;
    Buffer terrain_indices_;       // the fine grid: the ground texture's bake
    Buffer terrain_draw_indices_;  // as coarse as the shape allows: the frame's ground
    Buffer box_vertices_;
    Buffer puff_vertices_;
    std::uint32_t puff_vertex_count_ = 0;
    // By mesh slot: the fixed kinds, then the figure models of visuals_.
    std::vector<IndexedMesh> near_meshes_;
    // Level of detail: a block the size of the model, for figures a few pixels tall.
    std::vector<Buffer> far_meshes_;
    // Figures under kMidLevelPx tall: their models.json far_model, where there is one.
    static constexpr float kMidLevelPx = 48.0f;
    std::vector<IndexedMesh> mid_meshes_;
    std::vector<float> model_heights_;
    // The models mapping, kept to read a figure model the first time a frame draws it; by mesh
    // slot, whether its model is read and uploaded (set_model).
    std::unique_ptr<ModelLoader> models_;
    std::vector<bool> model_read_;
    std::array<Buffer, kSlots> instances_;
    std::array<Buffer, kSlots> uniforms_;
    std::array<TexelBuffer, kSlots> hex_texels_;
    std::array<VkDescriptorSet, kSlots> descriptor_sets_{};
    std::array<std::size_t, kSlots> instance_capacity_{};
    std::vector<std::unique_ptr<CommandSlot>> frames_;  // one a slot
    std::size_t last_figures_ = 0;
    std::unique_ptr<Readback> readback_;

public:
    ~BattlefieldRenderer();
};

}  // namespace vedette::render

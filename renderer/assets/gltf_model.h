#pragma once
// glTF 2.0 models (tinygltf) flattened into one triangle mesh: every node's transform applied,
// normals computed where the file has none, colours from the material's base colour (factor and
// texture, sampled at each vertex) times COLOR_0. docs/MODELS.md is the user's guide.
// A model is untrusted input (users download figures from anywhere): every index, offset and
// count in it is checked, it may only read buffer and image files beside or below itself, and a
// missing or malformed file is a ModelError naming the file, the place in it and what is wrong.

#include <cstdint>
#include <string>
#include <vector>

#include "sim/core/input_error.h"

namespace vedette::render {

struct ModelVertex {
    float px, py, pz;  // the model's own axes (glTF: +Y up, +Z forward)
    float nx, ny, nz;
    float r, g, b;
    // How far the figure's side colour tints the vertex (figure.vert: mix(colour, side colour *
    // colour, tint)). 1 multiplies by the side colour, so white parts take it whole: untextured
    // models, bases, markers. Textured vertices keep most of their texture's own colour.
    float tint = 1.0f;
    // Vedette's own attributes (docs/MODELS.md), read from _PAINT, _PART and _SWING: which paint
    // of the figure's uniform the vertex takes (0 none, 1 coat, 2 facings, 3 trousers, 4
    // headgear, 5 horse, 6 flag), which part it moves with (FigurePart) and how far it swings
    // with it (0 at the hip or the pole, 1 at the foot or the flag's fly).
    float paint = 1.0f;
    float part = 0.0f;
    float swing = 0.0f;
};

// The moving parts figure.vert animates.
enum class FigurePart : int {
    rigid = 0,
    left_leg,
    right_leg,
    fore_left_leg,  // a horse's
    fore_right_leg,
    hind_left_leg,
    hind_right_leg,
    flag_cloth,  // a flag's or a pennon's: waves
    wheel,
};
inline constexpr float kMaxPaint = 6.0f;
inline constexpr float kMaxPart = 8.0f;

// The tint of a vertex coloured from a base colour texture.
inline constexpr float kTexturedTint = 0.35f;
// Base colour textures: each image at most this many texels a side, and all the images one model
// decodes at most kMaxModelTexels together (4 bytes a texel). Larger is a ModelError.
inline constexpr int kMaxTextureSide = 4096;
inline constexpr std::uint64_t kMaxModelTexels = 4ull * 4096 * 4096;

struct ModelMesh {
    std::string file;
    std::vector<ModelVertex> vertices;  // triangle list, no indices
    // A simpler model drawn where the figure is small on screen (models.json far_model), in the
    // same axes and scale; empty where there is none.
    std::vector<ModelVertex> far_vertices;
    // The vertices' bounding box (in table axes after to_table_axes).
    float min[3] = {0, 0, 0};
    float max[3] = {0, 0, 0};
};

// A bad model file. It is an InputError, so the CLI reports it and exits 2 (bad input) like any
// other input file; `where` is a JSON path ($.accessors[2].byteOffset), "file" or a GLB part.
class ModelError : public sim::InputError {
public:
    using sim::InputError::InputError;
};

// Reads a .gltf (JSON) or .glb (binary) file of at most limits::kMaxGltfFileBytes. Only the
// images a material uses as its base colour texture are read (an image file beside the model, at
// most limits::kMaxImageFileBytes) and decoded (PNG or JPEG, kMaxTextureSide, kMaxModelTexels);
// their vertices get kTexturedTint.
ModelMesh load_gltf_model(const std::string& path);

// Re-expresses a glTF mesh (Y up, Z forward) in the figure shader's table-local axes (x right,
// y forward, z up): turned `yaw_deg` clockwise seen from above (a model whose front is its +X
// side needs 90), centred on x and y, its feet at z = 0, and scaled so its height is `height_mm`,
// or less where its width across the rank (x) would otherwise pass `width_mm` (0: no limit).
ModelMesh to_table_axes(const ModelMesh& mesh, float height_mm, float yaw_deg = 0.0f,
                        float width_mm = 0.0f);

}  // namespace vedette::render

#pragma once
// glTF 2.0 models (tinygltf) flattened into one triangle mesh: every node's transform applied,
// normals computed where the file has none, colours from COLOR_0 or the material's base colour.
// A model is untrusted input (users download figures from anywhere): every index, offset and
// count in it is checked, it may only read buffer files beside or below itself, and a missing or
// malformed file is a ModelError naming the file, the place in it and what is wrong.

#include <string>
#include <vector>

#include "sim/core/input_error.h"

namespace vedette::render {

struct ModelVertex {
    float px, py, pz;  // the model's own axes (glTF: +Y up, +Z forward)
    float nx, ny, nz;
    float r, g, b;
};

struct ModelMesh {
    std::string file;
    std::vector<ModelVertex> vertices;  // triangle list, no indices
    float min[3] = {0, 0, 0};
    float max[3] = {0, 0, 0};
};

// A bad model file. It is an InputError, so the CLI reports it and exits 2 (bad input) like any
// other input file; `where` is a JSON path ($.accessors[2].byteOffset), "file" or a GLB part.
class ModelError : public sim::InputError {
public:
    using sim::InputError::InputError;
};

// Reads a .gltf (JSON) or .glb (binary) file of at most limits::kMaxGltfFileBytes. Images are
// never read or decoded: figures are coloured from COLOR_0 and base colours only.
ModelMesh load_gltf_model(const std::string& path);

// Re-expresses a glTF mesh (Y up, Z forward) in the figure shader's table-local axes (x right,
// y forward, z up), scaled so its height is `height_mm` and its feet stand at z = 0.
ModelMesh to_table_axes(const ModelMesh& mesh, float height_mm);

}  // namespace vedette::render

#include <array>

#include "renderer/scene/figure_layout.h"

namespace vedette::render {

// The model of every figure kind, from a mapping file like assets/models.json.
struct ModelSet {
    std::array<ModelMesh, static_cast<std::size_t>(MeshKind::count)> meshes;
};
// Reads the mapping and every model it names. Every problem, in the mapping or in a model, is an
// InputError naming the mapping file and the JSON path of the entry ($.gun.model).
ModelSet load_model_set(const std::string& mapping_file);
// assets/models.json: $VEDETTE_ASSETS_DIR, else assets/ beside the executable, else the source
// tree.
std::string default_models_file();

}  // namespace vedette::render

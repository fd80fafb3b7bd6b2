#pragma once
// glTF 2.0 models (tinygltf) flattened into one triangle mesh: every node's transform applied,
// normals computed where the file has none, colours from COLOR_0 or the material's base colour.
// A missing or malformed file is a ModelError naming the file.

#include <stdexcept>
#include <string>
#include <vector>

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

class ModelError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

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
// Reads the mapping and every model it names; errors name the mapping file or the model file.
ModelSet load_model_set(const std::string& mapping_file);
// assets/models.json: $VEDETTE_ASSETS_DIR, else assets/ beside the executable, else the source tree.
std::string default_models_file();

}  // namespace vedette::render

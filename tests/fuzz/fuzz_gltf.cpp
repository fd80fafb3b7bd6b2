// fuzz_gltf: the glTF model loader (renderer/assets/gltf_model load_gltf_model, through tinygltf)
// and the models mapping (load_model_set). The loader takes a path, so the input is written to a
// scratch folder: as model.glb when it starts with the binary magic "glTF", else as model.gltf.
// An input that mentions "model" is also read as a mapping file (models.json) in that folder,
// where good.gltf is a valid one-triangle model and model.gltf is the input itself.
// Expected for bad input: render::ModelError and sim::InputError.

#include <cstddef>
#include <cstdint>
#include <string>

#include "renderer/assets/gltf_model.h"
#include "renderer/assets/model_set.h"
#include "sim/core/input_error.h"
#include "tests/fuzz/fuzz_common.h"

namespace {

using namespace vedette;

// One triangle, its three float positions embedded as base64.
constexpr const char* kGoodModel = R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],
"nodes":[{"mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],
"accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3","min":[0,0,0],"max":[1,1,0]}],
"bufferViews":[{"buffer":0,"byteLength":36}],
"buffers":[{"byteLength":36,"uri":"data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAA"}]}
)";

void write_good_model_once() {
    static const bool written = [] {
        fuzz::write_scratch_file("good.gltf", kGoodModel);
        return true;
    }();
    (void)written;
}

// What the renderer relies on in a mesh it is given.
void check_mesh(const render::ModelMesh& mesh) {
    fuzz::expect(!mesh.vertices.empty() && mesh.vertices.size() % 3 == 0,
                 "a loaded model is not whole triangles");
    for (int c = 0; c < 3; ++c)
        fuzz::expect(!(mesh.min[c] > mesh.max[c]), "a loaded model's bounds are inverted");
}

void load_model(const std::string& text) {
    const bool binary = text.size() >= 4 && text.compare(0, 4, "glTF") == 0;
    const std::string path = fuzz::write_scratch_file(binary ? "model.glb" : "model.gltf", text);
    try {
        const render::ModelMesh mesh = render::load_gltf_model(path);
        check_mesh(mesh);
        (void)render::to_table_axes(mesh, 20.0f);
    } catch (const render::ModelError& e) {
        fuzz::rejected(e);
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);
    }
}

void load_mapping(const std::string& text) {
    const std::string path = fuzz::write_scratch_file("models.json", text);
    try {
        static const render::Visuals visuals = render::load_visuals(render::shipped_visuals_file());
        (void)render::load_model_set(path, visuals);
    } catch (const render::ModelError& e) {
        fuzz::rejected(e);
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    write_good_model_once();
    const std::string text = fuzz::as_text(data, size);
    load_model(text);
    if (text.find("\"model\"") != std::string::npos) load_mapping(text);
    return 0;
}

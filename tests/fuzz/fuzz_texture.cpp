// fuzz_texture: PNG and JPEG decoding of glTF base colour textures (renderer/assets/gltf_model,
// the texture step of load_gltf_model: magic bytes, stb_image's header, the size and texel limits,
// the PNG inflate check, then stb_image itself), through the loader's own entry point. The input is
// the image file: it is written beside a fixed valid model (one triangle with texture coordinates
// whose material's base colour texture names it), so every input reaches the decoder. stb_image's
// implementation is compiled in from Debian's header (tinygltf_impl.cpp), so its decoder is
// instrumented too. Expected for bad input: render::ModelError (an InputError).

#include <cstddef>
#include <cstdint>
#include <string>

#include "renderer/assets/gltf_model.h"
#include "sim/core/input_error.h"
#include "tests/fuzz/fuzz_common.h"

namespace {

using namespace vedette;

// Positions (0,0,0) (1,0,0) (0,1,0), then texture coordinates (0,0) (1,0) (0,1): 60 bytes.
constexpr const char* kTexturedModel =
    R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],
"nodes":[{"mesh":0}],
"meshes":[{"primitives":[{"attributes":{"POSITION":0,"TEXCOORD_0":1},"material":0}]}],
"materials":[{"pbrMetallicRoughness":{"baseColorTexture":{"index":0}}}],
"textures":[{"source":0}],
"images":[{"uri":"texture.png"}],
"accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3","min":[0,0,0],"max":[1,1,0]},
{"bufferView":1,"componentType":5126,"count":3,"type":"VEC2"}],
"bufferViews":[{"buffer":0,"byteLength":36},{"buffer":0,"byteOffset":36,"byteLength":24}],
"buffers":[{"byteLength":60,"uri":"data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAAAAAAAAAAAAAAAIA/AAAAAAAAAAAAAIA/"}]}
)";

const std::string& model_path() {
    static const std::string path = fuzz::write_scratch_file("textured.gltf", kTexturedModel);
    return path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string& path = model_path();
    fuzz::write_scratch_file("texture.png", fuzz::as_text(data, size));
    render::ModelMesh mesh;
    try {
        mesh = render::load_gltf_model(path);
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);  // render::ModelError: the model's image is refused, with its path
        return 0;
    }
    fuzz::expect(mesh.vertices.size() == 3, "the textured triangle is not one triangle");
    for (const auto& v : mesh.vertices)
        fuzz::expect(v.r >= 0 && v.r <= 1 && v.g >= 0 && v.g <= 1 && v.b >= 0 && v.b <= 1,
                     "a texel's colour is outside 0..1");
    return 0;
}

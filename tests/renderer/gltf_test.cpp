// glTF models: every Khronos sample in tests/data/gltf-samples (copied with its licences, so a
// clone needs nothing outside the repository) loads and renders in place of the infantry figure,
// our own generated models load, and missing or malformed files get clear errors naming the file.
// Hostile inputs are in gltf_bad_input_test.cpp.

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "renderer/assets/model_set.h"
#include "renderer/battlefield_renderer.h"
#include "sim/core/input_error.h"
#include "tests/renderer/lavapipe_context.h"

namespace vedette::render {
namespace {

namespace fs = std::filesystem;
const std::string kSource = VEDETTE_SOURCE_DIR;
const fs::path kSamples = fs::path(kSource) / "tests" / "data" / "gltf-samples";

const Visuals& shipped_visuals() {
    static const Visuals v = load_visuals(kSource + "/assets/visuals.json");
    return v;
}

std::vector<fs::path> samples() {
    std::vector<fs::path> out;
    if (fs::is_directory(kSamples))
        for (const auto& e : fs::directory_iterator(kSamples))
            if (e.path().extension() == ".gltf" || e.path().extension() == ".glb")
                out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

TEST(GltfModels, EveryKhronosSampleLoads) {
    const auto files = samples();
    ASSERT_GE(files.size(), 9u) << "no samples in " << kSamples;
    for (const auto& f : files) {
        const ModelMesh m = load_gltf_model(f.string());
        EXPECT_GT(m.vertices.size(), 0u) << f;
        EXPECT_GT(std::max({m.max[0] - m.min[0], m.max[1] - m.min[1], m.max[2] - m.min[2]}), 0.0f)
            << f;
        const ModelMesh t = to_table_axes(m, 12.0f);
        float top = 0;
        for (const auto& v : t.vertices) top = std::max(top, v.pz);
        EXPECT_NEAR(top, 12.0f, 0.01f) << f;
    }
}

TEST(GltfModels, EveryKhronosSampleRendersAsAFigure) {
    auto ctx = test::make_lavapipe_context();
    const ReplayScene scene =
        load_replay_scene(kSource + "/replays/seed000/01_young_guard_vs_landwehr.replay.json");
    const VkExtent2D size{160, 120};
    BattlefieldRenderer renderer(*ctx, size, scene);
    const SceneState state = scene_at_time(scene, 0);
    const Camera cam = make_camera(parse_camera("director"), scene, state, 160.0f / 120.0f);
    ModelMesh nothing;
    nothing.vertices = {{0, 0, -50, 0, 0, 1, 1, 1, 1},
                        {0, 0, -50, 0, 0, 1, 1, 1, 1},
                        {0, 0, -50, 0, 0, 1, 1, 1, 1}};
    const MeshId infantry = renderer.visuals().figure("infantry").mesh;
    renderer.set_model(infantry, nothing);
    const RgbaImage without = renderer.render(state, cam);
    for (const auto& f : samples()) {
        renderer.set_model(infantry, to_table_axes(load_gltf_model(f.string()), 12.0f));
        const RgbaImage with = renderer.render(state, cam);
        const ImageDiff d = compare_images(without, with, 8);
        EXPECT_GT(d.fraction_differing, 0.001) << f << " did not show up";
    }
    test::expect_no_validation_errors(*ctx);
}

TEST(GltfModels, OurOwnModelsAndMappingLoad) {
    const ModelSet set = load_model_set(kSource + "/assets/models.json", shipped_visuals());
    ASSERT_EQ(set.meshes.size(), shipped_visuals().mesh_count());
    for (std::size_t m = kFirstModelKind; m < set.meshes.size(); ++m)
        EXPECT_GT(set.meshes[m].vertices.size(), 0u) << "mesh slot " << m;
}

TEST(GltfModels, MissingAndMalformedFilesGetClearErrors) {
    fs::create_directories(VEDETTE_TEST_OUTPUT_DIR);
    try {
        load_gltf_model("/no/such/model.gltf");
        FAIL();
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find("/no/such/model.gltf: file: no such file"),
                  std::string::npos)
            << e.what();
    }
    const std::string bad = std::string(VEDETTE_TEST_OUTPUT_DIR) + "/broken.gltf";
    std::ofstream(bad) << "{\"asset\": {\"version\": \"2.0\"}, \"meshes\": [ {";
    try {
        load_gltf_model(bad);
        FAIL();
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find(bad + ": line 1, column "), std::string::npos)
            << e.what();
        EXPECT_NE(std::string(e.what()).find("invalid JSON"), std::string::npos) << e.what();
    }
    // Valid JSON that tinygltf refuses.
    std::ofstream(bad) << "{\"asset\": {\"generator\": \"no version\"}}";
    try {
        load_gltf_model(bad);
        FAIL();
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find(bad + ": file: not a valid glTF 2.0 file"),
                  std::string::npos)
            << e.what();
    }
    const std::string mapping = std::string(VEDETTE_TEST_OUTPUT_DIR) + "/models.json";
    std::ifstream in(kSource + "/assets/models.json");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    // Point every model at the real files, then break one.
    for (std::size_t at = text.find("\"models/"); at != std::string::npos;
         at = text.find("\"models/", at + 2))
        text.insert(at + 1, kSource + "/assets/");
    const std::size_t gun = text.find("models/gun.gltf");
    text.replace(gun, 15, "models/xxx.gltf");
    std::ofstream(mapping) << text;
    try {
        load_model_set(mapping, shipped_visuals());
        FAIL();
    } catch (const sim::InputError& e) {
        EXPECT_NE(std::string(e.what()).find("$.gun.model"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("xxx.gltf"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace vedette::render

// Mesh kinds are data: a roster `visual` the renderer has never heard of draws whatever model
// assets/visuals.json gives it, a model kind of models.json or a glTF file of its own, with no
// C++ change; a kind no mapping names is refused naming the visuals file and the figure; and a
// visuals file written before counter symbols keeps the symbols it always showed.

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <gtest/gtest.h>

#include "renderer/assets/model_set.h"
#include "renderer/battlefield_renderer.h"
#include "sim/core/input_error.h"
#include "tests/renderer/demo_fixture.h"
#include "tests/renderer/lavapipe_context.h"

namespace vedette::render::visual_keys_test {
namespace {

namespace fs = std::filesystem;

const std::string kNewVisual = "camel_lancers_of_the_desert";  // in no code and no shipped file
const std::string kUnit = "f_cuir_1";                          // a demo unit of cuirassiers

std::string shipped_visuals_text() {
    std::ifstream in(kSource + "/assets/visuals.json");
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A copy of the shipped visuals file with `entries` added at the top of "figures".
std::string visuals_with(const std::string& name, const std::string& entries) {
    std::string text = shipped_visuals_text();
    const std::string figures = "\"figures\": {";
    text.insert(text.find(figures) + figures.size(), "\n  " + entries + ",");
    const fs::path dir = fs::path(VEDETTE_TEST_OUTPUT_DIR) / "visual-keys";
    fs::create_directories(dir);
    const fs::path file = dir / (name + ".json");
    std::ofstream(file) << text;
    return file.string();
}

// The demo battle with kUnit's roster visual replaced.
ReplayScene demo_with_visual(const std::string& visual) {
    ReplayScene scene = demo();
    int renamed = 0;
    for (auto& u : scene.replay.header.units)
        if (u.id == kUnit) u.visual = visual, ++renamed;
    EXPECT_EQ(renamed, 1);
    return scene;
}

// kUnit close up at the start of the battle, as drawn with the visuals file `visuals` ("" for
// the shipped one).
RgbaImage close_up(const VulkanContext& ctx, const ReplayScene& scene,
                   const std::string& visuals = "") {
    const VkExtent2D size{320, 240};
    BattlefieldRenderer renderer(ctx, size, scene, "", visuals);
    const SceneState state = scene_at_time(scene, 0);
    const Camera camera =
        make_camera(parse_camera("follow:" + kUnit), scene, state, 320.0f / 240.0f);
    return renderer.render(state, camera);
}

TEST(VisualKeys, AVisualNoCodeKnowsDrawsTheModelVisualsJsonGivesIt) {
    auto ctx = test::make_lavapipe_context();
    const ReplayScene renamed = demo_with_visual(kNewVisual);
    // What the unit looks like as lancers, the shipped key.
    const RgbaImage lancers = close_up(*ctx, demo_with_visual("lancers"));

    // The new key pointed at the lancers' model kind in visuals.json alone.
    const std::string by_kind = visuals_with(
        "by-kind", "\"" + kNewVisual +
                       "\": {\"mesh\": \"lancers\", \"spacing_mm\": 14, \"symbol\": \"cavalry\"}");
    const ImageDiff same_kind = compare_images(lancers, close_up(*ctx, renamed, by_kind), 8);
    EXPECT_LE(same_kind.fraction_differing, 0.0005) << "not drawn as lancers";

    // The new key pointed at the lancers' glTF file itself, sized as models.json sizes it.
    const std::string by_file = visuals_with(
        "by-file", "\"" + kNewVisual + "\": {\"model\": \"" + kSource +
                       "/assets/models/lancer.gltf\", \"far_model\": \"" + kSource +
                       "/assets/models/lancer_far.gltf\", \"height_mm\": 15, \"spacing_mm\": 14}");
    const ImageDiff same_file = compare_images(lancers, close_up(*ctx, renamed, by_file), 8);
    EXPECT_LE(same_file.fraction_differing, 0.0005) << "not drawn with lancer.gltf";

    // Without the entry the key is unknown and drawn as unknown_figures (infantry): the
    // comparisons above are not blind.
    const ImageDiff unknown = compare_images(lancers, close_up(*ctx, renamed), 8);
    EXPECT_GT(unknown.fraction_differing, 0.002) << "an unknown visual looked like lancers";
    test::expect_no_validation_errors(*ctx);
}

TEST(VisualKeys, AModelKindNoMappingNamesIsRefusedNamingTheVisualsFile) {
    const std::string visuals = visuals_with(
        "elephants", "\"war_elephants\": {\"mesh\": \"elephants\", \"spacing_mm\": 30}");
    const Visuals v = load_visuals(visuals);
    try {
        load_model_set(kSource + "/assets/models.json", v);
        FAIL() << "a kind no mapping names was accepted";
    } catch (const sim::InputError& e) {
        const std::string what = e.what();
        EXPECT_EQ(what.rfind(visuals + ": $.figures.war_elephants.mesh: ", 0), 0u) << what;
        EXPECT_NE(what.find("\"elephants\" is not a model kind of"), std::string::npos) << what;
    }
    // A glTF file of its own that does not load names the figure too.
    const std::string missing =
        visuals_with("missing-model",
                     "\"war_elephants\": {\"model\": \"no_such_elephant.gltf\", \"height_mm\": 30, "
                     "\"spacing_mm\": 30}");
    try {
        load_model_set(kSource + "/assets/models.json", load_visuals(missing));
        FAIL() << "a missing model file was accepted";
    } catch (const sim::InputError& e) {
        const std::string what = e.what();
        EXPECT_EQ(what.rfind(missing + ": $.figures.war_elephants.model: ", 0), 0u) << what;
        EXPECT_NE(what.find("no_such_elephant.gltf"), std::string::npos) << what;
    }
}

// Every model kind the shipped visuals draw loads from the shipped mapping, each figure model
// once, in the slots the visuals gave them.
TEST(VisualKeys, TheShippedMappingDrawsEveryKindTheShippedVisualsName) {
    const Visuals& v = visuals();
    const ModelSet set = load_model_set(kSource + "/assets/models.json", v);
    ASSERT_EQ(set.meshes.size(), v.mesh_count());
    for (MeshId m = 0; m < set.meshes.size(); ++m) {
        const bool procedural = m < static_cast<MeshId>(kFirstModelKind);
        EXPECT_EQ(set.meshes[m].vertices.empty(), procedural) << m;
    }
    for (const auto& [key, f] : v.figures) EXPECT_FALSE(set.meshes.at(f.mesh).vertices.empty());
}

// A visuals file written before "symbol" (every figure entry without one) shows the counter
// symbols the shipped file gives the same model kinds; crews show artillery; a kind the shipped
// file does not draw shows infantry.
TEST(VisualKeys, AVisualsFileWithoutSymbolsKeepsItsCounters) {
    std::string text = shipped_visuals_text();
    for (const char* s :
         {", \"symbol\": \"infantry\"", ", \"symbol\": \"cavalry\"", ", \"symbol\": \"artillery\""})
        for (std::size_t at = text.find(s); at != std::string::npos; at = text.find(s))
            text.erase(at, std::string(s).size());
    ASSERT_EQ(text.find("\"symbol\""), std::string::npos);
    const fs::path dir = fs::path(VEDETTE_TEST_OUTPUT_DIR) / "visual-keys";
    fs::create_directories(dir);
    const std::string old_file = (dir / "before-symbols.json").string();
    std::ofstream(old_file) << text;
    const Visuals old = load_visuals(old_file);
    for (const auto& [key, f] : visuals().figures)
        EXPECT_EQ(old.figure(key).symbol, f.symbol) << key;

    const Visuals extra = load_visuals(visuals_with(
        "extra-kinds",
        "\"mortar_crew\": {\"mesh\": \"infantry\", \"spacing_mm\": 9, \"figures_per_gun\": 2}, "
        "\"war_elephants\": {\"mesh\": \"elephants\", \"spacing_mm\": 30}, "
        "\"bashkirs\": {\"mesh\": \"cossacks\", \"spacing_mm\": 14}"));
    EXPECT_EQ(extra.figure("mortar_crew").symbol, CounterSymbol::artillery);
    EXPECT_EQ(extra.figure("war_elephants").symbol, CounterSymbol::infantry);
    EXPECT_EQ(extra.figure("bashkirs").symbol, CounterSymbol::cavalry);
}

}  // namespace
}  // namespace vedette::render::visual_keys_test

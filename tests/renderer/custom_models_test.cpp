// Custom figure models for video makers (issue 16, docs/MODELS.md): a models.json may name only
// the troop types it changes (the rest come from the default mapping), turn a model with yaw_deg,
// narrow it with width_mm and give a non-integer height_mm; a model's base colour texture colours
// its vertices, and the side's colour tints them instead of replacing them. Acceptance: a partial
// models.json pointing "infantry" at the textured Khronos Duck renders, every other type unchanged.

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <tuple>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "renderer/assets/gltf_model.h"
#include "renderer/assets/model_set.h"
#include "renderer/battlefield_renderer.h"
#include "sim/core/input_error.h"
#include "tests/renderer/demo_fixture.h"
#include "tests/renderer/lavapipe_context.h"

// zlib-compresses `data` with stb_image_write's own deflate (C linkage, from Debian's libstb).
extern "C" unsigned char* stbi_zlib_compress(unsigned char* data, int data_len, int* out_len,
                                             int quality);

namespace vedette::render::custom_models_test {
namespace {

namespace fs = std::filesystem;
const std::string kRepo = VEDETTE_SOURCE_DIR;
const fs::path kDuck = fs::path(kRepo) / "tests" / "data" / "gltf-samples" / "Duck.gltf";
// The mesh slot of the "infantry" model kind in the shipped visuals.
MeshId infantry_slot() {
    return visuals().figure("infantry").mesh;
}

// A fresh folder under the test output.
fs::path fresh_folder(const std::string& name) {
    const fs::path dir = fs::path(VEDETTE_TEST_OUTPUT_DIR) / "custom-models" / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::string read_text(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_text(const fs::path& file, const std::string& text) {
    std::ofstream(file, std::ios::binary) << text;
}

// A folder holding a copy of the Duck and a models.json of `mapping` (its JSON text).
std::string duck_mapping(const std::string& name, const std::string& mapping) {
    const fs::path dir = fresh_folder(name);
    fs::copy_file(kDuck, dir / "Duck.gltf");
    write_text(dir / "models.json", mapping);
    return (dir / "models.json").string();
}

const char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::string from_base64(const std::string& text) {
    std::string out;
    unsigned bits = 0;
    int have = 0;
    for (char c : text) {
        const char* at = std::strchr(kBase64, c);
        if (c == '=' || !at || !*at) break;
        bits = (bits << 6) | unsigned(at - kBase64);
        have += 6;
        if (have >= 8) out += char((bits >> (have -= 8)) & 0xFF);
    }
    return out;
}

std::string to_base64(const std::string& bytes) {
    std::string out;
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);  // 1 to 3 bytes
        unsigned v = 0;
        for (std::size_t k = 0; k < 3; ++k)
            v = (v << 8) | (k < n ? unsigned(static_cast<unsigned char>(bytes[i + k])) : 0u);
        for (std::size_t k = 0; k < 4; ++k)
            out += k <= n ? kBase64[(v >> (18 - 6 * k)) & 0x3F] : '=';
    }
    return out;
}

// The Duck's glTF JSON, and its PNG (the one image, a data: URI) as bytes.
nlohmann::json duck_json() {
    return nlohmann::json::parse(read_text(kDuck));
}
std::string duck_png() {
    const std::string uri = duck_json()["images"][0]["uri"];
    return from_base64(uri.substr(uri.find(',') + 1));
}

// The Duck with its PNG replaced by `png`, written into `dir`; returns the file.
std::string duck_with_png(const fs::path& dir, const std::string& png) {
    nlohmann::json duck = duck_json();
    duck["images"][0]["uri"] = "data:image/png;base64," + to_base64(png);
    write_text(dir / "Duck.gltf", duck.dump());
    return (dir / "Duck.gltf").string();
}

// Width (x), depth (y) and height (z) of a mesh in table axes.
std::array<float, 3> extent(const ModelMesh& m) {
    float lo[3] = {1e30f, 1e30f, 1e30f}, hi[3] = {-1e30f, -1e30f, -1e30f};
    for (const auto& v : m.vertices) {
        const float p[3] = {v.px, v.py, v.pz};
        for (int c = 0; c < 3; ++c) lo[c] = std::min(lo[c], p[c]), hi[c] = std::max(hi[c], p[c]);
    }
    return {hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]};
}

bool same_vertices(const ModelMesh& a, const ModelMesh& b) {
    const auto fields = [](const ModelVertex& v) {
        return std::tie(v.px, v.py, v.pz, v.nx, v.ny, v.nz, v.r, v.g, v.b, v.tint);
    };
    return a.vertices.size() == b.vertices.size() &&
           std::equal(
               a.vertices.begin(), a.vertices.end(), b.vertices.begin(),
               [&](const ModelVertex& x, const ModelVertex& y) { return fields(x) == fields(y); });
}

// The error `load_model_set(mapping)` throws with the shipped visuals (empty and a test failure
// when it loads).
std::string mapping_error(const std::string& mapping) {
    try {
        load_model_set(mapping, visuals());
    } catch (const sim::InputError& e) {
        return e.what();
    }
    ADD_FAILURE() << mapping << " was accepted";
    return {};
}

// The acceptance test of issue 16: "a partial models.json pointing one troop type at a textured
// Khronos sample renders, with the other types unchanged."
TEST(CustomModels, PartialMappingPointsInfantryAtTheTexturedDuck) {
    const std::string mapping = duck_mapping("partial",
                                             R"({"about": "Ducks for the line.",
            "infantry": {"model": "Duck.gltf", "height_mm": 12.5, "yaw_deg": 90}})");
    const ModelSet set = load_model_set(mapping, visuals());
    const ModelSet shipped = load_model_set(kRepo + "/assets/models.json", visuals());
    const ModelMesh duck = load_gltf_model(kDuck.string());

    // Infantry is the duck: its vertex count, its non-integer height.
    const ModelMesh& infantry = set.meshes[infantry_slot()];
    EXPECT_EQ(infantry.vertices.size(), duck.vertices.size());
    EXPECT_NE(infantry.vertices.size(), shipped.meshes[infantry_slot()].vertices.size());
    EXPECT_NEAR(extent(infantry)[2], 12.5f, 1e-3f);
    // Every other type is exactly what the shipped mapping draws.
    ASSERT_EQ(set.meshes.size(), shipped.meshes.size());
    for (MeshId m = 0; m < set.meshes.size(); ++m) {
        if (m == infantry_slot()) continue;
        EXPECT_TRUE(same_vertices(set.meshes[m], shipped.meshes[m])) << "mesh slot " << m;
    }

    // Its colours come from the texture: many of them, none the untextured 0.8 grey, yellow on
    // the whole (the Duck is yellow: red and green well above blue), every vertex tinted only in
    // part.
    std::set<std::tuple<float, float, float>> colours;
    double r = 0, g = 0, b = 0;
    for (const auto& v : infantry.vertices) {
        colours.emplace(v.r, v.g, v.b);
        EXPECT_FALSE(v.r == 0.8f && v.g == 0.8f && v.b == 0.8f);
        EXPECT_EQ(v.tint, kTexturedTint);
        r += v.r, g += v.g, b += v.b;
    }
    EXPECT_GT(colours.size(), 50u);
    EXPECT_GT(r, 1.5 * b);
    EXPECT_GT(g, 1.5 * b);
    // The shipped figure: painted parts take their paint whole, the rest (_PAINT 0) none.
    for (const auto& v : shipped.meshes[infantry_slot()].vertices)
        EXPECT_EQ(v.tint, v.paint == 0 ? 0.0f : 1.0f);

    // A renderer given the mapping draws the demo, ducks in the line, without validation errors.
    auto ctx = test::make_lavapipe_context();
    const VkExtent2D size{320, 240};
    const SceneState state = scene_at_time(demo(), 0);
    const Camera cam = make_camera(parse_camera("director"), demo(), state, 320.0f / 240.0f);
    BattlefieldRenderer with_ducks(*ctx, size, demo(), mapping);
    const RgbaImage ducks = with_ducks.render(state, cam);
    {
        BattlefieldRenderer plain(*ctx, size, demo());
        const RgbaImage soldiers = plain.render(state, cam);
        EXPECT_GT(compare_images(soldiers, ducks, 8).fraction_differing, 0.001)
            << "the ducks did not show up";
    }
    // The tint reaches the shader: close up (from 10 pixels tall a figure is drawn as its model,
    // below as a block) the same duck tinted whole by the side colour looks different.
    const Camera close =
        make_camera(parse_camera("follow:f_ligne_1"), demo(), state, 320.0f / 240.0f);
    const RgbaImage textured = with_ducks.render(state, close);
    ModelMesh tinted_whole = infantry;
    for (auto& v : tinted_whole.vertices) v.tint = 1.0f;
    with_ducks.set_model(infantry_slot(), tinted_whole);
    EXPECT_GT(compare_images(textured, with_ducks.render(state, close), 8).fraction_differing,
              0.002)
        << "the vertex tint made no difference";
    test::expect_no_validation_errors(*ctx);
}

// "yaw_deg turns the model about its up axis before use, so a model facing sideways faces
// forward": the Duck's beak is its +X end (its left); turned 90 degrees clockwise it points
// forward (+y), and its width and depth swap.
TEST(CustomModels, YawTurnsTheModelSoASidewaysModelFacesForward) {
    const ModelMesh duck = load_gltf_model(kDuck.string());
    const auto beak =
        std::max_element(duck.vertices.begin(), duck.vertices.end(),
                         [](const ModelVertex& a, const ModelVertex& b) { return a.px < b.px; });
    const std::size_t tip = std::size_t(beak - duck.vertices.begin());

    const ModelMesh straight = to_table_axes(duck, 12.0f);
    const ModelMesh turned = to_table_axes(duck, 12.0f, 90.0f);
    const auto e0 = extent(straight), e90 = extent(turned);
    EXPECT_NEAR(e90[0], e0[1], 1e-3f);
    EXPECT_NEAR(e90[1], e0[0], 1e-3f);
    EXPECT_NEAR(e90[2], e0[2], 1e-3f);
    // Unturned, the beak is at the figure's left (-x); turned, at its front (+y).
    EXPECT_NEAR(straight.vertices[tip].px, -e0[0] / 2, 1e-3f);
    EXPECT_NEAR(turned.vertices[tip].py, e90[1] / 2, 1e-3f);
    // -90 turns it the other way: the beak at the back.
    EXPECT_NEAR(to_table_axes(duck, 12.0f, -90.0f).vertices[tip].py, -e90[1] / 2, 1e-3f);
    // Normals turn with the positions.
    // Normals turn with the positions: clockwise, (x, y) becomes (y, -x).
    EXPECT_NEAR(turned.vertices[tip].nx, straight.vertices[tip].ny, 1e-4f);
    EXPECT_NEAR(turned.vertices[tip].ny, -straight.vertices[tip].nx, 1e-4f);

    // The mapping's yaw_deg is the one used.
    const std::string mapping = duck_mapping(
        "yaw", R"({"infantry": {"model": "Duck.gltf", "height_mm": 12, "yaw_deg": 90}})");
    EXPECT_TRUE(same_vertices(load_model_set(mapping, visuals()).meshes[infantry_slot()], turned));
}

// "width_mm: the model is scaled down further if its width across the rank would exceed it;
// keep proportions".
TEST(CustomModels, WidthMmNarrowsTheModelKeepingItsProportions) {
    const ModelMesh duck = load_gltf_model(kDuck.string());
    const auto full = extent(to_table_axes(duck, 12.0f, 90.0f));
    ASSERT_GT(full[0], 6.0f);
    const auto narrow = extent(to_table_axes(duck, 12.0f, 90.0f, 6.0f));
    EXPECT_NEAR(narrow[0], 6.0f, 1e-3f);
    const float shrink = 6.0f / full[0];
    EXPECT_NEAR(narrow[1], full[1] * shrink, 1e-3f);
    EXPECT_NEAR(narrow[2], full[2] * shrink, 1e-3f);
    // A limit wider than the model changes nothing.
    const auto loose = extent(to_table_axes(duck, 12.0f, 90.0f, full[0] + 1.0f));
    EXPECT_NEAR(loose[0], full[0], 1e-4f);
    EXPECT_NEAR(loose[2], 12.0f, 1e-4f);

    const std::string mapping = duck_mapping(
        "width",
        R"({"infantry": {"model": "Duck.gltf", "height_mm": 12, "yaw_deg": 90, "width_mm": 6}})");
    EXPECT_NEAR(extent(load_model_set(mapping, visuals()).meshes[infantry_slot()])[0], 6.0f, 1e-3f);
}

// Bad values in a partial mapping are refused naming the mapping file and the JSON path (the CLI
// exits 2 on an InputError); keys that are no model kind the renderer or the visuals draw stay
// errors.
TEST(CustomModels, BadValuesAreRefusedNamingTheFileAndPath) {
    struct Case {
        std::string entry;
        std::vector<std::string> parts;
    };
    const std::vector<Case> cases = {
        {R"("infantry": {"model": "Duck.gltf", "height_mm": 0})",
         {"$.infantry.height_mm", "above 0 up to 200 (mm), found 0"}},
        {R"("infantry": {"model": "Duck.gltf", "height_mm": 250.5})",
         {"$.infantry.height_mm", "found 250.5"}},
        {R"("infantry": {"model": "Duck.gltf", "height_mm": "tall"})",
         {"$.infantry.height_mm", "expected a number, found a string"}},
        {R"("infantry": {"model": "Duck.gltf", "height_mm": 12, "yaw_deg": 400})",
         {"$.infantry.yaw_deg", "from -360 to 360 (degrees), found 400"}},
        {R"("infantry": {"model": "Duck.gltf", "height_mm": 12, "width_mm": -1})",
         {"$.infantry.width_mm", "above 0", "found -1"}},
        {R"("infantry": {"model": "Duck.gltf", "height_mm": 12, "width_mm": 0})",
         {"$.infantry.width_mm", "found 0"}},
        {R"("infantry": {"model": "Duck.gltf", "height_mm": 12, "yaw": 90})",
         {"$.infantry.yaw", "unknown field"}},
        {R"("ducks": {"model": "Duck.gltf", "height_mm": 12})", {"$.ducks", "unknown model kind"}},
    };
    for (const auto& c : cases) {
        const std::string mapping = duck_mapping("bad", "{" + c.entry + "}");
        const std::string what = mapping_error(mapping);
        EXPECT_EQ(what.rfind(mapping + ": ", 0), 0u) << what;
        for (const auto& p : c.parts)
            EXPECT_NE(what.find(p), std::string::npos) << "\"" << p << "\" not in: " << what;
    }
}

// The fallback: $VEDETTE_ASSETS_DIR naming the user's own folder makes its partial models.json
// the default mapping, and the shipped one fills in; a fallback that fails is reported against
// the user's file and the type it was asked for.
TEST(CustomModels, FallbackComesFromTheShippedMappingAndItsFailuresSayWhy) {
    const std::string user =
        duck_mapping("env-user", R"({"infantry": {"model": "Duck.gltf", "height_mm": 12}})");
    // A copy of the shipped mapping (its paths made absolute) whose gun model is missing.
    const fs::path broken = fresh_folder("env-broken");
    std::string text = read_text(kRepo + "/assets/models.json");
    for (std::size_t at = text.find("\"models/"); at != std::string::npos;
         at = text.find("\"models/", at + 2))
        text.insert(at + 1, kRepo + "/assets/");
    const std::size_t gun_at = text.find("models/gun.gltf");
    ASSERT_NE(gun_at, std::string::npos);
    text.replace(gun_at, 15, "models/no_such_gun.gltf");
    write_text(broken / "models.json", text);
    const char* before = std::getenv("VEDETTE_ASSETS_DIR");
    const std::string saved = before ? before : "";

    setenv("VEDETTE_ASSETS_DIR", fs::path(user).parent_path().c_str(), 1);
    EXPECT_EQ(default_models_file(), user);
    const ModelSet set = load_model_set(default_models_file(), visuals());
    const ModelSet shipped = load_model_set(shipped_models_file(), visuals());
    EXPECT_TRUE(same_vertices(set.meshes[infantry_slot()],
                              to_table_axes(load_gltf_model(kDuck.string()), 12.0f)));
    const auto gun = static_cast<std::size_t>(MeshKind::gun);
    EXPECT_TRUE(same_vertices(set.meshes[gun], shipped.meshes[gun]));

    setenv("VEDETTE_ASSETS_DIR", broken.c_str(), 1);
    const std::string what = mapping_error(user);
    for (const std::string& part : std::vector<std::string>{user + ": $.gun: not in this file",
                                                            (broken / "models.json").string(),
                                                            "$.gun.model", "no_such_gun.gltf"})
        EXPECT_NE(what.find(part), std::string::npos) << "\"" << part << "\" not in: " << what;

    if (before)
        setenv("VEDETTE_ASSETS_DIR", saved.c_str(), 1);
    else
        unsetenv("VEDETTE_ASSETS_DIR");
}

std::string big_endian(std::uint32_t v) {
    return {char(v >> 24), char(v >> 16), char(v >> 8), char(v)};
}

// A PNG chunk: its length, type and data, and a CRC of zeros (stb_image does not check it).
std::string png_chunk(const std::string& type, const std::string& data) {
    return big_endian(std::uint32_t(data.size())) + type + data + std::string(4, '\0');
}

// A decompression bomb: a 16 x 16 RGBA PNG (1,040 bytes of rows) whose image data inflates to
// `inflated` bytes of zeros, a thousand times more from a small file.
std::string png_bomb(int inflated) {
    std::vector<unsigned char> zeros(std::size_t(inflated), 0);
    int length = 0;
    unsigned char* z = stbi_zlib_compress(zeros.data(), inflated, &length, 8);
    const std::string idat(reinterpret_cast<const char*>(z), std::size_t(length));
    std::free(z);
    const std::string ihdr = big_endian(16) + big_endian(16) + std::string{8, 6, 0, 0, 0};
    return "\x89PNG\r\n\x1a\n" + png_chunk("IHDR", ihdr) + png_chunk("IDAT", idat) +
           png_chunk("IEND", "");
}

// "a corrupt image is a ModelError, never a crash", and images past the size limit (declared in
// the header, or inflated from the data) are refused before they are decoded; each names the
// model file and $.images[0].
TEST(CustomModels, CorruptOrOversizedTexturesAreModelErrors) {
    const std::string png = duck_png();
    ASSERT_EQ(png.compare(0, 4, "\x89PNG"), 0);
    // Cut 10 bytes into the image data: the header reads (the size is known), decoding fails.
    const std::size_t idat = png.find("IDAT");
    ASSERT_NE(idat, std::string::npos);
    const std::string truncated = png.substr(0, idat + 4 + 10);
    std::string garbled = png.substr(0, 8) + std::string(png.size() - 8, '\x5A');
    std::string huge = png;  // IHDR width (bytes 16-19, big-endian) set to 5000
    huge[16] = 0, huge[17] = 0, huge[18] = char(0x13), huge[19] = char(0x88);
    const std::string gif = "GIF89a" + png.substr(6);
    struct Case {
        std::string name, png;
        std::vector<std::string> parts;
    };
    const std::vector<Case> cases = {
        {"truncated", truncated, {"$.images[0]", "cannot be decoded"}},
        {"garbled", garbled, {"$.images[0]", "cannot be read"}},
        {"huge", huge, {"$.images[0]", "5000 x 512 texels; the limit is 4096 a side"}},
        {"gif", gif, {"$.images[0]", "expected a PNG or JPEG image"}},
        // 16 MiB of rows from a file of a few kB: refused before stb_image allocates them.
        {"bomb", png_bomb(16 << 20), {"$.images[0]", "decompression bomb"}},
        // fuzz_texture's finding: a DHT segment whose counts add up to 467 (stb_image 2.27
        // wrote past its Huffman table's arrays).
        {"jpeg_huffman",
         std::string("\xff\xd8\xff\xc4\xd9\x00\x00\xfa\xd9", 9),
         {"$.images[0]", "declares 467 codes; a table holds at most 256"}},
    };
    for (const auto& c : cases) {
        const fs::path dir = fresh_folder("image-" + c.name);
        const std::string file = duck_with_png(dir, c.png);
        try {
            load_gltf_model(file);
            ADD_FAILURE() << c.name << " loaded";
        } catch (const ModelError& e) {
            const std::string what = e.what();
            EXPECT_EQ(what.rfind(file + ": ", 0), 0u) << what;
            for (const auto& p : c.parts)
                EXPECT_NE(what.find(p), std::string::npos) << "\"" << p << "\" not in: " << what;
        }
        // Through a mapping, the error names the mapping's entry and the model.
        write_text(dir / "models.json", R"({"infantry": {"model": "Duck.gltf", "height_mm": 9}})");
        const std::string what = mapping_error((dir / "models.json").string());
        EXPECT_NE(what.find("$.infantry.model"), std::string::npos) << what;
        EXPECT_NE(what.find(file + ": $.images[0]"), std::string::npos) << what;
    }
    // The untouched PNG round-trips through the test's base64 and loads.
    const fs::path dir = fresh_folder("image-good");
    EXPECT_TRUE(
        same_vertices(load_gltf_model(duck_with_png(dir, png)), load_gltf_model(kDuck.string())));
}

// fuzz_texture's saved findings (tests/data/bad/fuzz/fuzz_texture), each refused before
// stb_image 2.27 sees it: JPEGs whose Huffman tables hold more than 256 codes (one only once its
// last table runs past the segment's end, as stb_image reads it on), a JPEG scan decoding with a
// table never defined (stb_image read it uninitialised), and a PNG whose first image data chunk
// is empty (stb_image copied it to a null pointer).
TEST(CustomModels, FuzzedTexturesAreRefusedBeforeStbImageSeesThem) {
    const fs::path saved = fs::path(kRepo) / "tests" / "data" / "bad" / "fuzz" / "fuzz_texture";
    int files = 0;
    for (const auto& entry : fs::directory_iterator(saved)) {
        const std::string name = entry.path().filename().string();
        const std::string expected =
            name.rfind("jpeg_dht", 0) == 0    ? "codes; a table holds at most 256"
            : name.rfind("jpeg_scan", 0) == 0 ? "uses a Huffman table that the file does not define"
                                              : "the PNG's first image data chunk is empty";
        const fs::path dir = fresh_folder("fuzzed-" + entry.path().stem().string());
        const std::string file = duck_with_png(dir, read_text(entry.path()));
        try {
            load_gltf_model(file);
            ADD_FAILURE() << entry.path() << " loaded";
        } catch (const ModelError& e) {
            EXPECT_NE(std::string(e.what()).find(expected), std::string::npos)
                << entry.path() << ": " << e.what();
        }
        ++files;
    }
    EXPECT_GE(files, 4);
    // A sound JPEG passes the same checks and loads.
    const fs::path dir = fresh_folder("fuzz-seed-jpeg");
    EXPECT_NO_THROW(load_gltf_model(duck_with_png(
        dir, read_text(fs::path(kRepo) / "tests/fuzz/seeds/texture/checker_8x8.jpg"))));
}

// The Duck as Khronos ships it in its "glTF" folder: buffer and texture in files beside the
// model. The texture file is read (from the model's folder only) and colours it exactly as the
// embedded copy does; without the file the texture is an error naming the image.
TEST(CustomModels, TextureFileBesideTheModelIsUsed) {
    const fs::path dir = fresh_folder("separate");
    nlohmann::json duck = duck_json();
    const std::string buffer = duck["buffers"][0]["uri"];
    write_text(dir / "Duck0.bin", from_base64(buffer.substr(buffer.find(',') + 1)));
    write_text(dir / "DuckCM.png", duck_png());
    duck["buffers"][0]["uri"] = "Duck0.bin";
    duck["images"][0]["uri"] = "DuckCM.png";
    write_text(dir / "Duck.gltf", duck.dump(1));
    const std::string file = (dir / "Duck.gltf").string();
    EXPECT_TRUE(same_vertices(load_gltf_model(file), load_gltf_model(kDuck.string())));

    fs::remove(dir / "DuckCM.png");
    try {
        load_gltf_model(file);
        ADD_FAILURE() << "loaded without its texture";
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find(file + ": $.images[0]: "), std::string::npos)
            << e.what();
        EXPECT_NE(std::string(e.what()).find("no data"), std::string::npos) << e.what();
    }
    // A texture file outside the model's folder is refused like a buffer file.
    duck["images"][0]["uri"] = "../DuckCM.png";
    write_text(dir / "Duck.gltf", duck.dump(1));
    try {
        load_gltf_model(file);
        ADD_FAILURE() << "read a texture outside the model's folder";
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find("$.images[0].uri"), std::string::npos) << e.what();
    }
}

// Textured Khronos samples take their colours from their textures with the textured tint;
// untextured ones keep a whole tint. TextureCoordinateTest's primitives sample different parts of
// one texture; BoxTextured's 24 corners repeat its texture six times across (UVs past 1 wrap) and
// all land on the logo's border.
TEST(CustomModels, TexturedSamplesAreColouredFromTheirTextures) {
    const fs::path samples = kDuck.parent_path();
    const auto colours_of = [](const ModelMesh& m, float tint) {
        std::set<std::tuple<float, float, float>> colours;
        for (const auto& v : m.vertices)
            if (v.tint == tint) colours.emplace(v.r, v.g, v.b);
        return colours;
    };
    const ModelMesh coords = load_gltf_model((samples / "TextureCoordinateTest.gltf").string());
    EXPECT_GT(colours_of(coords, kTexturedTint).size(), 3u);
    EXPECT_GT(colours_of(coords, 1.0f).size(), 0u);  // its one untextured primitive
    const ModelMesh box = load_gltf_model((samples / "BoxTextured.gltf").string());
    for (const auto& v : box.vertices) EXPECT_EQ(v.tint, kTexturedTint);
    EXPECT_EQ(colours_of(box, kTexturedTint).count({0.8f, 0.8f, 0.8f}), 0u);
    for (const auto& v : load_gltf_model((samples / "BoxVertexColors.gltf").string()).vertices)
        EXPECT_EQ(v.tint, 1.0f);
}

}  // namespace
}  // namespace vedette::render::custom_models_test

// glTF models and the models.json mapping on hostile input: every case is a ModelError (an
// InputError, so the CLI exits 2) naming the file and the place, never a crash, a hang, a huge
// allocation or a message quoting another file's bytes. Hand-made inputs are in
// tests/data/bad/gltf/; inputs that would be huge (deep nesting, oversized files) or binary (GLB)
// are made here at run time.

#include <sys/stat.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <type_traits>

#include <gtest/gtest.h>

#include "renderer/assets/gltf_model.h"
#include "renderer/assets/model_set.h"
#include "sim/core/input_error.h"
#include "sim/core/limits.h"

namespace vedette::render {
namespace {

namespace fs = std::filesystem;
const std::string kSource = VEDETTE_SOURCE_DIR;
const std::string kBad = kSource + "/tests/data/bad/gltf/";

// The CLI turns an InputError into exit 2 (app/main.cpp); a ModelError must be one.
static_assert(std::is_base_of_v<sim::InputError, ModelError>);

fs::path output_dir(const std::string& name) {
    const fs::path dir = fs::path(VEDETTE_TEST_OUTPUT_DIR) / "gltf-bad" / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

void write(const fs::path& file, const std::string& bytes) {
    std::ofstream(file, std::ios::binary) << bytes;
}

// Loads `file` expecting a ModelError whose message names the file and holds every `part`.
std::string expect_model_error(const std::string& file, std::initializer_list<std::string> parts) {
    try {
        load_gltf_model(file);
    } catch (const ModelError& e) {
        const std::string what = e.what();
        EXPECT_EQ(what.rfind(file + ": ", 0), 0u) << what;
        for (const auto& p : parts)
            EXPECT_NE(what.find(p), std::string::npos) << "\"" << p << "\" not in: " << what;
        // Nothing read from outside the model's folder shows up in a message.
        EXPECT_EQ(what.find("root:"), std::string::npos) << what;
        return what;
    } catch (const std::exception& e) {
        ADD_FAILURE() << file << ": not a ModelError: " << e.what();
        return {};
    }
    ADD_FAILURE() << file << " loaded";
    return {};
}

std::string bad(const std::string& name) {
    return kBad + name + ".gltf";
}

// A GLB holding `json` and `bin`, each padded to 4 bytes as the format asks.
std::string glb(std::string json, std::string bin) {
    while (json.size() % 4) json += ' ';
    while (bin.size() % 4) bin += '\0';
    auto u32 = [](std::size_t v) {
        std::string s(4, '\0');
        for (int i = 0; i < 4; ++i) s[std::size_t(i)] = char((v >> (8 * i)) & 0xFF);
        return s;
    };
    std::string out = "glTF" + u32(2) + u32(0) + u32(json.size()) + "JSON" + json;
    if (!bin.empty()) out += u32(bin.size()) + "BIN" + std::string(1, '\0') + bin;
    return out.replace(8, 4, u32(out.size()));
}

const std::string kTriangleJson = R"({"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}],
  "nodes": [{"mesh": 0}], "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
  "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3"}],
  "bufferViews": [{"buffer": 0, "byteLength": 36}], "buffers": [{"byteLength": 36}]})";

// kTriangleJson with its buffer in the file `uri`.
std::string with_buffer_file(std::string json, const std::string& uri) {
    const std::string plain = "\"buffers\": [{\"byteLength\": 36}]";
    return json.replace(json.find(plain), plain.size(),
                        "\"buffers\": [{\"byteLength\": 36, \"uri\": \"" + uri + "\"}]");
}

std::string triangle_bin() {
    const float p[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    return std::string(reinterpret_cast<const char*>(p), sizeof p);
}

TEST(GltfBadInput, EveryIndexIsRangeChecked) {
    expect_model_error(
        bad("position_accessor_out_of_range"),
        {"$.meshes[0].primitives[0].attributes.POSITION", "refers to $.accessors[5]"});
    expect_model_error(bad("normal_accessor_out_of_range"),
                       {"attributes.NORMAL", "$.accessors[9]"});
    expect_model_error(bad("color_accessor_out_of_range"),
                       {"attributes.COLOR_0", "$.accessors[9]"});
    expect_model_error(bad("buffer_view_out_of_range"),
                       {"$.accessors[0].bufferView", "$.bufferViews[3]"});
    expect_model_error(bad("buffer_out_of_range"), {"$.bufferViews[0].buffer", "$.buffers[2]"});
    expect_model_error(bad("material_out_of_range"),
                       {"primitives[0].material", "the file has no materials"});
    expect_model_error(bad("scene_out_of_range"), {"$.scene", "$.scenes[3]"});
    // tinygltf reads indices as int: 2^32 would silently become mesh 0.
    expect_model_error(bad("mesh_index_truncated"), {"$.nodes[0].mesh", "$.meshes[4294967296]"});
}

// Vedette's own vertex attributes (_PAINT, _PART, _SWING): a SCALAR of FLOAT each, as many as
// POSITION, whole numbers in range for the paint and the part, 0 to 1 for the swing; anything
// else is a ModelError naming the attribute. Good values load.
TEST(GltfBadInput, PaintPartAndSwingAreCheckedLikeEveryAttribute) {
    const fs::path dir = output_dir("vedette-attributes");
    const auto model = [&](const std::string& name, const std::string& accessor,
                           const std::vector<float>& values) {
        std::string json = kTriangleJson;
        const std::string attrs = "{\"POSITION\": 0}";
        json.replace(json.find(attrs), attrs.size(), "{\"POSITION\": 0, \"" + name + "\": 1}");
        const std::string views = "\"bufferViews\": [{\"buffer\": 0, \"byteLength\": 36}]";
        const std::string extra = std::to_string(4 * values.size());
        json.replace(json.find(views), views.size(),
                     "\"bufferViews\": [{\"buffer\": 0, \"byteLength\": 36}, {\"buffer\": 0, "
                     "\"byteOffset\": 36, \"byteLength\": " +
                         extra + "}]");
        const std::string acc = "\"type\": \"VEC3\"}]";
        json.replace(json.find(acc), acc.size(), "\"type\": \"VEC3\"}, " + accessor + "]");
        const std::string buf = "\"buffers\": [{\"byteLength\": 36}]";
        json.replace(
            json.find(buf), buf.size(),
            "\"buffers\": [{\"byteLength\": " + std::to_string(36 + 4 * values.size()) + "}]");
        std::string bin = triangle_bin();
        bin.append(reinterpret_cast<const char*>(values.data()), 4 * values.size());
        const fs::path file = dir / (name + std::to_string(values.size()) + ".glb");
        write(file, glb(json, bin));
        return file.string();
    };
    const auto scalars = [](std::size_t n) {
        return "{\"bufferView\": 1, \"componentType\": 5126, \"count\": " + std::to_string(n) +
               ", \"type\": \"SCALAR\"}";
    };
    expect_model_error(model("_PART", scalars(3), {0, 9, 0}),
                       {"attributes._PART", "whole numbers from 0 to 8"});
    expect_model_error(model("_PAINT", scalars(3), {0, 2.5f, 0}),
                       {"attributes._PAINT", "whole numbers from 0 to 6"});
    expect_model_error(model("_SWING", scalars(3), {0, 1.5f, 0}),
                       {"attributes._SWING", "from 0 to 1"});
    expect_model_error(model("_SWING", scalars(2), {0, 1}), {"as many elements as POSITION"});
    expect_model_error(model("_PART",
                             "{\"bufferView\": 1, \"componentType\": 5125, \"count\": 3, \"type\": "
                             "\"SCALAR\"}",
                             {0, 0, 0}),
                       {"SCALAR of FLOAT (_PAINT, _PART, _SWING)"});
    const ModelMesh ok = load_gltf_model(model("_PART", scalars(3), {1, 1, 0}));
    ASSERT_EQ(ok.vertices.size(), 3u);
    EXPECT_EQ(ok.vertices[0].part, 1.0f);
    EXPECT_EQ(ok.vertices[2].part, 0.0f);
    EXPECT_EQ(ok.vertices[0].paint, 1.0f);  // no _PAINT: the coat, as before
}

TEST(GltfBadInput, OffsetsAndLengthsNeverWrapABoundsCheck) {
    // byteOffset 2^64 - 8: offset + 36 wraps to 28, which passed the old check and read 8 bytes
    // before the buffer.
    expect_model_error(bad("accessor_offset_wraps"),
                       {"$.accessors[0]", "past the end of its buffer view"});
    expect_model_error(bad("buffer_view_offset_wraps"),
                       {"$.bufferViews[0]", "past the end of its buffer"});
    // tinygltf ignores a negative offset (reads from 0): refused, not misread.
    expect_model_error(bad("negative_byte_offset"), {"$.accessors[0].byteOffset", "found -12"});
    expect_model_error(bad("accessor_past_view"),
                       {"$.accessors[0]", "past the end of its buffer view (36 bytes)"});
}

TEST(GltfBadInput, AccessorsMustBeWhatTheLoaderReads) {
    expect_model_error(bad("position_not_float"), {"$.accessors[0]", "VEC3 of FLOAT (POSITION)"});
    expect_model_error(bad("position_not_vec3"), {"$.accessors[0]", "VEC3 of FLOAT (POSITION)"});
    expect_model_error(bad("sparse_accessor"),
                       {"$.accessors[0]", "sparse accessors are not supported"});
    expect_model_error(bad("buffer_without_data"), {"$.buffers[0]", "the buffer has no data"});
    expect_model_error(
        bad("stride_smaller_than_element"),
        {"$.bufferViews[0].byteStride", "4 bytes is less than one element", "(12 bytes)"});
}

TEST(GltfBadInput, NodeGraphsAreBoundedAndCyclesFound) {
    // 40 levels of two nodes, each the child of both nodes above it: 2^40 paths.
    expect_model_error(bad("node_dag"), {"more than 100000 node instances"});
    expect_model_error(bad("node_cycle"), {"$.nodes[1]", "cycle"});
    // One node with 60,000 children, all the same node, whose mesh has 20 primitives (points,
    // never drawn): few node visits, but 1.2 million primitives to walk.
    const fs::path dir = output_dir("graphs");
    std::string json = with_buffer_file(kTriangleJson, "triangle.bin");
    std::string kids, prims;
    for (int i = 0; i < 60000; ++i) kids += i ? ",1" : "1";
    for (int i = 0; i < 20; ++i)
        prims += (i ? "," : "") + std::string(R"({"attributes": {"POSITION": 0}, "mode": 0})");
    json.replace(json.find("[{\"mesh\": 0}]"), 13,
                 "[{\"children\": [" + kids + "]}, {\"mesh\": 0}]");
    json.replace(json.find(R"([{"attributes": {"POSITION": 0}}])"), 33, "[" + prims + "]");
    write(dir / "primitives.gltf", json);
    write(dir / "triangle.bin", triangle_bin());
    expect_model_error((dir / "primitives.gltf").string(), {"more than 1000000 primitives"});
    // A chain of 100,000 nodes is not a cycle and must not overflow the stack.
    std::string nodes;
    const int n = static_cast<int>(sim::limits::kMaxModelNodeVisits);
    for (int i = 0; i < n; ++i)
        nodes += (i ? "," : "") +
                 (i + 1 < n ? "{\"children\":[" + std::to_string(i + 1) + "]}" : "{\"mesh\":0}");
    json = with_buffer_file(kTriangleJson, "triangle.bin");
    json.replace(json.find("[{\"mesh\": 0}]"), 13, "[" + nodes + "]");
    write(dir / "chain.gltf", json);
    EXPECT_EQ(load_gltf_model((dir / "chain.gltf").string()).vertices.size(), 3u);
}

TEST(GltfBadInput, HugeCountsAreRefusedBeforeAllocating) {
    // 5e9 vertices and no indices: the old loader looped a uint32 over it for ever.
    expect_model_error(bad("huge_count"),
                       {"$.accessors[0].count", "5000000000 elements", "the limit is 4000000"});
}

TEST(GltfBadInput, OversizedAndSpecialFilesAreRefused) {
    const fs::path dir = output_dir("sizes");
    const std::uint64_t too_big = sim::limits::kMaxGltfFileBytes + 1;
    const std::string big = (dir / "big.gltf").string();
    write(big, "");
    fs::resize_file(big, too_big);  // sparse: takes no disk and is never read
    expect_model_error(big, {"file too large"});
    write(dir / "big_buffer.gltf", with_buffer_file(kTriangleJson, "big.bin"));
    write(dir / "big.bin", "");
    fs::resize_file(dir / "big.bin", too_big);
    expect_model_error((dir / "big_buffer.gltf").string(),
                       {"$.buffers[0].uri", "big.bin", "file too large"});
    expect_model_error(bad("buffer_file_is_folder"), {"$.buffers[0].uri", "is a folder"});
    ASSERT_EQ(::mkfifo((dir / "fifo.gltf").c_str(), 0600), 0);
    expect_model_error((dir / "fifo.gltf").string(), {"not a regular file"});
    expect_model_error("/dev/zero", {"not a regular file"});
    expect_model_error(kSource + "/assets", {"is a folder"});
}

TEST(GltfBadInput, DeepNestingAndDuplicateKeysAreRefused) {
    // 100,000 nested arrays in `extras`: tinygltf's recursive conversion overflowed the stack.
    const fs::path dir = output_dir("deep");
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    std::string json = with_buffer_file(kTriangleJson, "triangle.bin");
    json.insert(json.find("\"scenes\""), "\"extras\": " + deep + ", ");
    write(dir / "deep.gltf", json);
    write(dir / "triangle.bin", triangle_bin());
    expect_model_error((dir / "deep.gltf").string(), {"nesting deeper than 64 levels", "$.extras"});
    std::string glb_json = kTriangleJson;
    glb_json.insert(glb_json.find("\"scenes\""), "\"extras\": " + deep + ", ");
    write(dir / "deep.glb", glb(glb_json, triangle_bin()));
    expect_model_error((dir / "deep.glb").string(), {"nesting deeper than 64 levels"});
    expect_model_error(bad("duplicate_key"), {"$.accessors[0].count", "appears twice"});
}

TEST(GltfBadInput, FilesNamedInsideAModelStayInItsFolder) {
    expect_model_error(bad("buffer_uri_absolute"), {"$.buffers[0].uri", "absolute path"});
    expect_model_error(bad("buffer_uri_parent"), {"$.buffers[0].uri", "climbs out"});
    expect_model_error(bad("buffer_uri_encoded_parent"), {"$.buffers[0].uri", "climbs out"});
    expect_model_error(bad("image_uri_absolute"), {"$.images[0].uri", "absolute path"});
    expect_model_error(bad("image_uri_parent"), {"$.images[0].uri", "climbs out"});
    // A buffer file of the wrong size: the message gives sizes, never the file's bytes.
    expect_model_error(bad("buffer_size_mismatch"),
                       {"$.buffers[0].byteLength", "40 bytes, but the buffer file holds 36"});
    // Relative files beside the model are fine, and an image no material uses is never read.
    EXPECT_EQ(load_gltf_model(bad("good_external_buffer")).vertices.size(), 3u);
    EXPECT_EQ(load_gltf_model(bad("good_missing_image")).vertices.size(), 3u);
}

// Issue 48: a model whose extensionsRequired names an extension the loader does not read is
// refused naming the extension (a Draco-compressed mesh has no plain data to draw; the old loader
// refused it as an accessor without a buffer view, or took an unknown extension silently). An
// extension that is only used, not required, is ignored and the model loads.
TEST(GltfBadInput, RequiredExtensionsAreRefusedByName) {
    const fs::path dir = output_dir("extensions");
    write(dir / "triangle.bin", triangle_bin());
    const auto with = [](const std::string& fields) {
        std::string json = with_buffer_file(kTriangleJson, "triangle.bin");
        return json.insert(json.find("\"scenes\""), fields + ", ");
    };
    write(dir / "used.gltf", with(R"("extensionsUsed": ["KHR_materials_variants"])"));
    EXPECT_EQ(load_gltf_model((dir / "used.gltf").string()).vertices.size(), 3u);

    write(dir / "made_up.gltf", with(R"("extensionsUsed": ["KHR_materials_unlit", "VENDOR_made_up"],
                  "extensionsRequired": ["VENDOR_made_up"])"));
    expect_model_error((dir / "made_up.gltf").string(),
                       {"$.extensionsRequired[0]", "\"VENDOR_made_up\"", "does not support"});
    // One the loader would ignore were it only used is refused too when required.
    write(dir / "second.gltf", with(R"("extensionsRequired": ["KHR_texture_transform"])"));
    expect_model_error((dir / "second.gltf").string(),
                       {"$.extensionsRequired[0]", "KHR_texture_transform", "texture transforms"});

    // A Draco mesh as exporters write it: the accessor has no buffer view, the primitive's
    // extension points at the compressed bytes.
    std::string draco = R"({"asset": {"version": "2.0"},
      "extensionsUsed": ["KHR_draco_mesh_compression"],
      "extensionsRequired": ["KHR_draco_mesh_compression"],
      "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0}],
      "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "extensions":
        {"KHR_draco_mesh_compression": {"bufferView": 0, "attributes": {"POSITION": 0}}}}]}],
      "accessors": [{"componentType": 5126, "count": 3, "type": "VEC3"}],
      "bufferViews": [{"buffer": 0, "byteLength": 36}], "buffers": [{"byteLength": 36}]})";
    write(dir / "draco.glb", glb(draco, triangle_bin()));
    expect_model_error((dir / "draco.glb").string(),
                       {"$.extensionsRequired[0]", "\"KHR_draco_mesh_compression\"",
                        "Draco-compressed meshes", "export the model without it"});

    // Not a list of names: refused like any wrong type.
    write(dir / "not_a_list.gltf", with(R"("extensionsRequired": "KHR_draco_mesh_compression")"));
    expect_model_error((dir / "not_a_list.gltf").string(), {"$.extensionsRequired"});
    write(dir / "not_a_name.gltf", with(R"("extensionsRequired": [7])"));
    expect_model_error((dir / "not_a_name.gltf").string(), {"$.extensionsRequired[0]"});
    // A long name is quoted cut short, between UTF-8 characters.
    std::string long_name = "a";
    for (int i = 0; i < 2000; ++i) long_name += "\u00e9";
    write(dir / "long.gltf", with("\"extensionsRequired\": [\"" + long_name + "\"]"));
    const std::string what =
        expect_model_error((dir / "long.gltf").string(), {"$.extensionsRequired[0]", "...\""});
    EXPECT_LT(what.size(), 400u) << what;
    const std::size_t cut = what.find("...\"");
    ASSERT_NE(cut, std::string::npos);
    EXPECT_NE(static_cast<unsigned char>(what[cut - 1]), 0xC3u) << "cut inside a character";
}

TEST(GltfBadInput, GlbHeaderAndChunkLengthsAreChecked) {
    const fs::path dir = output_dir("glb");
    const std::string good = glb(kTriangleJson, triangle_bin());
    write(dir / "good.glb", good);
    EXPECT_EQ(load_gltf_model((dir / "good.glb").string()).vertices.size(), 3u);
    auto variant = [&](const std::string& name, std::string bytes,
                       std::initializer_list<std::string> parts) {
        write(dir / name, bytes);
        expect_model_error((dir / name).string(), parts);
    };
    variant("short.glb", good.substr(0, 16), {"GLB header", "too short"});
    std::string version = good;
    version[4] = 1;
    variant("version.glb", version, {"GLB header", "version 2"});
    variant("truncated.glb", good.substr(0, good.size() - 4),
            {"GLB header", "not the file's size"});
    std::string json_length = good;
    json_length[15] = char(0x7F);  // JSON chunk longer than the file
    variant("json_length.glb", json_length, {"GLB JSON chunk", "past the end"});
    // tinygltf 2.7 accepts a BIN chunk that runs 8 bytes past the file; we do not.
    std::string bin_length = good;
    const std::size_t bin_at = 20 + ((kTriangleJson.size() + 3) / 4 * 4);
    bin_length[bin_at] = char(36 + 8);
    variant("bin_length.glb", bin_length, {"GLB BIN chunk"});
}

// models.json: each problem names the mapping file and the JSON path of the entry.
TEST(GltfBadInput, MappingErrorsNameTheFileAndPlace) {
    const fs::path dir = output_dir("mapping");
    std::ifstream in(kSource + "/assets/models.json");
    std::string real((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (std::size_t at = real.find("\"models/"); at != std::string::npos;
         at = real.find("\"models/", at + 2))
        real.insert(at + 1, kSource + "/assets/");
    ASSERT_EQ(::mkfifo((dir / "fifo.gltf").c_str(), 0600), 0);
    auto expect = [&](const std::string& from, const std::string& to,
                      std::initializer_list<std::string> parts) {
        std::string text = real;
        const std::size_t at = text.find(from);
        ASSERT_NE(at, std::string::npos) << from;
        text.replace(at, from.size(), to);
        const std::string mapping = (dir / "models.json").string();
        write(mapping, text);
        try {
            load_model_set(mapping, load_visuals(kSource + "/assets/visuals.json"));
            ADD_FAILURE() << to << " was accepted";
        } catch (const sim::InputError& e) {
            const std::string what = e.what();
            EXPECT_EQ(what.rfind(mapping + ": ", 0), 0u) << what;
            for (const auto& p : parts)
                EXPECT_NE(what.find(p), std::string::npos) << "\"" << p << "\" not in: " << what;
        }
    };
    expect("\"flag\"", "\"grenadeers\"", {"$.grenadeers", "unknown model kind"});
    expect("\"height_mm\": 7", "\"height_mm\": [7]", {"$.gun.height_mm", "expected a number"});
    expect("\"height_mm\": 7", "\"height_mm\": 1000000000000",
           {"$.gun.height_mm", "above 0 up to 200"});
    expect("\"height_mm\": 7", "\"height_mm\": 7, \"colour\": 1",
           {"$.gun.colour", "unknown field"});
    const std::string gun = kSource + "/assets/models/gun.gltf";
    expect(gun, "/no/such/gun.gltf", {"$.gun.model", "/no/such/gun.gltf", "no such file"});
    expect(gun, (dir / "fifo.gltf").string(), {"$.gun.model", "not a regular file"});
    expect(gun, "/dev/zero", {"$.gun.model", "not a regular file"});
    expect(gun, dir.string(), {"$.gun.model", "is a folder"});
    expect(gun, kBad + "huge_count.gltf", {"$.gun.model", "huge_count.gltf: $.accessors[0].count"});
}

}  // namespace
}  // namespace vedette::render

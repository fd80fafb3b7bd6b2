#include "renderer/assets/gltf_model.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <limits>
#include <map>
#include <optional>
#include <string_view>
#include <utility>

#include <stb_image.h>
#include <tiny_gltf.h>
#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "renderer/assets/gltf_json_checks.h"
#include "renderer/assets/texture_checks.h"
#include "sim/core/json_reader.h"
#include "sim/core/limits.h"

// Loading goes in three steps, each refusing what the next one would trust:
//  1. the file's bytes (a GLB's header and chunk lengths checked) and its JSON text, guarded by
//     sim::parse_json_text (nesting depth, duplicate keys, NUL bytes);
//  2. the JSON itself: every index the loader or tinygltf 2.7 follows is in range, every byte
//     offset and length is a non-negative integer (tinygltf would silently truncate 2^32 to 0 or
//     ignore -8), buffer views lie inside their buffers, and buffer files are read here, through
//     read_input_file, from the model's own folder only;
//  3. tinygltf parses the JSON with file access limited to the files read in step 2 and an image
//     callback that only keeps each image's encoded bytes, and the node tree is flattened with
//     every accessor checked against its buffer in overflow-free arithmetic and every count
//     bounded by sim::limits. The images of base colour textures are decoded there, by
//     stb_image, PNG and JPEG only, their size checked before any texel is allocated.
// Steps 1 and 2 are in gltf_json_checks.cpp; this file does step 3 (models.json: model_set.cpp).

namespace vedette::render {

namespace {

namespace fs = std::filesystem;
namespace limits = sim::limits;
using gltf_checks::add;
using gltf_checks::BufferFiles;
using gltf_checks::GltfSource;
using gltf_checks::item;
using gltf_checks::span_end;
using sim::JsonNode;

// tinygltf's own messages can be long (it quotes a whole data: URI that fails to decode).
constexpr std::size_t kMaxQuotedMessageChars = 300;

// ---- Step 3: tinygltf, with files limited to the checked buffers -----------------------------

// Each image's encoded bytes by index, as tinygltf hands them over: a data: URI decoded, a buffer
// view, or an image file read in step 2. They are decoded later, and only where a base colour
// texture uses them, so an unused normal map in a format we cannot read costs nothing.
using EncodedImages = std::map<int, std::vector<unsigned char>>;

bool keep_image(tinygltf::Image*, const int index, std::string*, std::string*, int, int,
                const unsigned char* bytes, int size, void* images) {
    if (bytes && size > 0)
        (*static_cast<EncodedImages*>(images))[index].assign(bytes, bytes + size);
    return true;
}

// tinygltf's error text on one line, cut short.
std::string quote_message(std::string err) {
    std::replace(err.begin(), err.end(), '\n', ' ');
    while (!err.empty() && err.back() == ' ') err.pop_back();
    if (err.size() > kMaxQuotedMessageChars) err = err.substr(0, kMaxQuotedMessageChars) + "...";
    return err.empty() ? "unknown error" : err;
}

tinygltf::Model parse_with_tinygltf(const GltfSource& src, BufferFiles& files,
                                    EncodedImages& images, const std::string& path) {
    tinygltf::TinyGLTF loader;
    loader.SetFsCallbacks(gltf_checks::buffer_file_callbacks(files));
    loader.SetImageLoader(&keep_image, &images);
    tinygltf::Model model;
    std::string err, warn;
    const std::string dir = fs::path(path).parent_path().string();
    bool ok = false;
    try {
        const auto* bytes = reinterpret_cast<const unsigned char*>(src.bytes.data());
        ok = src.binary ? loader.LoadBinaryFromMemory(&model, &err, &warn, bytes,
                                                      unsigned(src.bytes.size()), dir)
                        : loader.LoadASCIIFromString(&model, &err, &warn, src.json().data(),
                                                     unsigned(src.json().size()), dir);
    } catch (const std::exception& e) {
        err = e.what();  // tinygltf 2.7 lets some std::vector::at errors escape
    }
    if (!ok) throw ModelError(path, "file", "not a valid glTF 2.0 file: " + quote_message(err));
    return model;
}

// ---- Flattening the scene -------------------------------------------------------------------

// What each attribute may be (glTF 2.0 spec, "Meshes"); anything else is refused, not misread.
enum class Role { position, normal, colour, texcoord, indices, scalar };

// A checked accessor: every element 0..count-1 lies inside its buffer.
struct Elements {
    const unsigned char* base = nullptr;
    std::size_t stride = 0, count = 0;
    int component = 0, components = 0;
    bool normalized = false;

    // Element `i` as up to 4 floats (normalised integers mapped to 0..1; w defaults to 1).
    void read(std::size_t i, float out[4]) const {
        const unsigned char* p = base + i * stride;
        for (int c = 0; c < 4; ++c) out[c] = c == 3 ? 1.0f : 0.0f;
        for (int c = 0; c < std::min(components, 4); ++c) {
            if (component == TINYGLTF_COMPONENT_TYPE_FLOAT)
                std::memcpy(&out[c], p + 4 * c, 4);
            else
                out[c] = float(integer(p, c)) /
                         (component == TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE ? 255.0f : 65535.0f);
        }
    }
    std::uint32_t index(std::size_t i) const { return integer(base + i * stride, 0); }
    std::uint32_t integer(const unsigned char* p, int c) const {
        const int size = tinygltf::GetComponentSizeInBytes(static_cast<std::uint32_t>(component));
        std::uint32_t v = 0;
        if (size == 1) v = p[c];
        if (size == 2) v = std::uint16_t(p[2 * c] | (p[2 * c + 1] << 8));
        if (size == 4) std::memcpy(&v, p + 4 * c, 4);
        return v;
    }
};

bool allowed(Role role, const tinygltf::Accessor& a) {
    const int t = a.componentType;
    switch (role) {
        case Role::position:
        case Role::normal:
            return a.type == TINYGLTF_TYPE_VEC3 && t == TINYGLTF_COMPONENT_TYPE_FLOAT;
        case Role::colour:
            return (a.type == TINYGLTF_TYPE_VEC3 || a.type == TINYGLTF_TYPE_VEC4) &&
                   (t == TINYGLTF_COMPONENT_TYPE_FLOAT ||
                    (a.normalized && (t == TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE ||
                                      t == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT)));
        case Role::texcoord:
            return a.type == TINYGLTF_TYPE_VEC2 &&
                   (t == TINYGLTF_COMPONENT_TYPE_FLOAT ||
                    (a.normalized && (t == TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE ||
                                      t == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT)));
        case Role::scalar:
            return a.type == TINYGLTF_TYPE_SCALAR && t == TINYGLTF_COMPONENT_TYPE_FLOAT;
        case Role::indices:
            return a.type == TINYGLTF_TYPE_SCALAR && !a.normalized &&
                   (t == TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE ||
                    t == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT ||
                    t == TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT);
    }
    return false;
}

const char* expected(Role role) {
    switch (role) {
        case Role::position:
            return "VEC3 of FLOAT (POSITION)";
        case Role::normal:
            return "VEC3 of FLOAT (NORMAL)";
        case Role::colour:
            return "VEC3 or VEC4 of FLOAT or normalized UNSIGNED_BYTE/SHORT (COLOR_0)";
        case Role::texcoord:
            return "VEC2 of FLOAT or normalized UNSIGNED_BYTE/SHORT (TEXCOORD_n)";
        case Role::indices:
            return "SCALAR of UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT (indices)";
        case Role::scalar:
            return "SCALAR of FLOAT (_PAINT, _PART, _SWING)";
    }
    return "";
}

// A decoded base colour texture: RGBA, 8 bits a channel, the first row the top (glTF's v = 0).
struct Texture {
    int width = 0, height = 0;
    std::vector<unsigned char> rgba;

    // The colour at (u, v), bilinear, repeating outside 0..1. The texture's sampler is not read
    // (its wrap modes and filters matter little for one sample per vertex), nor is
    // KHR_texture_transform. The bytes are used as they are, as display (sRGB) values, like every
    // colour in assets/visuals.json: the renderer writes UNORM images without conversion.
    glm::vec3 sample(float u, float v) const {
        if (!std::isfinite(u)) u = 0;
        if (!std::isfinite(v)) v = 0;
        const float x = (u - std::floor(u)) * float(width) - 0.5f;
        const float y = (v - std::floor(v)) * float(height) - 0.5f;
        const float x0 = std::floor(x), y0 = std::floor(y);  // -1 to the size
        const float fx = x - x0, fy = y - y0;
        const auto texel = [&](float tx, float ty) {
            const long ix = ((long(tx) % width) + width) % width;
            const long iy = ((long(ty) % height) + height) % height;
            const unsigned char* p = &rgba[std::size_t(iy * width + ix) * 4];
            return glm::vec3(p[0], p[1], p[2]) / 255.0f;
        };
        return glm::mix(glm::mix(texel(x0, y0), texel(x0 + 1, y0), fx),
                        glm::mix(texel(x0, y0 + 1), texel(x0 + 1, y0 + 1), fx), fy);
    }
};

std::string stb_reason() {
    const char* reason = stbi_failure_reason();
    return reason ? reason : "unknown error";
}

bool starts_with(const std::vector<unsigned char>& bytes, std::string_view magic) {
    return bytes.size() >= magic.size() &&
           std::equal(magic.begin(), magic.end(), bytes.begin(),
                      [](char m, unsigned char b) { return static_cast<unsigned char>(m) == b; });
}

class Flattener {
public:
    Flattener(const tinygltf::Model& m, const EncodedImages& images, ModelMesh& out)
        : m_(m), images_(images), out_(out), on_path_(m.nodes.size()) {}

    // The default scene (or scene 0); a file without scenes shows its root nodes.
    void run() {
        if (!m_.scenes.empty() || m_.defaultScene >= 0) {
            const int s = std::max(m_.defaultScene, 0);
            if (std::size_t(s) >= m_.scenes.size())
                fail("$.scene", "refers to a scene that does not exist");
            for (int n : m_.scenes[std::size_t(s)].nodes)
                walk(n, item("scenes", std::uint64_t(s)) + ".nodes");
            return;
        }
        std::vector<bool> child(m_.nodes.size());
        for (const auto& n : m_.nodes)
            for (int c : n.children)
                if (c >= 0 && std::size_t(c) < child.size()) child[std::size_t(c)] = true;
        for (std::size_t n = 0; n < m_.nodes.size(); ++n)
            if (!child[n]) walk(int(n), "$.nodes");
    }

private:
    [[noreturn]] void fail(const std::string& where, const std::string& what) const {
        throw ModelError(out_.file, where, what);
    }

    // Depth first without recursion (a chain of 100,000 nodes must not overflow the stack). A
    // node may be the child of several nodes (drawn once per path): the paths are counted
    // against kMaxModelNodeVisits, and a node that is its own ancestor is a cycle.
    void walk(int root, const std::string& where) {
        struct Frame {
            int node;
            glm::mat4 world;
            std::size_t next = 0;
        };
        std::vector<Frame> stack;
        auto enter = [&](int index, const glm::mat4& parent, const std::string& from) {
            if (index < 0 || std::size_t(index) >= m_.nodes.size())
                fail(from, "refers to a node that does not exist");
            if (on_path_[std::size_t(index)])
                fail(item("nodes", std::uint64_t(index)),
                     "the node is its own ancestor (a cycle in the node hierarchy)");
            if (++visits_ > limits::kMaxModelNodeVisits)
                fail(from, "the scene expands to more than " +
                               std::to_string(limits::kMaxModelNodeVisits) +
                               " node instances (nodes shared by many parents; docs/LIMITS.md)");
            const auto& node = m_.nodes[std::size_t(index)];
            const glm::mat4 world = parent * node_matrix(node);
            if (node.mesh != -1)
                add_mesh(node.mesh, world, item("nodes", std::uint64_t(index)) + ".mesh");
            on_path_[std::size_t(index)] = true;
            stack.push_back({index, world});
        };
        enter(root, glm::mat4(1.0f), where);
        while (!stack.empty()) {
            Frame& f = stack.back();
            const auto& children = m_.nodes[std::size_t(f.node)].children;
            if (f.next == children.size()) {
                on_path_[std::size_t(f.node)] = false;
                stack.pop_back();
                continue;
            }
            const int child = children[f.next++];
            const glm::mat4 world = f.world;  // enter() may move the stack
            enter(child, world, item("nodes", std::uint64_t(f.node)) + ".children");
        }
    }

    static glm::mat4 node_matrix(const tinygltf::Node& n) {
        if (n.matrix.size() == 16) {
            glm::mat4 m;
            for (int i = 0; i < 16; ++i) m[i / 4][i % 4] = float(n.matrix[std::size_t(i)]);
            return m;
        }
        glm::mat4 m(1.0f);
        if (n.translation.size() == 3)
            m = glm::translate(m, glm::vec3(float(n.translation[0]), float(n.translation[1]),
                                            float(n.translation[2])));
        if (n.rotation.size() == 4)
            m *= glm::mat4_cast(glm::quat(float(n.rotation[3]), float(n.rotation[0]),
                                          float(n.rotation[1]), float(n.rotation[2])));
        if (n.scale.size() == 3)
            m = glm::scale(m, glm::vec3(float(n.scale[0]), float(n.scale[1]), float(n.scale[2])));
        return m;
    }

    void add_mesh(int mesh, const glm::mat4& world, const std::string& from) {
        if (mesh < 0 || std::size_t(mesh) >= m_.meshes.size())
            fail(from, "refers to a mesh that does not exist");
        const auto& prims = m_.meshes[std::size_t(mesh)].primitives;
        for (std::size_t p = 0; p < prims.size(); ++p) {
            if (++primitives_ > limits::kMaxModelPrimitives)
                fail(from, "the scene draws more than " +
                               std::to_string(limits::kMaxModelPrimitives) +
                               " primitives (docs/LIMITS.md)");
            if (prims[p].mode != TINYGLTF_MODE_TRIANGLES) continue;  // points, lines, strips
            add_primitive(
                prims[p], world,
                item("meshes", std::uint64_t(mesh)) + ".primitives[" + std::to_string(p) + "]");
        }
    }

    Elements elements(int index, Role role, const std::string& from) const {
        if (index < 0 || std::size_t(index) >= m_.accessors.size())
            fail(from, "refers to an accessor that does not exist");
        const auto& a = m_.accessors[std::size_t(index)];
        const std::string at = item("accessors", std::uint64_t(index));
        if (a.sparse.isSparse) fail(at, "sparse accessors are not supported");
        if (!allowed(role, a)) fail(at, std::string("expected an accessor of ") + expected(role));
        if (a.count > limits::kMaxModelVertices)
            fail(at + ".count", std::to_string(a.count) + " elements; the limit is " +
                                    std::to_string(limits::kMaxModelVertices) +
                                    " vertices per model (docs/LIMITS.md)");
        if (a.bufferView < 0)
            fail(at, "the accessor has no bufferView (accessors without data are not supported)");
        if (std::size_t(a.bufferView) >= m_.bufferViews.size())
            fail(at + ".bufferView", "refers to a buffer view that does not exist");
        const auto& view = m_.bufferViews[std::size_t(a.bufferView)];
        const std::string view_at = item("bufferViews", std::uint64_t(a.bufferView));
        if (view.buffer < 0 || std::size_t(view.buffer) >= m_.buffers.size())
            fail(view_at + ".buffer", "refers to a buffer that does not exist");
        const auto& data = m_.buffers[std::size_t(view.buffer)].data;
        const auto view_end = add(view.byteOffset, view.byteLength);
        if (!view_end || *view_end > data.size())
            fail(view_at, "the view runs past the end of its buffer (" +
                              std::to_string(data.size()) + " bytes)");
        Elements e;
        e.component = a.componentType;
        e.normalized = a.normalized;
        e.count = a.count;
        e.components = tinygltf::GetNumComponentsInType(static_cast<std::uint32_t>(a.type));
        const std::size_t element = std::size_t(
            e.components * tinygltf::GetComponentSizeInBytes(std::uint32_t(e.component)));
        e.stride = view.byteStride ? view.byteStride : element;
        if (e.stride < element)
            fail(view_at + ".byteStride", std::to_string(e.stride) +
                                              " bytes is less than one element of " + at + " (" +
                                              std::to_string(element) + " bytes)");
        const auto end = span_end(a.byteOffset, a.count, e.stride, element);
        if (!end || *end > view.byteLength)
            fail(at, "the accessor's elements run past the end of its buffer view (" +
                         std::to_string(view.byteLength) + " bytes)");
        if (a.count > 0) e.base = data.data() + view.byteOffset + a.byteOffset;
        return e;
    }

    // The decoded image `index`, decoded once per model. Only PNG and JPEG (the two formats
    // glTF 2.0 allows) reach stb_image, and their size is read from the header and checked before
    // any texel is allocated.
    const Texture& texture(int index) {
        if (const auto it = textures_.find(index); it != textures_.end()) return it->second;
        const std::string at = item("images", std::uint64_t(index));
        const auto encoded = images_.find(index);
        if (encoded == images_.end() || encoded->second.empty())
            fail(at,
                 "a base colour texture uses this image, but it has no data (its file is "
                 "missing beside the model, or it names none)");
        const std::vector<unsigned char>& bytes = encoded->second;
        if (!starts_with(bytes, "\x89PNG\r\n\x1a\n") && !starts_with(bytes, "\xff\xd8\xff"))
            fail(at, "expected a PNG or JPEG image (the formats glTF 2.0 allows)");
        // stb_image reads a JPEG's Huffman tables already in stbi_info, unchecked.
        if (const std::string problem = jpeg_problem(bytes.data(), bytes.size()); !problem.empty())
            fail(at, problem);
        if (bytes.size() > std::size_t(std::numeric_limits<int>::max()))
            fail(at, "the image is too large to decode");
        const int length = int(bytes.size());
        int w = 0, h = 0, channels = 0;
        if (!stbi_info_from_memory(bytes.data(), length, &w, &h, &channels))
            fail(at, "the image cannot be read: " + stb_reason());
        if (w < 1 || h < 1 || w > kMaxTextureSide || h > kMaxTextureSide)
            fail(at, std::to_string(w) + " x " + std::to_string(h) + " texels; the limit is " +
                         std::to_string(kMaxTextureSide) + " a side (docs/MODELS.md)");
        texels_ += std::uint64_t(w) * std::uint64_t(h);
        if (texels_ > kMaxModelTexels)
            fail(at, "the model's base colour textures hold more than " +
                         std::to_string(kMaxModelTexels) + " texels together (docs/MODELS.md)");
        // A PNG's data may inflate far past its header's size before stb_image notices.
        if (starts_with(bytes, "\x89PNG"))
            if (const std::string problem = png_inflate_problem(bytes.data(), bytes.size());
                !problem.empty())
                fail(at, problem);
        int dw = 0, dh = 0;
        stbi_uc* pixels = stbi_load_from_memory(bytes.data(), length, &dw, &dh, &channels, 4);
        if (!pixels) fail(at, "the image cannot be decoded: " + stb_reason());
        Texture t;
        t.width = dw, t.height = dh;
        const bool same_size = dw == w && dh == h;
        if (same_size) t.rgba.assign(pixels, pixels + std::size_t(dw) * std::size_t(dh) * 4);
        stbi_image_free(pixels);
        if (!same_size) fail(at, "the image decodes to another size than its header says");
        return textures_.emplace(index, std::move(t)).first->second;
    }

    // The base colour texture of `material` and the TEXCOORD_n accessor it reads, when the
    // material has one and the primitive has that set of coordinates (without them the primitive
    // keeps the material's base colour factor).
    std::pair<const Texture*, std::optional<Elements>> base_colour_texture(
        const tinygltf::Primitive& prim, const std::string& at) {
        const int material = prim.material;  // checked by add_primitive
        if (material == -1) return {nullptr, std::nullopt};
        const auto& info =
            m_.materials[std::size_t(material)].pbrMetallicRoughness.baseColorTexture;
        if (info.index == -1) return {nullptr, std::nullopt};
        const std::string where =
            item("materials", std::uint64_t(material)) + ".pbrMetallicRoughness.baseColorTexture";
        if (info.index < 0 || std::size_t(info.index) >= m_.textures.size())
            fail(where + ".index", "refers to a texture that does not exist");
        const int source = m_.textures[std::size_t(info.index)].source;
        if (source == -1) return {nullptr, std::nullopt};  // an extension's image only
        if (source < 0 || std::size_t(source) >= m_.images.size())
            fail(item("textures", std::uint64_t(info.index)) + ".source",
                 "refers to an image that does not exist");
        const std::string set = "TEXCOORD_" + std::to_string(info.texCoord);
        const auto it = prim.attributes.find(set);
        if (it == prim.attributes.end()) return {nullptr, std::nullopt};
        auto uv = elements(it->second, Role::texcoord, at + ".attributes." + set);
        return {&texture(source), uv};
    }

    void add_primitive(const tinygltf::Primitive& prim, const glm::mat4& world,
                       const std::string& at) {
        const auto attribute = [&](const char* name, Role role) -> std::optional<Elements> {
            const auto it = prim.attributes.find(name);
            if (it == prim.attributes.end()) return std::nullopt;
            return elements(it->second, role, at + ".attributes." + name);
        };
        const auto pos = attribute("POSITION", Role::position);
        if (!pos) fail(at + ".attributes", "the primitive has no POSITION");
        const auto normal = attribute("NORMAL", Role::normal);
        const auto colour = attribute("COLOR_0", Role::colour);
        // Vedette's own per-vertex data (docs/MODELS.md): the paint a vertex takes, the part it
        // moves with and how far it swings.
        const auto paint = attribute("_PAINT", Role::scalar);
        const auto part = attribute("_PART", Role::scalar);
        const auto swing = attribute("_SWING", Role::scalar);
        glm::vec3 base(0.8f);
        if (prim.material != -1) {
            if (prim.material < 0 || std::size_t(prim.material) >= m_.materials.size())
                fail(at + ".material", "refers to a material that does not exist");
            const auto& f =
                m_.materials[std::size_t(prim.material)].pbrMetallicRoughness.baseColorFactor;
            for (std::size_t c = 0; c < 3 && c < f.size(); ++c) base[int(c)] = float(f[c]);
        }
        const auto [tex, uv] = base_colour_texture(prim, at);
        for (const auto* other : {&normal, &colour, &uv, &paint, &part, &swing})
            if (*other && (*other)->count != pos->count)
                fail(at + ".attributes",
                     "NORMAL, COLOR_0, TEXCOORD_n, _PAINT, _PART and _SWING must have as many "
                     "elements as POSITION");
        std::optional<Elements> indices;
        if (prim.indices != -1) indices = elements(prim.indices, Role::indices, at + ".indices");
        const std::size_t n = (indices ? indices->count : pos->count) / 3 * 3;
        if (out_.vertices.size() + n > limits::kMaxModelVertices)
            fail(at, "the flattened model has more than " +
                         std::to_string(limits::kMaxModelVertices) + " vertices (docs/LIMITS.md)");
        const glm::mat3 normal_matrix = glm::transpose(glm::inverse(glm::mat3(world)));
        for (std::size_t t = 0; t < n; t += 3) {
            glm::vec3 p[3], nm[3], c[3];
            VertexData data[3];
            for (std::size_t k = 0; k < 3; ++k) {
                const std::size_t i = indices ? indices->index(t + k) : t + k;
                if (i >= pos->count) fail(at + ".indices", "an index points past the vertices");
                float v[4];
                pos->read(i, v);
                p[k] = glm::vec3(world * glm::vec4(v[0], v[1], v[2], 1.0f));
                if (!std::isfinite(p[k].x) || !std::isfinite(p[k].y) || !std::isfinite(p[k].z))
                    fail(at + ".attributes.POSITION", "a vertex position is not a finite number");
                nm[k] = glm::vec3(0.0f);
                if (normal) {
                    normal->read(i, v);
                    nm[k] = normal_matrix * glm::vec3(v[0], v[1], v[2]);
                }
                c[k] = base;
                if (colour) {
                    colour->read(i, v);
                    c[k] *= glm::vec3(v[0], v[1], v[2]);
                }
                if (tex) {
                    uv->read(i, v);
                    c[k] *= tex->sample(v[0], v[1]);
                }
                data[k] = vertex_data(paint, part, swing, i, at, tex != nullptr);
            }
            const glm::vec3 face = glm::cross(p[1] - p[0], p[2] - p[0]);
            for (auto& v : nm) {
                // A missing, zero or broken normal becomes the face's, so shading never sees NaN.
                const float len = glm::length(v);
                const glm::vec3 fallback =
                    glm::length(face) > 0 ? glm::normalize(face) : glm::vec3(0, 1, 0);
                v = std::isfinite(len) && len > 0 ? v / len : fallback;
            }
            for (std::size_t k = 0; k < 3; ++k)
                out_.vertices.push_back({p[k].x, p[k].y, p[k].z, nm[k].x, nm[k].y, nm[k].z, c[k].x,
                                         c[k].y, c[k].z, data[k].tint, data[k].paint, data[k].part,
                                         data[k].swing});
        }
    }

    // A vertex's paint, part and swing. Without _PAINT it takes the coat colour as before
    // (wholly, or kTexturedTint of it where textured); _PAINT 0 keeps its own colour.
    struct VertexData {
        float tint = 1, paint = 1, part = 0, swing = 0;
    };
    VertexData vertex_data(const std::optional<Elements>& paint,
                           const std::optional<Elements>& part,
                           const std::optional<Elements>& swing, std::size_t i,
                           const std::string& at, bool textured) const {
        VertexData d;
        d.tint = textured ? kTexturedTint : 1.0f;
        float v[4];
        const auto whole = [&](const std::optional<Elements>& e, const char* name, float most) {
            e->read(i, v);
            if (!(v[0] >= 0 && v[0] <= most) || v[0] != std::floor(v[0]))
                fail(at + ".attributes." + name,
                     "expected whole numbers from 0 to " + std::to_string(int(most)));
            return v[0];
        };
        if (paint) {
            d.paint = whole(paint, "_PAINT", kMaxPaint);
            if (d.paint == 0) d.tint = 0;
        }
        if (part) d.part = whole(part, "_PART", kMaxPart);
        if (swing) {
            swing->read(i, v);
            if (!(v[0] >= 0 && v[0] <= 1))
                fail(at + ".attributes._SWING", "expected numbers from 0 to 1");
            d.swing = v[0];
        }
        return d;
    }

    const tinygltf::Model& m_;
    const EncodedImages& images_;
    ModelMesh& out_;
    std::vector<bool> on_path_;
    std::uint64_t visits_ = 0, primitives_ = 0, texels_ = 0;
    std::map<int, Texture> textures_;
};

ModelMesh load_checked(const std::string& path) {
    const GltfSource src = gltf_checks::read_gltf_source(path);
    const sim::Json json = sim::parse_json_text(src.json(), path);
    const JsonNode root(json, path, "$");
    BufferFiles files = gltf_checks::check_json(root, src, path);
    EncodedImages images;
    const tinygltf::Model model = parse_with_tinygltf(src, files, images, path);
    files.clear();  // tinygltf copied the buffers
    ModelMesh out;
    out.file = path;
    Flattener(model, images, out).run();
    if (out.vertices.empty()) throw ModelError(path, "file", "the model has no triangles to draw");
    for (int c = 0; c < 3; ++c) out.min[c] = 1e30f, out.max[c] = -1e30f;
    for (const auto& v : out.vertices) {
        const float p[3] = {v.px, v.py, v.pz};
        for (int c = 0; c < 3; ++c)
            out.min[c] = std::min(out.min[c], p[c]), out.max[c] = std::max(out.max[c], p[c]);
    }
    return out;
}

}  // namespace

ModelMesh load_gltf_model(const std::string& path) {
    try {
        return load_checked(path);
    } catch (const ModelError&) {
        throw;
    } catch (const sim::InputError& e) {
        // read_input_file, the JSON guard and JsonNode report InputErrors: the same, as a model's.
        throw ModelError(e.file(), e.where(), e.message());
    }
}

ModelMesh to_table_axes(const ModelMesh& mesh, float height_mm, float yaw_deg, float width_mm) {
    ModelMesh out = mesh;
    if (out.vertices.empty()) return out;
    // glTF (x, y up, z forward) -> table-local (x right, y forward, z up); x mirrors so the
    // handedness stays right (glTF's +X is the model's left). Then the turn, clockwise seen from
    // above like a figure's facing: forward (0, 1) goes to (sin a, cos a).
    const float a = glm::radians(yaw_deg), c = std::cos(a), s = std::sin(a);
    const auto turn = [&](float x, float y) { return glm::vec2(x * c + y * s, y * c - x * s); };
    float lo[3] = {1e30f, 1e30f, 1e30f}, hi[3] = {-1e30f, -1e30f, -1e30f};
    for (auto& v : out.vertices) {
        const glm::vec2 p = turn(-v.px, v.pz), n = turn(-v.nx, v.nz);
        const float up = v.py, n_up = v.ny;
        v.px = p.x, v.py = p.y, v.pz = up;
        v.nx = n.x, v.ny = n.y, v.nz = n_up;
        const float q[3] = {v.px, v.py, v.pz};
        for (int k = 0; k < 3; ++k) lo[k] = std::min(lo[k], q[k]), hi[k] = std::max(hi[k], q[k]);
    }
    // Scaled to its height, then down again (proportions kept) where it is wider than width_mm
    // across the rank.
    float scale = height_mm / std::max(1e-6f, hi[2] - lo[2]);
    const float width = (hi[0] - lo[0]) * scale;
    if (width_mm > 0 && width > width_mm) scale *= width_mm / width;
    const float cx = (lo[0] + hi[0]) / 2, cy = (lo[1] + hi[1]) / 2;
    for (auto& v : out.vertices)
        v.px = (v.px - cx) * scale, v.py = (v.py - cy) * scale, v.pz = (v.pz - lo[2]) * scale;
    out.min[0] = (lo[0] - cx) * scale, out.max[0] = (hi[0] - cx) * scale;
    out.min[1] = (lo[1] - cy) * scale, out.max[1] = (hi[1] - cy) * scale;
    out.min[2] = 0, out.max[2] = (hi[2] - lo[2]) * scale;
    return out;
}

}  // namespace vedette::render

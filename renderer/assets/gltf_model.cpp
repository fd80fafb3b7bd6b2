#include "renderer/assets/gltf_model.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <optional>

#include <tiny_gltf.h>
#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "sim/core/input_file.h"
#include "sim/core/json_reader.h"
#include "sim/core/limits.h"

// Loading goes in three steps, each refusing what the next one would trust:
//  1. the file's bytes (a GLB's header and chunk lengths checked) and its JSON text, guarded by
//     sim::parse_json_text (nesting depth, duplicate keys, NUL bytes);
//  2. the JSON itself: every index the loader or tinygltf 2.7 follows is in range, every byte
//     offset and length is a non-negative integer (tinygltf would silently truncate 2^32 to 0 or
//     ignore -8), buffer views lie inside their buffers, and buffer files are read here, through
//     read_input_file, from the model's own folder only;
//  3. tinygltf parses the JSON with file access limited to the buffers read in step 2 and a no-op
//     image decoder, and the node tree is flattened with every accessor checked against its
//     buffer in overflow-free arithmetic and every count bounded by sim::limits.

namespace vedette::render {

namespace {

namespace fs = std::filesystem;
namespace limits = sim::limits;
using sim::JsonNode;

// tinygltf's own messages can be long (it quotes a whole data: URI that fails to decode).
constexpr std::size_t kMaxQuotedMessageChars = 300;

std::string item(const std::string& array, std::uint64_t index) {
    return "$." + array + "[" + std::to_string(index) + "]";
}

// a + b and offset + (count - 1) * stride + element, or nullopt when 64 bits would wrap: every
// number in a glTF is the author's, and a wrapped bounds check reads outside the buffer.
std::optional<std::uint64_t> add(std::uint64_t a, std::uint64_t b) {
    std::uint64_t r = 0;
    if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
    return r;
}
std::optional<std::uint64_t> span_end(std::uint64_t offset, std::uint64_t count,
                                      std::uint64_t stride, std::uint64_t element) {
    std::uint64_t last = 0;
    if (count == 0) return offset;
    if (__builtin_mul_overflow(count - 1, stride, &last)) return std::nullopt;
    const auto start = add(offset, last);
    return start ? add(*start, element) : std::nullopt;
}

// ---- Step 1: the file's bytes ---------------------------------------------------------------

struct GltfSource {
    std::string bytes;      // the whole file
    std::string glb_json;   // a GLB's JSON chunk
    bool binary = false;    // a GLB container
    std::uint64_t bin = 0;  // a GLB's BIN chunk length (0: none)

    const std::string& json() const { return binary ? glb_json : bytes; }
};

std::uint32_t le32(const std::string& s, std::size_t at) {
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(s[at + std::size_t(i)]);
    return v;
}

// GLB layout: a 12-byte header (magic, version, length), then chunks of (length, type, data).
// tinygltf 2.7 lets the BIN chunk run 8 bytes past the file, so every length is checked here.
void read_glb_chunks(GltfSource& src, const std::string& path) {
    constexpr std::uint32_t kJson = 0x4E4F534A, kBin = 0x004E4942;
    const std::string& b = src.bytes;
    if (b.size() < 20) throw ModelError(path, "GLB header", "the file is too short for a GLB");
    if (le32(b, 4) != 2) throw ModelError(path, "GLB header", "expected GLB version 2");
    if (le32(b, 8) != b.size())
        throw ModelError(path, "GLB header",
                         "the header's length (" + std::to_string(le32(b, 8)) +
                             ") is not the file's size (" + std::to_string(b.size()) + ")");
    const std::uint64_t json_length = le32(b, 12);
    if (le32(b, 16) != kJson)
        throw ModelError(path, "GLB JSON chunk", "the first chunk is not JSON");
    if (json_length < 4 || 20 + json_length > b.size())
        throw ModelError(path, "GLB JSON chunk",
                         "the chunk's length runs past the end of the file");
    src.glb_json = b.substr(20, json_length);
    const std::uint64_t at = 20 + json_length;
    if (at == b.size()) return;  // no BIN chunk
    if (at + 8 > b.size() || le32(b, at + 4) != kBin)
        throw ModelError(path, "GLB BIN chunk", "expected a BIN chunk after the JSON chunk");
    src.bin = le32(b, at);
    if (src.bin < 4 || src.bin % 4 != 0)
        throw ModelError(path, "GLB BIN chunk", "expected a length that is a multiple of 4");
    if (at + 8 + src.bin > b.size())
        throw ModelError(path, "GLB BIN chunk", "the chunk's length runs past the end of the file");
}

GltfSource read_gltf_source(const std::string& path) {
    GltfSource src;
    src.bytes = sim::read_input_file(path, limits::kMaxGltfFileBytes);
    // JSON cannot start with 'g', so the magic tells a GLB from a .gltf whatever the extension.
    src.binary = src.bytes.compare(0, 4, "glTF") == 0;
    if (src.binary) read_glb_chunks(src, path);
    return src;
}

// ---- Step 2: the JSON -----------------------------------------------------------------------

// Buffer files read in step 2, by the lexically normal path tinygltf will ask for.
using BufferFiles = std::map<std::string, std::vector<unsigned char>>;

// A file name in a URI is percent-encoded, and tinygltf also turns '+' into a space; the name is
// decoded the same way before it is checked, so "%2e%2e/" is refused like "../".
std::string decode_uri(const std::string& uri) {
    std::string out;
    for (std::size_t i = 0; i < uri.size(); ++i) {
        if (uri[i] == '+') {
            out += ' ';
        } else if (uri[i] == '%' && i + 2 < uri.size() &&
                   std::isxdigit(static_cast<unsigned char>(uri[i + 1])) &&
                   std::isxdigit(static_cast<unsigned char>(uri[i + 2]))) {
            out += static_cast<char>(std::stoi(uri.substr(i + 1, 2), nullptr, 16));
            i += 2;
        } else {
            out += uri[i];
        }
    }
    return out;
}

// Bytes that tinygltf's base64 decoder makes of a data: URI's payload (it stops at '=').
std::optional<std::uint64_t> base64_bytes(const std::string& uri) {
    const std::size_t start = uri.find(',') + 1;
    std::size_t n = 0;
    while (start + n < uri.size() && (std::isalnum(static_cast<unsigned char>(uri[start + n])) ||
                                      uri[start + n] == '+' || uri[start + n] == '/'))
        ++n;
    for (std::size_t i = start + n; i < uri.size(); ++i)
        if (uri[i] != '=' || i - (start + n) >= 2) return std::nullopt;
    return std::uint64_t(n / 4 * 3 + (n % 4 > 1 ? n % 4 - 1 : 0));
}

class JsonChecks {
public:
    JsonChecks(const JsonNode& root, const GltfSource& src, const std::string& path)
        : root_(root), src_(src), path_(path) {
        for (const char* name : {"scenes", "nodes", "meshes", "accessors", "bufferViews", "buffers",
                                 "materials", "images"})
            sizes_[name] = array(root_, name).size();
    }

    BufferFiles run() {
        BufferFiles files;
        check_buffers(files);
        check_buffer_views();
        for (const auto& a : array(root_, "accessors")) {
            optional_index(a, "bufferView", "bufferViews");
            if (auto o = a.optional("byteOffset")) size(*o);
            size(a.required("count"));
        }
        check_meshes();
        for (const auto& n : array(root_, "nodes")) check_node(n);
        for (const auto& s : array(root_, "scenes"))
            for (const auto& n : array(s, "nodes")) index(n, "nodes");
        optional_index(root_, "scene", "scenes");
        check_images();
        return files;
    }

private:
    static std::vector<JsonNode> array(const JsonNode& parent, const char* key) {
        auto n = parent.optional(key);
        return n ? n->items() : std::vector<JsonNode>{};
    }

    // An integer in [0, number of items in the top-level `target` array).
    void index(const JsonNode& n, const std::string& target) const {
        const std::uint64_t have = sizes_.at(target);
        const std::uint64_t i = size(n);
        if (i >= have)
            n.fail("refers to " + item(target, i) + ", but the file has " +
                   (have == 0 ? "no " + target
                              : "only " + std::to_string(have) + " (indices 0 to " +
                                    std::to_string(have - 1) + ")"));
    }
    void optional_index(const JsonNode& parent, const char* key, const std::string& target) const {
        if (auto n = parent.optional(key)) index(*n, target);
    }

    // A whole number from 0 up (byte offsets, lengths, counts and indices).
    static std::uint64_t size(const JsonNode& n) {
        if (!n.raw().is_number_integer())
            n.fail("expected a whole number, found " + sim::json_type_name(n.raw()));
        if (!n.raw().is_number_unsigned())
            n.fail("expected a number from 0 up, found " +
                   std::to_string(n.raw().get<std::int64_t>()));
        return n.raw().get<std::uint64_t>();
    }

    void check_buffers(BufferFiles& files) {
        const auto buffers = array(root_, "buffers");
        for (std::size_t i = 0; i < buffers.size(); ++i) {
            const JsonNode length = buffers[i].required("byteLength");
            const std::uint64_t bytes = size(length);
            if (bytes < 1 || bytes > limits::kMaxGltfFileBytes)
                length.fail("expected from 1 byte to the limit of " +
                            std::to_string(limits::kMaxGltfFileBytes) +
                            " (docs/LIMITS.md), found " + std::to_string(bytes));
            buffer_bytes_.push_back(bytes);
            const auto uri = buffers[i].optional("uri");
            if (!uri) {
                // Only a GLB's first buffer may leave out its uri: its data is the BIN chunk.
                if (!src_.binary || i != 0 || src_.bin == 0)
                    buffers[i].fail("the buffer has no data (no uri, and no GLB BIN chunk)");
                if (bytes > src_.bin)
                    length.fail(std::to_string(bytes) + " bytes, but the GLB BIN chunk holds " +
                                std::to_string(src_.bin));
                continue;
            }
            const std::string text = uri->as_string();
            if (text.rfind("data:", 0) == 0) {
                const auto decoded = base64_bytes(text);
                if (!tinygltf::IsDataURI(text) || !decoded)
                    uri->fail(
                        "expected a base64 data URI (data:application/octet-stream;base64,...)");
                if (*decoded != bytes)
                    length.fail(std::to_string(bytes) + " bytes, but the data URI holds " +
                                std::to_string(*decoded));
                continue;
            }
            const std::string file =
                sim::resolve_relative_input(path_, uri->path(), decode_uri(text));
            std::string data;
            try {
                data = sim::read_input_file(file, limits::kMaxGltfFileBytes);
            } catch (const sim::InputError& e) {
                uri->fail("buffer file " + file + ": " + e.message());  // say which glTF named it
            }
            if (data.size() != bytes)
                length.fail(std::to_string(bytes) + " bytes, but the buffer file holds " +
                            std::to_string(data.size()));
            files[fs::path(file).lexically_normal().string()].assign(data.begin(), data.end());
        }
    }

    void check_buffer_views() const {
        for (const auto& v : array(root_, "bufferViews")) {
            const JsonNode buffer = v.required("buffer");
            index(buffer, "buffers");
            const std::uint64_t offset = v.has("byteOffset") ? size(v.required("byteOffset")) : 0;
            const std::uint64_t length = size(v.required("byteLength"));
            if (length < 1) v.required("byteLength").fail("expected at least 1 byte");
            if (auto s = v.optional("byteStride")) {
                const std::uint64_t stride = size(*s);
                if (stride < 4 || stride > 252 || stride % 4 != 0)
                    s->fail("expected a multiple of 4 from 4 to 252, found " +
                            std::to_string(stride));
            }
            const std::uint64_t have = buffer_bytes_[size(buffer)];
            const auto end = add(offset, length);
            if (!end || *end > have)
                v.fail("byteOffset + byteLength runs past the end of its buffer (" +
                       std::to_string(have) + " bytes)");
        }
    }

    void check_meshes() const {
        for (const auto& mesh : array(root_, "meshes")) {
            for (const auto& p : array(mesh, "primitives")) {
                const JsonNode attributes = p.required("attributes");
                if (!attributes.raw().is_object())
                    attributes.fail("expected an object, found " +
                                    sim::json_type_name(attributes.raw()));
                for (auto it = attributes.raw().begin(); it != attributes.raw().end(); ++it)
                    index(attributes.required(it.key()), "accessors");
                optional_index(p, "indices", "accessors");
                optional_index(p, "material", "materials");
                if (auto mode = p.optional("mode")) mode->as_int(0, 6);
            }
        }
    }

    void check_node(const JsonNode& n) const {
        optional_index(n, "mesh", "meshes");
        for (const auto& c : array(n, "children")) index(c, "nodes");
        // tinygltf ignores a transform of the wrong length or with a non-number in it.
        using Transform = std::pair<const char*, std::size_t>;
        for (const auto& [key, length] : std::initializer_list<Transform>{
                 {"matrix", 16}, {"translation", 3}, {"rotation", 4}, {"scale", 3}}) {
            const auto values = array(n, key);
            if (n.has(key) && values.size() != length)
                n.required(key).fail("expected " + std::to_string(length) + " numbers, found " +
                                     std::to_string(values.size()));
            for (const auto& v : values)
                if (!v.raw().is_number())
                    v.fail("expected a number, found " + sim::json_type_name(v.raw()));
        }
    }

    // Images are never read (step 3 gives tinygltf no image files and a no-op decoder), but a
    // model naming a file outside its folder is refused all the same.
    void check_images() const {
        for (const auto& image : array(root_, "images")) {
            optional_index(image, "bufferView", "bufferViews");
            if (auto uri = image.optional("uri")) {
                const std::string text = uri->as_string();
                if (text.rfind("data:", 0) != 0)
                    (void)sim::resolve_relative_input(path_, uri->path(), decode_uri(text));
            }
        }
    }

    const JsonNode& root_;
    const GltfSource& src_;
    const std::string& path_;
    std::map<std::string, std::uint64_t> sizes_;
    std::vector<std::uint64_t> buffer_bytes_;
};

// ---- Step 3: tinygltf, with files limited to the checked buffers -----------------------------

bool fs_exists(const std::string& path, void* files) {
    return static_cast<BufferFiles*>(files)->count(fs::path(path).lexically_normal().string()) > 0;
}
std::string fs_expand(const std::string& path, void*) {
    return path;
}
bool fs_read(std::vector<unsigned char>* out, std::string* err, const std::string& path,
             void* files) {
    const auto* f = static_cast<BufferFiles*>(files);
    const auto it = f->find(fs::path(path).lexically_normal().string());
    if (it == f->end()) {
        if (err) *err = "not a buffer file of this model";
        return false;
    }
    *out = it->second;
    return true;
}
bool fs_write(std::string* err, const std::string&, const std::vector<unsigned char>&, void*) {
    if (err) *err = "models are never written";
    return false;
}
bool skip_image(tinygltf::Image*, const int, std::string*, std::string*, int, int,
                const unsigned char*, int, void*) {
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
                                    const std::string& path) {
    tinygltf::TinyGLTF loader;
    loader.SetFsCallbacks({&fs_exists, &fs_expand, &fs_read, &fs_write, &files});
    loader.SetImageLoader(&skip_image, nullptr);
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
enum class Role { position, normal, colour, indices };

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
        case Role::indices:
            return "SCALAR of UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT (indices)";
    }
    return "";
}

class Flattener {
public:
    Flattener(const tinygltf::Model& m, ModelMesh& out)
        : m_(m), out_(out), on_path_(m.nodes.size()) {}

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
        for (const auto* other : {&normal, &colour})
            if (*other && (*other)->count != pos->count)
                fail(at + ".attributes",
                     "NORMAL and COLOR_0 must have as many elements as POSITION");
        glm::vec3 base(0.8f);
        if (prim.material != -1) {
            if (prim.material < 0 || std::size_t(prim.material) >= m_.materials.size())
                fail(at + ".material", "refers to a material that does not exist");
            const auto& f =
                m_.materials[std::size_t(prim.material)].pbrMetallicRoughness.baseColorFactor;
            for (std::size_t c = 0; c < 3 && c < f.size(); ++c) base[int(c)] = float(f[c]);
        }
        std::optional<Elements> indices;
        if (prim.indices != -1) indices = elements(prim.indices, Role::indices, at + ".indices");
        const std::size_t n = (indices ? indices->count : pos->count) / 3 * 3;
        if (out_.vertices.size() + n > limits::kMaxModelVertices)
            fail(at, "the flattened model has more than " +
                         std::to_string(limits::kMaxModelVertices) + " vertices (docs/LIMITS.md)");
        const glm::mat3 normal_matrix = glm::transpose(glm::inverse(glm::mat3(world)));
        for (std::size_t t = 0; t < n; t += 3) {
            glm::vec3 p[3], nm[3], c[3];
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
                    c[k] = glm::vec3(v[0], v[1], v[2]) * base;
                }
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
                out_.vertices.push_back(
                    {p[k].x, p[k].y, p[k].z, nm[k].x, nm[k].y, nm[k].z, c[k].x, c[k].y, c[k].z});
        }
    }

    const tinygltf::Model& m_;
    ModelMesh& out_;
    std::vector<bool> on_path_;
    std::uint64_t visits_ = 0, primitives_ = 0;
};

ModelMesh load_checked(const std::string& path) {
    const GltfSource src = read_gltf_source(path);
    const sim::Json json = sim::parse_json_text(src.json(), path);
    const JsonNode root(json, path, "$");
    BufferFiles files = JsonChecks(root, src, path).run();
    const tinygltf::Model model = parse_with_tinygltf(src, files, path);
    ModelMesh out;
    out.file = path;
    Flattener(model, out).run();
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

ModelMesh to_table_axes(const ModelMesh& mesh, float height_mm) {
    ModelMesh out = mesh;
    const float h = std::max(1e-6f, mesh.max[1] - mesh.min[1]);
    const float s = height_mm / h;
    const float cx = (mesh.min[0] + mesh.max[0]) / 2, cz = (mesh.min[2] + mesh.max[2]) / 2;
    for (auto& v : out.vertices) {
        // glTF (x, y up, z forward) -> table-local (x right, y forward, z up); x mirrors so the
        // handedness stays right.
        const float x = -(v.px - cx) * s, y = (v.pz - cz) * s, z = (v.py - mesh.min[1]) * s;
        const float nx = -v.nx, ny = v.nz, nz = v.ny;
        v.px = x, v.py = y, v.pz = z;
        v.nx = nx, v.ny = ny, v.nz = nz;
    }
    return out;
}

std::string default_models_file() {
    if (const char* env = std::getenv("VEDETTE_ASSETS_DIR"); env && *env)
        return (fs::path(env) / "models.json").string();
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec && fs::exists(exe.parent_path() / "assets" / "models.json"))
        return (exe.parent_path() / "assets" / "models.json").string();
    return std::string(VEDETTE_ASSETS_SOURCE_DIR) + "/models.json";
}

ModelSet load_model_set(const std::string& mapping_file) {
    const sim::Json json = sim::read_json_file(mapping_file);
    const JsonNode root(json, mapping_file, "$");
    // Every key is a troop or scenery type (or "about"): a misspelt type would be ignored.
    std::vector<std::string_view> keys{"about"};
    for (int k = kFirstModelKind; k < static_cast<int>(MeshKind::count); ++k)
        keys.push_back(mesh_kind_key(static_cast<MeshKind>(k)));
    root.expect_only_keys(keys);
    if (auto about = root.optional("about")) about->as_string();
    ModelSet set;
    std::map<std::string, ModelMesh> loaded;  // several types share a model
    const auto dir = fs::path(mapping_file).parent_path();
    for (int k = kFirstModelKind; k < static_cast<int>(MeshKind::count); ++k) {
        const JsonNode entry = root.required(mesh_kind_key(static_cast<MeshKind>(k)));
        entry.expect_only_keys({"model", "height_mm"});
        const JsonNode model = entry.required("model");
        const std::string name = model.as_string();
        if (name.empty()) model.fail("expected a glTF file name, found an empty string");
        const auto height =
            static_cast<float>(entry.required("height_mm").as_int(1, limits::kMaxModelHeightMm));
        // The mapping is the user's own configuration: absolute paths are allowed here.
        const std::string file = (dir / name).string();
        try {
            if (!loaded.count(file)) loaded.emplace(file, load_gltf_model(file));
        } catch (const ModelError& e) {
            model.fail(e.what());
        }
        set.meshes[static_cast<std::size_t>(k)] = to_table_axes(loaded.at(file), height);
    }
    return set;
}

}  // namespace vedette::render

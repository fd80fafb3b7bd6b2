#include "renderer/assets/gltf_json_checks.h"

#include <cctype>
#include <filesystem>
#include <set>
#include <utility>

#include "renderer/assets/gltf_model.h"
#include "sim/core/input_file.h"
#include "sim/core/limits.h"

namespace vedette::render::gltf_checks {

namespace fs = std::filesystem;
namespace limits = sim::limits;
using sim::JsonNode;

std::string item(const std::string& array, std::uint64_t index) {
    return "$." + array + "[" + std::to_string(index) + "]";
}

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

namespace {

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

}  // namespace

GltfSource read_gltf_source(const std::string& path) {
    GltfSource src;
    src.bytes = sim::read_input_file(path, limits::kMaxGltfFileBytes);
    // JSON cannot start with 'g', so the magic tells a GLB from a .gltf whatever the extension.
    src.binary = src.bytes.compare(0, 4, "glTF") == 0;
    if (src.binary) read_glb_chunks(src, path);
    return src;
}

// ---- Step 2: the JSON -----------------------------------------------------------------------

namespace {

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

// Required extensions that exporters commonly write, named in words in the refusal.
constexpr std::pair<const char*, const char*> kKnownExtensions[] = {
    {"KHR_draco_mesh_compression", "Draco-compressed meshes"},
    {"EXT_meshopt_compression", "meshoptimizer-compressed buffers"},
    {"KHR_mesh_quantization", "quantized vertex attributes"},
    {"KHR_texture_basisu", "KTX2 textures"},
    {"EXT_texture_webp", "WebP textures"},
    {"KHR_texture_transform", "texture transforms"},
    {"KHR_materials_unlit", "unlit materials"},
};
// An extension's name is the file's text: quoted at most 100 bytes long, cut between UTF-8
// characters.
std::string quoted_name(const std::string& name) {
    constexpr std::size_t kMaxQuotedNameBytes = 100;
    if (name.size() <= kMaxQuotedNameBytes) return name;
    std::size_t cut = kMaxQuotedNameBytes;
    while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;
    return name.substr(0, cut) + "...";
}

class JsonChecks {
public:
    JsonChecks(const JsonNode& root, const GltfSource& src, const std::string& path)
        : root_(root), src_(src), path_(path) {
        for (const char* name : {"scenes", "nodes", "meshes", "accessors", "bufferViews", "buffers",
                                 "materials", "textures", "images"})
            sizes_[name] = array(root_, name).size();
    }

    BufferFiles run() {
        check_required_extensions();
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
        check_images(files);
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

    // An extension in extensionsRequired changes what the file means (Draco-compressed meshes,
    // quantized or meshopt-compressed accessors, KTX2 textures): a loader that does not read it
    // would draw nonsense or nothing, so the model is refused naming the extension. Vedette reads
    // none, so any required extension is refused; extensionsUsed alone is fine (ignored).
    void check_required_extensions() const {
        for (const auto& e : array(root_, "extensionsRequired")) {
            const std::string name = e.as_string();
            std::string words;
            for (const auto& [known, what] : kKnownExtensions)
                if (name == known) words = std::string(" (") + what + ")";
            e.fail("the model requires the glTF extension \"" + quoted_name(name) + "\"" + words +
                   ", which Vedette does not support: export the model without it "
                   "(docs/MODELS.md)");
        }
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

    // Images: every URI is checked like a buffer's, but only the images that a material uses as
    // its base colour texture are read (step 3 decodes those alone). An image file that is missing
    // is left out here; step 3 refuses it only if a texture needs it, so a model whose unused
    // normal map was not copied still loads.
    void check_images(BufferFiles& files) const {
        for (const auto& t : array(root_, "textures")) optional_index(t, "source", "images");
        std::set<std::uint64_t> base_colour;
        for (const auto& m : array(root_, "materials")) {
            const auto pbr = m.optional("pbrMetallicRoughness");
            const auto info = pbr ? pbr->optional("baseColorTexture") : std::nullopt;
            if (!info) continue;
            const JsonNode texture = info->required("index");
            index(texture, "textures");
            if (auto set = info->optional("texCoord")) size(*set);
            const JsonNode t = root_.required("textures").items()[size(texture)];
            if (auto source = t.optional("source")) base_colour.insert(size(*source));
        }
        const auto images = array(root_, "images");
        std::uint64_t total = 0;
        for (std::size_t i = 0; i < images.size(); ++i) {
            optional_index(images[i], "bufferView", "bufferViews");
            const auto uri = images[i].optional("uri");
            if (!uri) continue;
            const std::string text = uri->as_string();
            if (text.rfind("data:", 0) == 0) continue;
            const std::string file =
                sim::resolve_relative_input(path_, uri->path(), decode_uri(text));
            std::error_code ec;
            if (!base_colour.count(i) || !fs::exists(file, ec)) continue;
            std::string data;
            try {
                data = sim::read_input_file(file, limits::kMaxImageFileBytes);
            } catch (const sim::InputError& e) {
                uri->fail("image file " + file + ": " + e.message());
            }
            total += data.size();
            if (total > limits::kMaxGltfFileBytes)
                uri->fail("the model's image files hold more than " +
                          std::to_string(limits::kMaxGltfFileBytes) +
                          " bytes together (docs/LIMITS.md)");
            files[fs::path(file).lexically_normal().string()].assign(data.begin(), data.end());
        }
    }

    const JsonNode& root_;
    const GltfSource& src_;
    const std::string& path_;
    std::map<std::string, std::uint64_t> sizes_;
    std::vector<std::uint64_t> buffer_bytes_;
};

// The file callbacks tinygltf is given: only the buffer and image files read and checked above.
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

}  // namespace

BufferFiles check_json(const JsonNode& root, const GltfSource& src, const std::string& path) {
    return JsonChecks(root, src, path).run();
}

tinygltf::FsCallbacks buffer_file_callbacks(BufferFiles& files) {
    return {&fs_exists, &fs_expand, &fs_read, &fs_write, &files};
}

}  // namespace vedette::render::gltf_checks

#include "renderer/assets/gltf_model.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>

#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <tiny_gltf.h>

namespace vedette::render {

namespace {

// Reads element `i` of an accessor as up to 4 floats (normalised integers are mapped to 0..1).
void read_element(const tinygltf::Model& m, const tinygltf::Accessor& a, std::size_t i, float out[4], const std::string& file) {
    if (a.bufferView < 0) throw ModelError(file + ": accessor without a buffer view (sparse accessors are not supported)");
    const auto& view = m.bufferViews[static_cast<std::size_t>(a.bufferView)];
    const auto& buffer = m.buffers[static_cast<std::size_t>(view.buffer)];
    const int components = tinygltf::GetNumComponentsInType(static_cast<std::uint32_t>(a.type));
    const int size = tinygltf::GetComponentSizeInBytes(static_cast<std::uint32_t>(a.componentType));
    if (components < 1 || size < 1) throw ModelError(file + ": accessor with an unknown type");
    const std::size_t stride = view.byteStride ? view.byteStride : std::size_t(components * size);
    const std::size_t offset = view.byteOffset + a.byteOffset + i * stride;
    if (offset + std::size_t(components * size) > buffer.data.size())
        throw ModelError(file + ": accessor reads past the end of its buffer");
    const unsigned char* p = buffer.data.data() + offset;
    for (int c = 0; c < 4; ++c) out[c] = c == 3 ? 1.0f : 0.0f;
    for (int c = 0; c < std::min(components, 4); ++c) {
        const unsigned char* q = p + c * size;
        switch (a.componentType) {
            case TINYGLTF_COMPONENT_TYPE_FLOAT: std::memcpy(&out[c], q, 4); break;
            case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: out[c] = a.normalized ? float(*q) / 255.0f : float(*q); break;
            case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
                std::uint16_t v;
                std::memcpy(&v, q, 2);
                out[c] = a.normalized ? float(v) / 65535.0f : float(v);
                break;
            }
            case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: {
                std::uint32_t v;
                std::memcpy(&v, q, 4);
                out[c] = float(v);
                break;
            }
            default: throw ModelError(file + ": unsupported accessor component type");
        }
    }
}

glm::mat4 node_matrix(const tinygltf::Node& n) {
    if (n.matrix.size() == 16) {
        glm::mat4 m;
        for (int i = 0; i < 16; ++i) m[i / 4][i % 4] = float(n.matrix[static_cast<std::size_t>(i)]);
        return m;
    }
    glm::mat4 m(1.0f);
    if (n.translation.size() == 3) m = glm::translate(m, glm::vec3(float(n.translation[0]), float(n.translation[1]), float(n.translation[2])));
    if (n.rotation.size() == 4)
        m *= glm::mat4_cast(glm::quat(float(n.rotation[3]), float(n.rotation[0]), float(n.rotation[1]), float(n.rotation[2])));
    if (n.scale.size() == 3) m = glm::scale(m, glm::vec3(float(n.scale[0]), float(n.scale[1]), float(n.scale[2])));
    return m;
}

void add_primitive(const tinygltf::Model& m, const tinygltf::Primitive& prim, const glm::mat4& world, ModelMesh& out) {
    if (prim.mode != -1 && prim.mode != TINYGLTF_MODE_TRIANGLES) return;  // points and lines are not drawn
    const auto pos_it = prim.attributes.find("POSITION");
    if (pos_it == prim.attributes.end()) throw ModelError(out.file + ": a primitive has no POSITION");
    const auto& pos = m.accessors[static_cast<std::size_t>(pos_it->second)];
    const tinygltf::Accessor* normal = nullptr;
    const tinygltf::Accessor* colour = nullptr;
    if (auto it = prim.attributes.find("NORMAL"); it != prim.attributes.end()) normal = &m.accessors[static_cast<std::size_t>(it->second)];
    if (auto it = prim.attributes.find("COLOR_0"); it != prim.attributes.end()) colour = &m.accessors[static_cast<std::size_t>(it->second)];
    float base[4] = {0.8f, 0.8f, 0.8f, 1.0f};
    if (prim.material >= 0) {
        const auto& f = m.materials[static_cast<std::size_t>(prim.material)].pbrMetallicRoughness.baseColorFactor;
        for (std::size_t c = 0; c < 4 && c < f.size(); ++c) base[c] = float(f[c]);
    }
    std::vector<std::uint32_t> indices;
    if (prim.indices >= 0) {
        const auto& ia = m.accessors[static_cast<std::size_t>(prim.indices)];
        for (std::size_t i = 0; i < ia.count; ++i) {
            float v[4];
            read_element(m, ia, i, v, out.file);
            if (v[0] >= float(pos.count)) throw ModelError(out.file + ": an index points past the vertices");
            indices.push_back(static_cast<std::uint32_t>(v[0]));
        }
    } else {
        for (std::uint32_t i = 0; i < pos.count; ++i) indices.push_back(i);
    }
    const glm::mat3 normal_matrix = glm::transpose(glm::inverse(glm::mat3(world)));
    for (std::size_t t = 0; t + 2 < indices.size(); t += 3) {
        glm::vec3 p[3], n[3], c[3];
        for (int k = 0; k < 3; ++k) {
            float v[4];
            read_element(m, pos, indices[t + std::size_t(k)], v, out.file);
            p[k] = glm::vec3(world * glm::vec4(v[0], v[1], v[2], 1.0f));
            if (normal) {
                read_element(m, *normal, indices[t + std::size_t(k)], v, out.file);
                n[k] = glm::normalize(normal_matrix * glm::vec3(v[0], v[1], v[2]));
            }
            c[k] = glm::vec3(base[0], base[1], base[2]);
            if (colour) {
                read_element(m, *colour, indices[t + std::size_t(k)], v, out.file);
                c[k] = glm::vec3(v[0], v[1], v[2]) * glm::vec3(base[0], base[1], base[2]);
            }
        }
        if (!normal) {
            const glm::vec3 face = glm::cross(p[1] - p[0], p[2] - p[0]);
            const float len = glm::length(face);
            n[0] = n[1] = n[2] = len > 0 ? face / len : glm::vec3(0, 1, 0);
        }
        for (int k = 0; k < 3; ++k)
            out.vertices.push_back({p[k].x, p[k].y, p[k].z, n[k].x, n[k].y, n[k].z, c[k].x, c[k].y, c[k].z});
    }
}

void add_node(const tinygltf::Model& m, int index, const glm::mat4& parent, ModelMesh& out, int depth) {
    if (index < 0 || index >= int(m.nodes.size())) throw ModelError(out.file + ": a node index is out of range");
    if (depth > 64) throw ModelError(out.file + ": the node hierarchy is too deep (a cycle?)");
    const auto& node = m.nodes[static_cast<std::size_t>(index)];
    const glm::mat4 world = parent * node_matrix(node);
    if (node.mesh >= 0) {
        if (node.mesh >= int(m.meshes.size())) throw ModelError(out.file + ": a node names a mesh that does not exist");
        for (const auto& prim : m.meshes[static_cast<std::size_t>(node.mesh)].primitives) add_primitive(m, prim, world, out);
    }
    for (int child : node.children) add_node(m, child, world, out, depth + 1);
}

}  // namespace

ModelMesh load_gltf_model(const std::string& path) {
    if (!std::filesystem::exists(path)) throw ModelError(path + ": model file not found");
    tinygltf::TinyGLTF loader;
    tinygltf::Model model;
    std::string err, warn;
    const bool binary = path.size() > 4 && path.substr(path.size() - 4) == ".glb";
    const bool ok = binary ? loader.LoadBinaryFromFile(&model, &err, &warn, path)
                           : loader.LoadASCIIFromFile(&model, &err, &warn, path);
    if (!ok) throw ModelError(path + ": not a valid glTF 2.0 file: " + (err.empty() ? "unknown error" : err));
    ModelMesh out;
    out.file = path;
    const int scene = model.defaultScene >= 0 ? model.defaultScene : 0;
    if (!model.scenes.empty()) {
        for (int n : model.scenes[static_cast<std::size_t>(scene)].nodes) add_node(model, n, glm::mat4(1.0f), out, 0);
    } else {
        for (std::size_t n = 0; n < model.nodes.size(); ++n) add_node(model, int(n), glm::mat4(1.0f), out, 0);
    }
    if (out.vertices.empty()) throw ModelError(path + ": the model has no triangles to draw");
    for (int c = 0; c < 3; ++c) {
        out.min[c] = 1e30f;
        out.max[c] = -1e30f;
    }
    for (const auto& v : out.vertices) {
        const float p[3] = {v.px, v.py, v.pz};
        for (int c = 0; c < 3; ++c) out.min[c] = std::min(out.min[c], p[c]), out.max[c] = std::max(out.max[c], p[c]);
    }
    return out;
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

}  // namespace vedette::render

#include <cstdlib>

#include "sim/core/json_reader.h"

namespace vedette::render {

std::string default_models_file() {
    namespace fs = std::filesystem;
    if (const char* env = std::getenv("VEDETTE_ASSETS_DIR"); env && *env) return (fs::path(env) / "models.json").string();
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec && fs::exists(exe.parent_path() / "assets" / "models.json")) return (exe.parent_path() / "assets" / "models.json").string();
    return std::string(VEDETTE_ASSETS_SOURCE_DIR) + "/models.json";
}

ModelSet load_model_set(const std::string& mapping_file) {
    const sim::Json json = sim::read_json_file(mapping_file);
    const sim::JsonNode root(json, mapping_file, "$");
    ModelSet set;
    const auto dir = std::filesystem::path(mapping_file).parent_path();
    for (int k = kFirstModelKind; k < static_cast<int>(MeshKind::count); ++k) {
        const char* key = mesh_kind_key(static_cast<MeshKind>(k));
        const auto entry = root.required(key);
        const std::string file = (dir / entry.required("model").as_string()).string();
        const float height = static_cast<float>(entry.required("height_mm").as_int(1, 200));
        try {
            set.meshes[static_cast<std::size_t>(k)] = to_table_axes(load_gltf_model(file), height);
        } catch (const ModelError& e) {
            entry.required("model").fail(e.what());
        }
    }
    return set;
}

}  // namespace vedette::render

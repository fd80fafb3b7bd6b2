#include "renderer/assets/model_set.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <utility>

#include "sim/core/input_error.h"
#include "sim/core/json_reader.h"
#include "sim/core/limits.h"

namespace vedette::render {

namespace {

namespace fs = std::filesystem;
namespace limits = sim::limits;
using sim::JsonNode;

std::string models_file(bool with_environment) {
    if (const char* env = std::getenv("VEDETTE_ASSETS_DIR"); with_environment && env && *env)
        return (fs::path(env) / "models.json").string();
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec && fs::exists(exe.parent_path() / "assets" / "models.json"))
        return (exe.parent_path() / "assets" / "models.json").string();
    return std::string(VEDETTE_ASSETS_SOURCE_DIR) + "/models.json";
}

// A number in models.json, whole or not: above `lo` (or from it, when `from_lo`) up to `hi`.
float mapping_number(const JsonNode& n, double lo, double hi, bool from_lo,
                     const std::string& unit) {
    if (!n.raw().is_number()) n.fail("expected a number, found " + sim::json_type_name(n.raw()));
    const double v = n.raw().get<double>();
    const auto text = [](double x) {
        std::string t = sim::Json(x).dump();
        if (t.size() > 2 && t.compare(t.size() - 2, 2, ".0") == 0) t.resize(t.size() - 2);
        return t;
    };
    if (!std::isfinite(v) || v > hi || v < lo || (!from_lo && v == lo))
        n.fail("expected a number " + std::string(from_lo ? "from " : "above ") + text(lo) +
               (from_lo ? " to " : " up to ") + text(hi) + " (" + unit + "), found " +
               n.raw().dump());
    return static_cast<float>(v);
}

// One entry ({"model": ..., "height_mm": ..., "width_mm": ..., "yaw_deg": ...}), its model read
// once per file however many kinds share it.
ModelMesh load_mapping_entry(const JsonNode& entry, std::map<std::string, ModelMesh>& loaded) {
    entry.expect_only_keys({"model", "far_model", "height_mm", "width_mm", "yaw_deg"});
    const JsonNode model = entry.required("model");
    const std::string name = model.as_string();
    if (name.empty()) model.fail("expected a glTF file name, found an empty string");
    const double max_mm = limits::kMaxModelHeightMm;
    const float height = mapping_number(entry.required("height_mm"), 0, max_mm, false, "mm");
    const auto width = entry.optional("width_mm");
    const auto yaw = entry.optional("yaw_deg");
    const float width_mm = width ? mapping_number(*width, 0, max_mm, false, "mm") : 0.0f;
    const float yaw_deg = yaw ? mapping_number(*yaw, -360, 360, true, "degrees") : 0.0f;
    const auto read = [&](const JsonNode& node) {
        // The mapping is the user's own configuration: absolute paths are allowed here.
        const std::string file = (fs::path(entry.file()).parent_path() / node.as_string()).string();
        try {
            if (!loaded.count(file)) loaded.emplace(file, load_gltf_model(file));
        } catch (const ModelError& e) {
            node.fail(e.what());
        }
        return to_table_axes(loaded.at(file), height, yaw_deg, width_mm);
    };
    ModelMesh mesh = read(model);
    if (const auto far = entry.optional("far_model")) {
        if (far->as_string().empty()) far->fail("expected a glTF file name, found an empty string");
        mesh.far_vertices = read(*far).vertices;
    }
    return mesh;
}

bool same_mapping_file(const std::string& a, const std::string& b) {
    std::error_code ec;
    const bool same = fs::equivalent(a, b, ec);
    return !ec && same;
}

// The mapping that draws the kinds `mapping_file` leaves out: the default one, or the shipped one
// where the default is the mapping itself ($VEDETTE_ASSETS_DIR naming the user's folder). None
// for the shipped file: it must name every kind.
std::string fallback_mapping(const std::string& mapping_file) {
    for (const std::string& f : {default_models_file(), shipped_models_file()}) {
        std::error_code ec;
        if (fs::exists(f, ec) && !same_mapping_file(f, mapping_file)) return f;
    }
    return {};
}

// The keys of the shipped mapping (none where it cannot be read).
std::set<std::string> shipped_model_kinds() {
    std::set<std::string> kinds;
    try {
        const sim::Json json = sim::read_json_file(shipped_models_file());
        if (json.is_object())
            for (auto it = json.begin(); it != json.end(); ++it)
                if (it.key() != "about") kinds.insert(it.key());
    } catch (const sim::InputError&) {
    }
    return kinds;
}

// Every key of a mapping is "about" or a kind in `kinds`: the renderer's own, one a figure of
// the visuals draws, or one of the shipped mapping (a copy of a fuller mapping stays valid). Any
// other key would be drawn by nothing, most likely a misspelt kind: it is refused.
void check_mapping_kinds(const JsonNode& root, const std::set<std::string>& kinds,
                         const std::string& visuals_file) {
    if (!root.raw().is_object())
        root.fail("expected an object, found " + sim::json_type_name(root.raw()));
    for (auto it = root.raw().begin(); it != root.raw().end(); ++it) {
        const JsonNode entry(*it, root.file(), root.path() + "." + it.key());
        if (it.key() == "about") {
            entry.as_string();
        } else if (!kinds.count(it.key())) {
            entry.fail(
                "unknown model kind: not one of the renderer's own (gun, limber, general, "
                "flag, tree, tree_b, house), not drawn by a figure of " +
                (visuals_file.empty() ? std::string("the visuals") : visuals_file) +
                " (its \"mesh\") and not in the shipped models.json");
        }
    }
}

}  // namespace

// Named, not anonymous: ModelLoader::Impl (external linkage) holds one, and a unity build would
// warn of a member whose type has internal linkage.
namespace model_set_detail {

// A mapping's models by kind, with the fallback mapping for the kinds it leaves out, and the
// figures' own glTF files; each file is read once however many kinds share it.
class MappingModels {
public:
    MappingModels(const std::string& mapping_file, std::set<std::string> kinds,
                  const std::string& visuals_file)
        : file_(mapping_file),
          json_(sim::read_json_file(mapping_file)),
          fallback_(fallback_mapping(mapping_file)),
          kinds_(std::move(kinds)),
          visuals_file_(visuals_file) {
        check_mapping_kinds(JsonNode(json_, file_, "$"), kinds_, visuals_file_);
    }

    // The model of `kind`: the mapping's entry, else the fallback mapping's; none where neither
    // names it. A `required` kind (the renderer's own) must be in the mapping when there is no
    // fallback, and in the fallback otherwise.
    std::optional<ModelMesh> kind(const std::string& key, bool required) {
        const JsonNode root(json_, file_, "$");
        if (const auto entry = root.optional(key)) return load_mapping_entry(*entry, loaded_);
        if (fallback_.empty()) {
            if (required) root.required(key);  // fails: this mapping must name every such kind
            return std::nullopt;
        }
        try {
            const JsonNode defaults = fallback_root();
            if (!required && !defaults.has(key)) return std::nullopt;
            return load_mapping_entry(defaults.required(key), loaded_);
        } catch (const sim::InputError& e) {
            throw fallback_failed(key, e);
        }
    }

    // Whether the mapping or its fallback names `key`; no model is read.
    bool names(const std::string& key) {
        if (JsonNode(json_, file_, "$").has(key)) return true;
        if (fallback_.empty()) return false;
        try {
            return fallback_root().has(key);
        } catch (const sim::InputError& e) {
            throw fallback_failed(key, e);
        }
    }

    // A figure's own glTF file (and its far_model), scaled as its visuals entry says.
    ModelMesh own_file(const FigureModel& model) {
        const auto read = [&](const std::string& file) {
            try {
                if (!loaded_.count(file)) loaded_.emplace(file, load_gltf_model(file));
            } catch (const ModelError& e) {
                throw sim::InputError(visuals_file_, model.path, e.what());
            }
            return to_table_axes(loaded_.at(file), model.height_mm, model.yaw_deg, model.width_mm);
        };
        ModelMesh mesh = read(model.file);
        if (!model.far_file.empty()) mesh.far_vertices = read(model.far_file).vertices;
        return mesh;
    }

    // Drops the glTF files read so far: a file asked for again is read again.
    void forget_files() { loaded_.clear(); }

    // Where a kind was looked for, for the error that it is in neither.
    std::string searched() const { return fallback_.empty() ? file_ : file_ + " or " + fallback_; }

private:
    // The fallback mapping's root, read and checked the first time a kind needs it.
    JsonNode fallback_root() {
        if (!fallback_json_) {
            fallback_json_ = sim::read_json_file(fallback_);
            check_mapping_kinds(JsonNode(*fallback_json_, fallback_, "$"), kinds_, visuals_file_);
        }
        return JsonNode(*fallback_json_, fallback_, "$");
    }
    sim::InputError fallback_failed(const std::string& key, const sim::InputError& e) const {
        return sim::InputError(file_, "$." + key,
                               "not in this file, and the default mapping it falls back to "
                               "failed: " +
                                   std::string(e.what()));
    }

    std::string file_;
    sim::Json json_;
    std::string fallback_;
    std::optional<sim::Json> fallback_json_;  // read at the first kind the mapping leaves out
    std::set<std::string> kinds_;
    std::string visuals_file_;
    std::map<std::string, ModelMesh> loaded_;
};

}  // namespace model_set_detail

using model_set_detail::MappingModels;

std::string default_models_file() {
    return models_file(true);
}

std::string shipped_models_file() {
    return models_file(false);
}

std::vector<bool> figure_models_drawn(const Visuals& visuals,
                                      const std::vector<sim::record::RosterUnit>& units) {
    std::vector<bool> drawn(visuals.models.size(), false);
    for (const auto& u : units) {
        const MeshId mesh = visuals.figure(u.visual).mesh;
        if (mesh >= kFixedMeshes && mesh - kFixedMeshes < drawn.size())
            drawn[mesh - kFixedMeshes] = true;
    }
    return drawn;
}

// The models of one renderer: the mapping read once, each model when it is first asked for, and
// every model read counted against one cap.
struct ModelLoader::Impl {
    Impl(const std::string& mapping_file, std::set<std::string> kinds, const Visuals& visuals)
        : file(mapping_file),
          visuals_file(visuals.file),
          models(visuals.models),
          mapping(mapping_file, std::move(kinds), visuals.file) {}

    // Every slot holds its own vertices: all of them together are bounded, like one model's.
    void count(const ModelMesh& mesh, const std::string& in_file, const std::string& where) {
        total += mesh.vertices.size() + mesh.far_vertices.size();
        if (total > limits::kMaxSceneModelVertices)
            throw sim::InputError(
                in_file, where,
                "the models drawn hold more than " +
                    std::to_string(limits::kMaxSceneModelVertices) +
                    " vertices together (docs/LIMITS.md): " + std::to_string(total) +
                    " with this one (" + std::to_string(mesh.vertices.size()) +
                    (mesh.far_vertices.empty()
                         ? ""
                         : " and " + std::to_string(mesh.far_vertices.size()) + " far") +
                    ")");
    }
    sim::InputError not_a_kind(const FigureModel& m) const {
        return sim::InputError(visuals_file, m.path,
                               "\"" + m.kind + "\" is not a model kind of " + mapping.searched() +
                                   " (docs/MODELS.md)");
    }

    std::string file;
    std::string visuals_file;
    std::vector<FigureModel> models;  // Visuals::models
    MappingModels mapping;
    std::uint64_t total = 0;  // the vertices of every model read
};

ModelLoader::ModelLoader(const std::string& mapping_file, const Visuals& visuals) {
    std::set<std::string> kinds = shipped_model_kinds();
    for (int k = kFirstModelKind; k < static_cast<int>(MeshKind::count); ++k)
        kinds.insert(mesh_kind_key(static_cast<MeshKind>(k)));
    for (const FigureModel& m : visuals.models)
        if (!m.kind.empty()) kinds.insert(m.kind);
    impl_ = std::make_unique<Impl>(mapping_file, std::move(kinds), visuals);
}

ModelLoader::~ModelLoader() = default;

ModelMesh ModelLoader::fixed_kind(MeshId slot) {
    const std::string key = mesh_kind_key(static_cast<MeshKind>(slot));
    ModelMesh mesh = *impl_->mapping.kind(key, true);
    impl_->count(mesh, impl_->file, "$." + key);
    return mesh;
}

ModelMesh ModelLoader::figure_model(std::size_t i) {
    const FigureModel& m = impl_->models.at(i);
    ModelMesh mesh;
    if (m.kind.empty()) {
        mesh = impl_->mapping.own_file(m);
    } else {
        std::optional<ModelMesh> found = impl_->mapping.kind(m.kind, false);
        if (!found) throw impl_->not_a_kind(m);
        mesh = std::move(*found);
    }
    impl_->count(mesh, impl_->visuals_file, m.path);
    return mesh;
}

void ModelLoader::check_figure_kind(std::size_t i) {
    const FigureModel& m = impl_->models.at(i);
    if (!m.kind.empty() && !impl_->mapping.names(m.kind)) throw impl_->not_a_kind(m);
}

void ModelLoader::forget_files() {
    impl_->mapping.forget_files();
}

std::size_t ModelLoader::figure_models() const {
    return impl_->models.size();
}

ModelSet load_model_set(const std::string& mapping_file, const Visuals& visuals) {
    ModelLoader loader(mapping_file, visuals);
    ModelSet set;
    set.meshes.resize(visuals.mesh_count());
    for (MeshId k = static_cast<MeshId>(kFirstModelKind); k < kFixedMeshes; ++k)
        set.meshes[k] = loader.fixed_kind(k);
    for (std::size_t i = 0; i < visuals.models.size(); ++i)
        set.meshes[kFixedMeshes + i] = loader.figure_model(i);
    return set;
}

}  // namespace vedette::render

#pragma once
// The model of every mesh slot the renderer draws (renderer/scene/mesh_kind.h). The models
// mapping (assets/models.json, docs/MODELS.md) names a glTF model for each model kind: the
// renderer's own (gun, limber, general, flag, tree, tree_b, house) and the figure kinds a visuals
// file's figures draw (its `mesh`s: "infantry", "lancers", or any kind of a new rule system); a
// figure may instead name a glTF file of its own (visuals.json `model`). A new kind of troops with
// a model of its own is data: a models.json entry and a visuals.json entry, or the visuals.json
// entry alone.

#include <memory>
#include <string>
#include <vector>

#include "renderer/assets/gltf_model.h"
#include "renderer/scene/visuals.h"

namespace vedette::render {

struct ModelSet {
    // By mesh slot: the fixed kinds (empty for base, marker and smoke, which are procedural),
    // then visuals.models in order.
    std::vector<ModelMesh> meshes;
};

// Reads the mapping and every model the visuals draw. A problem in the mapping or in a model it
// names is an InputError naming the mapping file and the JSON path of the entry ($.gun.model); a
// figure model kind no mapping names, or a figure's own glTF file that does not load, names the
// visuals file and the figure's path ($.figures.camel.mesh). A kind the mapping leaves out is
// drawn as the fallback mapping draws it: default_models_file(), or where that is the mapping
// itself, shipped_models_file(). The shipped file must name every fixed kind and every kind the
// shipped visuals.json draws. A mapping key that is no fixed kind, no kind the visuals draw and
// no kind of the shipped mapping is refused as a misspelt kind. All the models together hold at
// most limits::kMaxSceneModelVertices vertices.
ModelSet load_model_set(const std::string& mapping_file, const Visuals& visuals);

// load_model_set one model at a time, for a renderer that reads only the models its frames draw:
// the mapping is read and checked at once, each model when it is asked for (with the errors
// load_model_set gives), and every model read by one loader counts against the same cap of
// limits::kMaxSceneModelVertices vertices. A glTF file is read once however many kinds share it,
// until forget_files().
class ModelLoader {
public:
    ModelLoader(const std::string& mapping_file, const Visuals& visuals);
    ~ModelLoader();
    ModelLoader(const ModelLoader&) = delete;
    ModelLoader& operator=(const ModelLoader&) = delete;

    // The model of the renderer's own kind in mesh slot `slot` (kFirstModelKind .. kFixedMeshes).
    ModelMesh fixed_kind(MeshId slot);
    // The model of visuals.models[i] (mesh slot kFixedMeshes + i).
    ModelMesh figure_model(std::size_t i);
    // Refuses visuals.models[i] as load_model_set would where a mapping does not name its kind,
    // without reading its model.
    void check_figure_kind(std::size_t i);
    // Lets go of the glTF files read so far (their vertices are the caller's once returned).
    void forget_files();
    std::size_t figure_models() const;  // visuals.models.size()

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// For each of visuals.models, whether a unit of `units` draws it (by its roster `visual`, or as
// visuals.unknown where the file does not list that key): the models a renderer reads before its
// first frame.
std::vector<bool> figure_models_drawn(const Visuals& visuals,
                                      const std::vector<sim::record::RosterUnit>& units);
// assets/models.json: $VEDETTE_ASSETS_DIR, else shipped_models_file().
std::string default_models_file();
// The models.json that comes with Vedette: assets/ beside the executable, else the source tree.
std::string shipped_models_file();

}  // namespace vedette::render

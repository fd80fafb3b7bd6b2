#pragma once
// The meshes the battlefield renderer draws, one instanced draw each, by slot (MeshId). The first
// slots are the renderer's own, whatever the rule system: procedural boxes for bases and markers,
// smoke puffs, and the models of guns, limbers, generals, flags, two trees and houses (keys of
// assets/models.json). A unit's figures draw the figure models assets/visuals.json names, in the
// slots after those (Visuals::models): a new kind of troops is an entry in that file, not a kind
// here. Kept apart from the figure layout so the data loaders can name mesh slots without it.

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace vedette::render {

enum class MeshKind : int {
    base = 0,
    marker,
    smoke,
    gun,
    limber,
    general,
    flag,
    tree,
    tree_b,  // a second kind of tree (a poplar), for woods that are not all one tree
    house,   // scenery
    count
};
inline constexpr int kFirstModelKind = static_cast<int>(MeshKind::gun);

// A mesh slot: a MeshKind's, or kFixedMeshes + i for the i-th figure model of the visuals.
using MeshId = std::size_t;
inline constexpr MeshId kFixedMeshes = static_cast<MeshId>(MeshKind::count);
constexpr MeshId mesh_id(MeshKind kind) {
    return static_cast<MeshId>(kind);
}

// "gun", ... ("" for base, marker and smoke, which have no model).
inline const char* mesh_kind_key(MeshKind kind) {
    static constexpr std::array<const char*, kFixedMeshes> keys{
        "", "", "", "gun", "limber", "general", "flag", "tree", "tree_b", "house"};
    return keys[static_cast<std::size_t>(kind)];
}

// The fixed kind whose models.json key is `key` ("gun" ... "house"), if any.
inline std::optional<MeshKind> model_kind_named(std::string_view key) {
    for (int k = kFirstModelKind; k < static_cast<int>(MeshKind::count); ++k)
        if (key == mesh_kind_key(static_cast<MeshKind>(k))) return static_cast<MeshKind>(k);
    return std::nullopt;
}

}  // namespace vedette::render

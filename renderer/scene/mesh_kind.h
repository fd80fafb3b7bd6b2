#pragma once
// The meshes the battlefield renderer draws, one instanced draw each. The model kinds are the keys
// of assets/models.json; assets/visuals.json says which of the figure kinds draws each roster
// `visual`. Kept apart from the figure layout so the data loaders can name mesh kinds without it.

#include <array>
#include <cstddef>

namespace vedette::render {

enum class MeshKind : int {
    base = 0,
    marker,
    smoke,
    infantry,
    open_order,
    skirmishers,
    cuirassiers,
    heavy_cavalry,
    dragoons,
    lancers,
    light_cavalry,
    cossacks,
    artillery_crew,
    gun,
    limber,
    general,
    flag,
    tree,
    house,  // scenery
    count
};
inline constexpr int kFirstModelKind = static_cast<int>(MeshKind::infantry);
// The kinds that draw a unit's own figures (a roster visual may use any of them).
inline constexpr int kFirstFigureKind = static_cast<int>(MeshKind::infantry);
inline constexpr int kLastFigureKind = static_cast<int>(MeshKind::artillery_crew);

// "infantry", ... ("" for base, marker and smoke, which have no model).
inline const char* mesh_kind_key(MeshKind kind) {
    static constexpr std::array<const char*, static_cast<std::size_t>(MeshKind::count)> keys{
        "",
        "",
        "",
        "infantry",
        "open_order",
        "skirmishers",
        "cuirassiers",
        "heavy_cavalry",
        "dragoons",
        "lancers",
        "light_cavalry",
        "cossacks",
        "artillery_crew",
        "gun",
        "limber",
        "general",
        "flag",
        "tree",
        "house"};
    return keys[static_cast<std::size_t>(kind)];
}

}  // namespace vedette::render

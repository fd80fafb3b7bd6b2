#pragma once
// How units look, as data (assets/visuals.json): for each roster `visual` key the figure mesh it
// draws, how far apart its figures stand and whether it serves guns; and the uniform colour of
// each nation; and the colour of each hex terrain name on a hex board. A ruleset names visual keys
// in its roster and terrain names in its hex grid; nothing here knows a rule system, and a new
// kind of troops, nation or hex terrain needs an entry in the file, not code.

#include <array>
#include <functional>
#include <map>
#include <string>

#include "renderer/scene/mesh_kind.h"

namespace vedette::render {

using Colour = std::array<float, 3>;

struct FigureVisual {
    MeshKind mesh = MeshKind::infantry;
    float spacing_mm = 7.0f;  // between neighbouring figures, across the front and in depth
    int figures_per_gun = 0;  // > 0: the figures are a crew serving one gun per this many figures
};

struct Visuals {
    std::string file;  // where it was read from ("" for the built-in defaults of a test)
    std::map<std::string, FigureVisual, std::less<>> figures;  // by roster `visual`
    FigureVisual unknown;  // for a visual the file does not list
    std::map<std::string, Colour, std::less<>> nations;
    std::array<Colour, 2> sides{};  // for a nation the file does not list: side 0, other sides
    // Hex boards: the ground colour of each hex `terrain` name (a name not listed keeps the
    // table's own colour), and how dark hex edges are drawn (the colour is multiplied by it).
    std::map<std::string, Colour, std::less<>> hex_terrain;
    float hex_edge = 0.6f;

    const FigureVisual& figure(const std::string& visual) const {
        const auto it = figures.find(visual);
        return it == figures.end() ? unknown : it->second;
    }
    const Colour& nation_colour(const std::string& nation, int side) const {
        const auto it = nations.find(nation);
        if (it != nations.end()) return it->second;
        return side == 0 ? sides[0] : sides[1];
    }
    const Colour* hex_terrain_colour(const std::string& terrain) const {
        const auto it = hex_terrain.find(terrain);
        return it == hex_terrain.end() ? nullptr : &it->second;
    }
};

// Reads a visuals file; every problem is an InputError naming the file and the JSON path
// ($.figures.lancers.spacing_mm), which the CLI reports with exit code 2.
Visuals load_visuals(const std::string& file);
// assets/visuals.json, found like assets/models.json: $VEDETTE_ASSETS_DIR, else assets/ beside
// the executable, else the source tree.
std::string default_visuals_file();

}  // namespace vedette::render

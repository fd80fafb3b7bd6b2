#pragma once
// The table as a lit mesh: heights from the board's heightfield (flat, procedural or a PGM
// image), colours per terrain type (fields, woods, rough ground, built-up areas, water, roads,
// hedges, walls, streams). World space: X = table x, Y = height, Z = -table y (millimetres).
// On a board with a hex grid each hex's ground takes its terrain's colour (Visuals::hex_terrain)
// and hex edges are darkened, on a grid fine enough to show them; without one the mesh is as it
// always was.

#include <cstdint>
#include <optional>
#include <vector>

#include "sim/board/terrain.h"
#include "sim/record/header.h"

namespace vedette::render {

struct Visuals;

struct TerrainVertex {
    float px, py, pz;
    float nx, ny, nz;
    float r, g, b;
    // How much of the ground here is water, road, ploughed or rough ground, and wood floor
    // (shaders/ground.glsl paints each; 0 everywhere: grass).
    float water = 0, road = 0, furrows = 0, woods = 0;
};

class TerrainModel {
public:
    explicit TerrainModel(const sim::board::Terrain& terrain);
    // With a hex grid drawn on it, coloured by `visuals` (renderer/scene/visuals.h).
    TerrainModel(const sim::board::Terrain& terrain, const std::optional<sim::record::HexGrid>& hex,
                 const Visuals& visuals);
    // The ground's height in mm: sim/board/heightfield.h's, the one the rules see.
    float height(float x_mm, float y_mm) const;
    std::vector<TerrainVertex> vertices;  // a grid of (columns + 1) x (rows + 1) vertices
    std::vector<std::uint32_t> indices;   // triangle list over the grid
    // The same ground for the frame's draw: every second or fourth vertex each way where that
    // keeps within a millimetre of the fine grid (a flat or gently rolling table).
    std::vector<std::uint32_t> draw_indices;
    float width_mm() const { return width_; }
    float depth_mm() const { return depth_; }

private:
    std::vector<std::uint32_t> grid_indices(int nx, int ny, int step) const;
    bool grid_fits(int nx, int ny, int step, float tolerance_mm) const;
    const sim::board::Terrain& terrain_;
    float width_, depth_;
};

}  // namespace vedette::render

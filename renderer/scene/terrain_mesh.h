#pragma once
// The table as a lit mesh: heights from the board's heightfield (flat, procedural or a PGM
// image), colours per terrain type (fields, woods, rough ground, built-up areas, water, roads,
// hedges, walls, streams). World space: X = table x, Y = height, Z = -table y (millimetres).

#include <cstdint>
#include <vector>

#include "sim/board/terrain.h"

namespace vedette::render {

struct TerrainVertex {
    float px, py, pz;
    float nx, ny, nz;
    float r, g, b;
};

class TerrainModel {
public:
    explicit TerrainModel(const sim::board::Terrain& terrain);
    float height(float x_mm, float y_mm) const;
    std::vector<TerrainVertex> vertices;  // a grid of (columns + 1) x (rows + 1) vertices
    std::vector<std::uint32_t> indices;   // triangle list over the grid
    float width_mm() const { return width_; }
    float depth_mm() const { return depth_; }

private:
    float raw_height(float x, float y) const;
    const sim::board::Terrain& terrain_;
    float width_, depth_;
};

}  // namespace vedette::render

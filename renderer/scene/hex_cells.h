#pragma once
// The per-hex data the terrain shader reads (shaders/hex_board.glsl): the board's hexes in the
// bounding rectangle of their axial coordinates, two RGBA8 texels per hex: [0] "on the board"
// (alpha), [1] a tint and its strength. The tints are the marks of the moment: the hexes of the
// event's units and the paths they take (scene_at_time) and the viewer's selection overlays.
// Nothing here knows a rule system: a mark is a hex and a colour.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "renderer/scene/hex_layout.h"
#include "sim/record/header.h"

namespace vedette::render {

struct HexMark {
    int q = 0;
    int r = 0;
    std::array<float, 4> rgba{};  // colour and how strongly it covers the hex (0..1)
    // Drawn as a band inside the hex's edge only, not a fill (a zone of control over many hexes
    // stays light); a hex marked both ways is filled.
    bool outline = false;
};

class HexCells {
public:
    // No grid: an empty rectangle (one texel pair, off the board) and the shader draws nothing.
    // Neither has a grid whose hexes span more than sim::limits::kMaxHexCells cells.
    explicit HexCells(const std::optional<sim::record::HexGrid>& grid);

    bool has_grid() const { return grid_.has_value(); }
    int first_q() const { return q0_; }
    int first_r() const { return r0_; }
    int columns() const { return columns_; }
    int rows() const { return rows_; }
    std::size_t bytes() const { return base_.size(); }
    // The texels for these marks (later marks of a hex blend over earlier ones); marks off the
    // board are left out.
    std::vector<std::uint8_t> texels(const std::vector<HexMark>& marks) const;
    // The shader's uniforms: origin x, y, size, orientation (1 pointy, -1 flat, 0 none); first q,
    // first r, columns, rows.
    std::array<float, 4> grid_uniform() const;
    std::array<float, 4> cells_uniform() const;

private:
    std::optional<std::size_t> index_of(int q, int r) const;
    std::optional<sim::record::HexGrid> grid_;
    int q0_ = 0, r0_ = 0, columns_ = 1, rows_ = 1;
    std::vector<std::uint8_t> base_;  // on-board flags, no tints
};

// Every hex a path (table mm) passes through, in order, each once: a retreat or an advance drawn
// on the board.
std::vector<HexCoord> hexes_along(const HexLayout& layout, const std::vector<sim::geom::Vec>& path);

}  // namespace vedette::render

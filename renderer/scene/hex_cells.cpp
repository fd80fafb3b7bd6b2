#include "renderer/scene/hex_cells.h"

#include <algorithm>
#include <cmath>

#include "sim/core/limits.h"

namespace vedette::render {

namespace {
std::uint8_t to_byte(float v) {
    return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f));
}
}  // namespace

HexCells::HexCells(const std::optional<sim::record::HexGrid>& grid) : grid_(grid) {
    if (grid_ && !grid_->hexes.empty()) {
        // In 64 bits: hexes at int's extremes would overflow q1 - q0 + 1 and columns * rows.
        std::int64_t q0 = grid_->hexes[0].q, q1 = q0, r0 = grid_->hexes[0].r, r1 = r0;
        for (const auto& h : grid_->hexes) {
            q0 = std::min<std::int64_t>(q0, h.q), q1 = std::max<std::int64_t>(q1, h.q);
            r0 = std::min<std::int64_t>(r0, h.r), r1 = std::max<std::int64_t>(r1, h.r);
        }
        const std::int64_t columns = q1 - q0 + 1, rows = r1 - r0 + 1;
        // The replay reader refuses a larger rectangle; one made otherwise is drawn as no grid
        // rather than asking for gigabytes of texels. (Divided, so the product cannot overflow.)
        if (columns <= sim::limits::kMaxHexCells / rows) {
            q0_ = static_cast<int>(q0), r0_ = static_cast<int>(r0);
            columns_ = static_cast<int>(columns), rows_ = static_cast<int>(rows);
        } else {
            grid_.reset();
        }
    } else {
        grid_.reset();
    }
    base_.assign(std::size_t(columns_) * std::size_t(rows_) * 8, 0);
    if (grid_)
        for (const auto& h : grid_->hexes) base_[*index_of(h.q, h.r) * 8 + 3] = 255;
}

std::optional<std::size_t> HexCells::index_of(int q, int r) const {
    const std::int64_t c = std::int64_t(q) - q0_, row = std::int64_t(r) - r0_;
    if (!grid_ || c < 0 || row < 0 || c >= columns_ || row >= rows_) return std::nullopt;
    return std::size_t(row * columns_ + c);
}

std::vector<std::uint8_t> HexCells::texels(const std::vector<HexMark>& marks) const {
    std::vector<std::uint8_t> out = base_;
    for (const auto& m : marks) {
        const auto i = index_of(m.q, m.r);
        if (!i || out[*i * 8 + 3] == 0) continue;
        // Texel 0's red: 255 while every mark of the hex is an outline (the shader's band only).
        std::uint8_t& outline_only = out[*i * 8];
        const bool first = out[*i * 8 + 7] == 0;
        outline_only = (first || outline_only == 255) && m.outline ? 255 : 0;
        std::uint8_t* t = &out[*i * 8 + 4];
        // Over what is there: the new colour in proportion to its strength.
        const float a = std::clamp(m.rgba[3], 0.0f, 1.0f);
        const float before = float(t[3]) / 255.0f;
        for (int c = 0; c < 3; ++c) {
            const float old = float(t[c]) / 255.0f;
            const float mixed =
                before > 0 ? old + (m.rgba[std::size_t(c)] - old) * a : m.rgba[std::size_t(c)];
            t[c] = to_byte(mixed);
        }
        t[3] = to_byte(before + a * (1.0f - before));
    }
    return out;
}

std::array<float, 4> HexCells::grid_uniform() const {
    if (!grid_) return {0, 0, 1, 0};
    return {float(grid_->origin.x), float(grid_->origin.y), float(grid_->size_mm),
            grid_->orientation == "flat" ? -1.0f : 1.0f};
}

std::array<float, 4> HexCells::cells_uniform() const {
    return {float(q0_), float(r0_), float(columns_), float(rows_)};
}

std::vector<HexCoord> hexes_along(const HexLayout& layout,
                                  const std::vector<sim::geom::Vec>& path) {
    std::vector<HexCoord> out;
    auto add = [&](double x, double y) {
        const HexCoord h = layout.nearest(x, y);
        if (out.empty() || !(out.back() == h)) {
            if (std::find(out.begin(), out.end(), h) == out.end()) out.push_back(h);
        }
    };
    for (std::size_t i = 0; i < path.size(); ++i) {
        const double x = double(path[i].x), y = double(path[i].y);
        if (i == 0) {
            add(x, y);
            continue;
        }
        const double px = double(path[i - 1].x), py = double(path[i - 1].y);
        // Samples a quarter of a hex apart: only a hex the path clips at a corner can be missed.
        const double len = std::hypot(x - px, y - py);
        // Clamped before the conversion to int: a grid of no size would make it infinite.
        const double quarters = std::ceil(len / std::max(layout.size_mm() / 4, 0.25));
        const int steps = int(std::clamp(quarters, 1.0, 1.0e7));
        for (int k = 1; k <= steps; ++k) {
            const double t = double(k) / steps;
            add(px + (x - px) * t, py + (y - py) * t);
        }
    }
    return out;
}

}  // namespace vedette::render

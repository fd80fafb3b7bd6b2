#include "renderer/scene/hex_layout.h"

#include <algorithm>
#include <cmath>

namespace vedette::render {

namespace {
constexpr double kSqrt3 = 1.7320508075688772;
constexpr double kPi = 3.14159265358979323846;
}  // namespace

HexLayout::HexLayout(double origin_x_mm, double origin_y_mm, double size_mm, bool pointy)
    : ox_(origin_x_mm), oy_(origin_y_mm), size_(size_mm), pointy_(pointy) {}

HexLayout::HexLayout(const sim::record::HexGrid& grid)
    : HexLayout(static_cast<double>(grid.origin.x), static_cast<double>(grid.origin.y),
                static_cast<double>(grid.size_mm), grid.orientation != "flat") {}

double HexLayout::apothem_mm() const {
    return size_ * kSqrt3 / 2;
}

std::pair<double, double> HexLayout::centre(HexCoord h) const {
    const double q = h.q, r = h.r;
    if (pointy_) return {ox_ + size_ * kSqrt3 * (q + r / 2), oy_ + size_ * 1.5 * r};
    return {ox_ + size_ * 1.5 * q, oy_ + size_ * kSqrt3 * (r + q / 2)};
}

std::array<std::pair<double, double>, 6> HexLayout::corners(HexCoord h) const {
    const auto [cx, cy] = centre(h);
    std::array<std::pair<double, double>, 6> out;
    // Pointy hexes have a corner straight up (90 degrees); flat ones a corner along +x.
    const double first = pointy_ ? 30.0 : 0.0;
    for (int i = 0; i < 6; ++i) {
        const double a = (first + 60.0 * i) * kPi / 180.0;
        out[static_cast<std::size_t>(i)] = {cx + size_ * std::cos(a), cy + size_ * std::sin(a)};
    }
    return out;
}

HexCoord HexLayout::nearest(double x_mm, double y_mm) const {
    const double x = (x_mm - ox_) / size_, y = (y_mm - oy_) / size_;
    const double fq = pointy_ ? (kSqrt3 / 3 * x - y / 3) : (2.0 / 3 * x);
    const double fr = pointy_ ? (2.0 / 3 * y) : (-x / 3 + kSqrt3 / 3 * y);
    // Cube rounding: round all three cube coordinates, then fix the one that moved most so
    // that q + r + s stays 0.
    const double fs = -fq - fr;
    double q = std::round(fq), r = std::round(fr), s = std::round(fs);
    const double dq = std::abs(q - fq), dr = std::abs(r - fr), ds = std::abs(s - fs);
    if (dq > dr && dq > ds)
        q = -r - s;
    else if (dr > ds)
        r = -q - s;
    return {static_cast<int>(q), static_cast<int>(r)};
}

double HexLayout::edge_distance(double x_mm, double y_mm) const {
    const auto [cx, cy] = centre(nearest(x_mm, y_mm));
    const double px = x_mm - cx, py = y_mm - cy;
    // The three edge normals: pointy hexes have upright sides (normal along x), flat ones a
    // top and bottom edge (normal along y).
    const double first = pointy_ ? 0.0 : 30.0;
    double most = 0;
    for (int i = 0; i < 3; ++i) {
        const double a = (first + 60.0 * i) * kPi / 180.0;
        most = std::max(most, std::abs(px * std::cos(a) + py * std::sin(a)));
    }
    return std::max(0.0, apothem_mm() - most);
}

}  // namespace vedette::render

#include "renderer/scene/terrain_mesh.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>

#include "renderer/scene/hex_layout.h"
#include "renderer/scene/visuals.h"
#include "sim/board/heightfield.h"
#include "sim/core/limits.h"

namespace vedette::render {

namespace {

bool inside(float x, float y, const std::vector<sim::geom::Vec>& poly) {
    bool in = false;
    for (std::size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++) {
        const float xi = static_cast<float>(poly[i].x), yi = static_cast<float>(poly[i].y);
        const float xj = static_cast<float>(poly[j].x), yj = static_cast<float>(poly[j].y);
        if ((yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi) in = !in;
    }
    return in;
}

// Smooth value noise in [0, 1] over table millimetres at `scale` mm (the ground's patches).
float lattice(int i, int j) {
    std::uint32_t h =
        static_cast<std::uint32_t>(i) * 374761393u + static_cast<std::uint32_t>(j) * 668265263u;
    h = (h ^ (h >> 13)) * 1274126177u;
    return static_cast<float>((h ^ (h >> 16)) & 0xFFFF) / 65535.0f;
}
float patch_noise(float x, float y, float scale) {
    const float u = x / scale, v = y / scale;
    const float fu = std::floor(u), fv = std::floor(v);
    const int i = static_cast<int>(fu), j = static_cast<int>(fv);
    float a = u - fu, b = v - fv;
    a = a * a * (3 - 2 * a), b = b * b * (3 - 2 * b);
    const float top = lattice(i, j) + (lattice(i + 1, j) - lattice(i, j)) * a;
    const float bottom = lattice(i, j + 1) + (lattice(i + 1, j + 1) - lattice(i, j + 1)) * a;
    return top + (bottom - top) * b;
}

// Grass as painted ground is: broad patches of drier and lusher green, a few handspans across.
std::array<float, 3> grass_patches(std::array<float, 3> c, float x, float y) {
    const float broad = patch_noise(x, y, 140.0f) * 0.6f + patch_noise(x + 17, y - 5, 45.0f) * 0.4f;
    const float t = std::clamp((broad - 0.25f) / 0.5f, 0.0f, 1.0f);
    const float dry = t * t * (3 - 2 * t);
    const float k[3] = {0.84f + (1.14f - 0.84f) * dry, 0.95f + (1.07f - 0.95f) * dry,
                        0.88f + (0.80f - 0.88f) * dry};
    return {c[0] * k[0], c[1] * k[1], c[2] * k[2]};
}

float distance_to_path(float x, float y, const std::vector<sim::geom::Vec>& path) {
    float best = 1e30f;
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
        const float ax = static_cast<float>(path[i].x), ay = static_cast<float>(path[i].y);
        const float bx = static_cast<float>(path[i + 1].x), by = static_cast<float>(path[i + 1].y);
        const float dx = bx - ax, dy = by - ay;
        const float len2 = dx * dx + dy * dy;
        const float t =
            len2 > 0 ? std::clamp(((x - ax) * dx + (y - ay) * dy) / len2, 0.0f, 1.0f) : 0.0f;
        const float px = ax + t * dx - x, py = ay + t * dy - y;
        best = std::min(best, std::sqrt(px * px + py * py));
    }
    return best;
}

// `ground`: a hex's terrain colour instead of the fields' (features still draw over it).
// `material`, when given, gets the ground's TerrainVertex::material (what terrain.frag paints).
std::array<float, 3> colour_at(const sim::board::Terrain& terrain, float x, float y,
                               const Colour* ground = nullptr,
                               std::array<float, 4>* material = nullptr) {
    std::array<float, 4> m{0, 0, 0, 0};
    using K = sim::board::FeatureKind;
    // Fields, in patches of drier and lusher grass so the ground reads as ground; a hex's
    // terrain colour as a printed map gives it, flat.
    std::array<float, 3> c = grass_patches({0.40f, 0.52f, 0.27f}, x, y);
    if (ground) c = {(*ground)[0], (*ground)[1], (*ground)[2]};
    for (const auto& f : terrain.features) {
        if (f.is_area()) {
            if (!inside(x, y, f.points)) continue;
            switch (f.kind) {
                case K::woods:
                    c = {0.15f, 0.30f, 0.13f};
                    m = {0, 0, 0, 1};
                    break;
                case K::rough:
                    c = {0.50f, 0.47f, 0.30f};
                    m = {0, 0, 1, 0};
                    break;
                case K::built_up:
                    c = {0.56f, 0.50f, 0.44f};
                    break;
                case K::fortified:
                    c = {0.48f, 0.46f, 0.44f};
                    break;
                case K::water:
                    c = {0.20f, 0.34f, 0.58f};
                    m = {1, 0, 0, 0};
                    break;
                case K::hill:
                    c = {0.44f, 0.55f, 0.30f};
                    break;
                default:
                    break;
            }
        } else {
            const float half = f.kind == K::road ? 12.0f : f.kind == K::stream ? 8.0f : 5.0f;
            if (distance_to_path(x, y, f.points) > half) continue;
            switch (f.kind) {
                case K::road:
                    c = {0.60f, 0.50f, 0.34f};
                    m = {0, 1, 0, 0};
                    break;
                case K::stream:
                    c = {0.22f, 0.38f, 0.62f};
                    m = {1, 0, 0, 0};
                    break;
                case K::hedge:
                    c = {0.12f, 0.26f, 0.10f};
                    break;
                case K::wall:
                    c = {0.55f, 0.54f, 0.52f};
                    break;
                default:
                    break;
            }
        }
    }
    if (material) *material = m;
    return c;
}

// A hex board's ground colours as the mesh carries them: each listed hex's terrain colour (null
// for a terrain name visuals.json does not list). The grid's edges and the per-hex marks are drawn
// by the terrain shader (shaders/hex_board.glsl), sharp at any zoom.
struct HexPaint {
    HexLayout layout;
    std::map<std::pair<int, int>, const Colour*> ground;

    // The colour at (x, y): the hex's ground under the table's features. Points off the listed
    // hexes keep the table's colour.
    std::array<float, 3> colour(const sim::board::Terrain& terrain, float x, float y,
                                std::array<float, 4>* material) const {
        const HexCoord h = layout.nearest(x, y);
        const auto it = ground.find({h.q, h.r});
        return colour_at(terrain, x, y, it == ground.end() ? nullptr : it->second, material);
    }
};

}  // namespace

float TerrainModel::height(float x, float y) const {
    // The rules' ground (sim/board/heightfield.h) in 1/65536 mm: the mesh, the bases and the
    // figures stand on what sight was decided over, only finer than its whole millimetres.
    static constexpr double kQ16 = 65536.0;
    static constexpr double kFar = 4.0 * double(sim::limits::kMaxLengthMm);  // off any table
    const auto q16 = [](float v) {
        const double mm = std::isfinite(v) ? std::clamp<double>(v, -kFar, kFar) : 0.0;
        return static_cast<std::int64_t>(std::llround(mm * kQ16));
    };
    return static_cast<float>(
        static_cast<double>(sim::board::height_q16(terrain_, q16(x), q16(y))) / kQ16);
}

TerrainModel::TerrainModel(const sim::board::Terrain& terrain)
    : TerrainModel(terrain, std::nullopt, Visuals{}) {}

TerrainModel::TerrainModel(const sim::board::Terrain& terrain,
                           const std::optional<sim::record::HexGrid>& hex, const Visuals& visuals)
    : terrain_(terrain),
      width_(static_cast<float>(terrain.width_mm)),
      depth_(static_cast<float>(terrain.depth_mm)) {
    // A 2 cm grid (at most 256 cells a side): fine enough for roads and village edges, and few
    // enough vertices that lavapipe spends its time on pixels, not on the ground. On a hex board,
    // about four cells across a hex keep the boundaries between hex terrain colours crisp.
    float cell = 20.0f;
    int most = 256;
    std::optional<HexPaint> paint;
    if (hex) {
        paint.emplace(HexPaint{HexLayout(*hex), {}});
        for (const auto& h : hex->hexes)
            paint->ground[{h.q, h.r}] = visuals.hex_terrain_colour(h.terrain);
        cell = std::clamp(static_cast<float>(paint->layout.size_mm()) / 4.0f, 4.0f, 20.0f);
        most = 512;
    }
    const int nx = std::clamp(static_cast<int>(width_ / cell), 8, most);
    const int ny = std::clamp(static_cast<int>(depth_ / cell), 8, most);
    vertices.reserve(static_cast<std::size_t>((nx + 1) * (ny + 1)));
    for (int j = 0; j <= ny; ++j)
        for (int i = 0; i <= nx; ++i) {
            const float x = width_ * static_cast<float>(i) / static_cast<float>(nx);
            const float y = depth_ * static_cast<float>(j) / static_cast<float>(ny);
            const float e = 5.0f;
            const float hx = height(x + e, y) - height(x - e, y);
            const float hy = height(x, y + e) - height(x, y - e);
            // World normal of the surface Y = h(X, -Z).
            float n[3] = {-hx / (2 * e), 1.0f, hy / (2 * e)};
            const float len = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
            std::array<float, 4> m{};
            const auto c =
                paint ? paint->colour(terrain_, x, y, &m) : colour_at(terrain_, x, y, nullptr, &m);
            vertices.push_back({x, height(x, y), -y, n[0] / len, n[1] / len, n[2] / len, c[0], c[1],
                                c[2], m[0], m[1], m[2], m[3]});
        }
    indices = grid_indices(nx, ny, 1);
    // The frame's ground needs the shape only (its colours are in the ground texture): the
    // coarsest grid that stays within a millimetre of every vertex of the fine one (bases lie
    // on the highest ground under them, so on a slope they stand clear of it by more anyway).
    draw_indices = indices;
    for (const int step : {4, 2})
        if (grid_fits(nx, ny, step, 1.0f)) {
            draw_indices = grid_indices(nx, ny, step);
            break;
        }
}

std::vector<std::uint32_t> TerrainModel::grid_indices(int nx, int ny, int step) const {
    std::vector<std::uint32_t> out;
    const auto at = [&](int i, int j) { return static_cast<std::uint32_t>(j * (nx + 1) + i); };
    for (int j = 0; j < ny; j += step)
        for (int i = 0; i < nx; i += step) {
            const int i1 = std::min(i + step, nx), j1 = std::min(j + step, ny);
            out.insert(out.end(),
                       {at(i, j), at(i1, j1), at(i1, j), at(i, j), at(i, j1), at(i1, j1)});
        }
    return out;
}

bool TerrainModel::grid_fits(int nx, int ny, int step, float tolerance_mm) const {
    const auto h = [&](int i, int j) {
        return vertices[static_cast<std::size_t>(j * (nx + 1) + i)].py;
    };
    for (int j = 0; j <= ny; ++j)
        for (int i = 0; i <= nx; ++i) {
            // The coarse cell holding the vertex, and where in it (0..1 each way).
            const int i0 = std::min(i / step * step, std::max(0, nx - 1));
            const int j0 = std::min(j / step * step, std::max(0, ny - 1));
            const int i1 = std::min(i0 + step, nx), j1 = std::min(j0 + step, ny);
            const float u = float(i - i0) / float(i1 - i0), v = float(j - j0) / float(j1 - j0);
            // Its two triangles split along the diagonal from (i0, j0) to (i1, j1).
            const float flat =
                u >= v ? h(i0, j0) + u * (h(i1, j0) - h(i0, j0)) + v * (h(i1, j1) - h(i1, j0))
                       : h(i0, j0) + v * (h(i0, j1) - h(i0, j0)) + u * (h(i1, j1) - h(i0, j1));
            if (std::abs(flat - h(i, j)) > tolerance_mm) return false;
        }
    return true;
}

}  // namespace vedette::render

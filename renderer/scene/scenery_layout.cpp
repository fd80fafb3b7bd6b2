#include "renderer/scene/scenery_layout.h"

#include <algorithm>
#include <cmath>

namespace vedette::render {

namespace {
using sim::board::FeatureKind;
using sim::board::TerrainFeature;

float hash01(int a, int b, int c) {
    std::uint32_t h = static_cast<std::uint32_t>(a) * 0x9E3779B1u ^
                      static_cast<std::uint32_t>(b) * 0x85EBCA77u ^
                      static_cast<std::uint32_t>(c) * 0xC2B2AE3Du;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    return static_cast<float>(h & 0xFFFFFF) / float(0xFFFFFF);
}

bool inside(const std::vector<sim::geom::Vec>& poly, float x, float y) {
    bool in = false;
    for (std::size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++) {
        const float xi = float(poly[i].x), yi = float(poly[i].y), xj = float(poly[j].x),
                    yj = float(poly[j].y);
        if ((yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi) in = !in;
    }
    return in;
}

// Points on a jittered grid inside a polygon; at least its middle when the area is small.
std::vector<std::pair<float, float>> scatter(const TerrainFeature& f, int feature, float spacing,
                                             float jitter) {
    float lo_x = 1e30f, lo_y = 1e30f, hi_x = -1e30f, hi_y = -1e30f, mx = 0, my = 0;
    for (const auto& p : f.points) {
        lo_x = std::min(lo_x, float(p.x)), hi_x = std::max(hi_x, float(p.x));
        lo_y = std::min(lo_y, float(p.y)), hi_y = std::max(hi_y, float(p.y));
        mx += float(p.x) / float(f.points.size()), my += float(p.y) / float(f.points.size());
    }
    // A very large wood or town gets sparser scenery rather than millions of instances: the grid
    // never has more than kMaxScatterCells cells (a 1 km wood would otherwise be 10^9 points).
    constexpr float kMaxScatterCells = 20000;
    const float cells = ((hi_x - lo_x) / spacing) * ((hi_y - lo_y) / spacing);
    if (cells > kMaxScatterCells) spacing *= std::sqrt(cells / kMaxScatterCells);
    std::vector<std::pair<float, float>> out;
    int i = 0;
    for (float y = lo_y + spacing / 2; y < hi_y; y += spacing, ++i) {
        int j = 0;
        for (float x = lo_x + spacing / 2; x < hi_x; x += spacing, ++j) {
            const float px = x + (hash01(feature, i, j * 2) - 0.5f) * jitter;
            const float py = y + (hash01(feature, i, j * 2 + 1) - 0.5f) * jitter;
            if (inside(f.points, px, py)) out.emplace_back(px, py);
        }
    }
    if (out.empty() && inside(f.points, mx, my)) out.emplace_back(mx, my);
    return out;
}
// The wooden frame round the table, its top just above the playing surface at the edge.
void add_table_edge(const sim::board::Terrain& terrain, std::vector<Instance>& blocks) {
    const float w = static_cast<float>(terrain.width_mm), d = static_cast<float>(terrain.depth_mm);
    const float rim = std::max(12.0f, std::min(w, d) * 0.02f), drop = 40.0f;
    const Instance sides[4] = {{w / 2, -rim / 2, -drop, 0, w + 2 * rim, rim, drop + 3, 0},
                               {w / 2, d + rim / 2, -drop, 0, w + 2 * rim, rim, drop + 3, 0},
                               {-rim / 2, d / 2, -drop, 0, rim, d, drop + 3, 0},
                               {w + rim / 2, d / 2, -drop, 0, rim, d, drop + 3, 0}};
    for (Instance side : sides) {
        side.r = 0.42f, side.g = 0.27f, side.b = 0.15f, side.a = 1;
        side.surface = static_cast<float>(Surface::wood);
        blocks.push_back(side);
    }
}

}  // namespace

InstanceBatches layout_scenery(const sim::board::Terrain& terrain) {
    InstanceBatches out;
    auto& trees = out.by_mesh[mesh_id(MeshKind::tree)];
    auto& poplars = out.by_mesh[mesh_id(MeshKind::tree_b)];
    auto& houses = out.by_mesh[mesh_id(MeshKind::house)];
    auto& blocks = out.by_mesh[mesh_id(MeshKind::marker)];
    for (std::size_t fi = 0; fi < terrain.features.size(); ++fi) {
        const auto& f = terrain.features[fi];
        const int id = static_cast<int>(fi);
        if (f.kind == FeatureKind::woods && f.points.size() >= 3) {
            int k = 0;
            for (const auto& [x, y] : scatter(f, id, 32.0f, 24.0f)) {
                const float s = 0.75f + 0.5f * hash01(id, k, 7);
                // About one tree in four of the second kind: a wood of mixed trees.
                (hash01(id, k, 11) < 0.25f ? poplars : trees)
                    .push_back({x, y, 0, hash01(id, k, 9) * 6.28f, s, s, s, 0, 1, 1, 1, 1});
                ++k;
            }
        }
        if ((f.kind == FeatureKind::built_up || f.kind == FeatureKind::fortified) &&
            f.points.size() >= 3) {
            const bool stone = f.kind == FeatureKind::fortified;
            int k = 0;
            for (const auto& [x, y] : scatter(f, id, stone ? 40.0f : 48.0f, 14.0f)) {
                const float tint = 0.9f + 0.1f * hash01(id, k, 3);
                const float yaw =
                    (hash01(id, k, 5) < 0.5f ? 0.0f : 1.5708f) + (hash01(id, k, 6) - 0.5f) * 0.3f;
                if (stone)
                    houses.push_back({x, y, 0, yaw, 1.1f, 1.1f, 1.15f, 0, 0.62f * tint,
                                      0.60f * tint, 0.56f * tint, 1});
                else
                    houses.push_back(
                        {x, y, 0, yaw, 1, 1, 1, 0, 0.93f * tint, 0.88f * tint, 0.76f * tint, 1});
                ++k;
            }
        }
        if ((f.kind == FeatureKind::wall || f.kind == FeatureKind::hedge) && f.points.size() >= 2) {
            const bool wall = f.kind == FeatureKind::wall;
            for (std::size_t i = 0; i + 1 < f.points.size(); ++i) {
                const float ax = float(f.points[i].x), ay = float(f.points[i].y);
                const float bx = float(f.points[i + 1].x), by = float(f.points[i + 1].y);
                const float len = std::hypot(bx - ax, by - ay);
                if (len < 1) continue;
                // The block's x axis runs along the segment. Yaw is clockwise, so a segment at
                // angle a (counter-clockwise from +x) needs a yaw of -a.
                const float block_yaw = -std::atan2(by - ay, bx - ax);
                Instance block{(ax + bx) / 2, (ay + by) / 2, 0,     block_yaw, len, 4.0f, 7.0f, 0,
                               0.55f,         0.53f,         0.50f, 1};
                if (!wall)
                    block = {(ax + bx) / 2, (ay + by) / 2, 0,     block_yaw, len, 7.0f, 9.0f, 0,
                             0.16f,         0.34f,         0.14f, 1};
                block.surface = static_cast<float>(wall ? Surface::stone : Surface::hedge);
                blocks.push_back(block);
            }
        }
    }
    add_table_edge(terrain, blocks);
    return out;
}

std::vector<Instance> trees_clear_of_bases(const std::vector<Instance>& trees,
                                           const std::vector<Instance>& bases, float reach_mm) {
    const std::vector<Instance> footprints = footprint_bases(bases);
    std::vector<Instance> out;
    out.reserve(trees.size());
    for (const Instance& t : trees) {
        const bool on_a_base = std::any_of(footprints.begin(), footprints.end(), [&](auto& b) {
            // The trunk in the base's own axes (yaw clockwise from +y).
            const float dx = t.x - b.x, dy = t.y - b.y;
            const float s = std::sin(b.yaw), c = std::cos(b.yaw);
            return std::abs(dx * c - dy * s) < b.sx / 2 + reach_mm &&
                   std::abs(dx * s + dy * c) < b.sy / 2 + reach_mm;
        });
        if (!on_a_base) out.push_back(t);
    }
    return out;
}

}  // namespace vedette::render

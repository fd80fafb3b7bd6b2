#include "renderer/scene/figure_layout.h"

#include <algorithm>
#include <cmath>

#include "sim/battle/formation_geometry.h"

namespace vedette::render {

using sim::gdb::Formation;
using sim::gdb::TroopType;

std::array<float, 3> nation_colour(const std::string& nation, int side) {
    if (nation == "french" || nation == "polish") return {0.16f, 0.24f, 0.62f};
    if (nation == "british") return {0.72f, 0.10f, 0.10f};
    if (nation == "prussian") return {0.10f, 0.12f, 0.22f};
    if (nation == "austrian") return {0.88f, 0.88f, 0.82f};
    if (nation == "russian") return {0.12f, 0.34f, 0.16f};
    if (nation == "spanish") return {0.80f, 0.66f, 0.22f};
    if (nation == "hanoverian") return {0.62f, 0.12f, 0.14f};
    if (nation == "nassau") return {0.20f, 0.36f, 0.20f};
    return side == 0 ? std::array<float, 3>{0.2f, 0.3f, 0.7f} : std::array<float, 3>{0.7f, 0.2f, 0.2f};
}

const char* mesh_kind_key(MeshKind kind) {
    static const char* keys[] = {"", "", "infantry", "open_order", "skirmishers", "cuirassiers", "heavy_cavalry",
                                 "dragoons", "lancers", "light_cavalry", "cossacks", "artillery_crew", "gun", "limber",
                                 "general", "flag"};
    return keys[static_cast<int>(kind)];
}

namespace {

MeshKind figure_kind(TroopType t) {
    switch (t) {
        case TroopType::cuirassiers: return MeshKind::cuirassiers;
        case TroopType::heavy_cavalry: return MeshKind::heavy_cavalry;
        case TroopType::dragoons: return MeshKind::dragoons;
        case TroopType::lancers: return MeshKind::lancers;
        case TroopType::light_cavalry: return MeshKind::light_cavalry;
        case TroopType::cossacks: return MeshKind::cossacks;
        case TroopType::infantry: return MeshKind::infantry;
        case TroopType::open_order: return MeshKind::open_order;
        case TroopType::skirmishers: return MeshKind::skirmishers;
        case TroopType::artillery: return MeshKind::artillery_crew;
    }
    return MeshKind::infantry;
}

// A small deterministic jitter for untidy units (same unit and figure, same offset).
float jitter(int unit, int figure, int axis) {
    std::uint32_t h = static_cast<std::uint32_t>(unit * 73856093) ^ static_cast<std::uint32_t>(figure * 19349663) ^
                      static_cast<std::uint32_t>(axis * 83492791);
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    return static_cast<float>(h & 0xFFFF) / 65535.0f - 0.5f;
}

}  // namespace

InstanceBatches layout_figures(const SceneState& state, const sim::battle::BattleRules& rules) {
    InstanceBatches out;
    for (const auto& u : state.units) {
        if (!u.on_table) continue;
        const auto colour = nation_colour(u.nation, u.side);
        const float yaw = static_cast<float>(std::atan2(u.facing_x, u.facing_y));
        const float fx = static_cast<float>(u.facing_x), fy = static_cast<float>(u.facing_y);
        const float rx = fy, ry = -fx;  // to the unit's right
        const auto block = sim::battle::unit_block(rules, u.type, u.formation, std::max(1, u.figures));
        const float w = static_cast<float>(block.width_mm), d = static_cast<float>(block.depth_mm);
        const float cx = static_cast<float>(u.x_mm), cy = static_cast<float>(u.y_mm);
        const bool untidy = u.status == "unformed" || u.status == "blown" || u.status == "pursuing" ||
                            u.status == "broken" || u.status == "retreating" || u.status == "wavering";
        // The base: darker than the uniform.
        out.by_mesh[static_cast<int>(MeshKind::base)].push_back(
            {cx, cy, 0.0f, yaw, w, d, 1.5f, float(u.unit + 1), colour[0] * 0.35f + 0.1f, colour[1] * 0.35f + 0.12f, colour[2] * 0.35f + 0.08f, 1});
        const bool cavalry = sim::gdb::is_cavalry(u.type);
        const bool guns = u.type == TroopType::artillery;
        const MeshKind kind = figure_kind(u.type);
        const int n = std::max(0, u.figures);
        // Figure spacing from the kind of figure.
        const float fw = cavalry ? 14.0f : guns ? 9.0f : 7.0f;
        const float fd = cavalry ? 14.0f : guns ? 9.0f : 7.0f;
        auto place = [&](float lx, float ly, int i, MeshKind k, float yaw_off) {
            if (untidy) {
                lx += jitter(u.unit, i, 0) * fw * 0.8f;
                ly += jitter(u.unit, i, 1) * fd * 0.8f;
                yaw_off += jitter(u.unit, i, 2) * 0.9f;
            }
            const float x = cx + rx * lx + fx * ly, y = cy + ry * lx + fy * ly;
            out.by_mesh[static_cast<int>(k)].push_back({x, y, 1.5f, yaw + yaw_off, 1, 1, 1, float(u.unit + 1), colour[0], colour[1], colour[2], 1});
            ++out.figures;
        };
        if (u.formation == Formation::square || u.formation == Formation::mass) {
            // Four faces, each facing outwards.
            const int per_face = std::max(1, (n + 3) / 4);
            for (int i = 0; i < n; ++i) {
                const int face = i % 4, k = i / 4;
                const float t = (per_face > 1 ? static_cast<float>(k) / static_cast<float>(per_face - 1) : 0.5f) - 0.5f;
                const float half = w / 2 - fw / 2;
                float lx = 0, ly = 0, off = 0;
                if (face == 0) lx = t * 2 * half, ly = half, off = 0;
                if (face == 1) lx = half, ly = -t * 2 * half, off = 1.5708f;
                if (face == 2) lx = -t * 2 * half, ly = -half, off = 3.1416f;
                if (face == 3) lx = -half, ly = t * 2 * half, off = -1.5708f;
                place(lx, ly, i, kind, off);
            }
            continue;
        }
        if (guns) {
            const int pieces = std::max(1, (n + 3) / 4);
            const float gx = u.guns_abandoned ? static_cast<float>(u.guns_x_mm) : cx;
            const float gy = u.guns_abandoned ? static_cast<float>(u.guns_y_mm) : cy;
            for (int p = 0; p < pieces; ++p) {
                const float lx = (static_cast<float>(p) + 0.5f) * w / static_cast<float>(pieces) - w / 2;
                out.by_mesh[static_cast<int>(u.formation == Formation::limbered ? MeshKind::limber : MeshKind::gun)].push_back(
                    {gx + rx * lx, gy + ry * lx, 1.5f, yaw, 1, 1, 1, u.guns_abandoned ? 0.0f : float(u.unit + 1), 1, 1, 1, 1});
            }
            if (u.guns_abandoned)  // a white marker on abandoned guns
                out.by_mesh[static_cast<int>(MeshKind::marker)].push_back({gx, gy, 9, 0, 6, 6, 6, 0, 0.95f, 0.95f, 0.95f, 1});
        }
        // Ranks and files on the block.
        const int across = std::max(1, static_cast<int>(w / fw));
        const int ranks = std::max(1, (n + across - 1) / across);
        for (int i = 0; i < n; ++i) {
            const int file = i % across, rank = i / across;
            const float lx = (static_cast<float>(file) + 0.5f) * w / static_cast<float>(across) - w / 2;
            const float ly = d / 2 - (static_cast<float>(rank) + 0.5f) * d / static_cast<float>(ranks);
            place(lx, guns && !u.guns_abandoned ? ly - d * 0.3f : ly, i, kind, 0);
        }
    }
    return out;
}

}  // namespace vedette::render

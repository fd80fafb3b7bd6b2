#include "renderer/scene/figure_layout.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

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
    return side == 0 ? std::array<float, 3>{0.2f, 0.3f, 0.7f}
                     : std::array<float, 3>{0.7f, 0.2f, 0.2f};
}

const char* mesh_kind_key(MeshKind kind) {
    static const char* keys[] = {"",
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
    return keys[static_cast<int>(kind)];
}

namespace {

MeshKind figure_kind(TroopType t) {
    switch (t) {
        case TroopType::cuirassiers:
            return MeshKind::cuirassiers;
        case TroopType::heavy_cavalry:
            return MeshKind::heavy_cavalry;
        case TroopType::dragoons:
            return MeshKind::dragoons;
        case TroopType::lancers:
            return MeshKind::lancers;
        case TroopType::light_cavalry:
            return MeshKind::light_cavalry;
        case TroopType::cossacks:
            return MeshKind::cossacks;
        case TroopType::infantry:
            return MeshKind::infantry;
        case TroopType::open_order:
            return MeshKind::open_order;
        case TroopType::skirmishers:
            return MeshKind::skirmishers;
        case TroopType::artillery:
            return MeshKind::artillery_crew;
    }
    return MeshKind::infantry;
}

// A small deterministic jitter for untidy units (same unit and figure, same offset). The hash is
// computed in unsigned (modulo 2^32) arithmetic: signed products overflowed, which is undefined,
// for unit >= 30 or figure >= 111. Where they did not overflow the values are the same as before.
float jitter(int unit, int figure, int axis) {
    std::uint32_t h = static_cast<std::uint32_t>(unit) * 73856093u ^
                      static_cast<std::uint32_t>(figure) * 19349663u ^
                      static_cast<std::uint32_t>(axis) * 83492791u;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    return static_cast<float>(h & 0xFFFF) / 65535.0f - 0.5f;
}

}  // namespace

namespace {
struct Slot {
    float lx, ly, yaw_off;
};

// Where each figure of a unit stands on its block, in the unit's frame (x right, y forward).
std::vector<Slot> figure_slots(Formation formation, int n, float w, float d, float fw, bool guns,
                               bool abandoned) {
    std::vector<Slot> slots;
    slots.reserve(static_cast<std::size_t>(n));
    if (formation == Formation::square || formation == Formation::mass) {
        // Four faces, each facing outwards.
        const int per_face = std::max(1, (n + 3) / 4);
        for (int i = 0; i < n; ++i) {
            const int face = i % 4, k = i / 4;
            const float t =
                (per_face > 1 ? static_cast<float>(k) / static_cast<float>(per_face - 1) : 0.5f) -
                0.5f;
            const float half = w / 2 - fw / 2;
            if (face == 0) slots.push_back({t * 2 * half, half, 0});
            if (face == 1) slots.push_back({half, -t * 2 * half, 1.5708f});
            if (face == 2) slots.push_back({-t * 2 * half, -half, 3.1416f});
            if (face == 3) slots.push_back({-half, t * 2 * half, -1.5708f});
        }
        return slots;
    }
    // Ranks and files on the block.
    const int across = std::max(1, static_cast<int>(w / fw));
    const int ranks = std::max(1, (n + across - 1) / across);
    for (int i = 0; i < n; ++i) {
        const int file = i % across, rank = i / across;
        const float lx = (static_cast<float>(file) + 0.5f) * w / static_cast<float>(across) - w / 2;
        const float ly = d / 2 - (static_cast<float>(rank) + 0.5f) * d / static_cast<float>(ranks);
        slots.push_back({lx, guns && !abandoned ? ly - d * 0.3f : ly, 0});
    }
    return slots;
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
        const int n = std::max(0, u.figures);
        const auto block = sim::battle::unit_block(rules, u.type, u.formation, std::max(1, n));
        float w = static_cast<float>(block.width_mm), d = static_cast<float>(block.depth_mm);
        const float cx = static_cast<float>(u.x_mm), cy = static_cast<float>(u.y_mm);
        const bool untidy = u.status == "unformed" || u.status == "blown" ||
                            u.status == "pursuing" || u.status == "broken" ||
                            u.status == "retreating" || u.status == "wavering";
        const bool cavalry = sim::gdb::is_cavalry(u.type);
        const bool guns = u.type == TroopType::artillery;
        const MeshKind kind = figure_kind(u.type);
        // Figure spacing from the kind of figure.
        const float fw = cavalry ? 14.0f : guns ? 9.0f : 7.0f;
        const float fd = fw;
        std::vector<Slot> slots = figure_slots(u.formation, n, w, d, fw, guns, u.guns_abandoned);
        if (u.formation_blend < 1.0f) {
            // Changing formation: every figure walks from its old place to its new one.
            const auto from_block =
                sim::battle::unit_block(rules, u.type, u.from_formation, std::max(1, n));
            const float w0 = static_cast<float>(from_block.width_mm),
                        d0 = static_cast<float>(from_block.depth_mm);
            const auto from = figure_slots(u.from_formation, n, w0, d0, fw, guns, u.guns_abandoned);
            const float b = u.formation_blend;
            for (std::size_t i = 0; i < slots.size() && i < from.size(); ++i) {
                slots[i].lx = from[i].lx + (slots[i].lx - from[i].lx) * b;
                slots[i].ly = from[i].ly + (slots[i].ly - from[i].ly) * b;
                slots[i].yaw_off = from[i].yaw_off + (slots[i].yaw_off - from[i].yaw_off) * b;
            }
            w = w0 + (w - w0) * b;
            d = d0 + (d - d0) * b;
        }
        // The base: darker than the uniform.
        out.by_mesh[static_cast<int>(MeshKind::base)].push_back(
            {cx, cy, 0.0f, yaw, w, d, 1.5f, float(u.unit + 1), colour[0] * 0.35f + 0.1f,
             colour[1] * 0.35f + 0.12f, colour[2] * 0.35f + 0.08f, 1});
        const float t_s = static_cast<float>(state.time_ms % 100000) / 1000.0f;
        auto place = [&](float lx, float ly, int i, MeshKind k, float yaw_off) {
            if (untidy) {
                lx += jitter(u.unit, i, 0) * fw * 0.8f;
                ly += jitter(u.unit, i, 1) * fd * 0.8f;
                yaw_off += jitter(u.unit, i, 2) * 0.9f;
            }
            float x = cx + rx * lx + fx * ly, y = cy + ry * lx + fy * ly;
            if (u.clash > 0) {
                // Melee: figures surge at the enemy and fall back, each at its own rhythm.
                const float surge =
                    u.clash *
                    (2.0f + 4.0f * std::abs(std::sin(t_s * 9.0f + jitter(u.unit, i, 3) * 6.28f)));
                x += static_cast<float>(u.clash_x) * surge;
                y += static_cast<float>(u.clash_y) * surge;
            }
            out.by_mesh[static_cast<int>(k)].push_back({x, y, 1.5f, yaw + yaw_off, 1, 1, 1,
                                                        float(u.unit + 1), colour[0], colour[1],
                                                        colour[2], 1});
            ++out.figures;
        };
        if (guns) {
            const int pieces = std::max(1, (n + 3) / 4);
            const float gx = u.guns_abandoned ? static_cast<float>(u.guns_x_mm) : cx;
            const float gy = u.guns_abandoned ? static_cast<float>(u.guns_y_mm) : cy;
            for (int p = 0; p < pieces; ++p) {
                const float lx =
                    (static_cast<float>(p) + 0.5f) * w / static_cast<float>(pieces) - w / 2;
                out.by_mesh[static_cast<int>(u.formation == Formation::limbered ? MeshKind::limber
                                                                                : MeshKind::gun)]
                    .push_back({gx + rx * lx, gy + ry * lx, 1.5f, yaw, 1, 1, 1,
                                u.guns_abandoned ? 0.0f : float(u.unit + 1), 1, 1, 1, 1});
            }
            if (u.guns_abandoned)  // a white marker on abandoned guns
                out.by_mesh[static_cast<int>(MeshKind::marker)].push_back(
                    {gx, gy, 9, 0, 6, 6, 6, 0, 0.95f, 0.95f, 0.95f, 1});
        }
        for (int i = 0; i < n; ++i)
            place(slots[static_cast<std::size_t>(i)].lx, slots[static_cast<std::size_t>(i)].ly, i,
                  kind, slots[static_cast<std::size_t>(i)].yaw_off);
        if (u.volley >= 0) {
            // A volley: puffs of smoke roll out along the front, grow and thin away.
            const float v = u.volley;
            const int puffs = std::max(3, static_cast<int>(w / 12.0f));
            const float fade = v < 0.75f ? 1.0f : (1.0f - v) / 0.25f;
            for (int k = 0; k < puffs; ++k) {
                const float lx = (static_cast<float>(k) + 0.5f) * w / static_cast<float>(puffs) -
                                 w / 2 + jitter(u.unit, k, 4) * 6.0f;
                const float ly = d / 2 + 6.0f + v * (18.0f + 10.0f * jitter(u.unit, k, 5));
                const float size =
                    (9.0f + 20.0f * v) * fade * (0.8f + 0.4f * (jitter(u.unit, k, 6) + 0.5f));
                const float grey = 0.82f + 0.1f * jitter(u.unit, k, 7);
                out.by_mesh[static_cast<int>(MeshKind::smoke)].push_back(
                    {cx + rx * lx + fx * ly, cy + ry * lx + fy * ly, 4.0f + 10.0f * v, yaw, size,
                     size, size * 0.8f, 0, grey, grey, grey, 1});
            }
        }
    }
    return out;
}

}  // namespace vedette::render

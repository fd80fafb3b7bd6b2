#include "renderer/scene/figure_layout.h"

#include "renderer/scene/base_contact.h"
#include "renderer/scene/counters.h"
#include "renderer/scene/figure_motion.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace vedette::render {

namespace {

struct Slot {
    float lx, ly, yaw_off;
};

// A square or mass: four faces, each facing outwards, around an empty middle.
std::vector<Slot> four_face_slots(int n, float w, float fw) {
    std::vector<Slot> slots;
    const int per_face = std::max(1, (n + 3) / 4);
    for (int i = 0; i < n; ++i) {
        const int face = i % 4, k = i / 4;
        const float t =
            (per_face > 1 ? static_cast<float>(k) / static_cast<float>(per_face - 1) : 0.5f) - 0.5f;
        const float half = w / 2 - fw / 2;
        if (face == 0) slots.push_back({t * 2 * half, half, 0});
        if (face == 1) slots.push_back({half, -t * 2 * half, 1.5708f});
        if (face == 2) slots.push_back({-t * 2 * half, -half, 3.1416f});
        if (face == 3) slots.push_back({-half, t * 2 * half, -1.5708f});
    }
    return slots;
}

// Skirmish and open order: one figure to a file across the whole front, each a little off its
// file (at most a quarter of the file's width, so neighbours keep at least half a file between
// them), ahead of or behind the others over the block's depth and turned its own way: a loose
// chain, not a rank. The scatter is the same for the same unit in every frame.
std::vector<Slot> open_slots(int unit, int n, float w, float d, float fw) {
    std::vector<Slot> slots;
    const float file = w / static_cast<float>(std::max(1, n));
    const float deep = std::max(0.0f, d - fw);
    for (int i = 0; i < n; ++i) {
        const float lx = (static_cast<float>(i) + 0.5f) * file - w / 2 +
                         figure_jitter(unit, i, 11) * 0.5f * file;
        const float ly = figure_jitter(unit, i, 12) * deep;
        slots.push_back({lx, ly, figure_jitter(unit, i, 13) * 0.6f});
    }
    return slots;
}

// Ranks and files on the block: as few ranks as the spacing allows, and the figures spread
// evenly across the whole front in each. (Filling files `fw` apart from the left left the last
// files empty: a line of 24 foot figures on six 30 mm bases stood 7.2 mm apart, five on one base
// and three on another, where the rules put four on each.)
std::vector<Slot> rank_slots(int n, float w, float d, float fw, bool guns, bool abandoned) {
    std::vector<Slot> slots;
    const int most_across = std::max(1, static_cast<int>(w / fw));
    const int ranks = std::max(1, (n + most_across - 1) / most_across);
    const int across = std::max(1, (n + ranks - 1) / ranks);
    for (int i = 0; i < n; ++i) {
        const int file = i % across, rank = i / across;
        const float lx = (static_cast<float>(file) + 0.5f) * w / static_cast<float>(across) - w / 2;
        const float ly = d / 2 - (static_cast<float>(rank) + 0.5f) * d / static_cast<float>(ranks);
        slots.push_back({lx, guns && !abandoned ? ly - d * 0.3f : ly, 0});
    }
    return slots;
}

// Where each figure of a unit stands on its block, in the unit's frame (x right, y forward). A
// base holds the figures the ruleset's footprint was made for: the block is as wide as its bases
// side by side, so figures spread evenly over it stand as many to a base as the rules say.
std::vector<Slot> figure_slots(Formation formation, int unit, int n, float w, float d, float fw,
                               bool guns, bool abandoned) {
    if (formation == Formation::four_faces) return four_face_slots(n, w, fw);
    // Guns keep their crews in ranks behind them whatever the layout says.
    if (formation == Formation::open && !guns) return open_slots(unit, n, w, d, fw);
    return rank_slots(n, w, d, fw, guns, abandoned);
}

// A footprint in mm (base_contact.h): a look without one (a ruleset that leaves it to the
// renderer) gets a single rank of its figures.
struct Block {
    float w, d;
};
Block block_of(BlockSize b) {
    return {static_cast<float>(b.w), static_cast<float>(b.d)};
}

// The figures' places on the unit's block; while the unit changes layout every figure walks from
// its old place to its new one, and the block grows or shrinks from the old footprint to the new.
std::vector<Slot> unit_slots(const UnitView& u, int n, float fw, bool guns, bool abandoned,
                             Block& block) {
    const double rank = static_cast<double>(fw) * std::max(1, n);
    block = block_of(block_size(u, rank, fw));
    const Block to = block_of(footprint_or(u.width_mm, u.depth_mm, rank, fw));
    std::vector<Slot> slots = figure_slots(u.formation, u.unit, n, to.w, to.d, fw, guns, abandoned);
    if (u.formation_blend >= 1.0f) return slots;
    const Block from = block_of(footprint_or(u.from_width_mm, u.from_depth_mm, rank, fw));
    const auto old = figure_slots(u.from_formation, u.unit, n, from.w, from.d, fw, guns, abandoned);
    const float b = u.formation_blend;
    for (std::size_t i = 0; i < slots.size() && i < old.size(); ++i) {
        slots[i].lx = old[i].lx + (slots[i].lx - old[i].lx) * b;
        slots[i].ly = old[i].ly + (slots[i].ly - old[i].ly) * b;
        slots[i].yaw_off = old[i].yaw_off + (slots[i].yaw_off - old[i].yaw_off) * b;
    }
    return slots;
}

// Figures stand on their own block: untidy figures and a melee's surge move them about on it,
// never over its edge (where, at contact, the enemy's block begins: the surge used to carry the
// front rank up to 6 mm onto the enemy's bases). Their centres keep half a spacing from the
// edges, or the middle line of a block shallower than a figure.
void keep_on_block(Slot& s, Block block, float fw) {
    const float hx = std::max(0.0f, block.w / 2 - std::min(fw, block.w) / 2);
    const float hy = std::max(0.0f, block.d / 2 - std::min(fw, block.d) / 2);
    s.lx = std::clamp(s.lx, -hx, hx);
    s.ly = std::clamp(s.ly, -hy, hy);
}

// Where a unit stands and faces, as the instances need it.
struct Frame {
    float cx, cy, yaw, fx, fy, rx, ry;  // centre, yaw, forward and right unit vectors
};
Frame frame_of(const UnitView& u) {
    Frame f;
    f.yaw = static_cast<float>(std::atan2(u.facing_x, u.facing_y));
    f.fx = static_cast<float>(u.facing_x), f.fy = static_cast<float>(u.facing_y);
    f.rx = f.fy, f.ry = -f.fx;  // to the unit's right
    f.cx = static_cast<float>(u.x_mm), f.cy = static_cast<float>(u.y_mm);
    return f;
}

// Guns (limbers when limbered) spread across the front: one per `per_gun` figures. Abandoned guns
// stand where the marker says, without the unit's base under them, and carry a white marker.
void add_guns(const UnitView& u, const Frame& f, int n, float w, int per_gun,
              const sim::record::Marker* abandoned, InstanceBatches& out) {
    const int pieces = std::max(1, (n + per_gun - 1) / per_gun);
    const bool at_marker = abandoned && abandoned->at;
    const float gx = at_marker ? static_cast<float>(abandoned->at->x) : f.cx;
    const float gy = at_marker ? static_cast<float>(abandoned->at->y) : f.cy;
    const MeshKind kind = u.formation == Formation::limbered ? MeshKind::limber : MeshKind::gun;
    for (int p = 0; p < pieces; ++p) {
        const float lx = (static_cast<float>(p) + 0.5f) * w / static_cast<float>(pieces) - w / 2;
        out.by_mesh[mesh_id(kind)].push_back({gx + f.rx * lx, gy + f.ry * lx, 1.5f, f.yaw, 1, 1, 1,
                                              abandoned ? 0.0f : float(u.unit + 1), 1, 1, 1, 1});
    }
    if (abandoned)  // a white marker on abandoned guns
        out.by_mesh[mesh_id(MeshKind::marker)].push_back(
            {gx, gy, 9, 0, 6, 6, 6, 0, 0.95f, 0.95f, 0.95f, 1});
}

// A volley: puffs of smoke roll out along the front, grow and thin away.
void add_smoke(const UnitView& u, const Frame& f, Block block, InstanceBatches& out) {
    const float v = u.volley, w = block.w, d = block.d;
    const int puffs = std::max(3, static_cast<int>(w / 12.0f));
    const float fade = v < 0.75f ? 1.0f : (1.0f - v) / 0.25f;
    for (int k = 0; k < puffs; ++k) {
        const float lx = (static_cast<float>(k) + 0.5f) * w / static_cast<float>(puffs) - w / 2 +
                         figure_jitter(u.unit, k, 4) * 6.0f;
        const float ly = d / 2 + 6.0f + v * (18.0f + 10.0f * figure_jitter(u.unit, k, 5));
        const float size =
            (9.0f + 20.0f * v) * fade * (0.8f + 0.4f * (figure_jitter(u.unit, k, 6) + 0.5f));
        const float grey = 0.82f + 0.1f * figure_jitter(u.unit, k, 7);
        out.by_mesh[mesh_id(MeshKind::smoke)].push_back(
            {f.cx + f.rx * lx + f.fx * ly, f.cy + f.ry * lx + f.fy * ly, 4.0f + 10.0f * v, f.yaw,
             size, size, size * 0.8f, 0, grey, grey, grey, 1});
    }
}

const sim::record::Marker* abandoned_guns(const UnitView& u) {
    for (const auto& m : u.markers)
        if (m.kind == kAbandonedGunsMarker) return &m;
    return nullptr;
}

// Where figure `s` stands on the table this instant: untidy when disordered or fleeing (a
// routing unit has lost its ranks), surging at the enemy in a melee, never off its block.
Slot figure_place(const UnitView& u, const Frame& f, Slot s, int i, Block block, float fw,
                  float t_s) {
    if (u.disordered || u.fleeing) {
        const float loose = u.fleeing ? 1.3f : 0.8f;
        s.lx += figure_jitter(u.unit, i, 0) * fw * loose;
        s.ly += figure_jitter(u.unit, i, 1) * fw * loose;
        s.yaw_off += figure_jitter(u.unit, i, 2) * 0.9f;
    }
    if (u.clash > 0) {
        // Melee: figures surge at the enemy and fall back, each at its own rhythm.
        const float surge =
            u.clash *
            (2.0f + 4.0f * std::abs(std::sin(t_s * 9.0f + figure_jitter(u.unit, i, 3) * 6.28f)));
        const float cx = static_cast<float>(u.clash_x), cy = static_cast<float>(u.clash_y);
        s.lx += (cx * f.rx + cy * f.ry) * surge;
        s.ly += (cx * f.fx + cy * f.fy) * surge;
    }
    keep_on_block(s, block, fw);
    return s;
}

// One unit: its base, its guns, its figures (and one falling), its flag and its smoke.
void layout_unit(const UnitView& u, std::int64_t time_ms, const Visuals& visuals,
                 InstanceBatches& out) {
    const Colour& colour = visuals.nation_colour(u.nation, u.side);
    const FigureVisual& look = visuals.figure(u.visual);
    const Uniform uniform = visuals.uniform(u.nation, u.side, look);
    const Frame f = frame_of(u);
    const int standing = std::max(0, u.figures);
    const int n = standing + std::max(0, u.falling);
    const bool guns = look.figures_per_gun > 0;
    const sim::record::Marker* abandoned = guns ? abandoned_guns(u) : nullptr;
    const float fw = look.spacing_mm;
    Block block{};
    const std::vector<Slot> slots = unit_slots(u, n, fw, guns, abandoned != nullptr, block);
    const bool own_bases = look.model_base_w > 0 && look.model_base_d > 0;
    if (own_bases)
        add_tray(u, f.cx, f.cy, f.yaw, block.w, block.d, out);
    else
        add_base(u, f.cx, f.cy, f.yaw, block.w, block.d, colour, out);
    const float stand = own_bases ? kTrayHeightMm + kBaseHeightMm : kBaseHeightMm;
    if (guns) add_guns(u, f, standing, block.w, look.figures_per_gun, abandoned, out);
    const float t_s = static_cast<float>(time_ms % 100000) / 1000.0f;
    const Gait gait = gait_of(u, look);
    // Visuals without figure models (a default-constructed Visuals) draw the bases only.
    const int drawn = look.mesh < out.by_mesh.size() ? n : 0;
    for (int i = 0; i < drawn; ++i) {
        const Slot s = figure_place(u, f, slots[static_cast<std::size_t>(i)], i, block, fw, t_s);
        const float x = f.cx + f.rx * s.lx + f.fx * s.ly, y = f.cy + f.ry * s.lx + f.fy * s.ly;
        Instance inst{x, y, stand, f.yaw + s.yaw_off, 1, 1, 1, float(u.unit + 1)};
        if (own_bases && i < standing) add_model_base(u, x, y, f.yaw, look, colour, out);
        dress(inst, uniform, colour);
        inst.gait = static_cast<float>(gait);
        inst.phase = gait_phase(gait, u.unit, i, time_ms);
        if (i >= standing) inst.fall = u.fall;
        out.by_mesh[look.mesh].push_back(inst);
        if (i < std::max(1, n / 4)) add_muzzle_flash(u, x, y, f.yaw, i, out);
        ++out.figures;
    }
    if (look.flag && drawn > 0) {
        // In the front rank's middle (the middle of a square).
        const float ly = u.formation == Formation::four_faces ? 0.0f : block.d / 2 - fw * 0.5f;
        add_flag(u, f.cx + f.fx * ly, f.cy + f.fy * ly, stand, f.yaw, gait, time_ms, uniform, out);
    }
    if (u.volley >= 0) add_smoke(u, f, block, out);
}

}  // namespace

std::vector<Instance> footprint_bases(const std::vector<Instance>& bases) {
    std::vector<Instance> out;
    for (const Instance& b : bases)
        if (b.unit > 0 && std::none_of(out.begin(), out.end(),
                                       [&](const Instance& f) { return f.unit == b.unit; }))
            out.push_back(b);
    return out;
}

InstanceBatches layout_figures(const SceneState& state, const Visuals& visuals) {
    InstanceBatches out(visuals.mesh_count());
    if (state.counters) {
        layout_counters(state, visuals, out);
        return out;
    }
    for (const auto& u : state.units)
        if (u.on_table) layout_unit(u, state.time_ms, visuals, out);
    return out;
}

}  // namespace vedette::render

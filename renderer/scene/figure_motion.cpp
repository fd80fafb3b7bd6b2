#include "renderer/scene/figure_motion.h"

#include <algorithm>
#include <cmath>

namespace vedette::render {

namespace {

std::uint32_t packed(const Colour& c) {
    const auto byte = [](float v) {
        return static_cast<std::uint32_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f));
    };
    return byte(c[0]) | byte(c[1]) << 8 | byte(c[2]) << 16 | 255u << 24;
}

// Cycles a second at each gait: a march's pace, a trot's and a gallop's beat.
float cadence_hz(Gait gait) {
    switch (gait) {
        case Gait::walk:
            return 1.7f;
        case Gait::trot:
            return 2.3f;
        case Gait::gallop:
            return 2.9f;
        case Gait::standing:
            break;
    }
    return 0.0f;
}

}  // namespace

float figure_jitter(int unit, int figure, int axis) {
    std::uint32_t h = static_cast<std::uint32_t>(unit) * 73856093u ^
                      static_cast<std::uint32_t>(figure) * 19349663u ^
                      static_cast<std::uint32_t>(axis) * 83492791u;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    return static_cast<float>(h & 0xFFFF) / 65535.0f - 0.5f;
}

Gait gait_of(const UnitView& u, const FigureVisual& look) {
    if (u.clash > 0) return Gait::walk;
    if (!u.moving) return Gait::standing;
    if (look.symbol != CounterSymbol::cavalry) return Gait::walk;
    // Table mm a second: a few inches in a couple of seconds is a gallop on the table.
    if (u.speed_mm_s > 60) return Gait::gallop;
    if (u.speed_mm_s > 25) return Gait::trot;
    return Gait::walk;
}

float gait_phase(Gait gait, int unit, int figure, std::int64_t time_ms) {
    const double cycles = static_cast<double>(time_ms % 600000) / 1000.0 * cadence_hz(gait);
    const double turn = 6.283185307179586;
    return static_cast<float>(std::fmod(cycles, 1.0) * turn) +
           (figure_jitter(unit, figure, 8) + 0.5f) * 1.3f;
}

void dress(Instance& inst, const Uniform& uniform, const Colour& coat) {
    inst.r = coat[0], inst.g = coat[1], inst.b = coat[2];
    for (std::size_t p = 0; p < 4; ++p) inst.paints[p] = packed(uniform[p]);
}

void add_base(const UnitView& u, float cx, float cy, float yaw, float w, float d,
              const Colour& coat, InstanceBatches& out) {
    auto& bases = out.by_mesh[mesh_id(MeshKind::base)];
    const float unit = static_cast<float>(u.unit + 1);
    // The edge: the side's colour, darkened as a painted base edge is.
    bases.push_back({cx, cy, 0.0f, yaw, w, d, kBaseHeightMm - 0.1f, unit, coat[0] * 0.55f,
                     coat[1] * 0.55f, coat[2] * 0.55f, 1});
    // The flock, inset so the edge shows as a thin line round it.
    const float inset = std::min(0.8f, std::min(w, d) * 0.1f);
    Instance top{cx,    cy,    0.0f,  yaw, w - 2 * inset, d - 2 * inset, kBaseHeightMm, unit,
                 0.40f, 0.45f, 0.22f, 1};
    top.surface = static_cast<float>(Surface::flock);
    bases.push_back(top);
}

void add_tray(const UnitView& u, float cx, float cy, float yaw, float w, float d,
              InstanceBatches& out) {
    // Flocked in the grass's own green: the models on their bases catch the eye, not the tray.
    Instance tray{cx,    cy,    0.0f,  yaw, w, d, kTrayHeightMm, static_cast<float>(u.unit + 1),
                  0.38f, 0.48f, 0.24f, 1};
    tray.surface = static_cast<float>(Surface::flock);
    out.by_mesh[mesh_id(MeshKind::base)].push_back(tray);
}

void add_model_base(const UnitView& u, float x, float y, float yaw, const FigureVisual& look,
                    const Colour& coat, InstanceBatches& out) {
    // On the tray: the unit's bases all lie at the height of its footprint's highest ground.
    auto& bases = out.by_mesh[mesh_id(MeshKind::base)];
    const float w = look.model_base_w, d = look.model_base_d, z = kTrayHeightMm;
    bases.push_back({x, y, z, yaw, w, d, kBaseHeightMm - 0.1f, static_cast<float>(u.unit + 1),
                     coat[0] * 0.55f, coat[1] * 0.55f, coat[2] * 0.55f, 1});
    Instance top{
        x,     y,     z,     yaw, w - 1.2f, d - 1.2f, kBaseHeightMm, static_cast<float>(u.unit + 1),
        0.40f, 0.45f, 0.22f, 1};
    top.surface = static_cast<float>(Surface::flock);
    bases.push_back(top);
}

void add_flag(const UnitView& u, float x, float y, float z, float yaw, Gait gait,
              std::int64_t time_ms, const Uniform& uniform, InstanceBatches& out) {
    // Turned about: the cloth streams out behind the pole, away from the way the unit faces.
    Instance flag{x, y, z, yaw + 3.14159265f, 1, 1, 1, static_cast<float>(u.unit + 1), 1, 1, 1, 1};
    dress(flag, uniform, uniform[static_cast<std::size_t>(Paint::flag)]);
    flag.gait = static_cast<float>(gait);
    // The cloth ripples at about a cycle a second standing, faster on the move.
    const double turn = 6.283185307179586;
    const double hz = 0.8 + 0.4 * static_cast<double>(gait);
    flag.phase = static_cast<float>(
        std::fmod(static_cast<double>(time_ms % 600000) / 1000.0 * hz, 1.0) * turn);
    out.by_mesh[mesh_id(MeshKind::flag)].push_back(flag);
}

void add_muzzle_flash(const UnitView& u, float x, float y, float yaw, int figure,
                      InstanceBatches& out) {
    if (u.volley < 0 || u.volley > 0.15f) return;
    const float fx = std::sin(yaw), fy = std::cos(yaw);
    const float size = 1.6f + 1.8f * (figure_jitter(u.unit, figure, 9) + 0.5f);
    const float glow = 1.0f - u.volley / 0.15f;
    out.by_mesh[mesh_id(MeshKind::marker)].push_back({x + fx * 3.5f, y + fy * 3.5f, 7.0f, yaw, size,
                                                      size, size, 0, 1.0f, 0.78f + 0.2f * glow,
                                                      0.35f, 1});
}

}  // namespace vedette::render

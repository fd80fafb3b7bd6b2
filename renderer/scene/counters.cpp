#include "renderer/scene/counters.h"

#include <algorithm>
#include <cmath>

namespace vedette::render {

namespace {

// A counter's side: four fifths of a hex across its flats, or on a board without hexes a little
// over half the unit's footprint (at least 20 mm).
float side_of(const SceneState& state, const UnitView& u) {
    if (state.hex_size_mm > 0) return static_cast<float>(0.8 * std::sqrt(3.0) * state.hex_size_mm);
    return std::max(20.0f, static_cast<float>(u.width_mm) * 0.55f);
}

}  // namespace

std::vector<CounterPlace> counter_places(const SceneState& state) {
    std::vector<CounterPlace> out(state.units.size());
    for (std::size_t i = 0; i < state.units.size(); ++i) {
        const UnitView& u = state.units[i];
        CounterPlace& c = out[i];
        c.shown = u.on_table;
        if (!c.shown) continue;
        c.side = side_of(state, u);
        // Stacked on every counter listed before it that lies where the record puts it too.
        for (std::size_t j = 0; j < i; ++j) {
            const UnitView& v = state.units[j];
            if (v.on_table && std::hypot(v.placed_x_mm - u.placed_x_mm,
                                         v.placed_y_mm - u.placed_y_mm) < 0.5 * c.side)
                ++c.under;
        }
        const float step = 0.12f * c.side;
        c.x = static_cast<float>(u.placed_x_mm) + step * static_cast<float>(c.under);
        c.y = static_cast<float>(u.placed_y_mm) + step * static_cast<float>(c.under);
        c.top_mm = kCounterThicknessMm * static_cast<float>(c.under + 1);
    }
    return out;
}

Colour counter_colour(const Colour& nation) {
    return {nation[0] * 0.45f + 0.5f, nation[1] * 0.45f + 0.5f, nation[2] * 0.45f + 0.5f};
}

void layout_counters(const SceneState& state, const Visuals& visuals, InstanceBatches& out) {
    const std::vector<CounterPlace> places = counter_places(state);
    auto& boxes = out.by_mesh[mesh_id(MeshKind::base)];
    for (std::size_t i = 0; i < state.units.size(); ++i) {
        const UnitView& u = state.units[i];
        const CounterPlace& c = places[i];
        if (!c.shown) continue;
        const Colour& nation = visuals.nation_colour(u.nation, u.side);
        const Colour face = counter_colour(nation);
        const float yaw = static_cast<float>(std::atan2(u.facing_x, u.facing_y));
        const float fx = std::sin(yaw), fy = std::cos(yaw);
        const float z = kCounterThicknessMm * static_cast<float>(c.under);
        const float unit = static_cast<float>(u.unit + 1);
        boxes.push_back({c.x, c.y, z, yaw, c.side, c.side, kCounterThicknessMm, unit, face[0],
                         face[1], face[2], 1});
        // The front edge: a strip of the nation's own colour, darkened.
        const float edge = c.side * 0.1f, ahead = c.side / 2 - edge / 2;
        boxes.push_back({c.x + fx * ahead, c.y + fy * ahead, z, yaw, c.side, edge,
                         kCounterThicknessMm + 0.3f, unit, nation[0] * 0.45f, nation[1] * 0.45f,
                         nation[2] * 0.45f, 1});
    }
}

}  // namespace vedette::render

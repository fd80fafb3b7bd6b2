#pragma once
// The counters view (SceneState::counters), a board game's own look: each unit a square counter
// about four fifths of a hex across (on a board without hexes, sized from its footprint), in a
// pale shade of its nation's colour with its front edge darkened (the facing), lying where the
// record places the unit; counters sharing a hex stacked, each a step up and to the right of the
// one under it so both show. The viewer prints each counter's face on it (name, symbol, values).

#include <vector>

#include "renderer/scene/figure_layout.h"
#include "renderer/scene/scene_state.h"
#include "renderer/scene/visuals.h"

namespace vedette::render {

inline constexpr float kCounterThicknessMm = 4.0f;

// Where a unit's counter lies: its centre (table mm), its side (mm), how many counters are
// under it in its stack, and its top's height above the ground (mm).
struct CounterPlace {
    float x = 0, y = 0, side = 0;
    int under = 0;
    float top_mm = 0;
    bool shown = false;  // the unit is on the table
};

// One per unit of `state.units`, in its order.
std::vector<CounterPlace> counter_places(const SceneState& state);

// A counter's printed colour: its nation's colour, pale, as a counter sheet prints it.
Colour counter_colour(const Colour& nation);

// The counters' boxes (on the base mesh): a counter and its darker front strip each.
void layout_counters(const SceneState& state, const Visuals& visuals, InstanceBatches& out);

}  // namespace vedette::render

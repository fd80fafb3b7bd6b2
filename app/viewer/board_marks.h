#pragma once
// A hex board's overlays for the selection: the selected unit's own `hexes` overlays (its frontal
// hexes) and the side-wide ones of every unit of its side (their zones of control), as hexes
// where the units stand and face now, and as tints on the ground (SceneState::hex_marks). Only
// the records' data is read: an overlay's hexes, whether they move with the unit, whether they
// are the side's.

#include <vector>

#include "app/viewer/viewer_model.h"
#include "renderer/scene/hex_layout.h"

namespace vedette::viewer {

// The hexes of a `hexes` overlay of `unit` as they lie now: fixed hexes as written; `relative`
// ones (offsets from the unit's hex for its facing at the start) moved and turned with the unit.
std::vector<render::HexCoord> overlay_hexes_now(const ViewerModel& m, const render::UnitView& unit,
                                                const sim::record::Overlay& o);

// Adds the selection's hex overlays to `state.hex_marks` (nothing without a hex board or a
// selected unit on the table).
void add_selection_hex_marks(const ViewerModel& m, render::SceneState& state);

}  // namespace vedette::viewer

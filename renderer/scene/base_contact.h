#pragma once
// Units in contact touch edge to edge. A ruleset places a unit's centre where its rules put it:
// two units fighting hand to hand, a unit at its quarry or one model against another can stand so
// that their bases, drawn at the footprints the record gives, overlap on the table. The scene
// slides such bases apart along the shortest way out (the separating axis of the two oriented
// rectangles), so every frame shows them touching instead. Only what is drawn moves: the record,
// and what the rules decided from it, keep the ruleset's positions.

#include <vector>

#include "renderer/scene/scene_state.h"

namespace vedette::render {

// A unit's base on the table: its centre, its facing (a unit vector), half its width across the
// front and half its depth, in table millimetres.
struct BaseFootprint {
    double cx = 0, cy = 0, fx = 0, fy = 1, half_w = 0, half_d = 0;
};

// The block a unit's figures stand on while the event in progress changes its layout: the old
// footprint growing or shrinking into the new one. A footprint the record leaves at 0 is
// `fallback_w` by `fallback_d` (figure_layout gives a single rank of figures).
struct BlockSize {
    double w = 0, d = 0;
};
BlockSize block_size(const UnitView& u, double fallback_w, double fallback_d);
// One footprint as recorded (`w` by `d`), a side left at 0 taking its fallback.
BlockSize footprint_or(double w, double d, double fallback_w, double fallback_d);

BaseFootprint footprint_of(const UnitView& u, BlockSize block);

// How deep two footprints overlap (mm; 0 or less when they are apart) and the direction to push
// `b` to part them by that depth (a unit vector from `a` towards `b`).
double overlap_depth(const BaseFootprint& a, const BaseFootprint& b, double& push_x,
                     double& push_y);

// Slides overlapping bases of the units on the table apart until no two overlap by more than
// kContactSlackMm. A unit moving in the event in progress yields to those standing; otherwise
// both give way half each (and, where a mover is wedged between standing units, all do). Footprints
// the record leaves empty (0 mm) take no part.
inline constexpr double kContactSlackMm = 0.05;
void separate_bases(SceneState& state);

}  // namespace vedette::render

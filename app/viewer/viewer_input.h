#pragma once
// Keyboard and mouse over the scene, turned into commands: Space plays or pauses, Left/Right step
// by event (with the log's filter), Shift by phase, Ctrl by turn, Home/End jump to the ends, +/-
// change speed; right-drag orbits, middle-drag (or Shift+right-drag) pans, the wheel zooms.
// Keys are ignored while a text field has the keyboard, mouse gestures while over a panel.

#include "app/viewer/viewer_model.h"

namespace vedette::viewer {

// Returns true when a step or seek was queued (for the step-latency figures).
bool handle_input(const ViewerModel& model, const render::Camera& camera, CommandQueue& q);

}  // namespace vedette::viewer

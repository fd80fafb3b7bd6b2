#pragma once
// Framing a shot for a video with an overlay: the event's units inside the part of the frame the
// overlay leaves free (above the caption band, beside the result card), and little of the frame
// spent on what lies beyond the table's edge (the sky, or nothing). A camera operator's rules,
// applied to the director's shot by panning, zooming and tilting down; no rule system known.

#include <vector>

#include <glm/glm.hpp>

#include "renderer/scene/camera.h"

namespace vedette::render {

// Where the presenter overlay leaves the table free: left of the result card (which takes the
// top-right corner when the action is on the left) and above the caption band.
ScreenArea presenter_free_area();
// The shots of a presenter video: the units in its free area (beside the card, above the caption
// band; the whole width when no card shows), at most 8% of the frame beyond the table (the
// video's limit is 15%; the director's smoothing needs the margin).
// A portrait frame (`aspect` below 1, a phone's vertical video) keeps its units in the top part,
// above the card that stands under the table.
ShotLimits presenter_shot_limits(float aspect = 16.0f / 9.0f);

// The share of the frame whose view ray misses the table (`width_mm` x `depth_mm` at ground
// level): sky above the horizon, or ground beyond the table's edge. Sampled on a grid of
// `columns` x `rows` points, each standing for the pixels around it.
float void_fraction(const Camera& camera, float aspect, double width_mm, double depth_mm,
                    int columns = 64, int rows = 36);

// Moves `eye` and `target` (the director's shot) so that `points` (world) project inside the
// limits' area and the void stays within its share: pans the points' middle to the area's middle,
// zooms until they fit, and tilts the camera down while too much beyond the table shows.
// `area` is the limits' area or open area, as the moment asks; with limits.mirror its mirror
// image is tried too, and while too much beyond the table shows, the camera walks round the
// table a quarter turn at a time: the shot that shows least beyond the table wins.
void fit_shot(glm::vec3& eye, glm::vec3& target, const std::vector<glm::vec3>& points, float aspect,
              const ShotLimits& limits, const ScreenArea& area, double width_mm, double depth_mm);

// A shot of the whole army (the setup, a turn's start): as much of `points` as the frame holds
// with no more than the limits' void; the units may run off the frame's edges.
void establishing_shot(glm::vec3& eye, glm::vec3& target, const std::vector<glm::vec3>& points,
                       float aspect, const ShotLimits& limits, double width_mm, double depth_mm);

}  // namespace vedette::render

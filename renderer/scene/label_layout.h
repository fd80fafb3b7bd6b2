#pragma once
// Unit labels that do not cover each other: where units stand close (a melee, a brigade in line)
// their name tags would overlap into an unreadable block. Labels are placed nearest the camera
// first (lowest on the screen); one that would cover a label already placed rises above it, a few
// times at most. Pure screen geometry, shared by the viewer's labels and the exporter's painted
// name tags.

#include <vector>

namespace vedette::render {

struct LabelBox {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // screen pixels, y down
};

// How far each label moves on the screen (0 or negative: up), in the order given. A label that
// still overlaps after `max_rises` stays where it was. Past `max_labels` labels nothing moves
// (the placement is quadratic).
std::vector<float> spread_labels(const std::vector<LabelBox>& boxes, int max_rises = 4,
                                 std::size_t max_labels = 500);

}  // namespace vedette::render

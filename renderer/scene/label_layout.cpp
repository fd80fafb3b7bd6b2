#include "renderer/scene/label_layout.h"

#include <algorithm>
#include <numeric>

namespace vedette::render {

namespace {

constexpr float kGapPx = 1.0f;  // between a risen label and the one under it

bool overlap(const LabelBox& a, const LabelBox& b, float dy) {
    return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 + dy < b.y1 && b.y0 < a.y1 + dy;
}

}  // namespace

std::vector<float> spread_labels(const std::vector<LabelBox>& boxes, int max_rises,
                                 std::size_t max_labels) {
    std::vector<float> offsets(boxes.size(), 0.0f);
    if (boxes.size() > max_labels) return offsets;
    // Nearest the camera first: the lowest on the screen. Ties keep the order given.
    std::vector<std::size_t> order(boxes.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return boxes[a].y1 > boxes[b].y1; });
    std::vector<LabelBox> placed;
    placed.reserve(boxes.size());
    for (const std::size_t i : order) {
        const LabelBox& box = boxes[i];
        float dy = 0;
        bool clear = false;
        for (int rise = 0; rise <= max_rises && !clear; ++rise) {
            const auto blocker = std::find_if(placed.begin(), placed.end(), [&](const LabelBox& p) {
                return overlap(box, p, dy);
            });
            clear = blocker == placed.end();
            if (!clear) dy = blocker->y0 - kGapPx - box.y1;  // its bottom just above the blocker
        }
        if (!clear) dy = 0;
        offsets[i] = dy;
        placed.push_back({box.x0, box.y0 + dy, box.x1, box.y1 + dy});
    }
    return offsets;
}

}  // namespace vedette::render

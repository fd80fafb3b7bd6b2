#pragma once
// `--overlay presenter --luck`: the battle's luck strip (renderer/scene/luck_strip.h) over the
// lower edge of a presenter video, above the caption band on the side away from the result card.
// It fills in as the battle goes: each side's bar for every event with exact odds up to the one
// shown, and its running sum as a line, with the sides' names in their colours.

#include <memory>
#include <vector>

#include "renderer/overlay/canvas.h"
#include "renderer/scene/scene_state.h"
#include "renderer/scene/visuals.h"
#include "sim/replay/luck.h"

namespace vedette::render {

class LuckPainter {
public:
    explicit LuckPainter(const Visuals& visuals);
    // The strip at `state`'s moment in the box (x0, y0)-(x1, y1); the luck is read from the
    // scene's replay once, at the first frame. Returns how many bars it drew.
    int paint(Canvas& frame, const ReplayScene& scene, const SceneState& state, int x0, int y0,
              int x1, int y1);
    // The strip's height in a frame of this height.
    static int height(std::uint32_t frame_height) { return int(frame_height) * 9 / 100; }

private:
    const Visuals& visuals_;
    Type text_;
    const ReplayScene* read_ = nullptr;  // the scene `luck_` was read from
    sim::replay::BattleLuck luck_;
};

}  // namespace vedette::render

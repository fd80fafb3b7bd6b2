#pragma once
// Panels composed into exported frames (`--overlay panels`): a timeline across the top with the
// turns, a marker per event coloured by kind and the current moment; and, while a melee is being
// shown, the melee panel: each side's units with their dice, every applied 12.17 modifier with its
// rule, the totals, the 12.18 row and the casualties of 12.20. Drawn on the CPU like the captions,
// so the same frame always gets the same pixels.

#include "renderer/export/captions.h"

namespace vedette::render {

class PanelPainter {
public:
    explicit PanelPainter(std::uint32_t frame_height);
    void paint(RgbaImage& frame, const ReplayScene& scene, const SceneState& state);

private:
    void timeline(RgbaImage& frame, const ReplayScene& scene, const SceneState& state);
    void melee_panel(RgbaImage& frame, const ReplayScene& scene, const SceneState& state);
    CaptionPainter text_;
    CaptionPainter small_;
};

}  // namespace vedette::render

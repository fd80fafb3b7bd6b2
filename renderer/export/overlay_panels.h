#pragma once
// Panels composed into exported frames (`--overlay panels`): a timeline across the top with the
// turns, a marker per event coloured by category and the current moment; and, while an event
// with a typed explanation is shown (or a melee's consequences, after it), that explanation: the
// dice with their arithmetic, the modifier rows that applied, the result row, the lines that
// follow it and the actual outcome of the odds, each with its rule. Drawn on the CPU like the
// captions, so the same frame always gets the same pixels. Nothing here knows a rule system.

#include "renderer/export/captions.h"

namespace vedette::render {

class PanelPainter {
public:
    explicit PanelPainter(std::uint32_t frame_height);
    // `left`: the explanation stands at the left edge (the action is on the right), so it never
    // covers the melee it explains.
    void paint(RgbaImage& frame, const ReplayScene& scene, const SceneState& state,
               bool left = false);

    // The event whose explanation is painted at `event`: the event itself if it has one; else,
    // within its episode, the latest melee before it that has one (its casualties and results
    // follow it). -1 when none.
    static int explained_event(const ReplayScene& scene, int event);

private:
    void timeline(RgbaImage& frame, const ReplayScene& scene, const SceneState& state);
    void explanation_panel(RgbaImage& frame, const ReplayScene& scene, const SceneState& state,
                           bool left);
    CaptionPainter text_;
    CaptionPainter small_;
};

}  // namespace vedette::render

#pragma once
// The captions of an export as SubRip subtitles (`vedette export --srt FILE.srt`): one cue per
// event in the exported range, from the video time it starts to the time the next one does, with
// the caption's two lines (the event's text; its turn, phase and rule). A video maker edits or
// translates them, or lets the player show them instead of burnt-in captions.

#include <cstdint>
#include <string>

#include "renderer/scene/scene_state.h"

namespace vedette::render {

// The cues for replay time [from_ms, to_ms] shown at `speed` replay seconds per video second.
std::string srt_of(const ReplayScene& scene, std::int64_t from_ms, std::int64_t to_ms,
                   double speed);

}  // namespace vedette::render

#pragma once
// The captions of an export as SubRip subtitles (`vedette export --srt FILE.srt`): one cue per
// event in the exported range, from the video time it starts to the time the next one does (holds
// included), with
// the caption's two lines (the event's text; its turn, phase and rule). A video maker edits or
// translates them, or lets the player show them instead of burnt-in captions.

#include <cstdint>
#include <string>

#include "renderer/export/pacing.h"
#include "renderer/scene/scene_state.h"

namespace vedette::render {

// The cues of a paced video (pacing.h): each event's cue lasts as long as its segment, holds
// included, so a held melee result keeps its subtitle as long as its burnt-in caption.
std::string srt_of(const ReplayScene& scene, const PacedVideo& video);
// The cues for replay time [from_ms, to_ms] shown at `speed` replay seconds per video second.
std::string srt_of(const ReplayScene& scene, std::int64_t from_ms, std::int64_t to_ms,
                   double speed);

}  // namespace vedette::render

#pragma once
// What the viewer and the exporter build from a replay before anything reaches Vulkan, run on a
// replay the reader accepted (fuzz_replay): the scene (scene_of, scene_at_time at several
// moments), the hex board's texels, the figures, the table marks, the name tags spread apart,
// the scale bar and ruler, the result cards, the captions and subtitles, and every viewer panel
// drawn by Dear ImGui without a window. A replay that reads must show: none of this has an
// expected error.

#include "sim/replay/replay.h"

namespace vedette::fuzz {

void show_replay(const sim::replay::Replay& replay);

}  // namespace vedette::fuzz

#pragma once
// Every frame's unit bases as the video draws them (--footprints FILE.jsonl): one JSON line a
// frame, each unit on the table as its drawn centre, facing, width and depth in table
// millimetres. A test reads them to check that no two bases overlap in any frame, not only after
// events; a video maker can lay their own graphics over the table with them.

#include <cstddef>
#include <string>

#include "renderer/scene/scene_state.h"

namespace vedette::render {

// {"frame": N, "time_ms": T, "units": [{"id", "x", "y", "facing": [fx, fy], "width", "depth"}]}
std::string footprint_line(std::size_t frame, const SceneState& state);

}  // namespace vedette::render

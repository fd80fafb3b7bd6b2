#pragma once
// `vedette view [REPLAY]`: the replay viewer. A GLFW window; the battlefield drawn through the same
// offscreen path as `render` and `export`; Dear ImGui panels over it; a tour script to drive it.

#include <string>

#include <vulkan/vulkan.h>

#include "renderer/scene/unit_labels.h"

namespace vedette::viewer {

struct ViewerOptions {
    std::string replay;     // empty: the embedded demo battle
    std::string script;     // a tour to run (docs/VIEWER.md)
    std::string notes;      // --notes FILE (empty: REPLAY.notes.json beside the replay)
    std::string rules_dir;  // where the rulesets are (empty: found as for every command)
    VkExtent2D size{1280, 720};
    bool vsync = true;
    bool all_panels = false;  // open every panel, the rules panel too
    std::string stats;        // write frame-time and step-latency figures here (JSON)
    render::LabelStyle labels = render::LabelStyle::name;  // what the 3D labels say
    bool presenter = false;                                // --layout presenter
    float font_scale = 0.0f;                               // --font-scale (0: the layout's own)
    bool edit = false;  // `vedette edit GAME.game`: the record's units can be placed (deployment.h)
};

// Returns the process exit code: 0, 1 on validation errors or failures, 2 for bad input (a bad
// replay shown in the error dialog, a bad tour).
// The replay `vedette view` opens when none is named: the demo battle (VEDETTE_DEMO_REPLAY
// overrides).
std::string default_replay();

int run_viewer(const ViewerOptions& options);

}  // namespace vedette::viewer

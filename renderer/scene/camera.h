#pragma once
// Cameras over the table: an angled overview, a top-down tabletop view, following a unit, and a
// director camera that frames the units of the current event.

#include <string>

#include <glm/glm.hpp>

#include "renderer/scene/scene_state.h"

namespace vedette::render {

struct CameraSpec {
    enum class Mode { overview, top, director, follow } mode = Mode::director;
    std::string unit;  // follow:UNIT
};

// Parses "top", "director", "overview" or "follow:UNIT"; throws std::invalid_argument otherwise.
CameraSpec parse_camera(const std::string& text);

struct Camera {
    glm::mat4 view_proj{1.0f};
    glm::vec3 eye{0.0f};
};

Camera make_camera(const CameraSpec& spec, const ReplayScene& scene, const SceneState& state, float aspect);

}  // namespace vedette::render

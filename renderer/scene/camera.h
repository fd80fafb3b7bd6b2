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
    float focal = 2.414f;  // 1 / tan(fov / 2): a size s at distance d spans s * focal / d of half the frame height
};

Camera make_camera(const CameraSpec& spec, const ReplayScene& scene, const SceneState& state, float aspect);

}  // namespace vedette::render

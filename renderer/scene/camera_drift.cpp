#include "renderer/scene/camera_drift.h"

#include <cmath>

namespace vedette::render {

Camera drifted_camera(const Camera& shot, double video_s, float aspect, const CameraDrift& drift) {
    constexpr double kTwoPi = 6.283185307179586;
    const double phase = kTwoPi * video_s / drift.period_s;
    // The yaw swings as a sine, the push as a cosine bump: their speeds never vanish together.
    const float yaw = float(drift.yaw_deg * std::sin(phase)) * 0.017453292f;
    const float push = float(drift.push * 0.5 * (1.0 - std::cos(phase)));
    const glm::vec3 back = shot.eye - shot.target;  // y is up: circle about the vertical
    const float c = std::cos(yaw), s = std::sin(yaw);
    const glm::vec3 turned{back.x * c - back.z * s, back.y, back.x * s + back.z * c};
    return look_at_camera(shot.target + turned * (1.0f - push), shot.target, aspect);
}

}  // namespace vedette::render

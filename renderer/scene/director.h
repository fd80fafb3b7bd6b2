#pragma once
// The director camera as a camera operator would run it in a video: it frames the current event's
// units like the director preset (camera.h), but moves smoothly between shots (eased at both
// ends, never a jump) and keeps a shot at least `min_shot_s` of video before it moves on to a new
// one, so no shot is shorter than a caption. Small changes of framing (units advancing within the
// shot) are followed smoothly at any time. It is fed the frames in order, with the video time
// between them, so the same frames always give the same camera path.

#include <optional>

#include <glm/glm.hpp>

#include "renderer/scene/camera.h"

namespace vedette::render {

class DirectorCamera {
public:
    // `limits`: every shot is fitted to them (a video with an overlay; camera.h ShotLimits).
    explicit DirectorCamera(double min_shot_s = 2.0, double smooth_s = 0.6,
                            std::optional<ShotLimits> limits = std::nullopt);
    // The camera for the next frame, `dt_s` video seconds after the previous one.
    Camera next(const ReplayScene& scene, const SceneState& state, float aspect, double dt_s);
    // How many times a new shot was taken (the first framing not counted).
    int shots_changed() const { return changes_; }

private:
    struct Shot {
        glm::vec3 eye{0.0f}, target{0.0f};
    };
    bool is_new_shot(const Shot& wanted) const;
    bool shows_units(const Shot& shot, const ReplayScene& scene, const SceneState& state,
                     float aspect) const;
    void approach(double dt_s);

    double min_shot_s_, smooth_s_;
    std::optional<ShotLimits> limits_;
    bool started_ = false;
    Shot goal_, now_;
    Shot framed_;  // the last framing worked out, for event framed_event_
    int framed_event_ = -1;
    double since_framed_s_ = 0;
    glm::vec3 eye_speed_{0.0f}, target_speed_{0.0f};
    double shot_age_s_ = 0;
    int changes_ = 0;
};

}  // namespace vedette::render

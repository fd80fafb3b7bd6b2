#include "renderer/scene/director.h"

#include <algorithm>
#include <cmath>

#include "renderer/scene/result_card.h"

namespace vedette::render {

namespace {

// A new shot: the framed point moves by more than this share of the viewing distance, or the
// distance itself changes by more than this share.
constexpr float kNewShotShift = 0.3f;
constexpr float kNewShotZoom = 0.3f;
constexpr double kReframeSeconds = 0.25;

// One axis of a critically damped spring: moves `value` towards `goal` without overshoot,
// starting and stopping gently; `speed` carries over between frames.
glm::vec3 spring(glm::vec3 value, glm::vec3 goal, glm::vec3& speed, double smooth_s, double dt_s) {
    const float omega = float(2.0 / std::max(1e-3, smooth_s));
    const float x = omega * float(dt_s);
    const float decay = 1.0f / (1.0f + x + 0.48f * x * x + 0.235f * x * x * x);
    const glm::vec3 offset = value - goal;
    const glm::vec3 pull = (speed + omega * offset) * float(dt_s);
    speed = (speed - omega * pull) * decay;
    return goal + (offset + pull) * decay;
}

}  // namespace

DirectorCamera::DirectorCamera(double min_shot_s, double smooth_s, std::optional<ShotLimits> limits)
    : min_shot_s_(min_shot_s), smooth_s_(smooth_s), limits_(limits) {}

bool DirectorCamera::is_new_shot(const Shot& wanted) const {
    const float distance = std::max(1.0f, glm::length(goal_.eye - goal_.target));
    const float wanted_distance = glm::length(wanted.eye - wanted.target);
    return glm::length(wanted.target - goal_.target) > kNewShotShift * distance ||
           std::abs(wanted_distance - distance) > kNewShotZoom * distance;
}

namespace {

// A spring only reaches its goal in the limit; within a hundredth of a millimetre, moving slower
// than that a second, the camera is at rest (a tenth of a pixel at the nearest shot) and stops
// there, so a held shot is the same picture frame after frame (and the export reuses it).
constexpr float kAtRestMm = 0.01f;

void settle(glm::vec3& value, glm::vec3 goal, glm::vec3& speed) {
    if (glm::length(value - goal) < kAtRestMm && glm::length(speed) < kAtRestMm) {
        value = goal;
        speed = glm::vec3(0.0f);
    }
}

}  // namespace

void DirectorCamera::approach(double dt_s) {
    now_.eye = spring(now_.eye, goal_.eye, eye_speed_, smooth_s_, dt_s);
    now_.target = spring(now_.target, goal_.target, target_speed_, smooth_s_, dt_s);
    settle(now_.eye, goal_.eye, eye_speed_);
    settle(now_.target, goal_.target, target_speed_);
}

// Whether `shot` shows the current event's units (their centres) inside the part of the frame
// the overlays leave free. When the shot being approached does not, a new one is taken at once
// rather than after the minimum: a short event must not end with its units under the caption.
bool DirectorCamera::shows_units(const Shot& shot, const ReplayScene& scene,
                                 const SceneState& state, float aspect) const {
    if (!limits_ || state.event < 0) return true;
    const auto& e = scene.replay.events[static_cast<std::size_t>(state.event)];
    if (e.category == sim::record::Category::turn || e.units.empty()) return true;
    const bool card = card_event(scene, state.event) >= 0 ||
                      charge_card_of(scene.replay.events, state.event).has_value();
    const ScreenArea& a = card ? limits_->area : limits_->open_area;
    const ScreenArea mirrored{1 - a.x1, a.y0, 1 - a.x0, a.y1};
    const Camera c = look_at_camera(shot.eye, shot.target, aspect);
    bool in_area = true, in_mirrored = limits_->mirror;
    for (const auto& u : state.units) {
        if (!u.on_table || std::find(e.units.begin(), e.units.end(), u.unit) == e.units.end())
            continue;
        float x = 0, y = 0;
        if (!project_to_screen(c, table_point(u.x_mm, u.y_mm), 1.0f, 1.0f, x, y)) return false;
        in_area = in_area && a.contains(x, y);
        in_mirrored = in_mirrored && mirrored.contains(x, y);
    }
    return in_area || in_mirrored;
}

Camera DirectorCamera::next(const ReplayScene& scene, const SceneState& state, float aspect,
                            double dt_s) {
    CameraSpec director;
    director.mode = CameraSpec::Mode::director;
    director.limits = limits_;
    // Framing is worked out afresh when the event changes and four times a second within it
    // (a fitted shot is costly; the spring smooths what happens between).
    since_framed_s_ += dt_s;
    if (!started_ || state.event != framed_event_ || since_framed_s_ >= kReframeSeconds) {
        const Camera framed = make_camera(director, scene, state, aspect);
        framed_ = {framed.eye, framed.target};
        framed_event_ = state.event;
        since_framed_s_ = 0;
    }
    const Shot wanted = framed_;
    if (!started_) {
        started_ = true;
        goal_ = now_ = wanted;
        return look_at_camera(now_.eye, now_.target, aspect);
    }
    shot_age_s_ += dt_s;
    if (!is_new_shot(wanted)) {
        goal_ = wanted;  // the same shot, reframed as its units move
    } else if (shot_age_s_ >= min_shot_s_ || !shows_units(goal_, scene, state, aspect)) {
        goal_ = wanted;  // a new shot, once the old one has been up long enough
        shot_age_s_ = 0;
        ++changes_;
    }
    approach(dt_s);
    return look_at_camera(now_.eye, now_.target, aspect);
}

}  // namespace vedette::render

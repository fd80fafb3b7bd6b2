#include "renderer/scene/framing.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace vedette::render {

namespace {

constexpr int kFitRounds = 6;
constexpr float kFill = 0.9f;          // the points fill at most this share of the area
constexpr float kMaxPitchDeg = 78.0f;  // tilting stops short of straight down
constexpr float kTiltStepDeg = 6.0f;

// Where the view ray through the frame point (fx, fy) (fractions from the top-left) meets the
// ground plane; nullopt when it points above the horizon.
std::optional<glm::vec3> ground_at(const glm::mat4& inverse, float fx, float fy) {
    const glm::vec2 ndc(fx * 2.0f - 1.0f, fy * 2.0f - 1.0f);
    glm::vec4 a = inverse * glm::vec4(ndc, 0.0f, 1.0f), b = inverse * glm::vec4(ndc, 1.0f, 1.0f);
    a /= a.w, b /= b.w;
    const glm::vec3 dir = glm::vec3(b) - glm::vec3(a);
    if (dir.y >= -1e-6f) return std::nullopt;
    const float t = -a.y / dir.y;
    if (t < 0) return std::nullopt;
    return glm::vec3(a) + dir * t;
}

struct Box {
    float x0 = 1e9f, y0 = 1e9f, x1 = -1e9f, y1 = -1e9f;
    bool behind = false;  // a point behind the camera: zoom out
};

Box project(const Camera& c, const std::vector<glm::vec3>& points) {
    Box b;
    for (const auto& p : points) {
        float x = 0, y = 0;
        if (!project_to_screen(c, p, 1.0f, 1.0f, x, y)) {
            b.behind = true;
            continue;
        }
        b.x0 = std::min(b.x0, x), b.y0 = std::min(b.y0, y);
        b.x1 = std::max(b.x1, x), b.y1 = std::max(b.y1, y);
    }
    return b;
}

// Raises the eye about the target by `deg` in the vertical plane through both (same distance).
void tilt_down(glm::vec3& eye, const glm::vec3& target, float deg) {
    const glm::vec3 off = eye - target;
    const float dist = glm::length(off);
    const float flat = std::sqrt(off.x * off.x + off.z * off.z);
    if (flat < 1e-3f) return;
    const float pitch =
        std::min(glm::radians(kMaxPitchDeg), std::atan2(off.y, flat) + glm::radians(deg));
    const glm::vec2 dir(off.x / flat, off.z / flat);
    eye = target + glm::vec3(dir.x * std::cos(pitch) * dist, std::sin(pitch) * dist,
                             dir.y * std::cos(pitch) * dist);
}

float pitch_deg(const glm::vec3& eye, const glm::vec3& target) {
    const glm::vec3 off = eye - target;
    return glm::degrees(std::atan2(off.y, std::sqrt(off.x * off.x + off.z * off.z)));
}

// One round of panning and zooming: the points' middle to the area's middle, their box to fit.
void pan_and_zoom(glm::vec3& eye, glm::vec3& target, const std::vector<glm::vec3>& points,
                  float aspect, const ShotLimits& limits, const ScreenArea& a) {
    const Camera c = look_at_camera(eye, target, aspect);
    const Box box = project(c, points);
    if (box.behind || box.x0 > box.x1) {
        eye = target + (eye - target) * 1.3f;
        return;
    }
    const glm::mat4 inverse = glm::inverse(c.view_proj);
    const auto from = ground_at(inverse, (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2);
    const auto to = ground_at(inverse, (a.x0 + a.x1) / 2, (a.y0 + a.y1) / 2);
    if (from && to) {
        const glm::vec3 shift = *from - *to;
        eye += glm::vec3(shift.x, 0, shift.z), target += glm::vec3(shift.x, 0, shift.z);
    }
    const float need = std::max((box.x1 - box.x0) / ((a.x1 - a.x0) * kFill),
                                (box.y1 - box.y0) / ((a.y1 - a.y0) * kFill));
    const float zoom = std::clamp(need, 0.7f, 1.5f);
    const float dist = glm::length(eye - target);
    const float wanted = std::max(limits.min_distance, dist * zoom);
    eye = target + (eye - target) * (wanted / dist);
}

bool inside(const Camera& c, const std::vector<glm::vec3>& points, const ScreenArea& a) {
    const Box b = project(c, points);
    return !b.behind && b.x0 >= a.x0 && b.x1 <= a.x1 && b.y0 >= a.y0 && b.y1 <= a.y1;
}

struct Shot {
    glm::vec3 eye, target;
    float lost = 1;  // the void
};

// Too much beyond the table: try sliding towards the table's middle, tilting down and coming
// closer, and keep whichever shows least beyond it with the points still inside the area.
void cut_the_void(Shot& s, const std::vector<glm::vec3>& points, float aspect,
                  const ShotLimits& limits, const ScreenArea& area, double w, double d,
                  bool keep_inside = true) {
    const glm::vec3 middle(float(w / 2), 0.0f, float(-d / 2));
    for (int step = 0; step < 16 && s.lost > limits.max_void; ++step) {
        const float dist = glm::length(s.eye - s.target);
        glm::vec3 towards = middle - s.target;
        towards.y = 0;
        const float far = glm::length(towards);
        std::vector<Shot> tries;
        if (far > 1) {
            const glm::vec3 slide = towards * (std::min(far, dist * 0.08f) / far);
            tries.push_back({s.eye + slide, s.target + slide});
        }
        if (pitch_deg(s.eye, s.target) < kMaxPitchDeg - 0.5f) {
            Shot t = s;
            tilt_down(t.eye, t.target, kTiltStepDeg);
            tries.push_back(t);
        }
        // Closer than the usual shot if that is what keeps the table in the frame (a unit in a
        // corner of the table).
        if (dist * 0.92f >= limits.min_distance * 0.6f)
            tries.push_back({s.target + (s.eye - s.target) * 0.92f, s.target});
        const Shot* best = nullptr;
        for (auto& t : tries) {
            const Camera c = look_at_camera(t.eye, t.target, aspect);
            if (keep_inside && !inside(c, points, area)) continue;
            t.lost = void_fraction(c, aspect, w, d, 32, 18);
            if (t.lost < s.lost && (!best || t.lost < best->lost)) best = &t;
        }
        if (!best) return;  // nothing helps without losing the units
        s = *best;
    }
}

// The eye turned about the target by `quarter` quarter turns (the camera walks round the table).
glm::vec3 turned(const glm::vec3& eye, const glm::vec3& target, int quarter) {
    glm::vec3 off = eye - target;
    for (int q = 0; q < quarter; ++q) off = glm::vec3(-off.z, off.y, off.x);
    return target + off;
}

Shot fit_in(glm::vec3 eye, glm::vec3 target, const std::vector<glm::vec3>& points, float aspect,
            const ShotLimits& limits, const ScreenArea& area, double w, double d) {
    for (int round = 0; round < kFitRounds; ++round)
        pan_and_zoom(eye, target, points, aspect, limits, area);
    Shot s{eye, target, void_fraction(look_at_camera(eye, target, aspect), aspect, w, d, 32, 18)};
    cut_the_void(s, points, aspect, limits, area, w, d);
    return s;
}

}  // namespace

ScreenArea presenter_free_area() {
    return {0.04f, 0.07f, 0.66f, 0.70f};
}

ShotLimits presenter_shot_limits(float aspect) {
    if (aspect < 1.0f)  // the table above (kPortraitTableShare of the height), the card below
        return {{0.05f, 0.04f, 0.95f, 0.40f}, {0.05f, 0.04f, 0.95f, 0.62f}, false, 0.08f, 300.0f};
    return {presenter_free_area(), {0.04f, 0.07f, 0.96f, 0.70f}, true, 0.08f, 300.0f};
}

float void_fraction(const Camera& camera, float /*aspect*/, double width_mm, double depth_mm,
                    int columns, int rows) {
    const glm::mat4 inverse = glm::inverse(camera.view_proj);
    int missed = 0;
    for (int j = 0; j < rows; ++j)
        for (int i = 0; i < columns; ++i) {
            const auto g = ground_at(inverse, (float(i) + 0.5f) / float(columns),
                                     (float(j) + 0.5f) / float(rows));
            // World x is the table's x, world z its -y.
            const bool on_table =
                g && g->x >= 0 && g->x <= width_mm && -g->z >= 0 && -g->z <= depth_mm;
            missed += on_table ? 0 : 1;
        }
    return float(missed) / float(columns * rows);
}

void fit_shot(glm::vec3& eye, glm::vec3& target, const std::vector<glm::vec3>& points, float aspect,
              const ShotLimits& limits, const ScreenArea& area, double width_mm, double depth_mm) {
    if (points.empty()) return;
    const ScreenArea other{1 - area.x1, area.y0, 1 - area.x0, area.y1};
    Shot best{eye, target, 2.0f};
    // From the usual side first, then (units at the table's edge) from the other sides, where
    // the edge falls at the top of the frame.
    for (int quarter = 0; quarter < 4 && best.lost > limits.max_void; ++quarter) {
        const glm::vec3 from = turned(eye, target, quarter);
        for (const ScreenArea* a : {&area, &other}) {
            if (a == &other && !limits.mirror) continue;
            const Shot s = fit_in(from, target, points, aspect, limits, *a, width_mm, depth_mm);
            if (s.lost < best.lost - 0.01f) best = s;
        }
    }
    eye = best.eye, target = best.target;
}

void establishing_shot(glm::vec3& eye, glm::vec3& target, const std::vector<glm::vec3>& points,
                       float aspect, const ShotLimits& limits, double width_mm, double depth_mm) {
    if (points.empty()) return;
    const ScreenArea whole{0, 0, 1, 1};
    for (int round = 0; round < kFitRounds; ++round)
        pan_and_zoom(eye, target, points, aspect, limits, whole);
    Shot s{eye, target,
           void_fraction(look_at_camera(eye, target, aspect), aspect, width_mm, depth_mm, 32, 18)};
    cut_the_void(s, points, aspect, limits, whole, width_mm, depth_mm, false);
    eye = s.eye, target = s.target;
}

}  // namespace vedette::render

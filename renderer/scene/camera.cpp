#include "renderer/scene/camera.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <glm/gtc/matrix_transform.hpp>

#include "renderer/scene/framing.h"
#include "renderer/scene/result_card.h"

namespace vedette::render {

CameraSpec parse_camera(const std::string& text) {
    CameraSpec c;
    if (text == "top")
        c.mode = CameraSpec::Mode::top;
    else if (text == "director" || text.empty())
        c.mode = CameraSpec::Mode::director;
    else if (text == "overview")
        c.mode = CameraSpec::Mode::overview;
    else if (text.rfind("follow:", 0) == 0 && text.size() > 7) {
        c.mode = CameraSpec::Mode::follow;
        c.unit = text.substr(7);
    } else {
        throw std::invalid_argument("unknown camera '" + text +
                                    "' (expected top, director, overview or follow:UNIT)");
    }
    return c;
}

namespace {
glm::vec3 world(double x, double y, double h = 0) {
    return {static_cast<float>(x), static_cast<float>(h), static_cast<float>(-y)};
}

glm::mat4 projection(float fov_deg, float aspect, float near, float far) {
    glm::mat4 p = glm::perspective(glm::radians(fov_deg), aspect, near, far);
    p[1][1] *= -1.0f;  // Vulkan's clip space has y down
    return p;
}
}  // namespace

Camera make_camera(const CameraSpec& spec, const ReplayScene& scene, const SceneState& state,
                   float aspect) {
    const double w = static_cast<double>(scene.replay.header.board.terrain.width_mm);
    const double d = static_cast<double>(scene.replay.header.board.terrain.depth_mm);
    glm::vec3 target = world(w / 2, d / 2);
    glm::vec3 eye;
    glm::vec3 up(0, 1, 0);
    float span = static_cast<float>(std::max(w, d));
    switch (spec.mode) {
        case CameraSpec::Mode::top: {
            // Straight down, the bottom edge of the table at the bottom of the picture.
            const float fov = 40.0f;
            const float fit = static_cast<float>(std::max(d, w / aspect)) * 0.55f /
                              std::tan(glm::radians(fov / 2));
            eye = target + glm::vec3(0, fit, 0);
            up = glm::vec3(0, 0, -1);
            Camera c;
            c.eye = eye;
            c.target = target;
            c.focal = 1.0f / std::tan(glm::radians(fov / 2));
            c.view_proj =
                projection(fov, aspect, fit * 0.1f, fit * 2.0f) * glm::lookAt(eye, target, up);
            return c;
        }
        case CameraSpec::Mode::overview:
            eye = target + glm::vec3(0, span * 0.75f, span * 0.85f);
            break;
        case CameraSpec::Mode::follow: {
            const UnitView* u = nullptr;
            for (const auto& v : state.units)
                if (v.id == spec.unit) u = &v;
            if (!u)
                throw std::invalid_argument("follow: no unit '" + spec.unit + "' in this replay");
            target = world(u->x_mm, u->y_mm);
            const glm::vec3 back = world(-u->facing_x * 250.0, -u->facing_y * 250.0);
            eye = target + back + glm::vec3(0, 180, 0);
            span = 400;
            break;
        }
        case CameraSpec::Mode::director: {
            // Frame the units of the current event (all units before the first one, and at a
            // turn boundary; the setup names every unit).
            double minx = 1e30, maxx = -1e30, miny = 1e30, maxy = -1e30;
            std::vector<glm::vec3> corners;  // the framed units' footprints, to fit a shot to
            std::vector<int> ids;
            if (state.event >= 0) {
                const auto& e = scene.replay.events[static_cast<std::size_t>(state.event)];
                if (e.category != sim::record::Category::turn) ids = e.units;
            }
            const auto frame_unit = [&](const UnitView& v) {
                minx = std::min(minx, v.x_mm), maxx = std::max(maxx, v.x_mm);
                miny = std::min(miny, v.y_mm), maxy = std::max(maxy, v.y_mm);
                const double r = std::max(v.width_mm, v.depth_mm) / 2 + 5;
                for (const double dx : {-r, r})
                    for (const double dy : {-r, r})
                        // What stands beyond the table's edge (a unit fleeing off it) is
                        // not framed: only the table is.
                        corners.push_back(world(std::clamp(v.x_mm + dx, 0.0, w),
                                                std::clamp(v.y_mm + dy, 0.0, d), 12.0));
            };
            const auto framed = [&](const UnitView& v) {
                return ids.empty() ? v.on_table
                                   : std::find(ids.begin(), ids.end(), v.unit) != ids.end();
            };
            // A unit of the event that just left the table (dispersed, removed) is still framed
            // where it was; when framing everything, only units on the table count.
            for (const auto& v : state.units)
                if (framed(v)) frame_unit(v);
            // A video's shot (with limits) frames where the event's units end up too: a unit
            // walking towards the camera stays clear of the caption band when it arrives.
            if (spec.limits && !ids.empty() && ids.size() < scene.replay.header.units.size()) {
                const auto& e = scene.replay.events[static_cast<std::size_t>(state.event)];
                if (e.t1_ms > state.time_ms)
                    for (const auto& v : scene_at_time(scene, e.t1_ms).units)
                        if (v.on_table && framed(v)) frame_unit(v);
            }
            if (minx > maxx) minx = 0, maxx = w, miny = 0, maxy = d;
            target = world((minx + maxx) / 2, (miny + maxy) / 2);
            span = static_cast<float>(std::max({maxx - minx, maxy - miny, 250.0})) + 200.0f;
            eye = target + glm::vec3(-span * 0.25f, span * 0.75f, span * 0.85f);
            if (spec.limits && (ids.empty() || ids.size() >= scene.replay.header.units.size())) {
                establishing_shot(eye, target, corners, aspect, *spec.limits, w, d);
            } else if (spec.limits) {
                const bool card = card_event(scene, state.event) >= 0 ||
                                  charge_card_of(scene.replay.events, state.event).has_value();
                fit_shot(eye, target, corners, aspect, *spec.limits,
                         card ? spec.limits->area : spec.limits->open_area, w, d);
            }
            break;
        }
    }
    Camera c;
    c.eye = eye;
    c.target = target;
    c.focal = 1.0f / std::tan(glm::radians(45.0f / 2));
    const float dist = glm::length(eye - target);
    c.view_proj =
        projection(45.0f, aspect, std::max(10.0f, dist * 0.05f), dist * 4.0f + span * 2.0f) *
        glm::lookAt(eye, target, up);
    return c;
}

Camera look_at_camera(glm::vec3 eye, glm::vec3 target, float aspect) {
    Camera c;
    c.eye = eye;
    c.target = target;
    c.focal = 1.0f / std::tan(glm::radians(45.0f / 2));
    const float dist = std::max(1.0f, glm::length(eye - target));
    c.view_proj = projection(45.0f, aspect, std::max(10.0f, dist * 0.05f), dist * 6.0f) *
                  glm::lookAt(eye, target, glm::vec3(0, 1, 0));
    return c;
}

void OrbitView::orbit(float d_yaw, float d_pitch) {
    yaw_deg = std::fmod(yaw_deg + d_yaw + 360.0f, 360.0f);
    pitch_deg = std::clamp(pitch_deg + d_pitch, 5.0f, 89.5f);
}

void OrbitView::pan(float right, float forward) {
    const float yaw = glm::radians(yaw_deg);
    // Right and forward along the table as seen from the camera.
    const glm::vec3 r(std::cos(yaw), 0, std::sin(yaw));
    const glm::vec3 f(std::sin(yaw), 0, -std::cos(yaw));
    target += (r * right + f * forward) * distance;
}

void OrbitView::zoom(float factor) {
    distance = std::clamp(distance * factor, 50.0f, 20000.0f);
}

OrbitView orbit_from_camera(const Camera& camera) {
    OrbitView v;
    v.target = camera.target;
    const glm::vec3 off = camera.eye - camera.target;
    v.distance = std::max(50.0f, glm::length(off));
    const float horizontal = std::sqrt(off.x * off.x + off.z * off.z);
    v.pitch_deg = std::clamp(glm::degrees(std::atan2(off.y, horizontal)), 5.0f, 89.5f);
    // The eye sits behind the target: off = distance * (-sin(yaw), .., cos(yaw)) horizontally.
    v.yaw_deg = horizontal > 1e-3f ? glm::degrees(std::atan2(-off.x, off.z)) : 0.0f;
    if (v.yaw_deg < 0) v.yaw_deg += 360.0f;
    return v;
}

Camera make_orbit_camera(const OrbitView& v, float aspect) {
    const float yaw = glm::radians(v.yaw_deg), pitch = glm::radians(v.pitch_deg);
    const glm::vec3 off(-std::sin(yaw) * std::cos(pitch), std::sin(pitch),
                        std::cos(yaw) * std::cos(pitch));
    Camera c;
    c.target = v.target;
    c.eye = v.target + off * v.distance;
    c.focal = 1.0f / std::tan(glm::radians(45.0f / 2));
    c.view_proj =
        projection(45.0f, aspect, std::max(5.0f, v.distance * 0.02f), v.distance * 6.0f + 4000.0f) *
        glm::lookAt(c.eye, c.target, glm::vec3(0, 1, 0));
    return c;
}

bool project_to_screen(const Camera& camera, glm::vec3 world, float width, float height, float& x,
                       float& y) {
    const glm::vec4 clip = camera.view_proj * glm::vec4(world, 1.0f);
    if (clip.w <= 1e-4f) return false;
    x = (clip.x / clip.w * 0.5f + 0.5f) * width;
    y = (clip.y / clip.w * 0.5f + 0.5f) * height;
    return true;
}

}  // namespace vedette::render

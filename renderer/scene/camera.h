#pragma once
// Cameras over the table: an angled overview, a top-down tabletop view, following a unit, and a
// director camera that frames the units of the current event.

#include <optional>
#include <string>

#include <glm/glm.hpp>

#include "renderer/scene/scene_state.h"

namespace vedette::render {

// A part of the frame, as fractions of its width and height from the top-left corner.
struct ScreenArea {
    float x0 = 0, y0 = 0, x1 = 1, y1 = 1;
    bool contains(float x, float y) const { return x >= x0 && x <= x1 && y >= y0 && y <= y1; }
};

// How a shot must frame its units (renderer/scene/framing.h).
struct ShotLimits {
    ScreenArea area;        // the points must project inside it while a result card shows
    ScreenArea open_area;   // ... and when none does (only the caption band to keep clear)
    bool mirror = true;     // the area may stand on the other side (the card follows the action)
    float max_void = 1.0f;  // at most this share of the frame beyond the table
    float min_distance = 300.0f;  // never closer than this (mm): figures stay a unit, not a face
};

struct CameraSpec {
    enum class Mode { overview, top, director, follow } mode = Mode::director;
    std::string unit;  // follow:UNIT
    // The director's shot, fitted to these limits when set (a video with an overlay).
    std::optional<ShotLimits> limits;
};

// Parses "top", "director", "overview" or "follow:UNIT"; throws std::invalid_argument otherwise.
CameraSpec parse_camera(const std::string& text);

struct Camera {
    glm::mat4 view_proj{1.0f};
    glm::vec3 eye{0.0f};
    glm::vec3 target{0.0f};  // the point looked at (orbiting starts from it)
    float focal = 2.414f;    // 1 / tan(fov / 2): a size s at distance d spans s * focal / d of half
                             // the frame height
};

Camera make_camera(const CameraSpec& spec, const ReplayScene& scene, const SceneState& state,
                   float aspect);
// The preset cameras' lens at `eye` looking at `target` (world coordinates), for a camera that
// moves between shots.
Camera look_at_camera(glm::vec3 eye, glm::vec3 target, float aspect);

// The interactive camera: orbits a point on the table. Yaw 0 looks along +y of the table (from the
// near edge), pitch is the angle above the table, distance in millimetres.
struct OrbitView {
    glm::vec3 target{0.0f};  // world coordinates (x, height, -y)
    float yaw_deg = 0, pitch_deg = 40, distance = 1500;

    // Mouse gestures: orbit by degrees, pan by a fraction of the distance, zoom by a factor.
    void orbit(float d_yaw, float d_pitch);
    void pan(float right, float forward);
    void zoom(float factor);
};
// The orbit that reproduces `camera` (its eye and target), to take over from any preset.
OrbitView orbit_from_camera(const Camera& camera);
Camera make_orbit_camera(const OrbitView& view, float aspect);

// Where a world point lands in a frame of `width` x `height` pixels; false if behind the camera.
bool project_to_screen(const Camera& camera, glm::vec3 world, float width, float height, float& x,
                       float& y);
// A table point (mm) at ground height h as a world point.
inline glm::vec3 table_point(double x_mm, double y_mm, double h = 0) {
    return {static_cast<float>(x_mm), static_cast<float>(h), static_cast<float>(-y_mm)};
}

}  // namespace vedette::render

#version 450
#extension GL_GOOGLE_include_directive : require
#include "scene_common.glsl"
#include "scene_lighting.glsl"
#include "ground.glsl"
// The ground texture, painted once: the table's colours painted up close (ground.glsl), lit by
// the sun with the shadows of trees and houses (the static shadow map); in alpha, how much of
// it is water (where the sun glints). A hex board's texture holds a second, printed-map picture
// of the board beside it, for the counters view. Figures' shadows fall on their own bases, which sample the
// moving casters' map each frame.
layout(location = 0) in vec3 v_color;
layout(location = 1) in float v_lambert;
layout(location = 2) in vec3 v_world;
layout(location = 3) in vec4 v_material;
layout(location = 0) out vec4 out_color;
void main() {
    float sun = step(1e-4, v_lambert) * static_sunlight(v_world);
    float grain = value_noise(v_world.xz / 2.5);
    vec3 ground = painted_ground(v_color, v_world.xz, v_material, grain);
    vec3 lit = ground * (0.38 + 0.72 * v_lambert * (0.3 + 0.7 * sun));
    // pc.eye_fog.w (unused by a bake otherwise): 1 paints the printed map instead.
    float map = pc.eye_fog.w;
    vec3 c = mix(lit, printed_map(v_color, v_world.xz, v_material), map);
    out_color = vec4(c, clamp(v_material.x, 0.0, 1.0) * grain * (1.0 - map));
}

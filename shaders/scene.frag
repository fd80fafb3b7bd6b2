#version 450
#extension GL_GOOGLE_include_directive : require
#include "scene_common.glsl"
#include "scene_lighting.glsl"
layout(location = 0) in vec3 v_color;
layout(location = 1) in vec3 v_normal;
layout(location = 2) in vec3 v_world;
layout(location = 0) out vec4 out_color;
void main() {
    vec3 n = normalize(v_normal);
    float lambert = max(dot(n, normalize(pc.sun_dir.xyz)), 0.0);
    float sun = lambert > 0.0 ? sunlight(v_world) : 0.0;
    vec3 col = v_color * (0.38 + 0.72 * lambert * (0.3 + 0.7 * sun));
    float dist = length(v_world - pc.eye_fog.xyz);
    float fog = clamp(dist * pc.eye_fog.w, 0.0, 0.7);
    col = mix(col, kHorizon, fog * fog);
    out_color = vec4(col, 1.0);
}

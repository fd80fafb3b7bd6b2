#version 450
#extension GL_GOOGLE_include_directive : require
#include "scene_common.glsl"
#include "scene_lighting.glsl"
// The sky behind the table: a gradient from a pale horizon to a blue zenith along each view ray,
// with a glow around the sun.
layout(location = 0) in vec2 v_ndc;
layout(location = 0) out vec4 out_color;
void main() {
    vec4 far_point = su.inv_view_proj * vec4(v_ndc, 1.0, 1.0);
    vec3 dir = normalize(far_point.xyz / far_point.w - pc.eye_fog.xyz);
    float up = clamp(dir.y, 0.0, 1.0);
    vec3 col = mix(kHorizon, kZenith, sqrt(up));
    float sun = max(dot(dir, normalize(pc.sun_dir.xyz)), 0.0);
    col += vec3(1.0, 0.9, 0.7) * pow(sun, 64.0) * 0.6;
    out_color = vec4(col, 1.0);
}

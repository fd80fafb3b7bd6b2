#version 450
#extension GL_GOOGLE_include_directive : require
#include "scene_common.glsl"
#include "scene_lighting.glsl"
// The sky behind the table, at the far plane: a grid of kColumns x kRows quads over the screen
// with the sky's colour worked out at each corner (a gradient from a pale horizon to a blue
// zenith along the view ray, a glow towards the sun), so that each sky pixel only blends its
// corners' colours: on a CPU rasteriser the sky costs little more than the clear it replaces.
const int kColumns = 24, kRows = 16;
layout(location = 0) out vec3 v_color;
void main() {
    int quad = gl_VertexIndex / 6, corner = gl_VertexIndex % 6;
    // Two triangles a quad: corners (0,0) (1,0) (1,1), (0,0) (1,1) (0,1).
    int cx = corner == 1 || corner == 2 || corner == 4 ? 1 : 0;
    int cy = corner == 2 || corner == 4 || corner == 5 ? 1 : 0;
    vec2 cell = vec2(quad % kColumns + cx, quad / kColumns + cy);
    vec2 ndc = cell / vec2(kColumns, kRows) * 2.0 - 1.0;
    vec4 far_point = su.inv_view_proj * vec4(ndc, 1.0, 1.0);
    vec3 dir = normalize(far_point.xyz / far_point.w - pc.eye_fog.xyz);
    float up = clamp(dir.y, 0.0, 1.0);
    vec3 col = mix(kHorizon, kZenith, sqrt(up));
    float sun = max(dot(dir, normalize(pc.sun_dir.xyz)), 0.0);
    v_color = col + vec3(1.0, 0.9, 0.7) * pow(sun, 16.0) * 0.35;
    gl_Position = vec4(ndc, 1.0, 1.0);
}

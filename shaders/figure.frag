#version 450
#extension GL_GOOGLE_include_directive : require
#include "scene_common.glsl"
#include "scene_lighting.glsl"
// Figures, trees and houses: lit by the sun but not shadowed themselves. They are a few pixels to
// a few dozen tall, where self-shadowing is invisible, and skipping the shadow-map lookup for
// their many small fragments halves the cost of a crowded frame on a CPU rasteriser.
// Painted like a miniature: the models carry a dark wash in their recesses (their vertex
// colours); here the edges turned from the eye catch a light drybrush, so a 15 mm figure's
// shape reads from across the table.
layout(location = 0) in vec3 v_color;
layout(location = 1) in vec3 v_normal;
layout(location = 2) in vec3 v_world;
layout(location = 3) in float v_surface;
layout(location = 0) out vec4 out_color;
void main() {
    vec3 n = normalize(v_normal);
    vec3 to_eye = normalize(pc.eye_fog.xyz - v_world);
    float edge = pow(1.0 - clamp(abs(dot(n, to_eye)), 0.0, 1.0), 3.0);
    vec3 lit = shade(v_color, n, v_world, 1.0, pc.sun_dir.xyz, pc.eye_fog);
    // (A flocked surface is drawn by scene.frag; here it would get half the drybrush.)
    vec3 drybrush = (v_color * 0.6 + vec3(0.12)) * edge * 0.55 * (1.0 - 0.5 * v_surface);
    out_color = vec4(lit + drybrush, 1.0);
}

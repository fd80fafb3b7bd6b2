#version 450
#extension GL_GOOGLE_include_directive : require
#include "scene_common.glsl"
#include "scene_lighting.glsl"
// Figures, trees and houses: lit by the sun but not shadowed themselves. They are a few pixels to
// a few dozen tall, where self-shadowing is invisible, and skipping the shadow-map lookup for
// their many small fragments halves the cost of a crowded frame on a CPU rasteriser.
layout(location = 0) in vec3 v_color;
layout(location = 1) in vec3 v_normal;
layout(location = 2) in vec3 v_world;
layout(location = 0) out vec4 out_color;
void main() {
    out_color = vec4(shade(v_color, v_normal, v_world, 1.0, pc.sun_dir.xyz, pc.eye_fog), 1.0);
}

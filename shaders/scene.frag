#version 450
#extension GL_GOOGLE_include_directive : require
#include "scene_common.glsl"
#include "scene_lighting.glsl"
#include "ground.glsl"
// Bases, markers, walls, hedges and the table's edge: lit by the sun, with the shadows of
// figures, trees and houses on them, each surface painted as it is (Surface: a base's flock, a
// wall's stones, a hedge's leaves, the edge's wood).
layout(location = 0) in vec3 v_color;
layout(location = 1) in vec3 v_normal;
layout(location = 2) in vec3 v_world;
layout(location = 3) in float v_surface;
layout(location = 0) out vec4 out_color;
void main() {
    float facing = dot(normalize(v_normal), normalize(pc.sun_dir.xyz));
    float sun = facing > 0.0 ? 1.0 : 0.0;  // no branch around the call: see sunlight()
    // (shadow_texel.y 1: the counters view's map, where no trees stand to cast their shadows.)
    sun *= sunlight(v_world) * mix(static_sunlight(v_world), 1.0, su.shadow_texel.y);
    vec3 colour = surface_colour(v_color, v_world, v_surface);
    out_color = vec4(shade(colour, v_normal, v_world, sun, pc.sun_dir.xyz, pc.eye_fog), 1.0);
}

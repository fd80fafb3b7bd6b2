#version 450
#extension GL_GOOGLE_include_directive : require
#include "scene_common.glsl"
#include "scene_lighting.glsl"
#include "hex_board.glsl"
#include "ground.glsl"
// The ground: the table's colours with a hex board's grid and per-hex tints drawn on them, lit by
// the sun with the shadows of figures, trees and houses.
layout(location = 0) in vec3 v_color;
layout(location = 1) in vec3 v_normal;
layout(location = 2) in vec3 v_world;
layout(location = 3) in vec4 v_material;
layout(location = 0) out vec4 out_color;
void main() {
    float facing = dot(normalize(v_normal), normalize(pc.sun_dir.xyz));
    float sun = facing > 0.0 ? 1.0 : 0.0;  // no branch around the call: see sunlight()
    sun *= sunlight(v_world);
    vec3 painted = painted_ground(v_color, v_world.xz, v_material);
    vec3 ground = hex_board(painted, v_world, su.hex_grid, su.hex_cells, su.hex_style);
    vec3 lit = shade(ground, v_normal, v_world, sun, pc.sun_dir.xyz, pc.eye_fog);
    out_color = vec4(lit + water_glint(v_world, v_material.x) * sun, 1.0);
}

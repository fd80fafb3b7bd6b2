#version 450
#extension GL_GOOGLE_include_directive : require
#include "scene_common.glsl"
#include "scene_lighting.glsl"
// The ground's vertices for a frame. Its colour, lighting and the trees' shadows were painted
// once into the ground texture (ground_bake.*): here only what depends on the eye, the fog and
// the glint on water, worked out once a vertex rather than at each of a million ground pixels.
layout(location = 0) in vec3 in_pos;
layout(location = 0) out vec3 v_world;
layout(location = 1) out vec2 v_light;  // fog, glint
void main() {
    v_world = in_pos;
    v_light = vec2(fog_amount(in_pos, pc.eye_fog), glint_of(in_pos, pc.sun_dir.xyz, pc.eye_fog));
    gl_Position = pc.view_proj * vec4(in_pos, 1.0);
}

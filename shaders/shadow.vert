#version 450
#extension GL_GOOGLE_include_directive : require
#include "scene_common.glsl"
// figure.vert's placement of an instanced mesh on the table, for the shadow pass: position only
// (view_proj is the sun's).
layout(location = 0) in vec3 in_pos;
layout(location = 2) in vec4 i_pos_yaw;
layout(location = 3) in vec4 i_size;
void main() {
    float s = sin(i_pos_yaw.w), c = cos(i_pos_yaw.w);
    vec2 right = vec2(c, -s);
    vec2 fwd = vec2(s, c);
    vec3 l = in_pos * i_size.xyz;
    vec2 t = i_pos_yaw.xy + right * l.x + fwd * l.y;
    gl_Position = pc.view_proj * vec4(t.x, i_pos_yaw.z + l.z, -t.y, 1.0);
}

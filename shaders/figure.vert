#version 450
#extension GL_GOOGLE_include_directive : require
#include "scene_common.glsl"
// A mesh in table-local coordinates (x right, y forward, z up), placed per instance on the
// table: position (mm, table y up), height, yaw (clockwise from +y), size and colour.
layout(location = 0) in vec3 in_pos;
layout(location = 1) in vec3 in_normal;
layout(location = 2) in vec4 i_pos_yaw;
layout(location = 3) in vec4 i_size;
layout(location = 4) in vec4 i_color;
// The model's colour and tint (ModelVertex): at tint 1 the colour is multiplied by the side's, so
// white parts take the side colour whole; a textured part (tint 0.35) keeps most of its own.
layout(location = 5) in vec4 in_color;
layout(location = 0) out vec3 v_color;
layout(location = 1) out vec3 v_normal;
layout(location = 2) out vec3 v_world;
void main() {
    float s = sin(i_pos_yaw.w), c = cos(i_pos_yaw.w);
    vec2 right = vec2(c, -s);
    vec2 fwd = vec2(s, c);
    vec3 l = in_pos * i_size.xyz;
    vec2 t = i_pos_yaw.xy + right * l.x + fwd * l.y;
    vec3 w = vec3(t.x, i_pos_yaw.z + l.z, -t.y);
    vec2 nt = right * in_normal.x + fwd * in_normal.y;
    v_normal = normalize(vec3(nt.x, in_normal.z, -nt.y));
    v_color = mix(in_color.rgb, i_color.rgb * in_color.rgb, in_color.a);
    v_world = w;
    gl_Position = pc.view_proj * vec4(w, 1.0);
}

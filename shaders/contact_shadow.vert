#version 450
#extension GL_GOOGLE_include_directive : require
#include "scene_common.glsl"
// A base's contact shadow (the miniature look): a flat box a little larger than the base, just
// above the ground, placed as figure.vert places instances; the fragment shader darkens the
// ground round the base's edge, softly (contact_shadow.frag).
layout(location = 0) in vec3 in_pos;
layout(location = 2) in vec4 i_pos_yaw;
layout(location = 3) in vec4 i_size;
layout(location = 0) out vec2 v_local;  // mm from the middle, along the base's axes
layout(location = 1) out vec2 v_half;   // half the base's own size (the box less its margins)
const float kMargin = 5.0;              // mm the shadow reaches beyond the base
void main() {
    float s = sin(i_pos_yaw.w), c = cos(i_pos_yaw.w);
    vec2 right = vec2(c, -s);
    vec2 fwd = vec2(s, c);
    vec3 l = in_pos * i_size.xyz;
    vec2 t = i_pos_yaw.xy + right * l.x + fwd * l.y;
    v_local = l.xy;
    v_half = i_size.xy * 0.5 - kMargin;
    gl_Position = pc.view_proj * vec4(t.x, i_pos_yaw.z + l.z, -t.y, 1.0);
}

#version 450
#extension GL_GOOGLE_include_directive : require
#include "scene_common.glsl"
#include "figure_motion.glsl"
// A mesh in table-local coordinates (x right, y forward, z up), placed per instance on the
// table: position (mm, table y up), height, yaw (clockwise from +y), size and colour.
layout(location = 0) in vec3 in_pos;
layout(location = 1) in vec3 in_normal;
layout(location = 2) in vec4 i_pos_yaw;
layout(location = 3) in vec4 i_size;
layout(location = 4) in vec4 i_color;
// The model's colour and tint (ModelVertex): at tint 1 the colour is multiplied by the paint's, so
// white parts take the paint whole; a textured part (tint 0.35) keeps most of its own.
layout(location = 5) in vec4 in_color;
layout(location = 6) in vec4 i_anim;    // gait, phase, fall, surface (Instance)
layout(location = 7) in uvec4 i_paints;  // facings, trousers, headgear, horse: RGBA8
layout(location = 8) in vec3 in_part;    // paint, part, swing (ModelVertex)
layout(location = 0) out vec3 v_color;
layout(location = 1) out vec3 v_normal;
layout(location = 2) out vec3 v_world;
layout(location = 3) out float v_surface;

vec3 unpack_paint(uint c) {
    return vec3(float(c & 255u), float((c >> 8) & 255u), float((c >> 16) & 255u)) / 255.0;
}

// The colour of paint `p` (ModelVertex::paint): the coat (and a flag's field, which a flag
// instance carries as its coat) or one of the packed paints.
vec3 paint_colour(int p) {
    vec3 c = i_color.rgb;
    c = p == 2 ? unpack_paint(i_paints.x) : c;
    c = p == 3 ? unpack_paint(i_paints.y) : c;
    c = p == 4 ? unpack_paint(i_paints.z) : c;
    c = p == 5 ? unpack_paint(i_paints.w) : c;
    return c;
}

void main() {
    float s = sin(i_pos_yaw.w), c = cos(i_pos_yaw.w);
    vec2 right = vec2(c, -s);
    vec2 fwd = vec2(s, c);
    vec3 l = in_pos * i_size.xyz;
    vec3 n = in_normal;
    int part = int(in_part.y + 0.5);
    l = move_part(l, part, in_part.z, i_anim.x, i_anim.y);
    fall_over(l, n, i_anim.z);
    vec2 t = i_pos_yaw.xy + right * l.x + fwd * l.y;
    vec3 w = vec3(t.x, i_pos_yaw.z + l.z, -t.y);
    vec2 nt = right * n.x + fwd * n.y;
    v_normal = normalize(vec3(nt.x, n.z, -nt.y));
    vec3 paint = paint_colour(int(in_part.x + 0.5));
    vec3 colour = mix(in_color.rgb, paint * in_color.rgb, in_color.a);
    // A casualty fades into the ground as it falls.
    v_color = mix(colour, vec3(0.30, 0.32, 0.22), 0.7 * i_anim.z * i_anim.z);
    v_world = w;
    v_surface = i_anim.w;
    gl_Position = pc.view_proj * vec4(w, 1.0);
}

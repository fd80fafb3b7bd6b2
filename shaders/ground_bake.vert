#version 450
#extension GL_GOOGLE_include_directive : require
#include "scene_common.glsl"
#include "scene_lighting.glsl"
// The ground seen from straight above, table millimetres to the whole ground texture
// (pc.view_proj), painted once when the board is loaded (ground_bake.frag).
layout(location = 0) in vec3 in_pos;
layout(location = 1) in vec3 in_normal;
layout(location = 2) in vec3 in_color;
layout(location = 3) in vec4 in_material;  // water, road, furrows, woods (TerrainVertex)
layout(location = 0) out vec3 v_color;
layout(location = 1) out float v_lambert;
layout(location = 2) out vec3 v_world;
layout(location = 3) out vec4 v_material;
void main() {
    v_color = in_color;
    v_lambert = max(dot(normalize(in_normal), normalize(pc.sun_dir.xyz)), 0.0);
    v_world = in_pos;
    v_material = in_material;
    gl_Position = pc.view_proj * vec4(in_pos, 1.0);
}

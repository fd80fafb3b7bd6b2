// The ground's vertices for a frame (terrain.vert, and terrain_hex.vert with HEX_BOARD 1). Its
// colour, lighting and the trees' shadows were painted once into the ground texture
// (ground_bake.*): here only where in it the vertex reads and what depends on the eye, the fog
// and the glint on water, worked out once a vertex rather than at each of a million ground
// pixels. A hex board's pixels need their table position too, for the grid: only they get it
// (every value handed to the pixels costs each of them on a CPU rasteriser).
layout(location = 0) in vec3 in_pos;
layout(location = 0) out vec4 v_ground;  // ground texture u, v; fog; glint
#if HEX_BOARD
layout(location = 1) out vec3 v_world;
#endif
void main() {
    vec2 uv = vec2(in_pos.x, -in_pos.z) * su.table.zw;
    uv.x = uv.x * su.ground_texel.z + su.ground_texel.w;  // a hex board's painted or map half
    v_ground = vec4(uv, fog_amount(in_pos, pc.eye_fog),
                    glint_of(in_pos, pc.sun_dir.xyz, pc.eye_fog));
#if HEX_BOARD
    v_world = in_pos;
#endif
    gl_Position = pc.view_proj * vec4(in_pos, 1.0);
}

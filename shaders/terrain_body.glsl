// The ground's fragment shader (terrain.frag, and terrain_hex.frag with HEX_BOARD 1): a texel of
// the ground painted and lit when the board was loaded (ground_bake.frag), a hex board's grid
// and per-hex tints drawn over it where the board has one, then the fog and the sun's glint on
// water. A board without hexes gets a pipeline without the hex board's arithmetic: on a CPU
// rasteriser every pixel of the ground pays for every instruction here.
layout(location = 0) in vec4 v_ground;  // terrain_vert.glsl
#if HEX_BOARD
layout(location = 1) in vec3 v_world;
#endif
layout(location = 0) out vec4 out_color;
void main() {
    // The nearest texel to a point jittered by up to half a texel: up close the texels blend
    // into grain instead of showing as squares, for the price of a little arithmetic.
    float h = fract(dot(gl_FragCoord.xy, vec2(0.7548777, 0.5698403)));
    vec2 jitter = (fract(vec2(h, h * 7.31)) - 0.5) * su.ground_texel.xy;
    vec4 ground = texture(ground_texture, v_ground.xy + jitter);
    vec3 c = ground.rgb;
#if HEX_BOARD
    c = hex_board(c, v_world, su.hex_grid, su.hex_cells, su.hex_style);
#endif
    c = mix(c, kHorizon, v_ground.z) + vec3(0.9, 0.85, 0.7) * (v_ground.w * ground.a);
    out_color = vec4(c, 1.0);
}

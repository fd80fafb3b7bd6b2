// The sun's shadow map and the per-frame scene uniforms (set 0), for the fragment shaders that
// light the scene and draw the sky.
layout(set = 0, binding = 0) uniform sampler2DShadow shadow_map;
layout(set = 0, binding = 1) uniform SceneUniforms {
    mat4 light_view_proj;  // world -> the sun's clip space (the shadow map)
    mat4 inv_view_proj;    // the camera's clip space -> world (the sky's view rays)
    vec4 shadow_texel;     // x: 1 / shadow map size
    vec4 hex_grid;         // a hex board (hex_board.glsl): origin x, y, size, orientation
    vec4 hex_cells;        // its texel rectangle: first q, first r, columns, rows
    vec4 hex_style;        // x: edge colour factor, y: edge half-width in pixels
} su;

const vec3 kHorizon = vec3(0.78, 0.84, 0.90);
const vec3 kZenith = vec3(0.36, 0.54, 0.82);

// 1 in full sun, 0 in shadow. One comparison sample with linear filtering (the sampler blends
// the four nearest comparisons): soft enough at this resolution and cheap on a CPU rasteriser.
// Outside the map: full sun. Chosen after sampling rather than by returning early: lavapipe
// (Mesa 22.3) leaks memory on every draw whose fragment shader branches (hex_board.glsl).
float sunlight(vec3 world) {
    vec4 c = su.light_view_proj * vec4(world, 1.0);
    vec3 p = c.xyz / c.w;
    vec2 uv = p.xy * 0.5 + 0.5;
    bool outside = uv.x <= 0.0 || uv.x >= 1.0 || uv.y <= 0.0 || uv.y >= 1.0 || p.z >= 1.0;
    float lit = texture(shadow_map, vec3(clamp(uv, 0.0, 1.0), p.z - 0.002));
    return outside ? 1.0 : lit;
}

// The scene's light: ambient plus the sun (scaled by `sun`, 1 in full sunlight), then fog.
vec3 shade(vec3 color, vec3 normal, vec3 world, float sun, vec3 sun_dir, vec4 eye_fog) {
    float lambert = max(dot(normalize(normal), normalize(sun_dir)), 0.0);
    vec3 col = color * (0.38 + 0.72 * lambert * (0.3 + 0.7 * sun));
    float dist = length(world - eye_fog.xyz);
    float fog = clamp(dist * eye_fog.w, 0.0, 0.7);
    return mix(col, kHorizon, fog * fog);
}

// The sun's shadow map and the per-frame scene uniforms (set 0), for the fragment shaders that
// light the scene and draw the sky.
layout(set = 0, binding = 0) uniform sampler2DShadow shadow_map;
layout(set = 0, binding = 1) uniform SceneUniforms {
    mat4 light_view_proj;  // world -> the sun's clip space (the shadow map)
    mat4 inv_view_proj;    // the camera's clip space -> world (the sky's view rays)
    vec4 shadow_texel;     // x: 1 / shadow map size, y: 1 without the scenery's shadows
    vec4 hex_grid;         // a hex board (hex_board.glsl): origin x, y, size, orientation
    vec4 hex_cells;        // its texel rectangle: first q, first r, columns, rows
    vec4 hex_style;        // x: edge colour factor, y: edge half-width in pixels
    vec4 table;            // the table's width and depth (mm), and 1 over each
    vec4 ground_texel;     // xy: a texel of the ground texture (1 / its size); z, w: the
                           // u scale and offset of the half in use (a hex board's map half)
} su;
// What never moves, drawn once when the board is loaded (battlefield_static.cpp): the shadows of
// trees and houses (binding 3, also from the sun) and the ground painted and lit under them
// (binding 4: rgb, and in a how much of it is water).
layout(set = 0, binding = 3) uniform sampler2DShadow static_shadow_map;
layout(set = 0, binding = 4) uniform sampler2D ground_texture;

const vec3 kHorizon = vec3(0.78, 0.84, 0.90);
const vec3 kZenith = vec3(0.36, 0.54, 0.82);

// 1 in full sun, 0 in shadow, as `map` (a shadow map from the sun) sees `world`. One comparison
// sample with linear filtering (the sampler blends the four nearest comparisons): soft enough at
// this resolution and cheap on a CPU rasteriser. Outside the map: full sun. Chosen after sampling
// rather than by returning early: lavapipe (Mesa 22.3) leaks memory on every draw whose fragment
// shader branches (hex_board.glsl).
float sunlight_in(sampler2DShadow map, vec3 world) {
    vec4 c = su.light_view_proj * vec4(world, 1.0);
    vec3 p = c.xyz / c.w;
    vec2 uv = p.xy * 0.5 + 0.5;
    bool outside = uv.x <= 0.0 || uv.x >= 1.0 || uv.y <= 0.0 || uv.y >= 1.0 || p.z >= 1.0;
    float lit = texture(map, vec3(clamp(uv, 0.0, 1.0), p.z - 0.002));
    return outside ? 1.0 : lit;
}

// The moving casters' shadows (figures), and the trees' and houses' (the static map).
float sunlight(vec3 world) {
    return sunlight_in(shadow_map, world);
}
float static_sunlight(vec3 world) {
    return sunlight_in(static_shadow_map, world);
}

// How much of the fog's colour covers a point at `world` (0 near, up to 0.49 far).
float fog_amount(vec3 world, vec4 eye_fog) {
    float fog = clamp(length(world - eye_fog.xyz) * eye_fog.w, 0.0, 0.7);
    return fog * fog;
}

// How brightly the sun glints on still water at `world`, seen from the eye.
float glint_of(vec3 world, vec3 sun_dir, vec4 eye_fog) {
    vec3 to_eye = normalize(eye_fog.xyz - world);
    vec3 mirror = reflect(-normalize(sun_dir), vec3(0.0, 1.0, 0.0));
    return pow(max(dot(mirror, to_eye), 0.0), 24.0);
}

// The scene's light: ambient plus the sun (scaled by `sun`, 1 in full sunlight), then fog.
vec3 shade(vec3 color, vec3 normal, vec3 world, float sun, vec3 sun_dir, vec4 eye_fog) {
    float lambert = max(dot(normalize(normal), normalize(sun_dir)), 0.0);
    vec3 col = color * (0.38 + 0.72 * lambert * (0.3 + 0.7 * sun));
    float dist = length(world - eye_fog.xyz);
    float fog = clamp(dist * eye_fog.w, 0.0, 0.7);
    return mix(col, kHorizon, fog * fog);
}

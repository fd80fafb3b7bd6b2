// The look of a painted tabletop, procedurally (no textures to ship): value noise in world
// millimetres gives grass its patches of hue and a flocked base its grain.

float hash21(vec2 p) {
    p = fract(p * vec2(0.1031, 0.1030));
    p += dot(p, p.yx + 33.33);
    return fract((p.x + p.y) * p.x);
}

float value_noise(vec2 p) {
    vec2 i = floor(p), f = fract(p);
    vec2 u = f * f * (3.0 - 2.0 * f);
    float a = hash21(i), b = hash21(i + vec2(1, 0));
    float c = hash21(i + vec2(0, 1)), d = hash21(i + vec2(1, 1));
    return mix(mix(a, b, u.x), mix(c, d, u.x), u.y);
}

// A flocked base: a coarser grain with tufts of lighter static grass.
vec3 flock(vec3 colour, vec2 xz) {
    float grain = value_noise(xz / 0.7);
    float tuft = smoothstep(0.72, 0.9, value_noise(xz / 2.3 + 17.0));
    return colour * (0.82 + 0.3 * grain) + vec3(0.10, 0.09, 0.02) * tuft;
}

// The ground by what it is (TerrainVertex's material weights: water, road, furrows, woods), up
// close: the grain of flock and static grass, a stream's ripples, a road's gravel and its grassy
// verges, the furrows of ploughed or rough ground, the leaf litter of a wood. (The broad patches
// of the grass are in the mesh's colours.) One noise sample a pixel: the ground covers most of
// the frame, and a CPU rasteriser pays for every instruction of it.
vec3 painted_ground(vec3 colour, vec2 xz, vec4 m, float grain) {
    vec3 c = colour * (0.93 + 0.14 * grain);
    float verge = m.y * (1.0 - m.y) * 4.0;  // the road's edges, where it meets the grass
    c = mix(c, c * vec3(0.72, 0.9, 0.62), 0.6 * verge);
    c *= mix(1.0, 0.86 + 0.3 * grain, clamp(m.y + m.x, 0.0, 1.0));  // gravel, ripples
    float furrow = 0.5 + 0.5 * sin(dot(xz, vec2(0.8, 0.6)) * 1.25);
    c *= mix(1.0, 0.8 + 0.3 * furrow, clamp(m.z, 0.0, 1.0));
    c += vec3(0.12, 0.07, 0.02) * clamp(m.w, 0.0, 1.0) * smoothstep(0.55, 0.8, grain);
    return c;
}

// A dry-stone wall: courses of stones of varied shade with dark joints. `w`: world mm.
vec3 stone_courses(vec3 colour, vec3 w) {
    float along = w.x + w.z;
    float course = floor(w.y / 1.8);
    vec2 cell = vec2(floor(along / 3.2 + 0.5 * course), course);
    float shade = 0.78 + 0.4 * hash21(cell);
    float joint_y = smoothstep(0.0, 0.18, fract(w.y / 1.8)) * smoothstep(1.0, 0.82, fract(w.y / 1.8));
    float joint_x = smoothstep(0.0, 0.08, fract(along / 3.2 + 0.5 * course));
    return colour * shade * mix(0.55, 1.0, joint_y * joint_x);
}

// A hedge: clumps of leaves, light where they catch the sun, dark in the gaps.
vec3 hedge_leaves(vec3 colour, vec3 w) {
    float clumps = value_noise(vec2(w.x + w.z, w.y) / 1.6);
    float leaves = value_noise(vec2(w.x - w.z, w.y * 1.3) / 0.5);
    return colour * (0.6 + 0.55 * clumps) * (0.85 + 0.3 * leaves);
}

// The table's wooden edge: grain along its length.
vec3 wood_grain(vec3 colour, vec3 w) {
    float grain = value_noise(vec2((w.x + w.z) / 40.0, w.y / 0.6));
    return colour * (0.8 + 0.35 * grain);
}

// A box's surface by Surface (figure_layout.h): 1 flock, 2 stone, 3 hedge, 4 wood, else plain.
vec3 surface_colour(vec3 colour, vec3 w, float surface) {
    vec3 c = colour;
    c = mix(c, flock(colour, w.xz), step(0.5, surface) * step(surface, 1.5));
    c = mix(c, stone_courses(colour, w), step(1.5, surface) * step(surface, 2.5));
    c = mix(c, hedge_leaves(colour, w), step(2.5, surface) * step(surface, 3.5));
    c = mix(c, wood_grain(colour, w), step(3.5, surface));
    return c;
}

// The board as a printed map draws it (the counters view of a hex board): flat colours on paper,
// woods as rows of little tree rings, water in blue with ripple lines, rough ground stippled,
// roads as they are; no light and no shadow. `xz`: world mm.
vec3 printed_map(vec3 colour, vec2 xz, vec4 m) {
    vec3 paper = vec3(0.93, 0.90, 0.80);
    vec3 c = mix(colour, paper, 0.3);
    vec2 cell = xz / 9.0 + vec2(0.5 * floor(xz.y / 9.0), 0.0);  // rows offset by half a tree
    float ring = abs(length(fract(cell) - 0.5) * 9.0 - 2.2);
    float tree = 1.0 - smoothstep(0.35, 0.75, ring);
    c = mix(c, vec3(0.16, 0.33, 0.16), tree * clamp(m.w, 0.0, 1.0));
    float ripple = 1.0 - smoothstep(0.0, 0.5, abs(fract(xz.y / 4.0 + 0.15 * sin(xz.x / 3.0)) - 0.5));
    c = mix(c, vec3(0.24, 0.42, 0.70), 0.7 * ripple * clamp(m.x, 0.0, 1.0));
    float dots = 1.0 - smoothstep(0.4, 0.7, length(fract(xz / 3.0) - 0.5) * 3.0);
    c = mix(c, colour * 0.55, dots * clamp(m.z, 0.0, 1.0));
    return c;
}

// The hex grid of a hex board, drawn on the ground from the table position of each pixel (so it
// follows the hills, with no geometry to fight the terrain's depth), anti-aliased with the
// pixel's own footprint. Per-hex data come from a small texel buffer, two texels per hex of the
// grid's bounding rectangle: [0] a = 1 on the board, r = 1 when its marks are outlines only (a
// band inside the edge, no fill: zones of control); [1] a tint (rgb) and how strongly it covers
// the hex (a): the viewer's and exporter's overlays (zones of control, frontal hexes, paths).
layout(set = 0, binding = 2) uniform samplerBuffer hex_cells;

const float kSqrt3 = 1.7320508;

// Table millimetres (x right, y forward) of a world position (x right, y up, z towards the
// viewer).
vec2 table_mm(vec3 world) {
    return vec2(world.x, -world.z);
}

// The axial hex holding `p` (table mm), by cube rounding.
ivec2 hex_at(vec2 p, vec4 grid) {
    vec2 u = (p - grid.xy) / grid.z;
    bool pointy = grid.w > 0.0;
    float fq = pointy ? (kSqrt3 / 3.0 * u.x - u.y / 3.0) : (2.0 / 3.0 * u.x);
    float fr = pointy ? (2.0 / 3.0 * u.y) : (-u.x / 3.0 + kSqrt3 / 3.0 * u.y);
    float fs = -fq - fr;
    float q = round(fq), r = round(fr), s = round(fs);
    float dq = abs(q - fq), dr = abs(r - fr), ds = abs(s - fs);
    if (dq > dr && dq > ds)
        q = -r - s;
    else if (dr > ds)
        r = -q - s;
    return ivec2(int(q), int(r));
}

vec2 hex_centre(ivec2 h, vec4 grid) {
    float q = float(h.x), r = float(h.y);
    if (grid.w > 0.0) return grid.xy + grid.z * vec2(kSqrt3 * (q + r / 2.0), 1.5 * r);
    return grid.xy + grid.z * vec2(1.5 * q, kSqrt3 * (r + q / 2.0));
}

// Millimetres from `p` to the nearest edge of its hex centred at `c` (0 on the edge).
float edge_distance(vec2 p, vec2 c, vec4 grid) {
    vec2 d = abs(p - c);
    float apothem = grid.z * kSqrt3 / 2.0;
    // The three edge normals: along x and at +-60 degrees (pointy), along y and +-30 (flat).
    float most = grid.w > 0.0 ? max(d.x, dot(d, vec2(0.5, kSqrt3 / 2.0)))
                              : max(d.y, dot(d, vec2(kSqrt3 / 2.0, 0.5)));
    return apothem - most;
}

// `color` with the hex board drawn over it: the hex's tint, then its edges as anti-aliased lines.
// grid: origin x, y (mm), size (centre to corner, mm), orientation (> 0 pointy, < 0 flat, 0 no
// grid); cells: first q, first r, columns, rows of the texel rectangle; style: x edge colour
// factor (0 black, 1 invisible), y edge half-width in pixels.
// Written without branches, every pixel computing all of it and choosing at the end: Mesa 22.3's
// lavapipe leaked about a megabyte a frame running this with early returns (a long export or an
// open viewer ran out of memory). Without a board the fetches read past the one texel there:
// a texel buffer reads 0 outside its range.
vec3 hex_board(vec3 color, vec3 world, vec4 grid, vec4 cells, vec4 style) {
    vec4 g = grid.w == 0.0 ? vec4(grid.xy, 1.0, 1.0) : grid;  // no board: any finite grid
    vec2 p = table_mm(world);
    ivec2 h = hex_at(p, g);
    ivec2 cell = h - ivec2(cells.xy);
    bool inside = grid.w != 0.0 && cell.x >= 0 && cell.y >= 0 && cell.x < int(cells.z) &&
                  cell.y < int(cells.w);
    int index = inside ? 2 * (cell.y * int(cells.z) + cell.x) : 0;
    vec4 base = texelFetch(hex_cells, index);  // fetched first: a && around it would branch
    bool on_board = inside && base.a >= 0.5;
    float outline_only = step(0.5, base.r);  // r: the hex's marks are outlines (no fill)
    float d = edge_distance(p, hex_centre(h, g), g);
    // A pixel's footprint in mm, from the table position (smooth across the edge), not from d:
    // d folds at the edge, so a 2x2 pixel quad straddling it can see no change in d at all.
    float fw = max(max(length(dFdx(p)), length(dFdy(p))), 1e-4);
    // A marked hex (tint a > 0): tinted all over, more strongly in a band inside its edge.
    vec4 tint = texelFetch(hex_cells, index + 1);
    float band = g.z * mix(0.14, 0.07, outline_only);  // an outline is a thin band
    float inner = 1.0 - smoothstep(band - fw, band + fw, d);
    vec3 tinted = mix(color, tint.rgb, tint.a * mix(0.45 + 0.45 * inner, inner, outline_only));
    float half_width = style.y * fw;
    float line = 1.0 - smoothstep(half_width - fw, half_width + fw, d);
    return on_board ? tinted * mix(1.0, style.x, line) : color;
}

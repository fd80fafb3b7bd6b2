#include "sim/rulesets/borodino/hex_grid.h"

#include <cstdlib>

namespace vedette::sim::borodino {

namespace {

// Axial steps by direction: bearings 30, 90, 150, 210, 270, 330 on the renderer's pointy grid.
constexpr std::array<Hex, kDirections> kSteps = {
    {{0, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}}};

// sin and cos of 60 degrees in Q16, and sqrt(3) as a ratio to a million: fixed, so every build
// places units on the same millimetre.
constexpr std::int64_t kSin60 = 56756, kCos60 = 32768;  // Q16, as kQ16
constexpr std::int64_t kSqrt3Millionths = 1732051;

std::int64_t round_div(std::int64_t num, std::int64_t den) {
    return num >= 0 ? (num + den / 2) / den : -((-num + den / 2) / den);
}

// num / den rounded down, for any sign of `num` (den > 0).
std::int64_t floor_div(std::int64_t num, std::int64_t den) {
    return num >= 0 ? num / den : -((-num + den - 1) / den);
}

// The hex holding the cube point (x, y, z) / den (x + y + z == 0): each coordinate rounded (a
// half upwards), the one that moved most set from the other two so that they still sum to zero.
Hex cube_round(std::int64_t x, std::int64_t y, std::int64_t z, std::int64_t den) {
    auto nearest = [den](std::int64_t v) { return floor_div(2 * v + den, 2 * den); };
    std::int64_t rx = nearest(x), ry = nearest(y), rz = nearest(z);
    const std::int64_t dx = std::abs(rx * den - x), dy = std::abs(ry * den - y),
                       dz = std::abs(rz * den - z);
    if (dx > dy && dx > dz)
        rx = -ry - rz;
    else if (dy > dz)
        ry = -rx - rz;
    else
        rz = -rx - ry;
    return {static_cast<int>(rx), static_cast<int>(rz)};
}

// The nudge: the line is moved by (1, 2, -3) / (distance * kNudgeScale) of a hex one way and
// the other. The exact points of a line of N steps have coordinates in N-ths, so every rounding
// boundary an exact point is not on lies at least 1 / (2 N) away: a nudge of 3 / (N * 1000)
// crosses only a boundary the point lies on (a hexside or corner), and then to both sides.
constexpr std::int64_t kNudgeScale = 1000;
constexpr std::array<std::int64_t, 3> kNudge = {1, 2, -3};

}  // namespace

std::vector<LineStep> hex_line(Hex a, Hex b) {
    const std::int64_t n = distance(a, b);
    if (n == 0) return {{a, a, false}};
    // Cube coordinates: x = q, z = r, y = -q - r.
    const std::array<std::int64_t, 3> from = {a.q, -a.q - a.r, a.r};
    const std::array<std::int64_t, 3> to = {b.q, -b.q - b.r, b.r};
    const std::int64_t den = n * kNudgeScale;
    // A line runs along hexsides only in the directions of the hexsides themselves: two of its
    // cube steps equal, as (1, 1, -2). Any other line that meets a hexside crosses it.
    const std::int64_t dx = to[0] - from[0], dy = to[1] - from[1], dz = to[2] - from[2];
    const bool edge_direction = dx == dy || dy == dz || dx == dz;
    std::vector<LineStep> out;
    for (std::int64_t i = 0; i <= n; ++i) {
        std::array<Hex, 2> side;
        for (int s = 0; s < 2; ++s) {
            std::array<std::int64_t, 3> p;
            for (std::size_t k = 0; k < 3; ++k)
                p[k] = (from[k] * n + (to[k] - from[k]) * i) * kNudgeScale +
                       (s == 0 ? kNudge[k] : -kNudge[k]);
            side[std::size_t(s)] = cube_round(p[0], p[1], p[2], den);
        }
        out.push_back({side[0], side[1], edge_direction && side[0] != side[1]});
    }
    return out;
}

Hex neighbour(Hex h, int direction) {
    const Hex s = kSteps[static_cast<std::size_t>(((direction % 6) + 6) % 6)];
    return {h.q + s.q, h.r + s.r};
}

int distance(Hex a, Hex b) {
    const int dq = a.q - b.q, dr = a.r - b.r;
    return (std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2;
}

int direction_to(Hex from, Hex to) {
    for (int d = 0; d < kDirections; ++d)
        if (neighbour(from, d) == to) return d;
    return -1;
}

int opposite(int direction) {
    return (direction + 3) % 6;
}

int vertex_from_degrees(int degrees) {
    const int d = ((degrees % 360) + 360) % 360;
    return d % 60 == 0 ? d / 60 : -1;
}

int degrees_of_vertex(int vertex) {
    return vertex * 60;
}

std::array<int, 2> frontal_directions(int vertex) {
    // Vertex v (bearing 60 v) lies between the neighbours at bearings 60 v - 30 and 60 v + 30.
    return {(vertex + 5) % 6, vertex % 6};
}

std::array<Hex, 2> frontal_hexes(Hex at, int vertex) {
    const auto d = frontal_directions(vertex);
    return {neighbour(at, d[0]), neighbour(at, d[1])};
}

bool is_frontal(Hex at, int vertex, Hex other, bool all_round) {
    const int d = direction_to(at, other);
    if (d < 0) return false;
    if (all_round) return true;
    const auto f = frontal_directions(vertex);
    return d == f[0] || d == f[1];
}

int vertex_facing(Hex at, Hex other, int current) {
    const int d = direction_to(at, other);
    if (d < 0) return current;
    // Direction d touches vertices d and d + 1; keep the current one if it already touches.
    const int a = d, b = (d + 1) % 6;
    if (current == a || current == b) return current;
    auto turn = [&](int v) { return std::min((v - current + 6) % 6, (current - v + 6) % 6); };
    return turn(b) < turn(a) ? b : a;
}

geom::Vec facing_vector(int vertex) {
    static constexpr std::array<geom::Vec, 6> kFacing = {{{0, kQ16},
                                                          {kSin60, kCos60},
                                                          {kSin60, -kCos60},
                                                          {0, -kQ16},
                                                          {-kSin60, -kCos60},
                                                          {-kSin60, kCos60}}};
    return kFacing[static_cast<std::size_t>(((vertex % 6) + 6) % 6)];
}

geom::Vec centre_mm(Hex h, geom::Vec origin, std::int64_t size_mm) {
    // Pointy: x = size * sqrt(3) * (q + r / 2), y = size * 3/2 * r.
    const std::int64_t x = round_div(size_mm * kSqrt3Millionths * (2 * h.q + h.r), 2000000);
    const std::int64_t y = round_div(size_mm * 3 * h.r, 2);
    return {origin.x + x, origin.y + y};
}

std::string to_string(Hex h) {
    return "(" + std::to_string(h.q) + ", " + std::to_string(h.r) + ")";
}

}  // namespace vedette::sim::borodino

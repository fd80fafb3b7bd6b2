#pragma once
#include "sim/rulesets/borodino/plugin_gate.h"
// The hex grid of the Borodino system in integers: axial coordinates (q, r) on a pointy-topped grid
// laid as the renderer draws it (renderer/scene/hex_layout.h: q along +x, r along +y leaning +x by
// half a hex). Directions to the six neighbours are numbered 0-5 by compass bearing 30 + 60 d
// (0 is up the table and to the right); a unit faces a hex vertex, numbered 0-5 by bearing 60 v.
// The two hexes beside the vertex a unit faces are its frontal hexes, the other four its rear
// (rulings: "Facing is to a hex vertex"). No floating point: positions and facings decide
// outcomes (docs/DETERMINISM.md).

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "sim/geom/fixed_geometry.h"

namespace vedette::sim::borodino {

struct Hex {
    int q = 0;
    int r = 0;
    friend bool operator==(const Hex&, const Hex&) = default;
    friend auto operator<=>(const Hex&, const Hex&) = default;
};

inline constexpr int kDirections = 6;
// Facing vectors and offsets are Q16 fixed point: 65536 is one.
inline constexpr std::int64_t kQ16 = 65536;

// The neighbour in direction d (0-5, bearing 30 + 60 d).
Hex neighbour(Hex h, int direction);
// Hexes between a and b along the grid (0 for the same hex).
int distance(Hex a, Hex b);
// The direction from `from` to an adjacent `to`, or -1 when they are not neighbours.
int direction_to(Hex from, Hex to);
int opposite(int direction);

// A facing given in whole degrees (0 up the table, 90 to the right): the vertex index 0-5 for a
// multiple of 60, -1 for anything else (a hexside or between).
int vertex_from_degrees(int degrees);
int degrees_of_vertex(int vertex);
// The two directions whose neighbours touch vertex v: the frontal hexes of a unit facing v.
std::array<int, 2> frontal_directions(int vertex);
std::array<Hex, 2> frontal_hexes(Hex at, int vertex);
// Whether `other` (adjacent to `at`) is one of the frontal hexes; with `all_round` every
// neighbour is frontal (infantry in a village or redoubt, squares).
bool is_frontal(Hex at, int vertex, Hex other, bool all_round);
// The vertex a unit in `at` faces to have `other` (adjacent) in front of it, turning as little
// from `current` as it can (the lower of two equally near vertices).
int vertex_facing(Hex at, Hex other, int current);

// Q16 unit vector of a vertex facing, for poses (exact table, no trigonometry).
geom::Vec facing_vector(int vertex);
// The centre of hex h in table millimetres, for a grid with hex (0, 0) at `origin` and
// `size_mm` from centre to corner (rounded to whole mm with sqrt(3) as a fixed ratio).
geom::Vec centre_mm(Hex h, geom::Vec origin, std::int64_t size_mm);

// One step of a straight line between two hex centres: the hex it passes through, or two hexes
// where the line meets the side between them exactly. It runs along that side (a line in one of
// the six directions of the hexsides: both hexes are beside it, neither crossed) or crosses the
// side at its midpoint (both hexes are crossed).
struct LineStep {
    Hex hex;
    Hex other;  // == hex for a single hex
    bool along_hexside = false;
    bool two_hexes() const { return hex != other; }
};

// The hexes the straight line from the centre of `a` to the centre of `b` passes through, from a
// to b: distance(a, b) + 1 steps, step i at distance i from a. Cube-coordinate line drawing with
// an exact integer lerp and rounding, nudged both ways across the line so that a line meeting a
// hexside exactly shows the hexes on both sides of it (no floating point).
std::vector<LineStep> hex_line(Hex a, Hex b);

std::string to_string(Hex h);  // "(q, r)"

}  // namespace vedette::sim::borodino

// fuzz_pgm: the heightfield image reader (sim/board/terrain.cpp read_pgm, a binary P5 or text P2
// PGM a scenario names as "heightfield": {"kind": "image", "file": ...}), through the board reader
// a scenario's table goes through (parse_table_and_terrain), then the ground's height as the
// rules read it (sim/board/heightfield.cpp height_mm, ground_clear) and, where the renderer's
// headers are installed, as the renderer draws it (TerrainModel). Two boards read the same image:
// a small table with a gentle relief, and the largest table with the largest relief, where the
// arithmetic is nearest its bounds. Expected for bad input: sim::InputError.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "sim/board/heightfield.h"
#include "sim/board/terrain.h"
#include "sim/core/input_error.h"
#include "sim/core/json_reader.h"
#include "tests/fuzz/fuzz_common.h"
#if VEDETTE_FUZZ_TERRAIN_MESH
#include "renderer/scene/terrain_mesh.h"
#endif

namespace {

using namespace vedette;
using sim::board::Vec;

constexpr const char* kBoards[] = {
    R"({"table": {"width": "60cm", "depth": "40cm"},
        "terrain": {"heightfield": {"kind": "image", "file": "height.pgm", "relief": "2cm"}}})",
    R"({"table": {"width": "10000cm", "depth": "10000cm"},
        "terrain": {"heightfield": {"kind": "image", "file": "height.pgm", "relief": "100000cm"}}})",
};

void read_heights(const sim::board::Terrain& t, bool mesh_too) {
    const std::int64_t w = t.width_mm, d = t.depth_mm;
    // The corners, the centre and points off the table (a unit's path may leave it).
    const Vec points[] = {{0, 0},         {w, 0},   {0, d},         {w, d},
                          {w / 2, d / 2}, {-w, -d}, {2 * w, 2 * d}, {w / 3, 2 * d / 3}};
    for (const Vec& p : points) {
        const std::int64_t h = sim::board::height_mm(t, p);
        fuzz::expect(h >= 0 && h <= t.height.relief_mm, "the ground is outside its relief");
    }
    (void)sim::board::ground_clear(t, {0, 0}, {w, d}, 20, std::max<std::int64_t>(10, w / 64));
    (void)sim::board::ground_clear(t, {w, 0}, {0, d}, 20, std::max<std::int64_t>(10, w / 64));
#if VEDETTE_FUZZ_TERRAIN_MESH
    // The mesh samples the image at fractions of the table, whatever its size: the small board's
    // 30 x 20 cells reach the same texels as the large one's 256 x 256, ninety times faster.
    if (!mesh_too) return;
    const render::TerrainModel mesh(t);
    fuzz::expect(!mesh.vertices.empty() && !mesh.indices.empty(), "the ground mesh is empty");
    for (std::uint32_t i : mesh.indices)
        fuzz::expect(i < mesh.vertices.size(), "the ground mesh indexes past its vertices");
    (void)mesh.height(float(w) / 2, float(d) / 2);
#else
    (void)mesh_too;
#endif
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::write_scratch_file("height.pgm", fuzz::as_text(data, size));
    const std::string file = fuzz::scratch_dir() + "/board.json";  // the image lies beside it
    for (const char* const& board : kBoards) {
        sim::board::Terrain terrain;
        try {
            const sim::Json json = sim::parse_json_text(board, file);
            terrain = sim::board::parse_table_and_terrain(sim::JsonNode(json, file, "$"), file);
        } catch (const sim::InputError& e) {
            fuzz::rejected(e);
            return 0;  // bad input: the scenario naming it is refused (exit 2)
        }
        read_heights(terrain, &board == &kBoards[0]);
    }
    return 0;
}

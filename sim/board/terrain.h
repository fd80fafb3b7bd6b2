#pragma once
// The table a battle is fought on, for every ruleset: its size in mm, its relief (flat, a seeded
// procedural heightfield or a PGM image) and its terrain features (areas such as woods and built-up
// areas, lines such as roads, walls and streams). Rulesets give the features their rule meaning;
// the renderer draws them. Read from a scenario's "table" and "terrain"
// (docs/SCENARIO_AND_REPLAY.md), and from a version 2 replay's board, which holds the same two
// objects.

#include <cstdint>
#include <string>
#include <vector>

#include "sim/geom/fixed_geometry.h"

namespace vedette::sim {
class JsonNode;  // sim/core/json_reader.h: the readers below take one; this header needs no JSON
}

namespace vedette::sim::board {

using geom::Vec;

enum class FeatureKind : std::uint8_t {
    woods,
    rough,
    built_up,
    fortified,
    water,
    road,
    wall,
    hedge,
    stream,
    hill
};
const std::vector<std::string>& feature_kind_names();

struct TerrainFeature {
    FeatureKind kind = FeatureKind::woods;
    std::string name;
    std::vector<Vec> points;  // polygon (areas) or path (roads, walls, hedges, streams)
    int capacity = 0;         // built-up areas: units it holds
    std::vector<std::vector<Vec>> sectors;  // built-up areas split into sectors (12.9 A)
    bool is_area() const {
        return kind != FeatureKind::road && kind != FeatureKind::wall &&
               kind != FeatureKind::hedge && kind != FeatureKind::stream;
    }
    bool blocks_sight() const {
        return kind == FeatureKind::woods || kind == FeatureKind::built_up ||
               kind == FeatureKind::fortified || kind == FeatureKind::hill;
    }
};

struct Heightfield {
    enum class Kind : std::uint8_t { flat, procedural, image } kind = Kind::flat;
    std::uint64_t seed = 0;
    std::int64_t relief_mm = 0;
    std::string image;  // PGM file, resolved against the scenario's folder
    int image_width = 0, image_height = 0;
    std::vector<std::uint8_t> samples;  // row-major, top row = far edge (largest y)
};

struct Terrain {
    std::int64_t width_mm = 1200;
    std::int64_t depth_mm = 800;
    Heightfield height;
    std::vector<TerrainFeature> features;
};

// A length: a number of cm, or a string "15cm", "150mm", "6in"; in mm, within docs/LIMITS.md.
std::int64_t parse_length_mm(const JsonNode& node);
// A point [x, y] of lengths, and a list of them (at most limits::kMaxShapePoints).
Vec parse_point(const JsonNode& node);
std::vector<Vec> parse_points(const JsonNode& node);

// The "table" (required) and "terrain" (optional) members of `holder`; a heightfield image is
// read relative to `file`'s folder.
Terrain parse_table_and_terrain(const JsonNode& holder, const std::string& file);

}  // namespace vedette::sim::board

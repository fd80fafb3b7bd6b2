#include "sim/board/terrain.h"

#include "sim/core/json_reader.h"

#include <cctype>
#include <cmath>
#include <sstream>

#include "sim/core/input_error.h"
#include "sim/core/input_file.h"
#include "sim/core/limits.h"

namespace vedette::sim::board {

using geom::i64;
using geom::Vec;

const std::vector<std::string>& feature_kind_names() {
    static const std::vector<std::string> n = {"woods", "rough", "built_up", "fortified", "water",
                                               "road",  "wall",  "hedge",    "stream",    "hill"};
    return n;
}
i64 parse_length_mm(const JsonNode& n) {
    // Every length ends up in mm within +-limits::kMaxLengthMm, so no geometry can overflow.
    auto bounded = [&](double mm) {
        const double max = static_cast<double>(limits::kMaxLengthMm);
        if (!(mm >= -max && mm <= max))
            n.fail("length out of range (at most " + std::to_string(limits::kMaxLengthMm / 1000) +
                   " m either way, docs/LIMITS.md)");
        return static_cast<i64>(std::llround(mm));
    };
    const Json& v = n.raw();
    if (v.is_number()) return bounded(v.get<double>() * 10.0);
    if (!v.is_string())
        n.fail(
            "expected a length: a number of cm, or a string like \"15cm\", \"6in\" or \"150mm\"");
    const std::string s = v.get<std::string>();
    // A plain decimal number and a unit: no spaces, hex, "inf" or "nan".
    std::size_t used = 0;
    while (used < s.size() &&
           (std::isdigit(static_cast<unsigned char>(s[used])) || s[used] == '.' ||
            (used == 0 && (s[used] == '-' || s[used] == '+')) ||
            ((s[used] == 'e' || s[used] == 'E') && used > 0 &&
             std::isdigit(static_cast<unsigned char>(s[used - 1]))) ||
            ((s[used] == '-' || s[used] == '+') && used > 0 &&
             (s[used - 1] == 'e' || s[used - 1] == 'E'))))
        ++used;
    double number = 0;
    try {
        std::size_t parsed = 0;
        number = std::stod(s.substr(0, used), &parsed);
        if (parsed != used) throw std::invalid_argument("trailing");
    } catch (...) {
        n.fail("expected a length like \"15cm\", \"6in\" or \"150mm\", found \"" + s + "\"");
    }
    const std::string unit = s.substr(used);
    if (unit == "cm") return bounded(number * 10.0);
    if (unit == "mm") return bounded(number);
    if (unit == "in") return bounded(number * 25.4);
    n.fail("unknown length unit \"" + unit + "\" (expected cm, mm or in)");
}

Vec parse_point(const JsonNode& n) {
    const auto items = n.items();
    if (items.size() != 2) n.fail("expected a point [x, y]");
    return {parse_length_mm(items[0]), parse_length_mm(items[1])};
}

std::vector<Vec> parse_points(const JsonNode& n) {
    const auto items = n.items();
    if (items.size() > static_cast<std::size_t>(limits::kMaxShapePoints))
        n.fail("more than " + std::to_string(limits::kMaxShapePoints) + " points (docs/LIMITS.md)");
    std::vector<Vec> pts;
    for (const auto& item : items) pts.push_back(parse_point(item));
    return pts;
}

namespace {

// A binary (P5) or text (P2) PGM grayscale image.
void read_pgm(const JsonNode& where, const std::string& path, Heightfield& h) {
    std::string bytes;
    try {
        bytes = read_input_file(path, limits::kMaxImageFileBytes);
    } catch (const InputError& e) {
        where.fail("cannot read the heightfield image \"" + path + "\": " + e.message());
    }
    std::istringstream in(bytes);
    std::string magic;
    in >> magic;
    auto next_int = [&]() {
        std::string tok;
        while (in >> tok) {
            if (tok[0] == '#') {
                std::string rest;
                std::getline(in, rest);
                continue;
            }
            try {
                return std::stoi(tok);
            } catch (...) {
                break;
            }
        }
        where.fail("\"" + path + "\" is not a valid PGM image (bad header)");
    };
    if (magic != "P5" && magic != "P2")
        where.fail("\"" + path + "\" is not a PGM image (expected P2 or P5)");
    h.image_width = next_int();
    h.image_height = next_int();
    const int maxval = next_int();
    if (h.image_width < 2 || h.image_height < 2 || h.image_width > 4096 || h.image_height > 4096 ||
        maxval < 1 || maxval > 255)
        where.fail("\"" + path + "\": PGM must be 2..4096 pixels a side with 8-bit samples");
    const std::size_t count = std::size_t(h.image_width) * std::size_t(h.image_height);
    h.samples.resize(count);
    // A sample above maxval is not a PGM sample (and a text one past 255 would wrap around).
    auto above_maxval = [&](std::size_t i, int value) {
        where.fail("\"" + path + "\": sample " + std::to_string(value) + " at row " +
                   std::to_string(i / std::size_t(h.image_width)) + ", column " +
                   std::to_string(i % std::size_t(h.image_width)) +
                   " is above the image's maxval " + std::to_string(maxval));
    };
    if (magic == "P5") {
        in.get();
        in.read(reinterpret_cast<char*>(h.samples.data()), static_cast<std::streamsize>(count));
        if (static_cast<std::size_t>(in.gcount()) != count)
            where.fail("\"" + path + "\": PGM data is truncated");
        for (std::size_t i = 0; i < count; ++i)
            if (h.samples[i] > maxval) above_maxval(i, h.samples[i]);
    } else {
        for (std::size_t i = 0; i < count; ++i) {
            const int v = next_int();
            if (v < 0)
                where.fail("\"" + path + "\": a negative sample (" + std::to_string(v) + ")");
            if (v > maxval) above_maxval(i, v);
            h.samples[i] = static_cast<std::uint8_t>(v);
        }
    }
}

}  // namespace

Terrain parse_table_and_terrain(const JsonNode& root, const std::string& file) {
    Terrain t;
    const auto table = root.required("table");
    table.expect_only_keys({"width", "depth"});
    t.width_mm = parse_length_mm(table.required("width"));
    t.depth_mm = parse_length_mm(table.required("depth"));
    if (t.width_mm < 100 || t.depth_mm < 100 || t.width_mm > 100000 || t.depth_mm > 100000)
        table.fail("the table must be between 10 cm and 100 m a side");
    const auto terrain = root.optional("terrain");
    if (!terrain) return t;
    terrain->expect_only_keys({"heightfield", "features"});
    if (auto h = terrain->optional("heightfield")) {
        h->expect_only_keys({"kind", "seed", "relief", "file"});
        t.height.kind = static_cast<Heightfield::Kind>(
            h->required("kind").as_choice({"flat", "procedural", "image"}));
        t.height.seed = static_cast<std::uint64_t>(h->int_or("seed", 1, 0, INT64_MAX));
        if (auto r = h->optional("relief")) {
            t.height.relief_mm = parse_length_mm(*r);
            // Relief is how high the hills rise; the ground is never below the table.
            if (t.height.relief_mm < 0) r->fail("expected a relief of 0 or more");
        }
        if (t.height.kind == Heightfield::Kind::image) {
            const auto f = h->required("file");
            const std::string rel = f.as_string();
            t.height.image = rel;
            read_pgm(f, resolve_relative_input(file, f.path(), rel), t.height);
        }
    }
    if (auto features = terrain->optional("features")) {
        for (const auto& fn : features->items()) {
            fn.expect_only_keys({"kind", "name", "polygon", "path", "capacity", "sectors"});
            TerrainFeature f;
            f.kind = static_cast<FeatureKind>(fn.required("kind").as_choice(feature_kind_names()));
            f.name = fn.string_or("name", feature_kind_names()[static_cast<std::size_t>(f.kind)]);
            if (f.is_area()) {
                const auto poly = fn.required("polygon");
                f.points = parse_points(poly);
                if (f.points.size() < 3) poly.fail("a polygon needs at least 3 points");
            } else {
                const auto path = fn.required("path");
                f.points = parse_points(path);
                if (f.points.size() < 2) path.fail("a path needs at least 2 points");
            }
            f.capacity = static_cast<int>(
                fn.int_or("capacity", f.kind == FeatureKind::built_up ? 2 : 0, 0, 100));
            if (auto sectors = fn.optional("sectors")) {
                if (f.kind != FeatureKind::built_up && f.kind != FeatureKind::fortified)
                    sectors->fail("only built-up areas have sectors");
                for (const auto& sn : sectors->items()) {
                    f.sectors.push_back(parse_points(sn));
                    if (f.sectors.back().size() < 3) sn.fail("a sector needs at least 3 points");
                }
            }
            t.features.push_back(std::move(f));
        }
    }
    return t;
}

}  // namespace vedette::sim::board

// The replay header's JSON: roster, phases and sides through the field tables, the board through
// the same parser that reads a scenario's table and terrain.

#include <algorithm>

#include "sim/core/input_error.h"
#include "sim/core/json_reader.h"
#include "sim/core/limits.h"
#include "sim/record/record_json.h"

namespace vedette::sim::record {

using OJson = nlohmann::ordered_json;

nlohmann::ordered_json header_to_json(const Header& h) {
    const auto ids = h.unit_ids();
    const UnitIndex index = make_unit_index(ids);
    const UnitNames names{ids, index};
    OJson out = OJson::object();
    out["title"] = h.title;
    out["description"] = h.description;
    OJson phases = OJson::array(), sides = OJson::array(), units = OJson::array();
    for (const auto& p : h.phases) phases.push_back(to_json(p, names));
    for (const auto& s : h.sides) sides.push_back(to_json(s, names));
    for (const auto& u : h.units) units.push_back(to_json(u, names));
    out["phases"] = phases;
    out["sides"] = sides;
    out["units"] = units;
    // Written only when the ruleset gave one, so replays without it keep their bytes.
    if (!h.looks.empty()) out["looks"] = looks_to_json(h.looks);
    return out;
}

nlohmann::ordered_json looks_to_json(const Looks& looks) {
    OJson out = OJson::object();
    OJson arrows = OJson::object(), statuses = OJson::object();
    for (const auto& [kind, style] : looks.arrows) arrows[kind] = style;
    for (const auto& [state, marker] : looks.statuses) statuses[state] = marker;
    if (!looks.arrows.empty()) out["arrows"] = arrows;
    if (!looks.statuses.empty()) out["statuses"] = statuses;
    return out;
}

namespace {

// One name -> name table of a looks object: every value a non-empty string.
void read_names(const JsonNode& table, std::map<std::string, std::string>& out) {
    if (!table.raw().is_object())
        table.fail("expected an object, found " + json_type_name(table.raw()));
    if (table.raw().size() > 10000) table.fail("expected at most 10000 entries");
    for (auto it = table.raw().begin(); it != table.raw().end(); ++it) {
        const JsonNode value(*it, table.file(), table.path() + "." + it.key());
        std::string name = value.as_string();
        if (name.empty()) value.fail("expected a name, found an empty string");
        out[it.key()] = std::move(name);
    }
}

bool length_ok(std::int64_t v) {
    return v >= -limits::kMaxLengthMm && v <= limits::kMaxLengthMm;
}

std::string at_index(const std::string& path, const char* list, std::size_t i) {
    return path + "." + list + "[" + std::to_string(i) + "]";
}

// Axial hex coordinates within limits::kMaxHexCoordinate, so that neither the renderer's
// rectangle of cells nor a relative overlay turned with its unit can overflow.
bool hex_coordinate_ok(std::int64_t v) {
    return v >= -limits::kMaxHexCoordinate && v <= limits::kMaxHexCoordinate;
}
std::string hex_coordinate_limit() {
    return "expected a hex coordinate from -" + std::to_string(limits::kMaxHexCoordinate) + " to " +
           std::to_string(limits::kMaxHexCoordinate) + " (docs/LIMITS.md)";
}

const std::vector<std::string>& overlay_kinds() {
    static const std::vector<std::string> kinds = {"arc", "band", "ring", "ruler", "hexes"};
    return kinds;
}

// An overlay's kind is one the viewer draws, its lengths are within the table's limit, a ruler
// has a bounded number of ticks (the viewer draws each one every frame) and its hexes are hex
// coordinates.
void check_overlay(const Overlay& o, const std::string& file, const std::string& path) {
    const auto fail = [&](const std::string& leaf, const std::string& what) {
        throw InputError(file, path + leaf, what);
    };
    const auto& kinds = overlay_kinds();
    if (std::find(kinds.begin(), kinds.end(), o.kind) == kinds.end())
        fail(".kind", "expected one of arc, band, ring, ruler, hexes, found \"" + o.kind + "\"");
    const std::string within = " from 0 to " + std::to_string(limits::kMaxLengthMm) + " mm";
    if (o.radius_mm < 0 || o.radius_mm > limits::kMaxLengthMm)
        fail(".radius_mm", "expected a radius" + within);
    if (o.inner_radius_mm < 0 || o.inner_radius_mm > limits::kMaxLengthMm)
        fail(".inner_radius_mm", "expected a radius" + within);
    if (o.tick_mm < 0 || o.tick_mm > limits::kMaxLengthMm)
        fail(".tick_mm", "expected a distance" + within);
    if (o.kind == "ruler" &&
        o.radius_mm / std::max<std::int64_t>(1, o.tick_mm) > limits::kMaxRulerTicks)
        fail(".tick_mm", "a ruler of more than " + std::to_string(limits::kMaxRulerTicks) +
                             " ticks (docs/LIMITS.md)");
    if (o.half_angle_deg < 0 || o.half_angle_deg > 180)
        fail(".half_angle_deg", "expected an angle from 0 to 180 degrees");
    if (o.centre && (!length_ok(o.centre->x) || !length_ok(o.centre->y)))
        fail(".centre", "expected a point within " + std::to_string(limits::kMaxLengthMm) +
                            " mm either way (docs/LIMITS.md)");
    if (o.hexes.size() > static_cast<std::size_t>(limits::kMaxHexes))
        fail(".hexes",
             "more than " + std::to_string(limits::kMaxHexes) + " hexes (docs/LIMITS.md)");
    for (std::size_t i = 0; i < o.hexes.size(); ++i)
        if (!hex_coordinate_ok(o.hexes[i].x) || !hex_coordinate_ok(o.hexes[i].y))
            fail(".hexes[" + std::to_string(i) + "]", hex_coordinate_limit());
}

// The hex grid's origin and size are lengths within the table's limit, its hexes are at most
// limits::kMaxHexes with coordinates within limits::kMaxHexCoordinate, and the rectangle the
// renderer keeps a cell for is at most limits::kMaxHexCells.
void check_hex_grid(const HexGrid& g, const JsonNode& hex) {
    if (!length_ok(g.origin.x) || !length_ok(g.origin.y))
        hex.required("origin").fail("expected a point within " +
                                    std::to_string(limits::kMaxLengthMm) +
                                    " mm either way (docs/LIMITS.md)");
    if (g.size_mm < 1 || g.size_mm > limits::kMaxLengthMm)
        hex.required("size_mm").fail("expected a hex size from 1 to " +
                                     std::to_string(limits::kMaxLengthMm) + " mm");
    if (g.orientation != "pointy" && g.orientation != "flat")
        hex.required("orientation").fail("expected \"pointy\" or \"flat\"");
    const JsonNode hexes = hex.required("hexes");
    if (g.hexes.size() > static_cast<std::size_t>(limits::kMaxHexes))
        hexes.fail(std::to_string(g.hexes.size()) + " hexes; the limit is " +
                   std::to_string(limits::kMaxHexes) + " (docs/LIMITS.md)");
    std::int64_t q0 = 0, q1 = 0, r0 = 0, r1 = 0;
    for (std::size_t i = 0; i < g.hexes.size(); ++i) {
        const Hex& h = g.hexes[i];
        for (const auto& [name, v] : {std::pair{"q", h.q}, std::pair{"r", h.r}})
            if (!hex_coordinate_ok(v))
                throw InputError(hex.file(), hexes.path() + "[" + std::to_string(i) + "]." + name,
                                 hex_coordinate_limit() + ", found " + std::to_string(v));
        q0 = i == 0 ? h.q : std::min<std::int64_t>(q0, h.q);
        q1 = i == 0 ? h.q : std::max<std::int64_t>(q1, h.q);
        r0 = i == 0 ? h.r : std::min<std::int64_t>(r0, h.r);
        r1 = i == 0 ? h.r : std::max<std::int64_t>(r1, h.r);
    }
    const std::int64_t cells = (q1 - q0 + 1) * (r1 - r0 + 1);  // at most 20,001^2: no overflow
    if (cells > limits::kMaxHexCells)
        hexes.fail("the hexes span " + std::to_string(q1 - q0 + 1) + " columns by " +
                   std::to_string(r1 - r0 + 1) + " rows; the limit is " +
                   std::to_string(limits::kMaxHexCells) + " cells (docs/LIMITS.md)");
}

}  // namespace

void set_written_board(Board& board, const nlohmann::ordered_json& written) {
    board.written = written.dump();
    board.table_in_inches = false;
    if (!written.is_object() || !written.contains("table")) return;
    const auto& table = written["table"];
    if (!table.is_object() || !table.contains("width") || !table["width"].is_string()) return;
    const std::string w = table["width"].get<std::string>();
    board.table_in_inches = w.size() >= 2 && w.compare(w.size() - 2, 2, "in") == 0;
}

Looks looks_from_json(const nlohmann::json& j, const std::string& file, const std::string& path) {
    const JsonNode root(j, file, path);
    if (!j.is_object()) root.fail("expected an object, found " + json_type_name(j));
    root.expect_only_keys({"about", "arrows", "statuses"});
    if (const auto about = root.optional("about")) about->as_string();
    Looks looks;
    if (const auto arrows = root.optional("arrows")) read_names(*arrows, looks.arrows);
    if (const auto statuses = root.optional("statuses")) read_names(*statuses, looks.statuses);
    return looks;
}

void header_from_json(const nlohmann::json& j, const std::string& file, const std::string& path,
                      Header& h) {
    const JsonNode root(j, file, path);
    root.expect_only_keys({"title", "description", "phases", "sides", "units", "looks"});
    h.title = root.string_or("title", "");
    h.description = root.string_or("description", "");
    // Unit ids first: overlays may name another unit of the roster.
    std::vector<std::string> ids;
    for (const auto& u : root.required("units").items()) {
        const auto id = u.required("id");
        ids.push_back(id.as_string());
        for (std::size_t i = 0; i + 1 < ids.size(); ++i)
            if (ids[i] == ids.back()) id.fail("unit id \"" + ids.back() + "\" is used twice");
    }
    const UnitIndex index = make_unit_index(ids);
    const UnitNames names{ids, index};
    for (const auto& p : root.required("phases").items())
        h.phases.push_back(from_json<Phase>(p.raw(), names, file, p.path()));
    for (const auto& s : root.required("sides").items())
        h.sides.push_back(from_json<SideInfo>(s.raw(), names, file, s.path()));
    for (const auto& u : root.required("units").items()) {
        h.units.push_back(from_json<RosterUnit>(u.raw(), names, file, u.path()));
        const auto& overlays = h.units.back().overlays;
        for (std::size_t o = 0; o < overlays.size(); ++o)
            check_overlay(overlays[o], file, at_index(u.path(), "overlays", o));
        const int side = h.units.back().side;
        if (side < 0 || side >= static_cast<int>(h.sides.size()))
            u.required("side").fail("expected the index of one of the " +
                                    std::to_string(h.sides.size()) + " sides");
    }
    if (const auto looks = root.optional("looks"))
        h.looks = looks_from_json(looks->raw(), file, looks->path());
}

Board board_from_json(const nlohmann::json& j, const std::string& file, const std::string& path) {
    const JsonNode root(j, file, path);
    root.expect_only_keys({"table", "terrain", "hex"});
    Board b;
    b.terrain = board::parse_table_and_terrain(root, file);
    if (const auto hex = root.optional("hex")) {
        static const std::vector<std::string> none;
        static const UnitIndex no_index;
        b.hex = from_json<HexGrid>(hex->raw(), UnitNames{none, no_index}, file, hex->path());
        check_hex_grid(*b.hex, *hex);
    }
    return b;
}

}  // namespace vedette::sim::record

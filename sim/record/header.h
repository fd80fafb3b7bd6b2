#pragma once
// The self-describing part of a replay (format version 2): which ruleset made it and with which
// data, the phases of its turn, the roster of units and the board. With these the viewer and the
// exporter show a replay without any rules code; only `verify` needs the ruleset itself.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "sim/board/terrain.h"
#include "sim/geom/fixed_geometry.h"

namespace vedette::sim::record {

struct Phase {
    std::string id;     // as events name it
    std::string label;  // as the timeline shows it
    friend bool operator==(const Phase&, const Phase&) = default;
};

struct SideInfo {
    std::string id;
    std::string name;
    std::string nation;
    friend bool operator==(const SideInfo&, const SideInfo&) = default;
};

// A shape the viewer draws for a selected unit, provided by the ruleset: an arc in front of the
// unit (a charge sector), a band between two distances (a charge reach: from `inner_radius_mm`
// to `radius_mm`, within `half_angle_deg` of the facing; 180 all round), a ring (a command
// radius), a ruler (`radius_mm` long from the unit's front, a tick every `tick_mm`) or a set of
// hexes (zones of control). The centre is the unit's own position unless `centre` (a fixed
// point) or `centre_unit` is given.
struct Overlay {
    std::string kind;  // arc, band, ring, ruler, hexes
    std::string label;
    std::int64_t radius_mm = 0;
    int half_angle_deg = 0;  // arcs: either side of the unit's facing
    std::optional<geom::Vec> centre;
    int centre_unit = -1;
    std::vector<geom::Vec> hexes;      // axial (q, r) coordinates
    std::int64_t inner_radius_mm = 0;  // bands: where the band starts
    std::int64_t tick_mm = 0;          // rulers: the distance between ticks
    // Hexes: offsets from the unit's hex, for its facing at the start, that move and turn with it
    // (frontal hexes); `side_wide`: shown for every unit of the selected unit's side (ZOC).
    bool relative = false;
    bool side_wide = false;
    // Shown only while the unit's state label (Snapshot::state) is one of these; empty: always.
    std::vector<std::string> states;
    friend bool operator==(const Overlay&, const Overlay&) = default;
};

struct Property {
    std::string key;
    std::string value;
    friend bool operator==(const Property&, const Property&) = default;
};

// One unit of the roster. `visual` names the figures the renderer draws: a key of
// assets/visuals.json (infantry, cuirassiers, light_cavalry, artillery_crew, ...), which names
// their model, spacing and counter symbol (docs/MODELS.md).
struct RosterUnit {
    std::string id;
    std::string name;
    std::string short_name;
    int side = 0;
    std::string nation;
    std::string visual;
    std::vector<Property> properties;  // what the unit panel lists, in order
    std::vector<Overlay> overlays;
    friend bool operator==(const RosterUnit&, const RosterUnit&) = default;
};

// A hex grid over the table: axial coordinates, hexes of `size_mm` from centre to corner,
// "pointy" or "flat" topped, hex (0, 0) centred at `origin`; per-hex terrain.
struct Hex {
    int q = 0;
    int r = 0;
    std::string terrain;
    friend bool operator==(const Hex&, const Hex&) = default;
};
struct HexGrid {
    geom::Vec origin;
    std::int64_t size_mm = 0;
    std::string orientation = "pointy";
    std::vector<Hex> hexes;
    friend bool operator==(const HexGrid&, const HexGrid&) = default;
};

// The board: a table in mm with its terrain, and optionally a hex grid drawn on it.
struct Board {
    board::Terrain terrain;
    std::optional<HexGrid> hex;
    // The board as written: {"table": ..., "terrain": ..., "hex": ...} in the scenario's own form,
    // as compact JSON text, so one parser reads scenarios and replays (sim/board/terrain.h) and a
    // replay writes it back byte for byte. Set with set_written_board.
    std::string written;
    // The table's width was written in inches ("72in"): the scale bar counts in inches then.
    bool table_in_inches = false;
};
// Keeps the board as written (key order included) and what the viewer reads from its words.
void set_written_board(Board& board, const nlohmann::ordered_json& written);

// How the viewer and the exporter draw a ruleset's events and states, named as visual intent so
// that they need no rules code: an arrow style for each event kind that moves or declares
// ("charge", "countercharge", "evade", "retreat", "rout", "push_back", "pursuit", "advance",
// "move"; "none": no arrow) and a status marker for each state label ("disordered", "wavering",
// "blown", "broken", ...). The ruleset copies it from the "looks" section of its data file.
// Sorted maps, so a replay writes it in one order.
struct Looks {
    std::map<std::string, std::string> arrows;    // event kind -> arrow style
    std::map<std::string, std::string> statuses;  // state label -> status marker
    bool empty() const { return arrows.empty() && statuses.empty(); }
    friend bool operator==(const Looks&, const Looks&) = default;
};
// Reads a "looks" object ({"arrows": {kind: style}, "statuses": {state: marker}}, both optional)
// from a replay header or a ruleset data file; an InputError names the file and JSON path.
Looks looks_from_json(const nlohmann::json& j, const std::string& file, const std::string& path);
nlohmann::ordered_json looks_to_json(const Looks& looks);

struct Header {
    std::string ruleset;     // the registry id: "gdb", "borodino", "dicepool"
    std::string rules_hash;  // FNV-1a 64 of the ruleset data file it was made with
    std::string title;
    std::string description;
    std::vector<Phase> phases;
    std::vector<SideInfo> sides;
    std::vector<RosterUnit> units;
    Board board;
    Looks looks;  // optional: without it the viewer falls back on gaits and categories
    std::vector<std::string> unit_ids() const;
    // The phase label for an id (the id itself when the header lacks it).
    const std::string& phase_label(const std::string& id) const;
};

}  // namespace vedette::sim::record

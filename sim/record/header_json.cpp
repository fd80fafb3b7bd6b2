// The replay header's JSON: roster, phases and sides through the field tables, the board through
// the same parser that reads a scenario's table and terrain.

#include "sim/core/input_error.h"
#include "sim/core/json_reader.h"
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
    return out;
}

void header_from_json(const nlohmann::json& j, const std::string& file, const std::string& path,
                      Header& h) {
    const JsonNode root(j, file, path);
    root.expect_only_keys({"title", "description", "phases", "sides", "units"});
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
        const int side = h.units.back().side;
        if (side < 0 || side >= static_cast<int>(h.sides.size()))
            u.required("side").fail("expected the index of one of the " +
                                    std::to_string(h.sides.size()) + " sides");
    }
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
        if (b.hex->size_mm <= 0) hex->required("size_mm").fail("expected a hex size above 0 mm");
        if (b.hex->orientation != "pointy" && b.hex->orientation != "flat")
            hex->required("orientation").fail("expected \"pointy\" or \"flat\"");
    }
    return b;
}

}  // namespace vedette::sim::record

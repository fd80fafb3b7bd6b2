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

}  // namespace

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
        if (b.hex->size_mm <= 0) hex->required("size_mm").fail("expected a hex size above 0 mm");
        if (b.hex->orientation != "pointy" && b.hex->orientation != "flat")
            hex->required("orientation").fail("expected \"pointy\" or \"flat\"");
    }
    return b;
}

}  // namespace vedette::sim::record

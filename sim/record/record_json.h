#pragma once
// Record types to JSON and back, driven by the field tables (record_fields.h). Units are written as
// their roster ids. Two readers: a document reader whose errors name the file and the JSON path
// ($.events[3].after[0].look.figures), and a fast pull reader for large replays that gives up on
// anything unexpected (the caller then re-reads with the document reader for a precise error).

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "sim/record/header.h"
#include "sim/record/record.h"

namespace vedette::sim::record {

struct IdHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};
using UnitIndex = std::unordered_map<std::string, int, IdHash, std::equal_to<>>;
UnitIndex make_unit_index(const std::vector<std::string>& ids);

// Unit ids by roster index (for writing) and the reverse (for reading).
struct UnitNames {
    const std::vector<std::string>& ids;
    const UnitIndex& index;
};

// Defined for every type with a FieldTable (explicitly instantiated in record_json.cpp).
template <class T>
nlohmann::ordered_json to_json(const T& value, const UnitNames& names);
// Throws InputError(file, path + "...", what) on anything that is not exactly the record's form.
template <class T>
T from_json(const nlohmann::json& j, const UnitNames& names, const std::string& file,
            const std::string& path);
// The fast reader over one JSON value's text; false when anything is unexpected.
template <class T>
bool from_text(std::string_view text, const UnitNames& names, T& out);

// The header's roster, phases, sides and hex grid use the same tables; the board's terrain keeps
// the scenario form ("table", "terrain") so one parser reads both (sim/board/terrain.h).

}  // namespace vedette::sim::record

namespace vedette::sim::record {

// The header's descriptive part ({"title", "description", "phases", "sides", "units"}) and back;
// ruleset, rules hash and board are written beside it (sim/replay).
nlohmann::ordered_json header_to_json(const Header& header);
void header_from_json(const nlohmann::json& j, const std::string& file, const std::string& path,
                      Header& header);
// The board ({"table", "terrain", "hex"}); a heightfield image is read relative to `file`. The
// caller keeps the written form in Board::json (key order matters for the bytes).
Board board_from_json(const nlohmann::json& j, const std::string& file, const std::string& path);

}  // namespace vedette::sim::record

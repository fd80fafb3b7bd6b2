#pragma once
// Edits of a game record's text for `vedette edit` (app/viewer/deployment.h): each returns the
// record with one deployment line changed or added, every other line and comment as it was.
// Throws InputError naming what the edit lacks; the caller plays the result before keeping it.

#include <string>

namespace vedette::sim::gamerecord {

// `text` with the `unit ID ...` line of `unit_id` given the fields of `fields` ("at=50,20
// facing=10": each replaces the line's field of that name, or is added before its comment).
std::string with_unit_fields(const std::string& text, const std::string& unit_id,
                             const std::string& fields);

// `text` with a new unit line, `unit ` + `unit_line` (`ligne_56 "56e de ligne" type=infantry
// ...`), after the last unit line of side `side_id` (before the next side or the first turn).
std::string with_unit_added(const std::string& text, const std::string& side_id,
                            const std::string& unit_line);

// `text` without the `unit ID ...` line of `unit_id` (the record's other lines that name the unit,
// its orders and dice, stay: playing the record then says where they are).
std::string without_unit(const std::string& text, const std::string& unit_id);

// `text` with a new terrain piece, `terrain ` + `piece` (`woods "Bossu Wood"
// polygon=4,38;28,38;28,70`), after the record's last terrain line (or its table line).
std::string with_terrain_added(const std::string& text, const std::string& piece);

}  // namespace vedette::sim::gamerecord

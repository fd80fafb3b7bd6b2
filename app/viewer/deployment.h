#pragma once
// `vedette edit GAME.game`: the viewer on a game record's table, whose units can be placed,
// turned and re-formed. Each edit rewrites the unit's `unit ...` line of the record (the other
// lines and comments stay as they were), plays the record again and shows the new table; `save`
// writes the record back. Every edit is also a tour command (`edit UNIT key=value...`, `save`).

#include <memory>
#include <string>
#include <vector>

#include "renderer/scene/scene_state.h"

namespace vedette::viewer {

struct Deployment {
    std::string file;       // the game record
    std::string rules_dir;  // where the rulesets are (empty: found as for every command)
    std::string text;       // the record as edited
    // Every table an edit made: the viewer's models hold references to them, so none is freed.
    std::vector<std::unique_ptr<render::ReplayScene>> scenes;
    std::string status;  // what the last edit did, or why it was refused
    bool unsaved = false;
    // The record before each edit (undo) and after each undone one (redo), with its table.
    struct Version {
        std::string text;
        const render::ReplayScene* scene = nullptr;
    };
    std::vector<Version> undone, redoable;
};

// Reads and plays the record (as `vedette record --roll-missing` does). Throws InputError.
std::shared_ptr<Deployment> open_deployment(const std::string& file, const std::string& rules_dir);

// Applies "UNIT key=value..." (e.g. "greys at=50,25 facing=10"): true when the record still reads
// and plays, with the new table at the back of `scenes`; otherwise the record is as before and
// `status` says why.
bool edit_deployment(Deployment& d, const std::string& edit);

// Adds a unit: "SIDE ID \"NAME\" key=value..." (french ligne_56 "56e de ligne" type=infantry
// figures=24 formation=line at=60,50 facing=180), its line after the side's last unit. As
// edit_deployment: true when the record still plays.
bool add_unit_to_deployment(Deployment& d, const std::string& side_and_unit);

// Removes a unit's line. As edit_deployment: refused (with the record's reason) while an order
// or dice line still names the unit.
bool remove_unit_from_deployment(Deployment& d, const std::string& unit_id);

// Adds a terrain piece: "KIND \"NAME\" polygon=..." or "KIND \"NAME\" path=...", its line after
// the record's last terrain line. As edit_deployment.
bool add_terrain_to_deployment(Deployment& d, const std::string& piece);

// Undoes the last edit (or redoes the last undone one): true when there was one, the table to
// show at the back of `scenes`.
bool undo_deployment(Deployment& d, bool undo);

// Writes the record back to its file (atomically, keeping its mode): false, with `status` saying
// why, when it cannot (a read-only record, a full disk).
bool save_deployment(Deployment& d);

}  // namespace vedette::viewer

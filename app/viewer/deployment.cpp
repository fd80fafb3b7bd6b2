#include "app/viewer/deployment.h"

#include <cctype>
#include <sstream>

#include <nlohmann/json.hpp>

#include "sim/core/atomic_file.h"
#include "sim/core/input_error.h"
#include "sim/core/input_file.h"
#include "sim/gamerecord/dice_use.h"
#include "sim/gamerecord/game_record.h"
#include "sim/gamerecord/play_record.h"
#include "sim/gamerecord/record_edit.h"
#include "sim/replay/replay.h"
#include "sim/ruleset/registry.h"

namespace vedette::viewer {

namespace {

// The table of the record `text`, when `vedette record` would play it (its dice used, missing
// ones rolled). Throws InputError at the record's lines.
std::unique_ptr<render::ReplayScene> table_of(const std::string& text, const std::string& file,
                                              const std::string& rules_dir) {
    sim::gamerecord::ReadRecord record = sim::gamerecord::read_record(text, file);
    const sim::Json& scenario = record.scenario;  // what the ruleset reads
    std::unique_ptr<sim::ruleset::Ruleset> rules;
    try {
        rules =
            sim::ruleset::make_ruleset(scenario.value("ruleset", ""), rules_dir, file, "$.ruleset");
    } catch (const sim::InputError&) {
        sim::gamerecord::rethrow_at_record_line(record, file);
    }
    const sim::replay::Recorded played = sim::gamerecord::play_record(*rules, record, file);
    // An edit that leaves dice unused makes a record `vedette record` refuses: refuse the edit.
    sim::gamerecord::refuse_unused_dice(record.lines, played, file);
    return std::make_unique<render::ReplayScene>(
        render::scene_of(sim::replay::replay_of(played, file)));
}

}  // namespace

std::shared_ptr<Deployment> open_deployment(const std::string& file, const std::string& rules_dir) {
    auto d = std::make_shared<Deployment>();
    d->file = file;
    d->rules_dir = rules_dir;
    d->text = sim::read_input_file(file, sim::gamerecord::kMaxRecordBytes);
    d->scenes.push_back(table_of(d->text, file, rules_dir));
    d->status = "editing " + file;
    return d;
}

namespace {

// Plays the record `change` makes of the one being edited; keeps it when it plays (true), else
// leaves the record as it was with `status` saying why.
template <typename Change>
bool try_record(Deployment& d, Change change, const std::string& done) {
    try {
        const std::string text = change(d.text);
        auto table = table_of(text, d.file, d.rules_dir);
        d.undone.push_back({d.text, d.scenes.back().get()});
        d.redoable.clear();
        d.scenes.push_back(std::move(table));
        d.text = text;
        d.unsaved = true;
        d.status = done;
        return true;
    } catch (const std::exception& e) {
        d.status = std::string("not edited: ") + e.what();
        return false;
    }
}

// "FIRST rest..." split at its first space.
std::pair<std::string, std::string> first_word(const std::string& s) {
    const auto space = s.find(' ');
    return {s.substr(0, space), space == std::string::npos ? "" : s.substr(space + 1)};
}

}  // namespace

bool edit_deployment(Deployment& d, const std::string& edit) {
    // (Named copies: clang before 16 does not capture structured bindings in a lambda.)
    const auto split = first_word(edit);
    const std::string unit = split.first, fields = split.second;
    return try_record(
        d,
        [&](const std::string& text) {
            if (unit.empty() || fields.empty())
                throw sim::InputError("the edit", "",
                                      "UNIT key=value... (greys at=50,25 facing=10)");
            return sim::gamerecord::with_unit_fields(text, unit, fields);
        },
        "edited " + unit + ": " + fields);
}

bool add_unit_to_deployment(Deployment& d, const std::string& side_and_unit) {
    const auto split = first_word(side_and_unit);
    const std::string side = split.first, unit = split.second;
    return try_record(
        d,
        [&](const std::string& text) {
            if (side.empty() || unit.empty())
                throw sim::InputError("the new unit", "",
                                      "SIDE ID \"NAME\" type=... (french ligne_56 \"56e de "
                                      "ligne\" type=infantry figures=24 at=60,50)");
            return sim::gamerecord::with_unit_added(text, side, unit);
        },
        "added to " + side + ": unit " + unit);
}

bool remove_unit_from_deployment(Deployment& d, const std::string& unit_id) {
    // The line removed, so that a refusal names the record's lines as they are on the disk.
    int removed = 0;
    {
        std::istringstream in(d.text);
        std::string line;
        for (int n = 1; removed == 0 && std::getline(in, line); ++n) {
            std::istringstream words(line);
            std::string form, id;
            if (words >> form >> id && form == "unit" && id == unit_id) removed = n;
        }
    }
    if (try_record(
            d,
            [&](const std::string& text) { return sim::gamerecord::without_unit(text, unit_id); },
            "removed " + unit_id))
        return true;
    const std::string at = d.file + ":";
    const auto where = d.status.find(at);
    if (removed > 0 && where != std::string::npos) {
        const std::size_t digits = where + at.size();
        std::size_t end = digits;
        while (end < d.status.size() && std::isdigit(static_cast<unsigned char>(d.status[end])))
            ++end;
        const int line = end > digits ? std::stoi(d.status.substr(digits, end - digits)) : 0;
        if (line >= removed) d.status.replace(digits, end - digits, std::to_string(line + 1));
    }
    const std::string edited = "not edited: ";
    if (d.status.rfind(edited, 0) == 0) d.status = "not removed: " + d.status.substr(edited.size());
    return false;
}

bool add_terrain_to_deployment(Deployment& d, const std::string& piece) {
    return try_record(
        d,
        [&](const std::string& text) { return sim::gamerecord::with_terrain_added(text, piece); },
        "added terrain " + piece);
}

bool undo_deployment(Deployment& d, bool undo) {
    auto& from = undo ? d.undone : d.redoable;
    auto& to = undo ? d.redoable : d.undone;
    if (from.empty()) {
        d.status = undo ? "nothing to undo" : "nothing to redo";
        return false;
    }
    to.push_back({d.text, d.scenes.back().get()});
    const Deployment::Version v = from.back();
    from.pop_back();
    d.text = v.text;
    // The table of that version, shown again (it stays owned where it is).
    for (std::size_t i = 0; i < d.scenes.size(); ++i)
        if (d.scenes[i].get() == v.scene) {
            auto scene = std::move(d.scenes[i]);
            d.scenes.erase(d.scenes.begin() + std::ptrdiff_t(i));
            d.scenes.push_back(std::move(scene));
            break;
        }
    d.unsaved = true;
    d.status = undo ? "undone" : "redone";
    return true;
}

bool save_deployment(Deployment& d) {
    try {
        // A read-only record is refused; a replaced one keeps its mode (sim/core/atomic_file.h).
        sim::write_file_atomically(d.file, d.text);
    } catch (const std::exception& e) {
        d.status = std::string("not saved: ") + e.what();
        return false;
    }
    d.unsaved = false;
    d.status = "saved " + d.file;
    return true;
}

}  // namespace vedette::viewer

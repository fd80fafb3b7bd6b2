#include "app/viewer/deployment.h"

#include <nlohmann/json.hpp>

#include "sim/core/atomic_file.h"
#include "sim/core/input_error.h"
#include "sim/core/input_file.h"
#include "sim/gamerecord/game_record.h"
#include "sim/gamerecord/play_record.h"
#include "sim/replay/replay.h"
#include "sim/ruleset/registry.h"

namespace vedette::viewer {

namespace {

// The table of the record `text`. Throws InputError at the record's lines.
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
    return std::make_unique<render::ReplayScene>(render::scene_of(
        sim::replay::replay_of(sim::gamerecord::play_record(*rules, record, file), file)));
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

bool edit_deployment(Deployment& d, const std::string& edit) {
    const auto space = edit.find(' ');
    const std::string unit = edit.substr(0, space);
    const std::string fields = space == std::string::npos ? "" : edit.substr(space + 1);
    try {
        if (unit.empty() || fields.empty())
            throw sim::InputError("the edit", "", "UNIT key=value... (greys at=50,25 facing=10)");
        const std::string text = sim::gamerecord::with_unit_fields(d.text, unit, fields);
        auto table = table_of(text, d.file, d.rules_dir);
        d.undone.push_back({d.text, d.scenes.back().get()});
        d.redoable.clear();
        d.scenes.push_back(std::move(table));
        d.text = text;
        d.unsaved = true;
        d.status = "edited " + unit + ": " + fields;
        return true;
    } catch (const std::exception& e) {
        d.status = std::string("not edited: ") + e.what();
        return false;
    }
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

void save_deployment(Deployment& d) {
    sim::write_file_atomically(d.file, d.text);
    d.unsaved = false;
    d.status = "saved " + d.file;
}

}  // namespace vedette::viewer

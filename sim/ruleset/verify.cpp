#include "sim/ruleset/verify.h"

#include <filesystem>
#include <nlohmann/json.hpp>

#include "sim/core/input_error.h"
#include "sim/record/record_json.h"

namespace vedette::sim::ruleset {

std::unique_ptr<Scenario> replay_scenario(const replay::Replay& replay, const Ruleset& rules) {
    // Relative paths in the scenario (heightfield images) resolve against the replay's folder.
    const std::string scenario_path =
        (std::filesystem::path(replay.file).parent_path() / "embedded-scenario.json").string();
    auto scenario = rules.parse_scenario(replay.scenario(), scenario_path);
    if (scenario->unit_ids != replay.unit_ids)
        throw InputError(replay.file, "$.scenario",
                         "the scenario's units are not the units of the roster (the file was "
                         "edited or damaged)");
    return scenario;
}

namespace {

// The replay played again with its branch plan. A plan whose die does not fit the die it
// replaces (the dice tape says so without knowing the file) is the file's fault: exit 2, named
// by the file and its place.
replay::Recorded play_plan(const replay::Replay& replay, const Ruleset& rules,
                           const Scenario& scenario) {
    try {
        return rules.run(scenario, replay.seed);
    } catch (const InputError& e) {
        if (!e.file().empty()) throw;
        throw InputError(replay.file, e.where(), e.message());
    }
}

// The first difference between the recorded replay and the re-simulated one, in words.
void compare_events(const replay::Replay& replay, const replay::Recorded& again, VerifyReport& v) {
    const auto index = record::make_unit_index(replay.unit_ids);
    const record::UnitNames names{replay.unit_ids, index};
    const std::size_t n = std::min(again.events.size(), replay.events.size());
    for (std::size_t i = 0; i < n; ++i) {
        if (record::to_json(again.events[i], names) != record::to_json(replay.events[i], names)) {
            v.identical = false;
            v.first_difference = static_cast<int>(i);
            v.message = "event " + std::to_string(i) + " differs: the replay has \"" +
                        replay.events[i].kind + ": " + replay.events[i].text +
                        "\", the rules now give \"" + again.events[i].kind + ": " +
                        again.events[i].text + "\"";
            return;
        }
    }
    if (again.events.size() != replay.events.size()) {
        v.identical = false;
        v.first_difference = static_cast<int>(n);
        v.message = "the replay has " + std::to_string(replay.events.size()) +
                    " events, the rules now give " + std::to_string(again.events.size());
    }
}

// A branch's record of its dice against the dice the play throws again.
void compare_tape(const replay::Replay& replay, const replay::Recorded& again, VerifyReport& v) {
    const auto& a = replay.tape;
    const auto& b = again.tape;
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i)
        if (a[i].value != b[i].value || a[i].purpose != b[i].purpose || a[i].unit != b[i].unit) {
            v.identical = false;
            v.message = "die " + std::to_string(i) +
                        " of the branch's dice tape differs: the file has " +
                        std::to_string(a[i].value) + " (" + a[i].purpose + "), the play throws " +
                        std::to_string(b[i].value) + " (" + b[i].purpose + ")";
            return;
        }
    if (a.size() != b.size()) {
        v.identical = false;
        v.message = "the branch's dice tape has " + std::to_string(a.size()) +
                    " dice, the play throws " + std::to_string(b.size());
    }
}

void compare_state(const replay::Replay& replay, const replay::Recorded& again, VerifyReport& v) {
    if (again.keyframes.size() != replay.keyframes.size()) {
        v.identical = false;
        v.message = "the replay has " + std::to_string(replay.keyframes.size()) +
                    " keyframes, the rules now give " + std::to_string(again.keyframes.size());
        return;
    }
    for (std::size_t k = 0; k < again.keyframes.size(); ++k)
        if (!(again.keyframes[k] == replay.keyframes[k])) {
            v.identical = false;
            v.message = "keyframe " + std::to_string(k) + " (before event " +
                        std::to_string(replay.keyframes[k].seq) +
                        ") differs from the re-simulated state";
            return;
        }
    for (std::size_t t = 0; t < again.turn_hashes.size() && t < replay.turn_hashes.size(); ++t)
        if (!(again.turn_hashes[t] == replay.turn_hashes[t])) {
            v.identical = false;
            v.message = "the state hash of turn " + std::to_string(t + 1) + " differs";
            return;
        }
    if (again.turn_hashes.size() != replay.turn_hashes.size()) {
        v.identical = false;
        v.message = "the replay has " + std::to_string(replay.turn_hashes.size()) +
                    " turn hashes, the rules now give " + std::to_string(again.turn_hashes.size());
        return;
    }
    const auto& a = again.header;
    const auto& b = replay.header;
    // The board is compared as values: a replay whose keys a JSON tool sorted is the same board.
    if (!(a.units == b.units) || !(a.phases == b.phases) || !(a.sides == b.sides) ||
        a.title != b.title || a.description != b.description || !(a.looks == b.looks) ||
        Json::parse(a.board.written, nullptr, false) !=
            Json::parse(b.board.written, nullptr, false)) {
        v.identical = false;
        v.message =
            "the header (roster, sides, phases, title, looks or board) differs from the "
            "scenario's";
    }
}

}  // namespace

VerifyReport verify_replay(const replay::Replay& replay, const Ruleset& rules,
                           replay::Recorded* played) {
    VerifyReport v;
    v.rules_match = replay.header.rules_hash == rules.data_hash();
    const auto scenario = replay_scenario(replay, rules);
    // A branch plays its scenario again with the dice its record says it changed.
    scenario->branch = replay.branch;
    // `simulate` runs a scenario with its own seed: a first line that says another was edited.
    if (scenario->seed != replay.seed) {
        v.identical = false;
        v.message = "the replay's seed (" + std::to_string(replay.seed) +
                    ") is not its scenario's (" + std::to_string(scenario->seed) +
                    "): the file was edited or damaged";
    } else {
        replay::Recorded again = play_plan(replay, rules, *scenario);
        if (replay.branch) compare_tape(replay, again, v);
        compare_events(replay, again, v);
        if (v.identical) compare_state(replay, again, v);
        if (played) *played = std::move(again);
    }
    if (!v.rules_match)
        v.message = "the replay was recorded with rules data " + replay.header.rules_hash +
                    " but the loaded rules are " + rules.data_hash() + " (" + rules.data_file() +
                    ")" + (v.message.empty() ? "" : "; " + v.message);
    if (v.identical && v.message.empty())
        v.message =
            "identical: " + std::to_string(replay.events.size()) + " events and " +
            std::to_string(replay.turn_hashes.size()) + " turn hashes re-simulated" +
            (replay.branch ? " (a branch at event " + std::to_string(replay.branch->at) +
                                 " of the replay with events hash " + replay.branch->parent + ")"
                           : "");
    return v;
}

}  // namespace vedette::sim::ruleset

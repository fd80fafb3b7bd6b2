#include "sim/gamerecord/play_record.h"

#include <nlohmann/json.hpp>

#include "sim/core/input_error.h"

namespace vedette::sim::gamerecord {

namespace {

// Plays the record's scenario; the rules' complaints name the record's lines.
replay::Recorded play(const ruleset::Ruleset& rules, const ReadRecord& record,
                      const std::string& game) {
    try {
        const auto scenario = rules.read_scenario(record.scenario, game);
        return rules.run(*scenario, scenario->seed);
    } catch (const InputError&) {
        rethrow_at_record_line(record, game);
    }
}

// Dice given alone (`dice 5 4`) go to the play as the scenario's `loose_dice`: the rule system's
// dice source (replay/dice_source.h) gives each set to the next test, in the order the play
// throws them, that has none, in the same single play.
void hand_over_loose_dice(ReadRecord& record) {
    if (record.unlabelled_count() == 0) return;
    Json list = Json::array();
    for (const auto& given : record.dice) {
        if (given.labelled()) continue;
        Json entry = {{"values", given.faces}};
        if (given.turn > 0) entry["turn"] = given.turn;
        record.lines["$.loose_dice[" + std::to_string(list.size()) + "]"] = given.line;
        list.push_back(entry);
    }
    record.scenario["loose_dice"] = list;
}

// The labels the play gave the loose dice become the record's labelled entries, in the order it
// took them, so the replay's scenario says every die's unit and test (as `vedette record --from`
// writes it back) and plays again without them.
void write_down_labels(const ruleset::Ruleset& rules, ReadRecord& record,
                       replay::Recorded& result) {
    if (!record.scenario.contains("loose_dice")) return;
    const Json loose = record.scenario["loose_dice"];
    record.scenario.erase("loose_dice");
    Json& list = record.scenario["dice"];
    if (!list.is_array()) list = Json::array();
    for (const auto& label : result.dice.labels) {
        const auto& unit = result.header.units.at(std::size_t(label.unit));
        Json entry = {{"unit", unit.id},
                      {"purpose", label.purpose},
                      {"values", loose[label.loose]["values"]}};
        if (rules.dice_name_turns()) entry["turn"] = label.turn;
        const auto line = record.lines.find("$.loose_dice[" + std::to_string(label.loose) + "]");
        if (line != record.lines.end())
            record.lines["$.dice[" + std::to_string(list.size()) + "]"] = line->second;
        list.push_back(entry);
    }
    result.scenario_text = record.scenario.dump();
}

// Every die given is a face of the system's die, named at its place on its line; a system whose
// dice name no turn has the turn the record's `turn` line gave them dropped.
void fit_to_the_die(const ruleset::Ruleset& rules, ReadRecord& record, const std::string& game) {
    const ruleset::Ruleset::Die die = rules.die();
    for (const auto& given : record.dice)
        for (std::size_t k = 0; k < given.faces.size(); ++k)
            if (given.faces[k] < die.low || given.faces[k] > die.high)
                throw InputError(game + ":" + std::to_string(given.line) + ":" +
                                     std::to_string(given.columns[k]),
                                 "",
                                 "a die from " + std::to_string(die.low) + " to " +
                                     std::to_string(die.high) + ", not \"" +
                                     std::to_string(given.faces[k]) + "\"");
    if (rules.dice_name_turns() || !record.scenario.contains("dice")) return;
    for (Json& entry : record.scenario["dice"])
        if (entry.is_object()) entry.erase("turn");
}

}  // namespace

replay::Recorded play_record(const ruleset::Ruleset& rules, ReadRecord& record,
                             const std::string& file) {
    fit_to_the_die(rules, record, file);
    hand_over_loose_dice(record);
    replay::Recorded result = play(rules, record, file);
    write_down_labels(rules, record, result);
    return result;
}

}  // namespace vedette::sim::gamerecord

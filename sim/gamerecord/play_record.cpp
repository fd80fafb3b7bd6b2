#include "sim/gamerecord/play_record.h"

#include <nlohmann/json.hpp>

#include "sim/core/input_error.h"

namespace vedette::sim::gamerecord {

namespace {

// Plays the record's scenario; the rules' complaints name the record's lines.
replay::Recorded play(const ruleset::Ruleset& rules, const ReadRecord& record,
                      const std::string& game) {
    try {
        const auto scenario = rules.parse_scenario(record.scenario, game);
        return rules.run(*scenario, scenario->seed);
    } catch (const InputError&) {
        rethrow_at_record_line(record, game);
    }
}

// Dice given alone (`dice 5 4`) go to the next test, in the order the play throws them, that has
// none: each set is made a labelled entry for that unit and test, and the play goes on from it.
void label_dice(const ruleset::Ruleset& rules, ReadRecord& record, const std::string& game) {
    for (const auto& given : record.unlabelled) {
        const replay::Recorded trial = play(rules, record, game);
        const std::string at = game + ":" + std::to_string(given.line) + ":1";
        if (trial.dice.from_seed.empty())
            throw InputError(at, "", "dice for no test: every test of the game has its dice");
        const auto& next = trial.dice.from_seed.front();
        const auto& unit = trial.header.units.at(std::size_t(next.unit));
        const std::string test = "turn " + std::to_string(next.turn) + ", " + unit.name + ": " +
                                 replay::purpose_words(next.purpose);
        if (given.turn > 0 && next.turn != given.turn)
            throw InputError(at, "",
                             "dice given in turn " + std::to_string(given.turn) +
                                 ", but the next test waiting for its dice is " + test);
        if (int(given.values.size()) != next.count)
            throw InputError(at, "",
                             "the next test waiting for its dice is " + test + ", which takes " +
                                 std::to_string(next.count) + ", not " +
                                 std::to_string(given.values.size()));
        Json entry = {{"unit", unit.id}, {"purpose", next.purpose}, {"values", given.values}};
        if (rules.dice_name_turns()) entry["turn"] = next.turn;
        Json& list = record.scenario["dice"];
        record.lines["$.dice[" + std::to_string(list.size()) + "]"] = given.line;
        list.push_back(entry);
    }
}

// Every die given is a face of the system's die, named at its place on its line; a system whose
// forced dice name no turn has the turn the record's `turn` line gave them dropped.
void fit_to_the_die(const ruleset::Ruleset& rules, ReadRecord& record, const std::string& game) {
    const ruleset::Ruleset::Die die = rules.die();
    const auto check = [&](int value, int line, int column) {
        if (value < die.low || value > die.high)
            throw InputError(game + ":" + std::to_string(line) + ":" + std::to_string(column), "",
                             "a die from " + std::to_string(die.low) + " to " +
                                 std::to_string(die.high) + ", not \"" + std::to_string(value) +
                                 "\"");
    };
    for (const auto& given : record.unlabelled)
        for (std::size_t k = 0; k < given.values.size(); ++k)
            check(given.values[k], given.line, given.columns[k]);
    if (!record.scenario.contains("dice") || !record.scenario["dice"].is_array()) return;
    Json& list = record.scenario["dice"];
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string path = "$.dice[" + std::to_string(i) + "]";
        const auto columns = record.dice_columns.find(path);
        const auto line = record.lines.find(path);
        if (columns == record.dice_columns.end() || line == record.lines.end()) continue;
        for (std::size_t k = 0; k < columns->second.size(); ++k)
            check(list[i]["values"][k].get<int>(), line->second, columns->second[k]);
        if (!rules.dice_name_turns()) list[i].erase("turn");
    }
}

}  // namespace

replay::Recorded play_record(const ruleset::Ruleset& rules, ReadRecord& record,
                             const std::string& file) {
    fit_to_the_die(rules, record, file);
    label_dice(rules, record, file);
    return play(rules, record, file);
}

}  // namespace vedette::sim::gamerecord

#pragma once
// Playing a game record for `vedette record --live` (app/cmd_record_live.cpp): the story so far,
// the next test waiting for its dice, and whether a record with one more line still reads.

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace vedette::app {

// A test waiting for its dice.
struct WantedDice {
    int turn = 0;
    std::string unit_id, unit_name, purpose;
    int count = 0;
};

struct PlayedRecord {
    std::string problem;               // why the record cannot be played yet (no ruleset line, ...)
    std::vector<std::string> events;   // the story so far: what no die still to come can change
    std::optional<WantedDice> wanted;  // the first test the record gives no dice for
    // What is known of that test before its dice: the modifiers that apply and the rows of its
    // table (the scores it needs), one line each; its dice and the row they give are left out.
    std::vector<std::string> known;
    int low = 1, high = 6;  // the faces of the system's die
    int last_turn = 0;      // the turn of the record's last `turn N` line
};

// The record file's text ("" when there is no file yet).
std::string record_text(const std::string& path);
// Plays `text` as `vedette record --roll-missing` would.
PlayedRecord play_record(const std::string& text, const std::string& file,
                         const std::string& rules_dir);
// The record lines giving the waiting test `p.wanted` these dice (a `turn N` line first when the
// test is in another turn than the record's last).
std::string dice_entry(const PlayedRecord& p, const std::vector<int>& dice);

// The exact chance of each result of the waiting test (the `?` answer): the record played once
// with every throw of its dice, the row each gives counted (its lit result, else its event's
// text). Best first; empty when there is no test waiting or it takes more than 4 dice.
std::vector<std::pair<std::string, double>> result_odds(const std::string& text,
                                                        const std::string& file,
                                                        const std::string& rules_dir,
                                                        const PlayedRecord& p);

// The dice typed at the prompt: "4 3", "4,3" or "43" (single faces); empty when they are not
// `count` faces from `low` to `high`.
std::vector<int> dice_typed(const std::string& line, int count, int low, int high);

// Why `text` does not read as a record ("" when it does).
std::string record_mistake(const std::string& text, const std::string& file);

}  // namespace vedette::app

#pragma once
// The verbs of a game record's order lines (`Greys charges 54e`, `Perm forms square`;
// docs/GAME_RECORD.md), as each rule system names them: every plug-in lists its own in its folder
// and registers them with its factory (registry.h). The record reader (sim/gamerecord) is
// neutral: it finds the verbs of the record's `ruleset` line here, so a fourth rule system adds
// its verbs beside its rules and no line of the reader.

#include <string>
#include <vector>

namespace vedette::sim::ruleset {

struct RecordVerb {
    enum class Takes {
        unit,  // a unit, found by its name: `charges 54e` -> "charge": "ligne_54"
        word,  // a word as written: `reacts form_square` -> "reaction": "form_square"
        move,  // a move as the record reads every move: `moves to 45,30`, `moves 20cm`, ...
        flag,  // a fixed word that sets the field: `forms square` -> "form_square": true
    };
    std::string word;  // the verb: "charges"
    Takes takes = Takes::word;
    std::string field;      // the order's field it fills ("" for a move: the move's own fields)
    std::string flag_word;  // Takes::flag: the word that follows the verb ("square")
    std::string example;    // for messages: "UNIT charges UNIT"
};
using RecordVerbs = std::vector<RecordVerb>;

}  // namespace vedette::sim::ruleset

#pragma once
// Replays before format version 3 said some facts only in words: a dice group's sides and the
// number each die must reach ("attacker's d10", "12 dice, needs 4+"), and how a formation's
// figures stand (its layout's name: "square", "skirmish", ...). Reading one, state_older_facts
// states them as the record's own fields (record::DiceGroup sides and target, record::Look
// stand), as the rules engines now record them; nothing else reads the words for them.

#include <string>
#include <string_view>
#include <vector>

#include "sim/record/record.h"

namespace vedette::sim::replay {

// "d10", "D10", "3d20": a d or D at a word's start or after a digit, then the number of sides;
// 6 when the words name no die.
int die_sides_in_words(const std::string& words);
// "needs 4+": the word, a space, one or two digits and a plus; 0 when the words say none.
int target_in_words(const std::string& words);
// How a layout of an older replay stands, by the names the rule systems gave their formations:
// "square" and "mass" on four faces, "limbered" with limbers, "skirmish", "open_order" and
// "loose" spread out, any other in ranks and files.
record::Stand stand_in_words(std::string_view layout);
// Every dice group of every explanation (its sides from its section's title and its label, its
// target from its label) and every look of the events and keyframes (its stand from its layout).
void state_older_facts(std::vector<record::Event>& events,
                       std::vector<record::Keyframe>& keyframes);

}  // namespace vedette::sim::replay

#pragma once
// Replays before format version 3 told a die's sides and the number each die must reach only in
// words ("attacker's d10", "12 dice, needs 4+"). Reading one, state_dice_facts states them as
// the record's own fields (record::DiceGroup sides, target), as the rules engines now record
// them; nothing else reads the words for them any more.

#include <string>
#include <vector>

#include "sim/record/record.h"

namespace vedette::sim::replay {

// "d10", "D10", "3d20": a d or D at a word's start or after a digit, then the number of sides;
// 6 when the words name no die.
int die_sides_in_words(const std::string& words);
// "needs 4+": the word, a space, one or two digits and a plus; 0 when the words say none.
int target_in_words(const std::string& words);
// Every dice group of every explanation: its sides from its section's title and its label, its
// target from its label (groups that already state a kind other than a plain d6 keep theirs).
void state_dice_facts(std::vector<record::Event>& events);

}  // namespace vedette::sim::replay

#pragma once
// The result of a melee or a shock at a glance, read from its typed explanation without knowing
// the rule system: the outcome (the actual odds outcome, else the lit result row), every side's
// dice with their arithmetic, how likely that outcome was before the dice, the winner's chance to
// win, and a luck meter (for each side, how likely this outcome or a worse one was, with a verdict
// in words). The viewer's presenter layout and the presenter video overlay show the same card.

#include <optional>
#include <string>
#include <vector>

#include "sim/record/explanation.h"
#include "sim/record/record.h"

namespace vedette::render {

struct ResultCard {
    std::string title;    // the explanation's title ("Melee: 1er cuirassiers v 42nd Foot")
    std::string outcome;  // "attacker wins; the defender is dispersed"
    struct Dice {
        std::string label;
        std::vector<sim::record::Die> faces;  // with their marks (kept, dropped, ...)
        std::string total;
        std::string heading;  // the short name of the line: its section's title, or `label`
    };
    std::vector<Dice> dice;
    double probability = -1;  // of this outcome, before the dice (-1: no odds given)
    std::string winner;       // "attacker", "French", ... ("" when the outcome names none)
    double win_chance = -1;   // the winner's chance to win, before the dice (-1: no winner)
    std::string verdict;      // "as expected", "a close call", "against the odds", "an upset"
    // The luck meter, for each side the odds rank their outcomes for (Outcome::rank): how likely
    // this outcome or a worse one was for it, and this or a better one. Few worse outcomes: bad
    // luck; few better ones: good luck.
    struct Luck {
        std::string side;           // "attacker", "defender", a unit's name
        double this_or_worse = 0;   // 0..1, the actual outcome included
        double this_or_better = 0;  // 0..1, the actual outcome included
        std::string verdict;        // "very unlucky", "unlucky", "as expected", "lucky", ...
    };
    std::vector<Luck> luck;  // empty when the odds give no ranks
};

// The card for an explanation that has a lit result or an actual odds outcome; nullopt otherwise.
std::optional<ResultCard> result_card_of(const sim::record::Explanation& e);

// The latest event before `event`, in its turn, of `category` with an explanation that concerns
// it: one of its units fought there, or it is of the same episode (an event without units: any).
// A pursuit, a retreat or a push back so finds the melee that caused it, never a later melee of
// other units. -1 when there is none.
int related_explained_event(const std::vector<sim::record::Event>& events, int event,
                            sim::record::Category category);

// The luck of each side of ranked odds (empty when an outcome lacks a rank or none is actual).
std::vector<ResultCard::Luck> luck_of(const sim::record::Section& odds);

// "attacker wins; ..." -> "attacker"; "" when the label names no winner.
std::string winner_of(const std::string& outcome_label);

}  // namespace vedette::render

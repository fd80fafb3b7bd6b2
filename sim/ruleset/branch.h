#pragma once
// `vedette branch`: what if this event's dice had fallen otherwise? A branch of a replay keeps
// every die thrown before event N, changes the dice of event N (to values given, to values that
// give an outcome the user picks from the event's odds, or re-rolled under another seed with all
// that follows), and lets the rest of the battle play out again by the rules. The dice of event N
// are those thrown while N events stood recorded (sim/replay/dice_tape.h); the branch's record
// names its parent (its events hash) and N, and `verify` plays it again. Any rule system: the
// plug-ins pass their dice through the tape, the odds sections name the outcomes.

#include <cstdint>
#include <string>
#include <vector>

#include "sim/replay/replay.h"
#include "sim/ruleset/ruleset.h"

namespace vedette::sim::ruleset {

struct BranchChoice {
    enum class Kind { outcome, dice, seed } kind = Kind::outcome;
    std::string outcome;     // an outcome's label in the event's odds ("defender wins")
    std::vector<int> dice;   // the event's dice, in the order it threw them
    std::uint64_t seed = 0;  // the event's dice and every later one from this seed
};

struct Branch {
    replay::Recorded recorded;             // the branch, ready to write
    std::vector<int> was, now;             // event N's dice in the parent and in the branch
    std::vector<replay::TapeDie> thrown;   // event N's dice in the parent: whose, what for
    std::string outcome_was, outcome_now;  // the deciding outcome of event N ("" if none)
    int first_difference = -1;             // the first event that differs from the parent's
    int tries = 0;                         // plays tried to find an outcome's dice
};

// The outcomes event `e`'s odds name (the deciding sections': both sides' result, else the
// test), in their order; and which of them happened ("" when none).
std::vector<std::string> branch_outcomes(const record::Event& e);
std::string actual_outcome(const record::Event& e);

// The branch of `parent` at event `at`. Throws InputError (exit 2) naming `what` (the flag) when
// the event threw no dice, the dice given are the wrong count or off the die, the outcome is not
// one of the event's or is what happened, or no dice within the search give it.
Branch make_branch(const replay::Replay& parent, const Ruleset& rules, int at,
                   const BranchChoice& choice);

}  // namespace vedette::sim::ruleset

#pragma once
// The dice tape: every die a play throws, in order, and what a branch changes in it (`vedette
// branch`, docs/LUCK_AND_ODDS.md "What if"). Each rule system passes every die it throws, forced
// by the scenario or from its PRNG, through its DiceTape: the tape writes it down with how many
// events were recorded before it (so the dice of event N are those thrown while N events stood),
// and a branch's plan may replace it. A plain play has no plan and every die passes unchanged, so
// replays without a branch keep their bytes.
//
// A branch keeps every die before `from_die`, replaces the next `dice.size()` dice with `dice`,
// and, with `reseed`, draws every later die from a fresh PRNG seeded with it; without, the later
// dice are what the play throws as ever (the PRNG advances as it would have: the same calls are
// made, only the values taken change). The replay of a branch records the plan and its parent,
// so `verify` plays it again exactly. A branch of a branch carries its ancestors' plans too.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sim/core/prng.h"

namespace vedette::sim::replay {

struct DiceBranch {
    std::string parent;                   // the parent replay's events_hash
    int at = -1;                          // the event of the parent it branches at
    std::int64_t from_die = 0;            // the index on the tape of the first die it changes
    std::vector<int> dice;                // the values of dice from_die, from_die + 1, ...
    std::optional<std::uint64_t> reseed;  // then every later die from Prng(reseed)
    // A branch of a branch: the plans of its ancestors, oldest first (each with no `earlier` of
    // its own). They are applied first, each as in its own play, and this plan over them, so the
    // dice before from_die are the parent's as it played.
    std::vector<DiceBranch> earlier;
    friend bool operator==(const DiceBranch&, const DiceBranch&) = default;
};

// One die on the tape.
struct TapeDie {
    int value = 0;
    int unit = -1;                // the roster index of the unit it was thrown for (-1: not told)
    std::string purpose;          // what it decides, in the rule system's words ("melee", "shock")
    int lowest = 1, highest = 6;  // its faces (a d6: 1..6; a d10 read 0..9: 0..9)
    int events_before = 0;        // events recorded when it was thrown
    bool changed = false;         // the branch's plan set it
};

class DiceTape {
public:
    // `events_so_far` says how many events the play has recorded (called at each die).
    DiceTape(std::optional<DiceBranch> plan, std::function<int()> events_so_far);
    // The die the play threw (forced or from its PRNG, lowest..highest); returns it, or the
    // value the branch's plan puts there.
    int take(int value, int lowest, int highest, int unit, const std::string& purpose);
    // Whether the last die taken was set by the plan (a rule system may mark it forced).
    bool last_changed() const { return !dice_.empty() && dice_.back().changed; }
    const std::vector<TapeDie>& dice() const { return dice_; }
    const std::optional<DiceBranch>& plan() const { return plan_; }

private:
    // Plan `i` in force: the ancestors' (plan_->earlier) oldest first, then plan_ itself.
    const DiceBranch& layer(std::size_t i) const;
    std::optional<DiceBranch> plan_;
    std::function<int()> events_so_far_;
    std::vector<std::optional<Prng>> reseeded_;  // each layer's own PRNG, when it reseeds
    std::vector<TapeDie> dice_;
};

}  // namespace vedette::sim::replay

#pragma once
// The luck of a whole battle (`vedette luck`, docs/LUCK_AND_ODDS.md), read from a replay's typed
// explanations alone, for any rule system. An event counts when it has an odds section whose
// outcomes all carry a rank and one of which is what happened. A side's luck in it is the chance
// of an outcome strictly worse for that side minus the chance of one strictly better: -1 (nothing
// could have gone worse) to +1 (nothing could have gone better); a certain outcome gives 0.
//
// Which sections decide an event: those that name two sides (the result of a melee or a shock),
// or, when there is none, those that name one (a test). The dice-pool melee lists each side's
// hits under its own section as well; counting them beside the result would count the same dice
// twice. A shock on several hexes from one die has a result per hex: the event's luck is their
// mean, so that one die never weighs more than one.
//
// Odds sides are attributed to the battle's sides (header.sides) through the roster: an odds side
// named like a unit of the event (its name, short name or id) or like a battle side is that unit's
// or that side's; otherwise the first odds side ("attacker", "the unit tested") is the side of the
// event's first unit and the second ("defender") is the side of its first unit of another side.
// With two battle sides, a test is zero-sum: the enemy of the unit tested gets the opposite luck.
// Plain doubles summed in a fixed order: the same replay gives the same numbers.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "sim/record/explanation.h"
#include "sim/record/header.h"
#include "sim/record/record.h"

namespace vedette::sim::replay {

// The chances of strictly worse and strictly better outcomes for odds side `which` (0: the
// section's first side, who wants high ranks; 1: the second, who wants low ones). Empty when the
// section has no actual outcome or an outcome without a rank.
struct SectionLuck {
    double worse = 0;
    double better = 0;
    double luck() const { return worse - better; }
};
std::optional<SectionLuck> section_luck(const record::Section& odds, int which);

// One event that counts, with each battle side's luck in it and the running sums after it.
struct LuckMoment {
    int seq = 0;
    int turn = 0;
    std::vector<std::string> odds_sides;  // as the deciding sections name them (the first one's)
    std::vector<double> luck;             // per battle side (header.sides), -1..+1
    std::vector<double> running;          // per battle side: the sum up to and with this event
    std::string decided;                  // the actual outcome's label ("; " between hexes)
    std::string text;                     // the event's text
    int sections = 0;                     // how many odds sections decided it
};

struct BattleLuck {
    std::vector<std::string> sides;  // the battle sides' names
    std::vector<LuckMoment> moments;
    std::vector<double> total;  // per battle side: the final running sum
};

// The battle side an odds side of `event` stands for; -1 when none can be told.
int battle_side_of(const record::Header& header, const record::Event& event,
                   const std::string& odds_side, int position);

// Every event that counts, in the replay's order, with the running sums.
BattleLuck battle_luck(const record::Header& header, const std::vector<record::Event>& events);

// One side's moment: which moment (index into BattleLuck::moments) and which side.
struct LuckPick {
    std::size_t moment = 0;
    int side = 0;
    double luck = 0;
};
// The `n` luckiest (luck > 0, highest first) or unluckiest (luck < 0, lowest first) moments over
// every side; ties go to the earlier event, then to the lower side.
std::vector<LuckPick> luckiest(const BattleLuck& luck, std::size_t n);
std::vector<LuckPick> unluckiest(const BattleLuck& luck, std::size_t n);

}  // namespace vedette::sim::replay

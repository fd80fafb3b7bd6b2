#pragma once
#include "sim/rulesets/dicepool/plugin_gate.h"
// One dice-pool melee (DP Melee, DP Casualties): each side rolls 12 dice, or 6 with a disorder
// marker; every die at or above the value needed is a hit; hits divided by the enemy's armour,
// rounded down, remove models; the side that removed more models wins, a tie is a draw.
// Planning (pool and value needed, with every modifier row lit or dim) is separate from the dice,
// so the exact odds enumerate the same plan the resolution rolls.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "sim/core/prng.h"
#include "sim/replay/dice_tape.h"
#include "sim/rulesets/dicepool/dp_rules.h"

namespace vedette::sim::dicepool {

inline constexpr int kAttacker = 0, kDefender = 1;

// A unit as it enters the melee.
struct MeleeSide {
    std::string name;
    UnitType type = UnitType::line_infantry;
    int models = 12;
    int melee = 5;  // the sheet's value: 5 means 5+
    int armour = 1;
    int disorder_markers = 0;
    bool charged = false;  // a successful charge or countercharge
    Formation formation = Formation::close_order;
    bool rolls = true;      // false: a volleying defender rolls no melee dice (DP Volley)
    int fire_removed = 0;   // models its reaction fire removes, counted at the end (DP Volley)
    std::vector<int> dice;  // forced dice, the first of the pool; the rest are rolled
    int unit = -1;          // its roster index in a battle (-1: a melee file)
};

// A modifier row as it applied (lit) or not to one side, with why.
struct ModifierUse {
    const MeleeModifier* row = nullptr;
    bool lit = false;
    std::string reason;
};

struct SidePlan {
    int dice = 12;  // the pool (0 when the side rolls no melee dice)
    int needs = 5;  // after modifiers, kept within the data's bounds
    int base = 5;
    std::vector<ModifierUse> modifiers;
    bool clamped = false;
};

struct MeleePlan {
    std::array<MeleeSide, 2> sides;
    std::array<SidePlan, 2> plan;
};

// The pool and value needed of each side (throws std::logic_error on more forced dice than the
// pool holds; the melee file reader refuses a pool of the wrong size first, with the JSON path).
MeleePlan plan_melee(const DpRules& rules, const std::array<MeleeSide, 2>& sides);
int pool_for(const DpRules& rules, int disorder_markers);

struct SideResult {
    std::vector<int> rolls;
    int forced = 0;  // how many of the rolls were given by the input
    int hits = 0;
    int models_removed = 0;  // enemy models its hits (and its reaction fire) remove
};

enum class MeleeResultKind : std::uint8_t { attacker_wins, defender_wins, draw };
const std::vector<std::string>& melee_result_names();

struct MeleeResult {
    std::array<SideResult, 2> side;
    int winner = -1;  // kAttacker, kDefender or -1 (draw)
    MeleeResultKind result = MeleeResultKind::draw;
};

// Models removed from `target` by `hits` (and reaction fire), never more than it has.
int models_removed(int hits, int fire_removed, const MeleeSide& target);
MeleeResultKind result_of(int removed_by_attacker, int removed_by_defender);
// Every die passes through `tape` when given (a battle's dice tape, dice_tape.h).
MeleeResult resolve_melee(const MeleePlan& plan, Prng& prng, replay::DiceTape* tape = nullptr);

// The exact odds. A pool's hits are binomial: with s faces of six hitting, k hits of n dice come
// up in C(n, k) s^k (6-s)^(n-k) of the 6^n rolls. Both pools together have 6^(n_a + n_d) equally
// likely rolls, at most 6^24 < 2^63, so every count is an exact 64-bit integer.
struct HitDistribution {
    std::uint64_t denominator = 1;      // 6^dice
    std::vector<std::uint64_t> counts;  // counts[k]: rolls with k hits
};
HitDistribution hit_distribution(int dice, int needs);

struct MeleeOdds {
    std::uint64_t denominator = 1;
    std::array<std::uint64_t, 3> results{};  // by MeleeResultKind
    std::array<HitDistribution, 2> hits;
};
MeleeOdds melee_odds(const MeleePlan& plan);

}  // namespace vedette::sim::dicepool

#pragma once
#include "sim/rulesets/dicepool/plugin_gate.h"
// The dice-pool rules of seed 003 as data: the unit sheets by type, the tests, the charge and
// reaction distances, the melee pool and its modifiers, read from dicepool.json. Values the seed
// does not give carry is_default (shown as "[default]" by `vedette rules --ruleset dicepool`).
// Distances are kept in whole inches as the seed states them; the engine converts them to tenths
// of a millimetre (1" = 254 tenths, exact) so no rounding decides an outcome.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "sim/record/header.h"
#include "sim/ruleset/data_file.h"

namespace vedette::sim::dicepool {

enum class UnitType : std::uint8_t {
    line_infantry,
    light_infantry,
    skirmishers,
    shock_infantry,
    irregulars,
    light_cavalry,
    heavy_cavalry,
    artillery,
    count
};
const std::vector<std::string>& unit_type_names();

enum class Formation : std::uint8_t { close_order, loose, square };
const std::vector<std::string>& formation_names();

enum class Reaction : std::uint8_t { none, withdraw, countercharge, volley, square };
const std::vector<std::string>& reaction_names();
// An id as a reader says it, for text (captions, explanations, reports); JSON keeps the id:
// "close_order" -> "close order", "skirmish_fire" -> "skirmish fire".
std::string words_of(const std::string& id);

// One row of data with its rule and whether the value is our ruling rather than the seed's.
struct Valued {
    int value = 0;
    std::string label;
    std::string rule;
    bool is_default = false;
};

struct MeleeModifier {
    std::string id;
    std::string rule;
    std::string label;
    int value = 0;  // added to the value a die must reach: -1 improves 5+ to 4+
    bool is_default = false;
};

struct Fraction {
    int num = 1;
    int den = 1;
};

// A unit sheet ("лист характеристик"): what one type of unit moves, fights and may react with.
struct UnitSheet {
    std::string label;
    bool infantry = false;
    bool cavalry = false;
    int move_in = 6;
    int melee = 5;  // the value a die must reach to hit: 5 means 5+
    int shoot = 5;
    int range_in = 12;
    int armour = 1;  // hits needed to remove one model
    int order = 7;   // 2D6 at or above this passes an order or activation test
    int courage = 7;
    Formation formation = Formation::close_order;
    std::string visual;
    std::vector<Reaction> reactions;
    bool may(Reaction r) const;
};

// The head (file, hash, name, looks) is the plug-in kit's (sim/ruleset/data_file.h).
struct DpRules : ruleset::DataFile {
    // Bases and units (DP Units).
    Valued foot_base_w, foot_base_d, horse_base_w, horse_base_d;
    Valued min_models, max_models, close_order_ranks, loose_gap_mm;
    std::string sheets_rule;
    bool sheets_are_default = true;
    std::array<UnitSheet, static_cast<std::size_t>(UnitType::count)> sheets;

    // Tests (DP Tests): 2D6 against the sheet's value.
    std::string tests_rule;
    int test_dice = 2;
    int per_disorder_marker = -1;
    int courage_per_model_lost = -1;

    // Charge (DP Charge move).
    std::string charge_rule;
    Valued short_stop_in, terrain_cost, defended_obstacle_mm;

    // Reactions.
    Fraction countercharge_move{1, 2};
    Fraction volley_fall_back{1, 2};
    int shoot_dice_per_model = 1;

    // Melee (DP Melee).
    std::string melee_rule;
    Valued pool, pool_disordered, needs_min, needs_max;
    MeleeModifier charged, loose, cavalry_vs_square;

    // The outcome (DP Casualties): the loser's fall back.
    Fraction pass_fall_back{1, 2};
    int fail_markers = 1;

    const UnitSheet& sheet(UnitType t) const { return sheets[static_cast<std::size_t>(t)]; }
};

// Reads dicepool.json; errors are InputErrors naming `file` and the JSON path.
DpRules parse_dp_rules(const std::string& text, const std::string& file);

// The smallest 2D6 total (the dice, unmodified) that passes a test against `target` with
// `disorder_markers` (DP Tests: -1 each), never below the dice's least; above `highest_total`
// nothing passes. A charge's reach is this total in inches plus the move (turn-3 ruling: the
// reach shown before the dice starts there).
int least_passing_total(const DpRules& rules, int target, int disorder_markers);
inline int highest_total(const DpRules& rules) {
    return 6 * rules.test_dice;
}
// "13" to 18"": the reach band of a unit with this move, order value and disorder markers.
std::string reach_band_text(const DpRules& rules, const UnitSheet& sheet, int disorder_markers);

// Whole inches as tenths of a millimetre (exact: 1" = 25.4 mm).
inline constexpr std::int64_t kTenthsPerInch = 254;
inline constexpr std::int64_t inches_to_tenths(std::int64_t inches) {
    return inches * kTenthsPerInch;
}
// A length in tenths of a millimetre as inches to one decimal, for narration: 13.0".
std::string inches_text(std::int64_t tenths);
// A modifier or a score with its sign, for narration: +2, 0 is "+0", -1.
std::string signed_text(int value);
// A count with its noun, singular for one: "1 model", "3 models", "0 hits".
std::string counted(int count, const std::string& noun);

// `vedette rules --ruleset dicepool`.
std::string describe_dp_rules(const DpRules& rules);

}  // namespace vedette::sim::dicepool

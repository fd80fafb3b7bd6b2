#pragma once
#include "sim/rulesets/dicepool/plugin_gate.h"
// A dice-pool scenario (docs/RULES_DICEPOOL.md): two sides, units of individually based models
// standing in close order, loose formation or square, turn-by-turn orders (charge, reaction,
// move) and forced dice for narrated examples. Parsing checks everything a battle relies on:
// units on the table and not overlapping, known types, and reactions the unit sheet allows.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim/board/terrain.h"
#include "sim/geom/fixed_geometry.h"
#include "sim/record/header.h"
#include "sim/replay/dice_source.h"
#include "sim/ruleset/ruleset.h"
#include "sim/rulesets/dicepool/dp_rules.h"

namespace vedette::sim::dicepool {

struct DpSide {
    std::string id, name, nation;
};

struct DpUnit {
    std::string id, name;
    int side = 0;
    UnitType type = UnitType::line_infantry;
    int models = 12;
    geom::Vec at;
    geom::Vec facing{0, geom::kOne};
    Formation formation = Formation::close_order;
    int disorder_markers = 0;
};

enum class OrderKind : std::uint8_t { charge, reaction, move };

struct DpOrder {
    int turn = 1;
    int unit = -1;
    OrderKind kind = OrderKind::charge;
    int target = -1;                     // charge
    Reaction reaction = Reaction::none;  // reaction
    geom::Vec to;                        // move
    // A move as a game record says it: `move_by` mm straight ahead (or towards unit `towards`),
    // or into contact with friendly unit `contact`, up to the unit's move; `to` is then worked
    // out when the move is made.
    geom::i64 move_by = 0;
    int towards = -1;
    int contact = -1;
    // A charge as the table measured it (a game record's as_played): "contact" (it reached,
    // whatever its reach) or "short" (it fell short). Empty: as the reach gives.
    std::string as_played;
};

// Purposes of forced dice, in the order the engine asks for them.
enum class DicePurpose : std::uint8_t {
    order_test,     // the charge's order test
    reaction_test,  // withdraw / countercharge order test, volley / square activation test
    fire,           // reaction fire (skirmish fire, volley)
    courage_test,   // after a volley, or the melee's loser
    melee,          // the melee pool
    pursuit_test    // winning cavalry's order test
};
const std::vector<std::string>& dice_purpose_names();
inline const std::string& purpose_name(DicePurpose p) {
    return dice_purpose_names()[static_cast<std::size_t>(p)];
}

class DpScenario : public ruleset::Scenario {
public:
    std::string title, description;  // its seed and turns: ruleset::Scenario's
    std::vector<DpSide> sides;
    std::vector<DpUnit> units;
    std::vector<DpOrder> orders;
    // The dice given, read once by the core (replay/dice_source.h); a test's may be played as
    // "passes" or "fails" at the table (a game record's as_played).
    replay::GivenDiceLists dice;
    board::Terrain terrain;
    record::Board written_board;  // {"table", "terrain"} as written (its `written` fields)
};

std::unique_ptr<DpScenario> parse_dp_scenario(const DpRules& rules, const Json& json,
                                              const std::string& file);

// A unit's block of bases: models side by side in files, `ranks` deep (close order), in one
// rank with gaps (loose), or four faces (square).
struct Footprint {
    std::int64_t width_mm = 0;
    std::int64_t depth_mm = 0;
};
Footprint footprint(const DpRules& rules, UnitType type, Formation formation, int models);
geom::Rect block_of(const DpRules& rules, const DpUnit& unit);

}  // namespace vedette::sim::dicepool

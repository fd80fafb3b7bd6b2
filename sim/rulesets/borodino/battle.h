#pragma once
#include "sim/rulesets/borodino/plugin_gate.h"
// A Borodino hex scenario and its battle: the board (hexes, terrain, hexsides), two sides of
// command groups of units on hexes facing vertices, orders per turn (moves along hex paths,
// shocks, charges, the defender's answers) and forced dice for teaching scenarios. Each turn every
// command group is activated once, in a seeded random order; an activation moves its units and
// then plays the shock segment in the rulings' order (declaration, retreat before shock,
// commitment, reaction fire, shocks by arm, results, advance). Format: docs/RULES_BORODINO.md.

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sim/record/header.h"
#include "sim/replay/dice_source.h"
#include "sim/replay/replay.h"
#include "sim/ruleset/ruleset.h"
#include "sim/rulesets/borodino/borodino_rules.h"
#include "sim/rulesets/borodino/hex_grid.h"

namespace vedette::sim::borodino {

struct HexsideFeature {
    Hex hex;
    int direction = 0;
    const Hexside* kind = nullptr;
};

struct BoardHexes {
    geom::Vec origin;
    std::int64_t size_mm = 58;
    std::map<Hex, const Terrain*> hexes;
    std::vector<HexsideFeature> sides;
    bool on_board(Hex h) const { return hexes.count(h) > 0; }
    const Terrain& terrain(Hex h) const { return *hexes.at(h); }
    // The feature on the side between h and its neighbour in `direction`, or nullptr.
    const Hexside* hexside(Hex h, int direction) const;
};

struct BattleUnit {
    std::string id, name;
    const UnitType* type = nullptr;
    int side = 0, group = 0;
    int strength = 0, cohesion = 0, cohesion_disordered = 0;
    Hex hex;
    int facing = 0;  // vertex 0-5
    bool disordered = false;
    std::string path;  // JSON path in the scenario, for errors
};

struct Group {
    std::string id, name;
    int side = 0;
    bool orders = true;  // under orders (commitment: the commander's rating, else +1)
    // Standing orders for the turns the scenario gives no order: "orders" (only the scenario's
    // orders), "hold" (stay; answer shocks), "attack" (march on `objective`, face the enemy met,
    // shock every enemy in the frontal hexes, cavalry charges what it can reach).
    std::string stance = "orders";
    std::optional<Hex> objective;
};

struct Commander {
    std::string name;
    int rating = 0;  // negative: helps a commitment check
    Hex hex;
};

// One order of a turn: exactly one of move, shock, charge, or a defender's answer.
struct Order {
    int turn = 1;
    int unit = -1;
    std::string path;         // JSON path, for errors
    std::vector<Hex> move;    // hexes to step through, in order
    std::optional<int> face;  // vertex to face after the move
    bool shock = false;
    std::vector<Hex> shock_hexes;  // empty: every enemy in the frontal hexes
    int charge_target = -1;
    int retreat_before_shock = 0;  // hexes (1-2) the unit retreats if shocked
    bool form_square = false;
    bool countercharge = false;          // cavalry charged this turn countercharges (Hex charge)
    bool decline_counter_shock = false;  // "counter_shock": false: no counter-shock below 0
    bool advance = false;                // advance into a hex vacated by a retreat before shock
    bool decline_break_through = false;  // "break_through": false: no break-through on 10+
    // "hold": true: the unit stays; under a stack's top unit that shocks, it is not committed
    // with it (9.24, rulings turn 4) and the stack may split.
    bool hold = false;
};

// What the Borodino game says of its dice (replay/dice_source.h): a d10 read 0-9 for a
// commitment, a shock, a cohesion check or reaction fire; a check's die may be played as "passes"
// or "fails" at the table (a game record's as_played). Forced dice name no turn: a unit's serve
// its first rolls of that kind.
const replay::DiceRules& dice_rules();

class BattleScenario : public ruleset::Scenario {
public:
    std::string title, description;  // its seed and turns: ruleset::Scenario's
    BoardHexes board;
    record::Board record_board;  // the replay's board: table, terrain and hex grid, as written
    std::vector<record::SideInfo> sides;
    std::vector<Commander> commanders;  // by side
    std::vector<Group> groups;
    std::vector<BattleUnit> units;
    std::vector<Order> orders;
    replay::GivenDiceLists dice;  // read once by the core (replay/dice_source.h)
    // 9.32 ("не используется в сценарии Бородино"): false in the Borodino battle itself, where
    // the Russian jager follow no jager rules (rulings, Shipped scenarios).
    bool jager_rule = true;
};

std::unique_ptr<BattleScenario> parse_battle_scenario(const Json& json, const std::string& file,
                                                      const BorodinoRules& rules);
replay::Recorded run_battle(const BorodinoRules& rules, const BattleScenario& s,
                            std::uint64_t seed);

}  // namespace vedette::sim::borodino

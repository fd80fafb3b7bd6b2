#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// A scenario: the table, terrain, sides, brigades, commanders, units and the orders for each turn
// (which unit charges which, the defender's chosen reaction, ordinary moves and formation
// changes). The rules decide everything else. Format: docs/SCENARIO_AND_REPLAY.md.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sim/board/terrain.h"
#include "sim/core/json_fwd.h"
#include "sim/geom/fixed_geometry.h"
#include "sim/replay/dice_source.h"
#include "sim/replay/dice_tape.h"
#include "sim/rulesets/gdb/melee/melee_types.h"

namespace vedette::sim::battle {

using geom::Vec;

struct Commander {
    std::string id;
    std::string name;
    gdb::General skill = gdb::General::average;
    Vec at;
    std::string attached_to;  // unit id, or empty
};

// The table and its terrain are the board's (sim/board/terrain.h), shared by every ruleset.
using board::feature_kind_names;
using board::FeatureKind;
using board::Heightfield;
using board::parse_length_mm;
using board::Terrain;
using board::TerrainFeature;

struct ScenarioUnit {
    std::string id;
    int side = 0;
    int brigade = 0;
    gdb::MeleeUnit unit;  // type, class, figures, formation, status, nation, horses...
    Vec at;               // centre, mm
    int facing_deg = 0;
};

struct Brigade {
    std::string id;
    std::string name;
    Commander general;
};

struct Side {
    std::string id;
    std::string name;
    std::string nation;
    Commander commander;  // the C-in-C
    std::vector<Brigade> brigades;
};

enum class OrderKind : std::uint8_t {
    charge,
    opportunity_charge,
    reaction,
    move,
    formation,
    bonus
};
enum class Reaction : std::uint8_t {
    stand,
    stand_and_fire,
    form_square,
    change_formation,
    countercharge,
    evade
};
enum class AfterContact : std::uint8_t { halt, continue_charge, charge_another, move_on };
const std::vector<std::string>& reaction_names();
const std::vector<std::string>& after_contact_names();

struct Order {
    int turn = 1;
    int unit = -1;  // index into Scenario::units
    OrderKind kind = OrderKind::move;
    int target = -1;
    bool general_leads = false;
    Reaction reaction = Reaction::stand;
    gdb::Formation formation = gdb::Formation::line;
    AfterContact after_contact = AfterContact::halt;
    int next_target = -1;
    Vec to;
    // An ordinary move written as a game record says it: `move_by` mm straight ahead (or towards
    // unit `towards`), or into contact with unit `contact` (a friend: an enemy is charged), up to
    // the unit's move. `to` is then worked out when the move is made.
    geom::i64 move_by = 0;
    int towards = -1;
    int contact = -1;
    // 12.21 bonus moves a melee winner makes in the mandatory phase if the melee gave it them:
    // "bonus_move" [x, y] (cavalry with superb training, half its charge move towards it) and
    // "bonus_turn" 45 or -45 (a turn in place, right or left).
    bool bonus_to = false;
    int bonus_turn = 0;
    // What happened at the table where the rules would give otherwise (a game record's
    // `as_played`): for a reaction that changes formation, "completes" (the formation was
    // finished before contact) or "caught" (it was not).
    std::string as_played;
    std::string path;  // JSON path, for messages
};

// The tests a scenario's `dice` entries name: charge_test, stand_test, closing_fire, limbering,
// melee, melee_test, melee_event, sapper. An entry may say what its test gave at the table
// (`as_played`: a row of the test's table, e.g. "charge_home", "stand" or "pursue").
const std::vector<std::string>& forced_dice_purposes();
// The results a test's dice may be played as (`as_played`): empty for dice that decide no row.
const std::vector<std::string>& as_played_results(const std::string& purpose);
// A distance the table ruled ("15cm", "6in", or a number of cm) in mm; -1 when it is none.
long long ruled_length_mm(const std::string& value);

struct Scenario {
    std::string file;
    std::string title;
    std::string description;
    std::string source;
    std::string ruleset = "gdb";
    std::string scale = "15mm";
    std::uint64_t seed = 1;
    int turns = 1;
    int first_side = 0;
    Terrain terrain;
    std::vector<Side> sides;
    std::vector<ScenarioUnit> units;
    std::map<std::string, int> unit_index;
    std::vector<Order> orders;
    // A general or commander-in-chief riding to a new place at the start of a turn (a game
    // record's `Ponsonby moves to 50,30`): where command distances are measured from then on.
    struct GeneralMove {
        int turn = 1;
        std::string general;  // a commander's or a brigade general's id
        Vec to;
    };
    std::vector<GeneralMove> general_moves;
    replay::GivenDiceLists dice;  // read once by the core (replay/dice_source.h)
    std::string json_text;        // the scenario as read (compact JSON), embedded in replays
    std::string written_board;    // its "table" and "terrain" (compact JSON), the replay's board
    std::optional<replay::DiceBranch> branch;  // a branch's dice plan (dice_tape.h)
};

inline constexpr int kScenarioFormatVersion = 1;

struct BattleRules;

// Reads and validates a scenario against the rules (for unit sizes and the scale preset); every
// problem is an InputError naming the file and JSON path.
Scenario read_scenario_file(const std::string& path, const BattleRules& rules);
Scenario parse_scenario(const Json& json, const std::string& file, const BattleRules& rules);

}  // namespace vedette::sim::battle

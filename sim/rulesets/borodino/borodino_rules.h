#pragma once
#include "sim/rulesets/borodino/plugin_gate.h"
// The Borodino system's tables as loaded from borodino/borodino.json: unit types, terrain and
// hexsides, the shock result bands, the strength-ratio DRMs, the other shock DRMs, commitment,
// charge and retreat-before-shock values. Nothing here is hard-coded in the engine: a user edits
// the file. Each value keeps its source ("seed", "rulings" or "default") so `vedette rules` and
// the explanations can mark our own values.

#include <map>
#include <string>
#include <vector>

#include "sim/record/header.h"
#include "sim/ruleset/data_file.h"

namespace vedette::sim::borodino {

enum class Arm { infantry, cavalry, artillery };

struct UnitType {
    std::string id, label, visual;
    Arm arm = Arm::infantry;
    bool heavy = false;  // heavy cavalry (charge +3, 9.31)
    bool light = false;  // light cavalry and Cossacks
    bool horse = false;  // horse artillery: retreats before shock as cavalry (9.31)
    bool zoc = true;
    int movement = 4;
    int figures = 24;                // figures drawn for a unit of this type (a look, not a rule)
    int defensive_fire = 0;          // commitment DRM against attacks through its front
    int reaction_fire_at_most = -1;  // artillery: a reaction-fire roll this low disorders
    bool is_default = false;
    bool is_jager() const { return id == "jager"; }
    bool retreats_like_cavalry() const { return arm == Arm::cavalry || horse; }
};

struct Terrain {
    std::string id, label;
    int move_cost = 1;
    int shock_drm = 0;
    bool charge = true;               // charges may end in it
    bool all_round_infantry = false;  // infantry here has six frontal hexes
    bool blocks_sight = false;        // a charger cannot see through it (Hex charge)
    // How the table shows it (a table feature kind, sim/board/terrain.h): an area kind covers the
    // hex (woods: trees, built_up: houses), a line kind rings it (wall: a redoubt's earthworks).
    std::string looks_like;
    bool is_default = false;
};

struct Hexside {
    std::string id, label;
    int move_cost_extra = 0;
    int shock_drm = 0;
    bool passable = true;
    std::string looks_like;  // a line kind of table feature drawn along the hexside (stream)
    bool is_default = false;
};

struct ResultBand {
    int min = 0, max = 0;
    std::string result, label;
    // What a caption says of it ("defender retreats"); "" when the data gives no words.
    std::string words;
    bool is_default = false;
};

struct RatioRow {
    int attacker = 1, defender = 1, drm = 0;
    bool is_default = false;
};

struct Value {
    int value = 0;
    std::string label, rule;
    bool is_default = false;
};

// The head (file, hash, name, looks) is the plug-in kit's (sim/ruleset/data_file.h).
struct BorodinoRules : ruleset::DataFile {
    std::vector<UnitType> types;
    std::vector<Terrain> terrain;
    std::vector<Hexside> hexsides;
    std::string results_rule;
    std::vector<ResultBand> bands;
    std::string ratio_rule;
    std::vector<RatioRow> ratios;
    std::map<std::string, Value> mods;  // shock_modifiers by id
    Value hex_size_mm, stack_limit, command_range, no_orders;
    Value charge_min, charge_max, countercharge_light_vs_heavy;
    Value cavalry_retreat_max, jager_retreat_max;
    // Our own values (the seed and the rulings are silent): which hexes are flank hexes, whether
    // a defender counter-shocks when not told otherwise, what a failed countercharge does,
    // whether disordered units rally away from the enemy.
    Value flank_step, counter_shock_by_default, countercharge_fail_disorders, rally;
    // Whether a unit between a charger and its target blocks its sight (terrain: blocks_sight),
    // and how many hexes infantry breaks through on 10 or more (0: none).
    Value units_block_sight, break_through;

    const UnitType* type(const std::string& id) const;
    const Terrain* terrain_of(const std::string& id) const;
    const Hexside* hexside(const std::string& id) const;
    const Value& mod(const std::string& id) const;
    std::vector<std::string> type_ids() const;
    std::vector<std::string> terrain_ids() const;
    // The band a modified roll falls in (the first and last bands are open-ended).
    const ResultBand& band_for(int modified) const;
    // The strength-ratio DRM for attacker:defender strengths, rounded in the defender's favour.
    const RatioRow& ratio_row(int attacker, int defender) const;
};

// Parses the data file's text; errors are InputErrors naming `file` and the JSON path.
BorodinoRules parse_borodino_rules(const std::string& text, const std::string& file);

}  // namespace vedette::sim::borodino

#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// The GdB charge and turn tables (seed 000 and our defaults), from the "battle" section of
// sim/rulesets/gdb/gdb.json. Distances are stored in millimetres of the chosen scale preset.

#include <array>
#include <map>
#include <string>
#include <vector>

#include "sim/rulesets/gdb/melee/gdb_rules.h"
#include "sim/rulesets/gdb/melee/melee_types.h"

namespace vedette::sim::battle {

using gdb::RangeRow;
using gdb::RuleRow;

struct ScalePreset {
    std::string name;
    std::string rule;
    long command_radius_mm = 150;
    long countercharge_min_mm = 50;
    long built_up_push_back_mm = 100;
    int distance_percent = 100;
};

struct BaseSpec {
    int figures = 4;
    long width_mm = 30;
    long depth_mm = 15;
};

struct MoveRates {
    long charge_mm = 0, retreat_mm = 0, evade_mm = 0, move_mm = 0;
};

// A 2D6 test with a per-class modifier, named modifiers and result rows.
struct MoraleTable {
    std::string rule;
    bool is_default = true;
    std::array<int, 7> class_mod{};
    std::vector<RuleRow> modifiers;
    std::vector<RangeRow> rows;
    const RuleRow& mod(const std::string& id) const;
};

struct FireRow {
    int min = 0, max = 0, figures = 0;
    std::string label;
};

struct BattleRules {
    std::map<std::string, ScalePreset> scales;
    BaseSpec infantry, cavalry, artillery, skirmishers;
    std::array<int, 10> abreast{};      // by Formation: bases abreast (0 = all, -1 = square)
    std::array<MoveRates, 10> moves{};  // by TroopType, 15mm preset
    MoraleTable charge_test, stand_test;
    std::string closing_fire_rule;
    int artillery_fire_bonus = 2;
    std::vector<FireRow> closing_fire;
    std::string formation_rule;
    int to_square_from_column = 50, to_square_from_line = 100, other_change = 50;
    int countercharge_wheel_over_degrees = 45;
    struct Obstacle {
        long move_cost_mm = 0;
        bool disorders = true;
    };
    std::string obstacle_rule;
    Obstacle hedge, wall, stream;
    long obstacle_cover_reach_mm = 30;
    long sight_eye_height_mm = 20;
    std::string road_rule;
    int road_bonus_percent = 50;
    long road_reach_mm = 20;
    std::string blown_rule;
    long blown_musket_range_mm = 200;
    std::string guns_rule;
    long guns_enemy_clear_mm = 100;
    std::string limbering_rule;
    std::vector<RangeRow> limbering;

    const BaseSpec& base_of(gdb::TroopType t) const;
    // Moves in mm for a scale preset (the table is 15mm; presets scale it).
    MoveRates moves_of(gdb::TroopType t, const ScalePreset& scale) const;
    const FireRow& fire_row(int total) const;
};

// Reads the "battle" section; problems are InputErrors with JSON paths.
BattleRules load_battle_rules(const std::string& path);
BattleRules parse_battle_rules(const std::string& text, const std::string& file);

}  // namespace vedette::sim::battle

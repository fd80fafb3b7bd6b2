#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// The General de Brigade tables, loaded from sim/rulesets/gdb/gdb.json. The code knows *when* a row
// applies (the rule's conditions); the data says *how much* and what the row is called.

#include <array>
#include <string>
#include <vector>

#include "sim/ruleset/data_file.h"

namespace vedette::sim::gdb {

// One row of a table: its value and how to cite it.
struct RuleRow {
    std::string id;
    int value = 0;
    std::string rule;         // "GdB 12.17 (6)"
    std::string label;        // "Charging / pursuing"
    bool is_default = false;  // "source": "default": not in the seeds, our ruling
    std::string note;
};

// Table 12.17, by row. The order is the data file's order and the melee panel's.
enum class Mod : std::uint8_t {
    type_cuirassiers,
    type_heavy_cavalry,
    type_dragoons,
    type_lancers,
    type_light_cavalry,
    type_cossacks,
    type_infantry,
    type_open_order,
    type_skirmishers,
    type_artillery,
    class_guard,
    class_elite,
    class_veteran,
    class_line,
    class_second_rate,
    class_conscript,
    class_conscript_line,
    class_garrison,
    british_guard_cap,
    general_leads,
    british_infantry_line,
    good_horses,
    poor_horses,
    unformed_or_wavering,
    flank_or_rear,
    charging,
    infantry_column_charging,
    column_or_square_vs_cavalry,
    lancers_vs_infantry,
    cover,
    building,
    fortified,
    numbers_3_2,
    numbers_2_1,
    count
};
const std::vector<std::string>& mod_ids();

// Table 12.20, by row.
enum class Rate : std::uint8_t {
    cav_win_vs_broken_foot,
    cossack_win_vs_broken_foot,
    cav_win_vs_broken_cav,
    cav_win_vs_pushed_cav,
    cav_win_vs_pushed_foot,
    cav_lose_vs_cav,
    cav_lose_vs_foot,
    foot_win_vs_broken,
    foot_win_vs_pushed,
    foot_lose_vs_all,
    count
};
const std::vector<std::string>& rate_ids();

// Melee results (table 12.18 rows plus the outcomes the rules add around it).
enum class Result : std::uint8_t {
    broken,
    retreat,
    pushed_back,
    draw,
    square_holds,
    dispersed,
    removed
};
const std::vector<std::string>& result_names();

struct RangeRow {
    int min = 0;
    int max = 0;
    std::string outcome;  // result / effect name
    std::string rule;
    std::string label;
};

// The head (file, hash, name, looks) is the plug-in kit's (sim/ruleset/data_file.h).
struct GdbRules : ruleset::DataFile {
    std::array<RuleRow, static_cast<std::size_t>(Mod::count)> mods;
    const RuleRow& mod(Mod m) const { return mods[static_cast<std::size_t>(m)]; }

    std::string results_rule;
    std::vector<RangeRow> result_rows;  // difference -> broken|retreat|pushed_back|draw
    RuleRow square_breaks_at;

    std::string casualties_rule;
    std::array<RuleRow, static_cast<std::size_t>(Rate::count)> rates;  // value = "1 per N"
    const RuleRow& rate(Rate r) const { return rates[static_cast<std::size_t>(r)]; }
    RuleRow infantry_vs_cavalry_divisor;

    std::string formation_rule;
    std::array<int, 7> formation_pass_on{};  // by UnitClass
    RuleRow formation_excellent_general;

    std::string pursuit_rule;
    RuleRow pursuit_commander, pursuit_guard_elite, pursuit_conscripts, pursuit_british_cossack;
    RuleRow pursuit_penalty_floor;
    std::vector<RangeRow> pursuit_rows;  // total -> superb|unformed|blown|pursue
    RuleRow pursuit_superb_downgrade;

    std::string double_six_rule;
    std::vector<RangeRow> double_six_rows;  // 1D6 -> effect
    std::string general_risk_rule;
    std::vector<RangeRow> general_risk_rows;  // 2D6 -> effect
    bool events_are_default = true;

    std::string first_round_rule;
    int cavalry_ranks_fighting = 4;
    std::array<int, 10> cavalry_ranks_by_formation{};  // by Formation; 0 = all ranks fight

    std::string sapper_rule;
    RuleRow sapper_reroll_if_at_most;
};

// Loads and validates the file; any problem is an InputError naming the JSON path.
GdbRules load_gdb_rules(const std::string& path);
// Same, from text already read (`file` is used in messages).
GdbRules parse_gdb_rules(const std::string& text, const std::string& file);

// Finds the row of `table` containing `value`; throws std::logic_error if none (the loader
// checks the tables cover every reachable value).
const RangeRow& row_for(const std::vector<RangeRow>& table, int value);

}  // namespace vedette::sim::gdb

#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// General de Brigade's explanations (sim/record/explanation.h), built from what the battle engine
// and the melee calculator decided, as they decided it: the charge declaration's checks, the
// dice of a test or a volley read against their table, the time a formation change takes, and a
// melee's prepared units and resolved outcome (the 12.17 modifier table with the applied rows
// lit, the dice, the 12.18 result table with its row lit, the 12.20 casualty arithmetic, the
// follow-up tests and the exact odds). `tables` is the ruleset data file, gdb.json as loaded:
// the full tables, so that rows that did not apply are shown dimmed. The viewer and the exporter
// draw these sections without knowing GdB. Version 1 replays, which stored the engine's untyped
// records instead, are explained by gdb_replay_v1_explain.h.

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "sim/record/explanation.h"
#include "sim/rulesets/gdb/melee/melee_engine.h"
#include "sim/rulesets/gdb/melee/melee_odds.h"

namespace vedette::sim::gdb {

// A modifier a test applied: the table's row (`id`, when the row is one of the table's), how it
// reads, its rule and its value.
struct TestModifier {
    std::string id;
    std::string label;
    std::string rule;
    long long value = 0;
};

// Dice read against a table: a test (charge, stand or formation test: modifiers, total, row,
// result), the closing volley (a bonus instead of modifiers, the figures it took) or an emergency
// limbering (one die and the row it reached).
struct RollFacts {
    std::string test;   // "charge_test", "stand_test", "formation_test"; "" for a roll
    std::string table;  // its table under "battle" in gdb.json; "" when the file has none
    std::string rule;   // the table's rule; "" cites the event's
    std::vector<int> dice;
    int forced = 0;  // how many of the dice, the first ones, the scenario set
    std::optional<std::vector<TestModifier>> modifiers;  // a test's, even when none applied
    std::optional<long long> bonus;                      // the volley's canister bonus
    std::optional<long long> total;                      // absent: the dice are the whole story
    std::string row;                                     // the label of the row reached
    std::string result;                                  // what the row says happens, if named
    std::optional<long long> figures_lost;
    bool is_default = false;  // our ruling where the rules give no table
};

// A charge declared or refused: what the declaration checks measured.
struct DeclarationFacts {
    long long distance_mm = 0;
    long long charge_move_mm = 0;
    struct Command {
        long long distance_mm = 0;  // to the nearest brigade general or C-in-C
        long long radius_mm = 0;
    };
    std::optional<Command> command;
    bool visible = false;
    bool in_sector = false;
};

// A formation change begun as the charger closes: the share of its charge move it takes, and
// whether the charger started far enough away for it to complete.
struct FormationChangeFacts {
    long long percent = 0;
    long long needed_mm = 0;
    long long distance_mm = 0;
    bool completes = false;
    bool is_default = false;
};

// `kind` and `rule` are the event's: the title reads the kind (a roll is titled by its test or
// table), and a section without a rule of its own cites the event's.
record::Explanation explain_roll(const RollFacts& roll, const std::string& rule,
                                 const nlohmann::json& tables);
record::Explanation explain_declaration(const std::string& kind, const std::string& rule,
                                        const DeclarationFacts& checks);
record::Explanation explain_formation_change(const std::string& kind, const std::string& rule,
                                             const FormationChangeFacts& change,
                                             const nlohmann::json& tables);

// A melee as prepared and resolved, with its exact odds when they were counted (null: too many
// rolling units to enumerate). `vedette melee` shows the same explanation.
record::Explanation explain_melee(const PreparedMelee& melee, const MeleeOutcome& outcome,
                                  const MeleeOdds* odds, const nlohmann::json& tables);

}  // namespace vedette::sim::gdb

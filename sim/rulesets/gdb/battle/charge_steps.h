#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// The rule decisions of a GdB charge (seed 000), one per step, as plain functions of the facts
// they need: may the charge be declared, how the defender reacts, how long a formation change
// takes, how far an evader gets. Battle (charge_sequence.cpp, charge_reactions.cpp,
// charge_contact.cpp) gathers the facts from the table, calls these, then changes the state and
// narrates. Kept free of Battle so that tests can ask each question directly.

#include <string>

#include "sim/rulesets/gdb/battle/battle_rules.h"
#include "sim/rulesets/gdb/battle/scenario.h"
#include "sim/rulesets/gdb/melee/gdb_rules.h"

namespace vedette::sim::battle::charge {

inline constexpr const char* kChargeRule = "GdB charges (seed 000)";
inline constexpr const char* kReactionRule = "GdB charges: defender reactions (seed 000)";
inline constexpr const char* kEvadeRule = "GdB evades (seed 000; RULINGS evaders)";
inline constexpr const char* kContactRule = "GdB charges: contact (seed 000)";

// "12 cm", "7.5 cm": the narration's way of writing a length in mm.
std::string cm(geom::i64 mm);

// What the declaration checks measured (seed 000: range, sector, general, sight).
struct DeclarationChecks {
    bool target_present = true;       // on the table and not dispersed
    bool charger_can_charge = true;   // artillery has no charge move
    bool needs_general = false;       // an ordered, fresh, non-opportunity charge
    geom::i64 command_mm = 0;         // to the nearest brigade general or C-in-C
    geom::i64 command_radius_mm = 0;  // the scale's command radius
    geom::i64 distance_mm = 0;        // charger to target
    geom::i64 charge_move_mm = 0;     // what is left after obstacles and earlier moves
    geom::i64 obstacle_cost_mm = 0;   // hedges, walls and streams in the way
    std::string obstacle_names;       // their names, for the refusal text
    bool in_sector = false;           // within 22 degrees of the charger's front
    std::string terrain_refusal;      // 12.9 g, 12.11: the ground forbids this charge
};

// Why the charge may not be declared, or "" when it may (sight is checked after this, once the
// path has been cleared of skirmishers).
std::string declaration_refusal(const DeclarationChecks& k);

// The defender's reaction: its order, else the default for its type, limited by what it may do.
struct ReactionChoice {
    Reaction reaction = Reaction::stand;
    std::string note;  // why an ordered reaction was replaced by standing, "" if it was not
};
ReactionChoice choose_reaction(gdb::TroopType type, const Order* reaction_order, bool cannot_react,
                               bool has_charged);
// "stands", "stands and fires", ...: the narration's verb for a reaction.
const char* reaction_words(Reaction r);
bool may_evade(gdb::TroopType t);

// A formation change (or forming square) as the charger closes: it takes a share of the
// charger's charge move and completes only if the charger started at least that far away.
struct FormationChangePlan {
    gdb::Formation to = gdb::Formation::line;
    int percent = 0;
    geom::i64 needed_mm = 0;
    bool completes = false;
};
FormationChangePlan plan_formation_change(const BattleRules& rules, gdb::Formation from,
                                          gdb::Formation to, geom::i64 charger_charge_mm,
                                          geom::i64 distance_mm);

// Evaders use the same share of their evade move as the charger used of its charge move.
geom::i64 evade_distance(geom::i64 evade_mm, geom::i64 charger_moved_mm,
                         geom::i64 charger_charge_mm);

// The casualty rate chargers inflict on caught evaders, who count as broken (12.20).
gdb::Rate caught_evaders_rate(gdb::TroopType charger, gdb::TroopType evader);

}  // namespace vedette::sim::battle::charge

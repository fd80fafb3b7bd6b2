// The rule decisions of a GdB charge (seed 000), free of the table and the narration.

#include "sim/rulesets/gdb/battle/charge_steps.h"

#include <algorithm>

namespace vedette::sim::battle::charge {

using geom::i64;

std::string cm(i64 mm) {
    const std::string whole = std::to_string(mm / 10);
    return mm % 10 == 0 ? whole + " cm" : whole + "." + std::to_string(mm % 10) + " cm";
}

std::string declaration_refusal(const DeclarationChecks& k) {
    if (!k.target_present) return "the target has left the table";
    if (!k.charger_can_charge) return "artillery does not charge";
    if (!k.terrain_refusal.empty()) return k.terrain_refusal;
    // An uncontrolled charge (no order) needs no general; a restarted charge was already ordered.
    if (k.needs_general && k.command_mm > k.command_radius_mm)
        return "no brigade general or C-in-C within " + cm(k.command_radius_mm) + " (nearest " +
               cm(k.command_mm) + ")";
    if (k.distance_mm > k.charge_move_mm)
        return "out of range: " + cm(k.distance_mm) + " away, the charge move is " +
               cm(k.charge_move_mm) +
               (k.obstacle_cost_mm > 0 ? " after crossing " + k.obstacle_names : "");
    if (!k.in_sector) return "the target is not within 22 degrees of the charger's front";
    return "";
}

bool may_evade(gdb::TroopType t) {
    return t == gdb::TroopType::skirmishers || t == gdb::TroopType::artillery ||
           t == gdb::TroopType::light_cavalry || t == gdb::TroopType::cossacks;
}

ReactionChoice choose_reaction(gdb::TroopType type, const Order* reaction_order, bool cannot_react,
                               bool has_charged) {
    ReactionChoice c;
    c.reaction = type == gdb::TroopType::artillery     ? Reaction::stand_and_fire
                 : type == gdb::TroopType::skirmishers ? Reaction::evade
                                                       : Reaction::stand;
    if (reaction_order) c.reaction = reaction_order->reaction;
    if (cannot_react) {
        c.reaction = Reaction::stand;
        c.note = " (it cannot react)";
    } else if (c.reaction == Reaction::evade && !may_evade(type)) {
        c.reaction = Reaction::stand;
        c.note = " (line infantry and heavy cavalry never evade: it stands)";
    } else if (c.reaction == Reaction::countercharge && (!gdb::is_cavalry(type) || has_charged)) {
        c.reaction = Reaction::stand;
        c.note = " (only cavalry that has not charged may countercharge: it stands)";
    } else if (c.reaction == Reaction::form_square && type != gdb::TroopType::infantry) {
        c.reaction = Reaction::stand;
        c.note = " (only infantry forms square: it stands)";
    }
    return c;
}

const char* reaction_words(Reaction r) {
    static const char* kWords[] = {"stands",         "stands and fires",
                                   "forms square",   "changes formation",
                                   "countercharges", "evades"};
    return kWords[static_cast<int>(r)];
}

FormationChangePlan plan_formation_change(const BattleRules& rules, gdb::Formation from,
                                          gdb::Formation to, i64 charger_charge_mm,
                                          i64 distance_mm) {
    FormationChangePlan p;
    p.to = to;
    p.percent = to == gdb::Formation::square
                    ? (from == gdb::Formation::line ? rules.to_square_from_line
                                                    : rules.to_square_from_column)
                    : rules.other_change;
    p.needed_mm = charger_charge_mm * p.percent / 100;
    p.completes = distance_mm >= p.needed_mm;
    return p;
}

i64 evade_distance(i64 evade_mm, i64 charger_moved_mm, i64 charger_charge_mm) {
    return evade_mm * charger_moved_mm / std::max<i64>(1, charger_charge_mm);
}

gdb::Rate caught_evaders_rate(gdb::TroopType charger, gdb::TroopType evader) {
    if (!gdb::is_cavalry(charger)) return gdb::Rate::foot_win_vs_broken;
    if (gdb::is_cavalry(evader)) return gdb::Rate::cav_win_vs_broken_cav;
    return charger == gdb::TroopType::cossacks ? gdb::Rate::cossack_win_vs_broken_foot
                                               : gdb::Rate::cav_win_vs_broken_foot;
}

}  // namespace vedette::sim::battle::charge

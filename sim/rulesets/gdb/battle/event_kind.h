#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// What a GdB event is: one enum, and one table that gives each kind its name on the wire (the
// record's `kind`, docs/SCENARIO_AND_REPLAY.md "Event kinds") and the record category the
// renderer, the timeline and the log colour it by. The engine emits kinds; names are read and
// written only through this table.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/record/record.h"

namespace vedette::sim::battle {

enum class EventKind : std::uint8_t {
    setup,
    turn_start,
    charge_declared,
    charge_refused,
    charge_move,
    reaction,
    evade,
    evaders_caught,
    countercharge,
    volley,
    form_square,
    formation_change,
    formation_test,
    morale_test,
    contact,
    interpenetration,
    melee,
    casualties,
    push_back,
    retreat,
    rout,
    pursue,
    follow,
    occupy,
    bonus_move,
    uncontrolled_charge,
    blown,
    rally,
    dispersed,
    removed,
    guns_abandoned,
    guns_remanned,
    move,
    pursuit_test,
    table_edge
};

// The kind's name in the record ("charge_declared").
const std::string& kind_name(EventKind kind);
// The kind's record category (a charge declared is a declaration, a rout a loss, ...).
record::Category category_of(EventKind kind);
// The kind a name stands for; nullopt for a name GdB never wrote.
std::optional<EventKind> kind_named(std::string_view name);

// Every kind's name, in the order of the enum.
const std::vector<std::string>& event_kinds();
// The category of a kind read by name, as a version 1 replay writes it; info for a name GdB
// never wrote.
record::Category category_of_kind(const std::string& name);

}  // namespace vedette::sim::battle

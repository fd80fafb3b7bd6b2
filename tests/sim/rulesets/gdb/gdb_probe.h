#pragma once
// Probe scenarios for the General de Brigade battle tests: a small table built in the test, two
// sides (French "fr" and British "br"), one brigade each, units and orders written compactly.
// Each test states the rule it checks with the seed's words; the probe sets up just enough to
// see that rule act.

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/rules/ruleset_files.h"
#include "sim/rulesets/gdb/battle/battle_engine.h"
#include "sim/rulesets/gdb/gdb_ruleset.h"
#include "tests/sim/rulesets/gdb/explanation_lookup.h"

namespace vedette::sim::battle::probe {

inline const std::string kRules = std::string(VEDETTE_SOURCE_DIR) + "/sim/rulesets/gdb/gdb.json";

inline const gdb::GdbRuleset& ruleset() {
    static const gdb::GdbRuleset r(std::string(VEDETTE_SOURCE_DIR) + "/sim/rulesets");
    return r;
}
inline const gdb::GdbRules& melee_rules() {
    return ruleset().melee_rules();
}
inline const BattleRules& battle_rules() {
    return ruleset().battle_rules();
}

// A unit: id, type, figures, formation, position in cm, facing in degrees (0 = north).
inline nlohmann::json unit(const std::string& id, const std::string& type, int figures,
                           const std::string& formation, double x, double y, int facing) {
    nlohmann::json u = {{"id", id},           {"name", id},   {"type", type},
                        {"figures", figures}, {"at", {x, y}}, {"facing", facing}};
    if (!formation.empty()) u["formation"] = formation;
    return u;
}

struct Probe {
    nlohmann::json french = nlohmann::json::array();
    nlohmann::json british = nlohmann::json::array();
    nlohmann::json orders = nlohmann::json::array();
    nlohmann::json dice = nlohmann::json::array();
    nlohmann::json features = nlohmann::json::array();
    int turns = 1;
    double fr_general[2] = {60, 12};
    double br_general[2] = {100, 70};

    void order(nlohmann::json o) {
        if (!o.contains("turn")) o["turn"] = 1;
        orders.push_back(std::move(o));
    }
    void die(const std::string& unit, const std::string& purpose, std::vector<int> values,
             int turn = 1) {
        dice.push_back({{"turn", turn}, {"unit", unit}, {"purpose", purpose}, {"values", values}});
    }
    nlohmann::json json() const {
        return {
            {"format", "vedette-scenario"},
            {"version", 1},
            {"title", "probe"},
            {"seed", 3},
            {"turns", turns},
            {"table", {{"width", 120}, {"depth", 80}}},
            {"terrain", {{"features", features}}},
            {"sides",
             {{{"id", "fr"},
               {"commander", {{"id", "c1"}, {"skill", "average"}, {"at", {2, 2}}}},
               {"brigades",
                {{{"id", "b1"},
                  {"general",
                   {{"id", "g1"}, {"skill", "average"}, {"at", {fr_general[0], fr_general[1]}}}},
                  {"units", french}}}}},
              {{"id", "br"},
               {"commander", {{"id", "c2"}, {"skill", "average"}, {"at", {118, 78}}}},
               {"brigades",
                {{{"id", "b2"},
                  {"general",
                   {{"id", "g2"}, {"skill", "average"}, {"at", {br_general[0], br_general[1]}}}},
                  {"units", british}}}}}}},
            {"orders", orders},
            {"dice", dice}};
    }
};

// The row of a melee's 12.17 modifier table for the modifier `id` (gdb.json "melee_modifiers"),
// one value per side (attacker, defender) and the reasons it was denied ("name: why; ..."); an
// empty row when the table has none.
inline const record::ModifierRow& melee_modifier(const record::Explanation& melee,
                                                 const std::string& id) {
    static const record::ModifierRow none{"", "", {"", ""}, false, ""};
    const auto& ids = gdb::mod_ids();
    const auto at = std::find(ids.begin(), ids.end(), id);
    const record::Section* table =
        explained::section_of(melee, record::SectionKind::modifiers, "Modifiers");
    if (at == ids.end() || !table) return none;
    const auto& row = melee_rules().mod(static_cast<gdb::Mod>(at - ids.begin()));
    const record::ModifierRow* found = explained::row_labelled(*table, row.label);
    return found ? *found : none;
}

// Whether `row` says `unit` was denied it for a reason that mentions `why`.
inline bool denied_to(const record::ModifierRow& row, const std::string& unit,
                      const std::string& why) {
    std::size_t at = 0;
    while (at < row.reason.size()) {
        const std::size_t end =
            std::min(row.reason.find("; " + unit + ": ", at), row.reason.size());
        const std::string piece = row.reason.substr(at, end - at);
        if (piece.rfind(unit + ": ", 0) == 0 && piece.find(why) != std::string::npos) return true;
        at = end + 2;
    }
    return false;
}

struct Run {
    Scenario scenario;
    replay::Recorded result;
    std::vector<UnitState> end;  // each unit's state after the run

    int index(const std::string& id) const { return scenario.unit_index.at(id); }
    const UnitState& at_end(const std::string& id) const {
        return end[static_cast<std::size_t>(index(id))];
    }
    // The events whose first unit is `id` and whose kind is `kind` ("" = any kind).
    std::vector<const record::Event*> of(const std::string& id,
                                         const std::string& kind = "") const {
        std::vector<const record::Event*> out;
        for (const auto& e : result.events)
            if (!e.units.empty() && e.units[0] == index(id) && (kind.empty() || e.kind == kind))
                out.push_back(&e);
        return out;
    }
    bool said(const std::string& id, const std::string& kind, const std::string& fragment) const {
        for (const record::Event* e : of(id, kind))
            if (e->text.find(fragment) != std::string::npos) return true;
        return false;
    }
    std::string log() const {  // for failure messages
        std::string s;
        for (const auto& e : result.events) s += e.kind + ": " + e.text + "\n";
        return s;
    }
};

inline Run run(const Probe& p) {
    Run r{parse_scenario(p.json(), std::string(VEDETTE_SOURCE_DIR) + "/tests/sim/probe.json",
                         battle_rules()),
          {},
          {}};
    Battle battle(ruleset(), r.scenario);
    r.result = battle.run();
    r.end = battle.units();
    return r;
}

}  // namespace vedette::sim::battle::probe

#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// General de Brigade (seeds 000 and 004) behind the Ruleset interface: its data file
// (gdb/gdb.json), its scenarios, its battle engine (battle/, which records its battles as
// records), its melee calculator (melee/) and its version 1 replays (gdb_replay_v1.h).

#include <memory>
#include <string>

#include "sim/ruleset/data_file_ruleset.h"
#include "sim/ruleset/record_verbs.h"
#include "sim/rulesets/gdb/battle/battle_rules.h"
#include "sim/rulesets/gdb/battle/scenario.h"
#include "sim/rulesets/gdb/melee/gdb_rules.h"

namespace vedette::sim::gdb {

// A GdB scenario as parsed.
class GdbScenario : public ruleset::Scenario {
public:
    battle::Scenario scenario;
};

class GdbRuleset : public ruleset::DataFileRuleset {
public:
    // The verbs of this system's game record order lines (record_verbs.cpp beside this file),
    // registered with its factory (builtin.cpp).
    static const ruleset::RecordVerbs& record_verbs();
    // Loads gdb.json from `rules_dir` ("" = the default search).
    explicit GdbRuleset(const std::string& rules_dir);

    std::string name() const override { return melee_.name; }
    std::string describe_tables() const override;

    std::unique_ptr<ruleset::Scenario> parse_scenario(const Json& json,
                                                      const std::string& file) const override;
    replay::Recorded run(const ruleset::Scenario& scenario, std::uint64_t seed) const override;
    // `vedette odds`: fates and the holder of the field in its own terms (*_summary.cpp).
    ruleset::BattleSummary summarize(const record::Header& header,
                                     const std::vector<record::Event>& events) const override;
    std::vector<std::string> scenario_warnings(const ruleset::Scenario& scenario) const override;
    std::vector<OrderNote> order_notes(const ruleset::Scenario& scenario,
                                       const replay::Recorded& played) const override;
    ruleset::Resolution resolve(const Json& json, const std::string& file,
                                const ruleset::ResolveOptions& options) const override;
    replay::Replay upgrade_replay(const std::string& text, const std::string& file,
                                  int version) const override;

    const GdbRules& melee_rules() const { return melee_; }
    const battle::BattleRules& battle_rules() const { return battle_; }
    // gdb.json as loaded: the full tables the explanations show and the looks the header copies.
    using DataFileRuleset::tables;

private:
    GdbRules melee_;
    battle::BattleRules battle_;
};

}  // namespace vedette::sim::gdb

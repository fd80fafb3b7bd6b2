#pragma once
#include "sim/rulesets/dicepool/plugin_gate.h"
// The dice-pool rules of seed 003 behind the Ruleset interface: its data file
// (dicepool/dicepool.json), its scenarios and battle engine (dp_battle.h) and its melee
// calculator for `vedette melee` (dp_melee.h, dp_melee_io.h).

#include <memory>
#include <string>
#include <vector>

#include "sim/ruleset/data_file_ruleset.h"
#include "sim/ruleset/record_verbs.h"
#include "sim/rulesets/dicepool/dp_rules.h"

namespace vedette::sim::dicepool {

class DicepoolRuleset : public ruleset::DataFileRuleset {
public:
    // The verbs of this system's game record order lines (record_verbs.cpp beside this file),
    // registered with its factory (builtin.cpp).
    static const ruleset::RecordVerbs& record_verbs();
    // Loads dicepool.json from `rules_dir` ("" = the default search).
    explicit DicepoolRuleset(const std::string& rules_dir);

    std::string name() const override { return rules_.name; }
    std::string describe_tables() const override { return describe_dp_rules(rules_); }

    std::unique_ptr<ruleset::Scenario> parse_scenario(const Json& json,
                                                      const std::string& file) const override;
    replay::Recorded run(const ruleset::Scenario& scenario, std::uint64_t seed) const override;
    // `vedette odds`: fates and the holder of the field in its own terms (*_summary.cpp).
    ruleset::BattleSummary summarize(const record::Header& header,
                                     const std::vector<record::Event>& events) const override;
    // `vedette check`: every order a play of the scenario does not carry out (a move in a turn
    // the unit charged or fought, a charge by a unit still in melee, ...), with its JSON path.
    std::vector<std::string> scenario_warnings(const ruleset::Scenario& scenario) const override;
    std::vector<OrderNote> order_notes(const ruleset::Scenario& scenario,
                                       const replay::Recorded& played) const override;
    ruleset::Resolution resolve(const Json& json, const std::string& file,
                                const ruleset::ResolveOptions& options) const override;

    const DpRules& rules() const { return rules_; }

private:
    DpRules rules_;
};

}  // namespace vedette::sim::dicepool

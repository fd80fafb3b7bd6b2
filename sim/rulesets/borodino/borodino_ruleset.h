#pragma once
#include "sim/rulesets/borodino/plugin_gate.h"
// The Borodino hex system (seed 002, Shock 9.21-9.32, with ../RULINGS-borodino.md) behind the
// Ruleset interface: its data file (borodino/borodino.json), hex scenarios and their battle
// (battle.h), and single shocks for `vedette melee` (shock.h).

#include <memory>
#include <string>
#include <vector>

#include "sim/ruleset/data_file_ruleset.h"
#include "sim/ruleset/record_verbs.h"
#include "sim/rulesets/borodino/borodino_rules.h"

namespace vedette::sim::borodino {

class BorodinoRuleset : public ruleset::DataFileRuleset {
public:
    // The verbs of this system's game record order lines (record_verbs.cpp beside this file),
    // registered with its factory (builtin.cpp).
    static const ruleset::RecordVerbs& record_verbs();
    // Loads borodino.json from `rules_dir` ("" = the default search).
    explicit BorodinoRuleset(const std::string& rules_dir);

    std::string name() const override { return rules_.name; }
    std::string describe_tables() const override;
    // One d10 read 0-9 (Hex 9.22); forced dice name no turn (battle_scenario.cpp).
    Die die() const override { return {0, 9}; }
    bool dice_name_turns() const override { return false; }

    std::unique_ptr<ruleset::Scenario> parse_scenario(const Json& json,
                                                      const std::string& file) const override;
    replay::Recorded run(const ruleset::Scenario& scenario, std::uint64_t seed) const override;
    // `vedette odds`: fates and the holder of the field in its own terms (*_summary.cpp).
    ruleset::BattleSummary summarize(const record::Header& header,
                                     const std::vector<record::Event>& events) const override;
    // `vedette check`: every order of the scenario that its play refuses or cuts short, with the
    // event's reason (nothing refused goes unprinted).
    std::vector<std::string> scenario_warnings(const ruleset::Scenario& scenario) const override;
    std::vector<OrderNote> order_notes(const ruleset::Scenario& scenario,
                                       const replay::Recorded& played) const override;
    ruleset::Resolution resolve(const Json& json, const std::string& file,
                                const ruleset::ResolveOptions& options) const override;

    const BorodinoRules& rules() const { return rules_; }

private:
    BorodinoRules rules_;
};

}  // namespace vedette::sim::borodino

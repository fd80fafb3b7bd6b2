#include "sim/rulesets/dicepool/dp_ruleset.h"

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "sim/core/json_reader.h"
#include "sim/core/prng.h"
#include "sim/rules/ruleset_files.h"
#include "sim/rulesets/dicepool/dp_battle.h"
#include "sim/rulesets/dicepool/dp_melee_io.h"

namespace vedette::sim::dicepool {

DicepoolRuleset::DicepoolRuleset(const std::string& rules_dir)
    : DataFileRuleset("dicepool", rules_dir), rules_(parse_dp_rules(text(), path())) {}

std::unique_ptr<ruleset::Scenario> DicepoolRuleset::parse_scenario(const Json& json,
                                                                   const std::string& file) const {
    return parse_dp_scenario(rules_, json, file);
}

replay::Recorded DicepoolRuleset::run(const ruleset::Scenario& scenario, std::uint64_t seed) const {
    const auto* s = dynamic_cast<const DpScenario*>(&scenario);
    if (!s) throw std::logic_error("DicepoolRuleset::run: not a dice-pool scenario");
    return run_dp_battle(rules_, *s, seed);
}

std::vector<std::string> DicepoolRuleset::scenario_warnings(
    const ruleset::Scenario& scenario) const {
    const auto* s = dynamic_cast<const DpScenario*>(&scenario);
    if (!s) throw std::logic_error("DicepoolRuleset::scenario_warnings: not a dice-pool scenario");
    return refused_orders(rules_, *s);
}

std::vector<ruleset::Ruleset::OrderNote> DicepoolRuleset::order_notes(
    const ruleset::Scenario& scenario, const replay::Recorded&) const {
    const auto* s = dynamic_cast<const DpScenario*>(&scenario);
    if (!s) throw std::logic_error("DicepoolRuleset::order_notes: not a dice-pool scenario");
    // Every order the play refuses ("$.orders[3]: turn 1: why (rule)"). A reaction no charge
    // calls for is refused with the scenario (every charge is an order).
    std::vector<OrderNote> out;
    for (const std::string& r : refused_orders(rules_, *s)) {
        const std::size_t open = r.find('['), close = r.find("]: ");
        if (open == std::string::npos || close == std::string::npos || close < open) continue;
        const std::size_t i = std::stoul(r.substr(open + 1, close - open - 1));
        if (i >= s->orders.size()) continue;
        out.push_back({r.substr(0, close + 1), s->orders[i].turn, s->orders[i].unit,
                       r.substr(close + 3), true});
    }
    return out;
}

ruleset::Resolution DicepoolRuleset::resolve(const Json& json, const std::string& file,
                                             const ruleset::ResolveOptions& options) const {
    const auto sides = parse_melee_file(rules_, JsonNode(json, file, "$"));
    const MeleePlan plan = plan_melee(rules_, sides);
    const std::uint64_t seed = options.seed.value_or(1);
    Prng prng(seed);
    const MeleeResult result = resolve_melee(plan, prng);
    const MeleeOdds odds = melee_odds(plan);  // always: the explanation shows the odds
    ruleset::Resolution r;
    nlohmann::ordered_json json_out =
        melee_json(rules_, plan, result, options.odds ? &odds : nullptr);
    json_out["seed"] = seed;
    r.json_text = json_out.dump(2);
    r.text = melee_text(rules_, plan, result, options.odds ? &odds : nullptr);
    r.explanation = explain_melee(rules_, plan, result, odds);
    return r;
}

}  // namespace vedette::sim::dicepool

#include "sim/rulesets/borodino/borodino_ruleset.h"

#include <algorithm>
#include <stdexcept>

#include "sim/core/prng.h"
#include "sim/rules/ruleset_files.h"
#include "sim/rulesets/borodino/battle.h"
#include "sim/rulesets/borodino/shock_input.h"
#include "sim/rulesets/borodino/shock_report.h"

namespace vedette::sim::borodino {

BorodinoRuleset::BorodinoRuleset(const std::string& rules_dir)
    : DataFileRuleset("borodino", rules_dir), rules_(parse_borodino_rules(text(), path())) {}

std::unique_ptr<ruleset::Scenario> BorodinoRuleset::parse_scenario(const Json& json,
                                                                   const std::string& file) const {
    return parse_battle_scenario(json, file, rules_);
}

replay::Recorded BorodinoRuleset::run(const ruleset::Scenario& scenario, std::uint64_t seed) const {
    const auto* s = dynamic_cast<const BattleScenario*>(&scenario);
    if (!s) throw std::logic_error("BorodinoRuleset::run: not a Borodino scenario");
    return run_battle(rules_, *s, seed);
}

namespace {

// Whether an order of a unit is the one a refusal event of `kind` speaks of.
bool order_of_kind(const Order& o, const std::string& kind) {
    if (kind == "shock_refused") return o.shock || o.charge_target >= 0;
    if (kind == "charge_blocked") return o.charge_target >= 0;
    if (kind == "retreat_refused") return o.retreat_before_shock > 0;
    if (kind == "stays_behind") return o.hold || !o.move.empty();  // rulings, turn 4 (9.24)
    return !o.move.empty() || o.face.has_value();                  // move_refused, move_stopped
}

using OrderNote = ruleset::Ruleset::OrderNote;

// Every order of the writer's that the play refuses, with the reason its event gives.
std::vector<OrderNote> refused_orders(const BattleScenario& s,
                                      const std::vector<record::Event>& events) {
    static const std::vector<std::string> kRefusals = {"shock_refused",   "charge_blocked",
                                                       "retreat_refused", "move_refused",
                                                       "move_stopped",    "stays_behind"};
    std::vector<OrderNote> out;
    for (const auto& e : events) {
        if (e.units.empty() ||
            std::find(kRefusals.begin(), kRefusals.end(), e.kind) == kRefusals.end())
            continue;
        for (const auto& o : s.orders)  // standing orders are the engine's, not the writer's
            if (o.turn == e.turn && o.unit == e.units.front() && order_of_kind(o, e.kind)) {
                out.push_back(
                    {o.path, o.turn, o.unit,
                     "turn " + std::to_string(e.turn) + ": " + e.text + " (" + e.rule + ")", true});
                break;
            }
    }
    return out;
}

// form_square and countercharge answer a charge on the unit (or on its stack) in their turn: one
// that no charge reached (no order and no declaration of the play, standing orders included)
// answers nothing.
std::vector<OrderNote> unanswered_orders(const BattleScenario& s, const replay::Recorded& played) {
    std::vector<OrderNote> out;
    const int last_turn = static_cast<int>(played.turn_hashes.size());
    for (const auto& o : s.orders) {
        if ((!o.form_square && !o.countercharge) || o.turn > last_turn) continue;
        bool charged = false;
        for (const auto& c : s.orders)
            charged = charged || (c.turn == o.turn && c.charge_target == o.unit);
        for (const auto& e : played.events)
            charged = charged || (e.turn == o.turn && e.kind == "charge_declared" &&
                                  std::find(e.units.begin() + (e.units.empty() ? 0 : 1),
                                            e.units.end(), o.unit) != e.units.end());
        if (charged) continue;
        out.push_back({o.path, o.turn, o.unit,
                       "a reaction by a unit charged in its turn, but no unit charges " +
                           s.units[std::size_t(o.unit)].id + " in turn " + std::to_string(o.turn) +
                           " (its " + (o.form_square ? "form_square" : "countercharge") +
                           " answers nothing)",
                       false});
    }
    return out;
}

}  // namespace

std::vector<std::string> BorodinoRuleset::scenario_warnings(
    const ruleset::Scenario& scenario) const {
    const auto* s = dynamic_cast<const BattleScenario*>(&scenario);
    if (!s) throw std::logic_error("BorodinoRuleset::scenario_warnings: not a Borodino scenario");
    std::vector<std::string> out;
    const replay::Recorded r = run_battle(rules_, *s, s->seed);
    for (const auto& n : refused_orders(*s, r.events)) out.push_back(n.path + ": " + n.what);
    for (const auto& n : unanswered_orders(*s, r)) out.push_back(n.path + ": " + n.what);
    return out;
}

std::vector<OrderNote> BorodinoRuleset::order_notes(const ruleset::Scenario& scenario,
                                                    const replay::Recorded& played) const {
    const auto* s = dynamic_cast<const BattleScenario*>(&scenario);
    if (!s) throw std::logic_error("BorodinoRuleset::order_notes: not a Borodino scenario");
    std::vector<OrderNote> out = unanswered_orders(*s, played);
    for (auto& n : refused_orders(*s, played.events)) out.push_back(std::move(n));
    return out;
}

ruleset::Resolution BorodinoRuleset::resolve(const Json& json, const std::string& file,
                                             const ruleset::ResolveOptions& options) const {
    const ShockFile f = parse_shock_file(JsonNode(json, file, "$"), rules_);
    const std::uint64_t seed = options.seed.value_or(1);
    Prng prng(seed);
    const int roll = f.dice ? *f.dice : static_cast<int>(prng.below(10));
    const ResolvedShock r = resolve_shock(rules_, f.situation, roll, f.dice.has_value());
    ruleset::Resolution out;
    nlohmann::ordered_json json_out = shock_json(rules_, r);
    if (options.odds) json_out["odds"] = ruleset::odds_json(shock_cli_odds(rules_, r));
    json_out["seed"] = seed;
    out.json_text = json_out.dump(2);
    out.text = shock_text(rules_, r, options.odds);
    out.explanation = explain_shock(rules_, r, "Shock");
    return out;
}

namespace {
std::string mark(bool is_default) {
    return is_default ? " [default]" : "";
}
std::string pad(std::string s, std::size_t n) {
    return s.size() < n ? s.append(n - s.size(), ' ') : s;
}
}  // namespace

std::string BorodinoRuleset::describe_tables() const {
    const BorodinoRules& r = rules_;
    std::string out = r.file + ": " + r.name + " (hash " + r.hash +
                      ")\n[default] marks values neither the seed nor the rulings give.\n\n";
    out += "Unit types (move, ZOC, defensive fire DRM)\n";
    for (const auto& t : r.types)
        out +=
            "  " + pad(t.id, 16) + " move " + std::to_string(t.movement) +
            (t.zoc ? ", ZOC" : ", no ZOC") + ", fire " + signed_text(t.defensive_fire) +
            (t.reaction_fire_at_most >= 0 ? ", reaction fire disorders on " +
                                                std::to_string(t.reaction_fire_at_most) + " or less"
                                          : "") +
            mark(t.is_default) + "\n";
    out += "\nTerrain (move cost, shock DRM)\n";
    for (const auto& t : r.terrain)
        out += "  " + pad(t.id, 10) + " " + std::to_string(t.move_cost) + "  " +
               signed_text(t.shock_drm) + (t.charge ? "" : "  no charge") +
               (t.all_round_infantry ? "  infantry all-round" : "") +
               (t.blocks_sight ? "  blocks sight" : "") + mark(t.is_default) + "\n";
    out += "\nHexsides\n";
    for (const auto& h : r.hexsides)
        out += "  " + pad(h.id, 10) +
               (h.passable ? " +" + std::to_string(h.move_cost_extra) + " move, shock " +
                                 signed_text(h.shock_drm)
                           : " impassable") +
               mark(h.is_default) + "\n";
    out += "\nShock results (" + r.results_rule + ")\n";
    for (const auto& b : r.bands) out += "  " + b.label + mark(b.is_default) + "\n";
    out += "\nStrength ratio DRMs (" + r.ratio_rule + ")\n";
    for (const auto& x : r.ratios)
        out += "  " + std::to_string(x.attacker) + ":" + std::to_string(x.defender) + "  " +
               signed_text(x.drm) + mark(x.is_default) + "\n";
    out += "\nOther shock DRMs\n";
    for (const auto& [id, v] : r.mods)
        out += "  " + signed_text(v.value) + "  " + v.label + " (" + v.rule + ")" +
               mark(v.is_default) + "\n";
    out += "\nStacking " + std::to_string(r.stack_limit.value) + " units a hex; command range " +
           std::to_string(r.command_range.value) + " hexes" + mark(r.command_range.is_default) +
           "; no orders " + signed_text(r.no_orders.value) + " to commitment\n";
    out += "Charges " + std::to_string(r.charge_min.value) + "-" +
           std::to_string(r.charge_max.value) + " hexes; retreat before shock: cavalry up to " +
           std::to_string(r.cavalry_retreat_max.value) + ", jager " +
           std::to_string(r.jager_retreat_max.value) + " hex\n";
    out += "Charges need sight of the target; units between " +
           std::string(r.units_block_sight.value ? "block it" : "do not block it") +
           mark(r.units_block_sight.is_default) + "; break-through on the top band: " +
           (r.break_through.value ? std::to_string(r.break_through.value) + " hex (infantry)"
                                  : "none") +
           mark(r.break_through.is_default) + "\n";
    out += "Flank hexes " + std::to_string(r.flank_step.value) + " step round from the frontal" +
           mark(r.flank_step.is_default) + "; counter-shock below 0 " +
           (r.counter_shock_by_default.value ? "unless declined" : "off") +
           mark(r.counter_shock_by_default.is_default) + "; failed countercharge " +
           (r.countercharge_fail_disorders.value ? "disorders" : "no effect") +
           mark(r.countercharge_fail_disorders.is_default) + "; rally away from the enemy " +
           (r.rally.value ? "on a cohesion check" : "off") + mark(r.rally.is_default) + "\n";
    return out;
}

}  // namespace vedette::sim::borodino

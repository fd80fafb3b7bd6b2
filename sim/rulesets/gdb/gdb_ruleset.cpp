#include "sim/rulesets/gdb/gdb_ruleset.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <stdexcept>

#include "sim/core/input_error.h"
#include "sim/core/prng.h"
#include "sim/rules/ruleset_files.h"
#include "sim/ruleset/odds.h"
#include "sim/rulesets/gdb/battle/battle_engine.h"
#include "sim/rulesets/gdb/gdb_explain.h"
#include "sim/rulesets/gdb/gdb_replay_v1.h"
#include "sim/rulesets/gdb/melee/melee_engine.h"
#include "sim/rulesets/gdb/melee/melee_input.h"
#include "sim/rulesets/gdb/melee/melee_odds.h"
#include "sim/rulesets/gdb/melee/melee_report.h"

namespace vedette::sim::gdb {

GdbRuleset::GdbRuleset(const std::string& rules_dir)
    : DataFileRuleset("gdb", rules_dir),
      melee_(parse_gdb_rules(text(), path())),
      battle_(battle::parse_battle_rules(text(), path())) {}

std::unique_ptr<ruleset::Scenario> GdbRuleset::parse_scenario(const Json& json,
                                                              const std::string& file) const {
    auto s = std::make_unique<GdbScenario>();
    s->scenario = battle::parse_scenario(json, file, battle_);
    s->file = file;
    s->seed = s->scenario.seed;
    s->turns = s->scenario.turns;
    s->unit_ids = battle::unit_ids(s->scenario);
    s->json_text = s->scenario.json_text;
    return s;
}

namespace {

using OrderNote = ruleset::Ruleset::OrderNote;

// Every charge order the play refuses, with the reason its event gives.
std::vector<OrderNote> refused_charges(const battle::Scenario& s,
                                       const std::vector<record::Event>& events) {
    std::vector<OrderNote> out;
    for (const auto& e : events) {
        if (e.kind != "charge_refused" || e.units.empty()) continue;
        for (const auto& o : s.orders)
            if (o.turn == e.turn && o.unit == e.units.front() &&
                (o.kind == battle::OrderKind::charge ||
                 o.kind == battle::OrderKind::opportunity_charge)) {
                out.push_back({o.path, o.turn, o.unit,
                               "turn " + std::to_string(e.turn) +
                                   ": the charge is refused: " + e.text + " (" + e.rule + ")",
                               true});
                break;
            }
    }
    return out;
}

// A reaction answers a charge on its unit in its turn: one no charge reached (no order and no
// event of the play charges the unit then; an uncontrolled charge has no order) is answered
// nothing.
std::vector<OrderNote> unanswered_reactions(const battle::Scenario& s,
                                            const replay::Recorded& played) {
    std::vector<OrderNote> out;
    const int last_turn = static_cast<int>(played.turn_hashes.size());
    for (const auto& o : s.orders) {
        if (o.kind != battle::OrderKind::reaction || o.turn > last_turn) continue;
        bool charged = false;
        for (const auto& c : s.orders)
            charged = charged ||
                      (c.turn == o.turn &&
                       ((c.target == o.unit && (c.kind == battle::OrderKind::charge ||
                                                c.kind == battle::OrderKind::opportunity_charge)) ||
                        c.next_target == o.unit));
        for (const auto& e : played.events)
            charged = charged || (e.turn == o.turn && e.units.size() >= 2 && e.units[1] == o.unit &&
                                  (e.kind == "charge_declared" || e.kind == "charge_refused" ||
                                   e.kind == "uncontrolled_charge"));
        if (charged) continue;
        out.push_back({o.path, o.turn, o.unit,
                       "a reaction by a unit charged in its turn, but no unit charges " +
                           s.units[static_cast<std::size_t>(o.unit)].id + " in turn " +
                           std::to_string(o.turn) + " (its " +
                           battle::reaction_names()[static_cast<std::size_t>(o.reaction)] +
                           " answers nothing)",
                       false});
    }
    return out;
}

}  // namespace

std::vector<ruleset::Ruleset::OrderNote> GdbRuleset::order_notes(
    const ruleset::Scenario& scenario, const replay::Recorded& played) const {
    const auto* gdb = dynamic_cast<const GdbScenario*>(&scenario);
    if (!gdb) throw std::logic_error("GdbRuleset::order_notes: not a GdB scenario");
    const auto& s = gdb->scenario;
    std::vector<OrderNote> out = unanswered_reactions(s, played);
    // A charge the table measured out of range (as_played) is the table's word, not a surprise.
    for (auto& n : refused_charges(s, played.events))
        if (std::none_of(s.orders.begin(), s.orders.end(), [&](const battle::Order& o) {
                return o.path == n.path && o.as_played == "out_of_range";
            }))
            out.push_back(std::move(n));
    return out;
}

std::vector<std::string> GdbRuleset::scenario_warnings(const ruleset::Scenario& scenario) const {
    const auto* gdb = dynamic_cast<const GdbScenario*>(&scenario);
    if (!gdb) throw std::logic_error("GdbRuleset::scenario_warnings: not a GdB scenario");
    const auto& s = gdb->scenario;
    std::vector<std::string> out;
    // A charge is the unit's move for the turn (GdB 12.8): a move or formation order beside it is
    // carried out only if the charge does not happen (refused, or the target gone).
    for (std::size_t i = 0; i < s.orders.size(); ++i) {
        const auto& c = s.orders[i];
        if (c.kind != battle::OrderKind::charge) continue;
        for (const auto& m : s.orders)
            if (m.turn == c.turn && m.unit == c.unit &&
                (m.kind == battle::OrderKind::move || m.kind == battle::OrderKind::formation))
                out.push_back(m.path + ": turn " + std::to_string(m.turn) + ": " +
                              s.units[std::size_t(m.unit)].id + " also has a charge order (" +
                              c.path + "); a charge is its move for the turn, so this " +
                              (m.kind == battle::OrderKind::move ? "move" : "formation change") +
                              " is carried out only if the charge does not happen (GdB 12.8)");
    }
    // Every charge order the play refuses, with the reason the replay gives, and every reaction
    // no charge reached.
    const replay::Recorded played = battle::run_battle(*this, s);
    for (const auto& n : refused_charges(s, played.events)) out.push_back(n.path + ": " + n.what);
    for (const auto& n : unanswered_reactions(s, played)) out.push_back(n.path + ": " + n.what);
    return out;
}

replay::Recorded GdbRuleset::run(const ruleset::Scenario& scenario, std::uint64_t seed) const {
    const auto* gdb = dynamic_cast<const GdbScenario*>(&scenario);
    if (!gdb) throw std::logic_error("GdbRuleset::run: not a GdB scenario");
    battle::Scenario s = gdb->scenario;
    s.seed = seed;
    s.branch = scenario.branch;
    return battle::run_battle(*this, s);
}

ruleset::Resolution GdbRuleset::resolve(const Json& json, const std::string& file,
                                        const ruleset::ResolveOptions& options) const {
    const MeleeSetup setup = parse_melee(JsonNode(json, file, "$"));
    const PreparedMelee melee = prepare_melee(melee_, setup);
    const std::uint64_t seed = options.seed.value_or(1);
    Prng prng(seed);
    MeleeOutcome outcome;
    resolve_melee(melee, prng, outcome);
    std::optional<MeleeOdds> odds;
    if (options.odds) {
        try {
            odds = melee_odds(melee);
        } catch (const std::invalid_argument& e) {
            // Too many rolling units for exact counts: a property of the file, so exit 2.
            throw InputError(file, "--odds", e.what());
        }
    }
    ruleset::Resolution r;
    // The command line gets the odds in the form every ruleset writes.
    nlohmann::ordered_json json_out = melee_report_json(melee, outcome, odds ? &*odds : nullptr);
    json_out["seed"] = seed;
    r.explanation = explain_melee(melee, outcome, odds ? &*odds : nullptr, tables());
    if (odds) json_out["odds"] = ruleset::odds_json(melee_cli_odds(melee, outcome, *odds));
    r.json_text = json_out.dump(2);
    r.text = melee_report_text(melee, outcome, odds ? &*odds : nullptr);
    return r;
}

namespace {
// printf into a string (the tables are printed by `vedette rules`); checked like printf.
__attribute__((format(printf, 1, 2))) std::string format(const char* f, ...) {
    std::va_list args, again;
    va_start(args, f);
    va_copy(again, args);
    const int n = std::vsnprintf(nullptr, 0, f, args);
    va_end(args);
    std::string s(static_cast<std::size_t>(n > 0 ? n : 0), '\0');
    if (n > 0) std::vsnprintf(s.data(), s.size() + 1, f, again);
    va_end(again);
    return s;
}
}  // namespace

std::string GdbRuleset::describe_tables() const {
    const GdbRules& r = melee_;
    std::string out;
    out +=
        format("%s: %s (hash %s)\n[default] marks values the seeds do not give (our rulings).\n\n",
               r.file.c_str(), r.name.c_str(), r.hash.c_str());
    out += format("Melee modifiers (GdB 12.17)\n");
    for (const auto& row : r.mods)
        out += format("  %+3d  %-55s %s%s\n", row.value, row.label.c_str(), row.rule.c_str(),
                      row.is_default ? " [default]" : "");
    out += format("\nMelee results (%s)\n", r.results_rule.c_str());
    for (const auto& row : r.result_rows) out += format("  %s\n", row.label.c_str());
    out += format("  %s: %d\n", r.square_breaks_at.label.c_str(), r.square_breaks_at.value);
    out += format("\nCasualties (%s): one enemy figure per N figures\n", r.casualties_rule.c_str());
    for (const auto& row : r.rates)
        out += format("  1 per %-3d %s%s\n", row.value, row.label.c_str(),
                      row.is_default ? " [default]" : "");
    out += format("  %s: divide by %d\n", r.infantry_vs_cavalry_divisor.label.c_str(),
                  r.infantry_vs_cavalry_divisor.value);
    out += format("\nFormation test (%s): 2D6, pass on\n", r.formation_rule.c_str());
    for (std::size_t c = 0; c < r.formation_pass_on.size(); ++c)
        out += format("  %-12s %d+\n", unit_class_names()[c].c_str(), r.formation_pass_on[c]);
    out += format("  %+d %s\n", r.formation_excellent_general.value,
                  r.formation_excellent_general.label.c_str());
    out += format("\nPursuit test (%s): 2D6\n", r.pursuit_rule.c_str());
    for (const auto* row : {&r.pursuit_commander, &r.pursuit_guard_elite, &r.pursuit_conscripts,
                            &r.pursuit_british_cossack})
        out += format("  %+d %s\n", row->value, row->label.c_str());
    out += format("  %s\n", r.pursuit_penalty_floor.label.c_str());
    for (const auto& row : r.pursuit_rows) out += format("  %s\n", row.label.c_str());
    out += format("\nDouble six (%s)%s\n", r.double_six_rule.c_str(),
                  r.events_are_default ? " [default]" : "");
    for (const auto& row : r.double_six_rows)
        out += format("  %d-%d %s\n", row.min, row.max, row.label.c_str());
    out += format("\nGeneral at risk (%s)%s\n", r.general_risk_rule.c_str(),
                  r.events_are_default ? " [default]" : "");
    for (const auto& row : r.general_risk_rows) out += format("  %s\n", row.label.c_str());
    out += format("\nSapper (%s): %s: %d [default]\n", r.sapper_rule.c_str(),
                  r.sapper_reroll_if_at_most.label.c_str(), r.sapper_reroll_if_at_most.value);
    return out;
}

replay::Replay GdbRuleset::upgrade_replay(const std::string& text, const std::string& file,
                                          int version) const {
    if (version != 1) return Ruleset::upgrade_replay(text, file, version);
    return battle::upgrade_v1_replay(text, file, battle_, tables(), melee_.looks);
}

}  // namespace vedette::sim::gdb

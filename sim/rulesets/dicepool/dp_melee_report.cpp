// A resolved dice-pool melee as JSON (`vedette melee --json`), as text, and as the typed
// explanation the viewer and the exporter draw.

#include <cstdio>
#include <nlohmann/json.hpp>

#include "sim/rulesets/dicepool/dp_melee_io.h"

namespace vedette::sim::dicepool {

using OJson = nlohmann::ordered_json;

double probability(std::uint64_t count, std::uint64_t denominator) {
    return denominator ? static_cast<double>(count) / static_cast<double>(denominator) : 0.0;
}

namespace {

const char* kSideKeys[2] = {"attacker", "defender"};

std::string needs_text(int needs) {
    return std::to_string(needs) + "+";
}

std::string result_label(MeleeResultKind k) {
    switch (k) {
        case MeleeResultKind::attacker_wins:
            return "the attacker wins";
        case MeleeResultKind::defender_wins:
            return "the defender wins";
        default:
            return "a draw";
    }
}

// Why a side needs what it needs: "5+ -1 charged = 4+".
std::string needs_arithmetic(const SidePlan& p) {
    std::string s = needs_text(p.base);
    for (const auto& m : p.modifiers)
        if (m.lit) s += " " + signed_text(m.row->value) + " " + m.row->id;
    if (p.clamped) s += " (kept within the table's bounds)";
    return s + " = " + needs_text(p.needs);
}

OJson side_json(const MeleePlan& m, const MeleeResult& r, int s) {
    const auto i = static_cast<std::size_t>(s);
    const MeleeSide& side = m.sides[i];
    OJson j;
    j["name"] = side.name;
    j["type"] = unit_type_names()[static_cast<std::size_t>(side.type)];
    j["models"] = side.models;
    j["dice"] = m.plan[i].dice;
    j["needs"] = m.plan[i].needs;
    OJson why = OJson::array();
    for (const auto& mod : m.plan[i].modifiers) {
        if (!mod.lit) continue;
        OJson row = {{"id", mod.row->id},
                     {"rule", mod.row->rule},
                     {"label", mod.row->label},
                     {"value", mod.row->value}};
        if (mod.row->is_default) row["source"] = "default";
        why.push_back(row);
    }
    j["modifiers"] = why;
    j["rolls"] = r.side[i].rolls;
    j["hits"] = r.side[i].hits;
    j["models_removed"] = r.side[i].models_removed;
    return j;
}

OJson distribution_json(const HitDistribution& h) {
    OJson rows = OJson::array();
    for (std::size_t k = 0; k < h.counts.size(); ++k) {
        OJson row = {{"hits", k}};
        row.update(ruleset::fraction_json(h.counts[k], h.denominator));
        rows.push_back(std::move(row));
    }
    return {{"denominator", std::to_string(h.denominator)}, {"distribution", rows}};
}

}  // namespace

ruleset::Odds melee_cli_odds(const MeleeResult& r, const MeleeOdds& odds) {
    ruleset::Odds o;
    o.ruleset = "dicepool";
    o.method =
        "each pool's hits are binomial, C(n, k) s^k (6-s)^(n-k) of its 6^n rolls; both pools' "
        "rolls together";
    o.denominator = odds.denominator;
    static constexpr ruleset::OddsWinner kWinners[3] = {
        ruleset::OddsWinner::attacker, ruleset::OddsWinner::defender, ruleset::OddsWinner::none};
    for (std::size_t k = 0; k < 3; ++k) {
        if (odds.results[k] == 0) continue;  // an outcome no roll gives is not listed
        const auto kind = static_cast<MeleeResultKind>(k);
        o.outcomes.push_back({melee_result_names()[k], result_label(kind), kWinners[k],
                              odds.results[k], kind == r.result, std::string()});
    }
    const OJson specific = {{"hits",
                             {{"attacker", distribution_json(odds.hits[kAttacker])},
                              {"defender", distribution_json(odds.hits[kDefender])}}}};
    o.specific = specific.dump();
    return o;
}

OJson melee_json(const DpRules& rules, const MeleePlan& m, const MeleeResult& r,
                 const MeleeOdds* odds) {
    OJson j;
    j["ruleset"] = "dicepool";
    j["rules_hash"] = rules.hash;
    j["attacker"] = side_json(m, r, kAttacker);
    j["defender"] = side_json(m, r, kDefender);
    j["winner"] = r.winner == kAttacker ? "attacker" : r.winner == kDefender ? "defender" : "none";
    j["result"] = melee_result_names()[static_cast<std::size_t>(r.result)];
    if (odds) j["odds"] = ruleset::odds_json(melee_cli_odds(r, *odds));
    return j;
}

std::string melee_text(const DpRules& rules, const MeleePlan& m, const MeleeResult& r,
                       const MeleeOdds* odds) {
    std::string out = "Dice-pool melee (" + rules.melee_rule + ")\n";
    for (int s = 0; s < 2; ++s) {
        const auto i = static_cast<std::size_t>(s);
        const MeleeSide& side = m.sides[i];
        out += std::string(kSideKeys[i]) + ": " + side.name + " (" +
               words_of(unit_type_names()[static_cast<std::size_t>(side.type)]) + ", " +
               std::to_string(side.models) + " models)\n";
        if (m.plan[i].dice == 0) {
            out += "  rolls no melee dice (its volley's hits count as shooting, DP Volley)\n";
        } else {
            out += "  " + std::to_string(m.plan[i].dice) + " dice, needs " +
                   needs_arithmetic(m.plan[i]) + "\n  rolls:";
            for (int v : r.side[i].rolls) out += " " + std::to_string(v);
            out += "\n";
        }
        out += "  hits " + std::to_string(r.side[i].hits) + ", enemy models removed " +
               std::to_string(r.side[i].models_removed) + "\n";
    }
    out += "result: " + result_label(r.result) + " (" + rules.melee_rule + ", DP Casualties)\n";
    if (odds) {
        char line[160];
        for (std::size_t k = 0; k < 3; ++k) {
            std::snprintf(line, sizeof line, "  P(%s) = %s / %s = %.6f\n",
                          result_label(static_cast<MeleeResultKind>(k)).c_str(),
                          std::to_string(odds->results[k]).c_str(),
                          std::to_string(odds->denominator).c_str(),
                          probability(odds->results[k], odds->denominator));
            out += line;
        }
    }
    return out;
}

}  // namespace vedette::sim::dicepool

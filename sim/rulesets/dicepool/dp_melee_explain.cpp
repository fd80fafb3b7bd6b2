// A dice-pool melee as a typed explanation (sim/record/explanation.h): the situation, the value
// each side needs with the modifier rows lit, the dice with hits marked, who won, the exact odds
// of each result and each side's hit distribution (a panel draws it as a bar chart with the
// actual number of hits marked).

#include "sim/rulesets/dicepool/dp_melee_io.h"

namespace vedette::sim::dicepool {

using record::DiceGroup;
using record::ModifierRow;
using record::Outcome;
using record::ResultRow;
using record::Section;
using record::SectionKind;

namespace {

Section situation(const MeleePlan& m) {
    Section s = section(SectionKind::lines, "The melee", "DP Melee");
    const char* who[2] = {"attacker", "defender"};
    for (std::size_t i = 0; i < 2; ++i) {
        const MeleeSide& x = m.sides[i];
        s.lines.push_back(
            {who[i], x.name + ": " + counted(x.models, "model") + ", " +
                         words_of(formation_names()[static_cast<std::size_t>(x.formation)]) +
                         ", armour " + std::to_string(x.armour) + ", " +
                         counted(x.disorder_markers, "disorder marker")});
    }
    s.notes.push_back("One model in contact: every model of both units fights (DP Charge move).");
    return s;
}

Section needs_table(const DpRules& rules, const MeleePlan& m) {
    Section s = section(SectionKind::modifiers, "The value needed to hit", rules.melee_rule);
    s.columns = {m.sides[kAttacker].name, m.sides[kDefender].name};
    s.rows.push_back({"Melee value on the unit sheet",
                      rules.sheets_rule,
                      {std::to_string(m.plan[0].base) + "+", std::to_string(m.plan[1].base) + "+"},
                      true,
                      ""});
    for (std::size_t k = 0; k < m.plan[0].modifiers.size(); ++k) {
        const ModifierUse& a = m.plan[0].modifiers[k];
        const ModifierUse& d = m.plan[1].modifiers[k];
        ModifierRow row{a.row->label + (a.row->is_default ? " [default]" : ""),
                        a.row->rule,
                        {},
                        a.lit || d.lit,
                        ""};
        row.values = {a.lit ? signed_text(a.row->value) : "",
                      d.lit ? signed_text(d.row->value) : ""};
        if (!row.lit) row.reason = a.reason == d.reason ? a.reason : a.reason + " / " + d.reason;
        s.rows.push_back(row);
    }
    s.rows.push_back(
        {"Needs (each die at or above is a hit)",
         rules.melee_rule,
         {std::to_string(m.plan[0].needs) + "+", std::to_string(m.plan[1].needs) + "+"},
         true,
         ""});
    return s;
}

Section dice_section(const DpRules& rules, const MeleePlan& m, const MeleeResult& r) {
    Section s = section(SectionKind::dice, "The dice", rules.melee_rule);
    for (std::size_t i = 0; i < 2; ++i) {
        const SidePlan& p = m.plan[i];
        const MeleeSide& self = m.sides[i];
        const MeleeSide& enemy = m.sides[1 - i];
        DiceGroup g;
        g.label = self.name + ": " + std::to_string(p.dice) + " dice, needs " +
                  std::to_string(p.needs) + "+";
        g.target = p.needs;
        for (std::size_t d = 0; d < r.side[i].rolls.size(); ++d) {  // forced dice come first
            const int v = r.side[i].rolls[d];
            g.dice.push_back(
                {v, v >= p.needs ? "hit" : "miss", static_cast<int>(d) < r.side[i].forced});
        }
        g.total = counted(r.side[i].hits, "hit") + " / armour " + std::to_string(enemy.armour) +
                  " = " + counted(r.side[i].hits / enemy.armour, "model");
        if (self.fire_removed > 0)
            g.total += " + " + std::to_string(self.fire_removed) + " by its reaction fire";
        g.total += ": " + std::to_string(r.side[i].models_removed) + " removed";
        if (p.dice == 0)
            g.note = "rolls no melee dice: its volley's hits count as shooting (DP Volley)";
        else if (r.side[i].forced > 0)
            g.note = std::to_string(r.side[i].forced) + " dice set by the file";
        s.dice.push_back(g);
    }
    return s;
}

Section result_section(const MeleeResult& r) {
    Section s = section(SectionKind::results, "Who won", "DP Casualties");
    s.results = {{"More models removed by the attacker: the attacker wins", "DP Casualties",
                  r.result == MeleeResultKind::attacker_wins},
                 {"More models removed by the defender: the defender wins", "DP Casualties",
                  r.result == MeleeResultKind::defender_wins},
                 {"As many removed by each: a draw, both stay in contact", "DP Casualties",
                  r.result == MeleeResultKind::draw}};
    s.lines = {{"removed by the attacker", std::to_string(r.side[kAttacker].models_removed)},
               {"removed by the defender", std::to_string(r.side[kDefender].models_removed)}};
    return s;
}

Section odds_section(const MeleeOdds& o, const MeleeResult& r) {
    Section s = section(SectionKind::odds, "Exact odds before the dice", "DP Melee");
    s.denominator = std::to_string(o.denominator);
    const char* labels[3] = {"attacker wins", "defender wins", "draw"};
    const int ranks[3] = {1, -1, 0};  // for the luck meter: how good each is for the attacker
    s.sides = {"attacker", "defender"};
    for (std::size_t k = 0; k < 3; ++k)
        s.outcomes.push_back({labels[k], std::to_string(o.results[k]),
                              probability(o.results[k], o.denominator),
                              static_cast<std::size_t>(r.result) == k, ranks[k]});
    s.notes.push_back(
        "Each pool's hits are binomial; every pair of hit counts is enumerated "
        "exactly (no sampling).");
    return s;
}

Section hits_section(const MeleePlan& m, const MeleeOdds& o, const MeleeResult& r, std::size_t i) {
    Section s = section(SectionKind::odds,
                        "Hits of " + m.sides[i].name + " (" + std::to_string(m.plan[i].dice) +
                            " dice at " + std::to_string(m.plan[i].needs) + "+)",
                        "DP Melee");
    const HitDistribution& h = o.hits[i];
    s.denominator = std::to_string(h.denominator);
    s.sides = {m.sides[i].name};  // more hits, better for the side that rolls
    for (std::size_t k = 0; k < h.counts.size(); ++k)
        s.outcomes.push_back({std::to_string(k) + " hits", std::to_string(h.counts[k]),
                              probability(h.counts[k], h.denominator),
                              static_cast<int>(k) == r.side[i].hits, static_cast<int>(k)});
    return s;
}

}  // namespace

record::Explanation explain_melee(const DpRules& rules, const MeleePlan& m, const MeleeResult& r,
                                  const MeleeOdds& odds) {
    record::Explanation e{
        "Melee: " + m.sides[kAttacker].name + " against " + m.sides[kDefender].name,
        rules.melee_rule,
        {}};
    e.sections.push_back(situation(m));
    e.sections.push_back(needs_table(rules, m));
    e.sections.push_back(dice_section(rules, m, r));
    e.sections.push_back(result_section(r));
    e.sections.push_back(odds_section(odds, r));
    e.sections.push_back(hits_section(m, odds, r, kAttacker));
    e.sections.push_back(hits_section(m, odds, r, kDefender));
    Section notes = section(SectionKind::notes, "Rulings", "DP Casualties");
    notes.notes = {
        "Casualties (hits / armour, rounded down), the winner and the limits of the "
        "value needed are our rulings ([default]): the seed stops at \"removing "
        "casualties\"."};
    e.sections.push_back(notes);
    return e;
}

}  // namespace vedette::sim::dicepool

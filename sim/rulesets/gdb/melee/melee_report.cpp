#include "sim/rulesets/gdb/melee/melee_report.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace vedette::sim::gdb {

using OJson = nlohmann::ordered_json;

namespace {

// Built by appending to one string: GCC 12 at -O3 raises a false -Wrestrict on
// `const char* + std::string` here.
std::string signed_str(int v) {
    std::string out = v >= 0 ? "+" : "";
    out += std::to_string(v);
    return out;
}

std::string result_name(Result r) {
    return result_names()[static_cast<std::size_t>(r)];
}

std::string winner_name(int w) {
    return w < 0 ? "none" : side_name(w);
}

OJson rule_row_json(const RuleRow& row, int value) {
    OJson j;
    j["id"] = row.id;
    j["rule"] = row.rule;
    j["label"] = row.label;
    j["value"] = value;
    if (row.is_default) j["source"] = "default";
    return j;
}

OJson test_json(const PreparedMelee& m, const PreparedUnit& p, const TestRecord& t) {
    const GdbRules& r = *m.rules;
    OJson j;
    j["kind"] = t.kind == TestKind::formation ? "formation" : "pursuit";
    j["rule"] = t.kind == TestKind::formation ? r.formation_rule : r.pursuit_rule;
    j["dice"] = {t.dice[0], t.dice[1]};
    OJson mods = OJson::array();
    for (const auto& mod : t.kind == TestKind::formation ? p.formation_mods : p.pursuit_mods)
        mods.push_back(rule_row_json(*mod.row, mod.value));
    j["modifiers"] = mods;
    j["total"] = t.total;
    if (t.kind == TestKind::formation) {
        j["target"] = t.target;
        j["outcome"] = t.passed ? "passed" : "failed";
        j["row"] = {{"rule", r.formation_rule},
                    {"label", "class " + words_of(to_string(p.unit->klass)) + " passes on " +
                                  std::to_string(t.target) + "+"}};
    } else {
        j["outcome"] = t.row->outcome;
        j["row"] = {{"rule", t.row->rule}, {"label", t.row->label}};
        if (t.downgraded) j["note"] = r.pursuit_superb_downgrade.label;
        if (!p.pursuit_floor_note.empty()) j["penalty_note"] = p.pursuit_floor_note;
    }
    return j;
}

OJson unit_json(const PreparedMelee& m, const MeleeOutcome& out, int id) {
    const GdbRules& r = *m.rules;
    const PreparedUnit& p = m.units[id];
    const UnitOutcome& uo = out.units[id];
    const UnitDecision& ud = out.decision->units[id];
    OJson j;
    j["name"] = p.unit->name;
    j["type"] = to_string(p.unit->type);
    if (p.effective_type != p.unit->type) j["counts_as"] = to_string(p.effective_type);
    j["class"] = to_string(p.unit->klass);
    j["formation"] = to_string(p.unit->formation);
    j["figures"] = p.unit->figures;
    j["fighting_figures"] = p.fighting_figures;
    if (!p.figures_why.empty()) j["figures_note"] = p.figures_why;
    j["fate"] = fate_name(p.fate);
    if (p.fate != Fate::fights) j["fate_note"] = p.fate_why;
    if (p.fate == Fate::fights) {
        j["dice"] = {uo.dice[0], uo.dice[1]};
        if (uo.sapper_from)
            j["sapper"] = {
                {"rule", r.sapper_rule}, {"rerolled", uo.sapper_from}, {"into", uo.sapper_to}};
    } else {
        j["dice"] = OJson::array();
    }
    OJson mods = OJson::array();
    for (const auto& a : p.mods) mods.push_back(rule_row_json(r.mod(a.id), a.value));
    j["modifiers"] = mods;
    OJson denied = OJson::array();
    for (const auto& d : p.denied) {
        OJson x = rule_row_json(r.mod(d.id), r.mod(d.id).value);
        x["why"] = d.why;
        denied.push_back(x);
    }
    j["not_applied"] = denied;
    j["modifier_total"] = p.modifier_total;
    if (p.fate == Fate::fights)
        j["total"] = uo.total;
    else
        j["total"] = nullptr;
    j["casualties"] = uo.casualties;
    j["figures_after"] = p.unit->figures - uo.casualties;
    j["status_before"] = to_string(p.unit->status);
    j["status_after"] = to_string(uo.status);
    if (!ud.why.empty()) j["status_note"] = ud.why;
    OJson tests = OJson::array();
    if (uo.test.kind != TestKind::none) tests.push_back(test_json(m, p, uo.test));
    j["tests"] = tests;
    OJson bonus = OJson::array();
    for (const auto& b : bonus_move_texts())
        if (uo.bonus_moves & b.bit)
            bonus.push_back({{"kind", b.kind}, {"rule", b.rule}, {"label", b.label}});
    j["bonus_moves"] = bonus;
    return j;
}

}  // namespace

const char* fate_name(Fate f) {
    switch (f) {
        case Fate::fights:
            return "fights";
        case Fate::retreating_auto:
            return "loses_automatically";
        case Fate::removed:
            return "removed";
        case Fate::dispersed:
            return "dispersed";
    }
    return "fights";
}

std::string casualty_arithmetic(const GdbRules& r, const CasualtyGroup& g) {
    std::string s = std::to_string(g.figures) + " / " + std::to_string(g.per) + " = " +
                    std::to_string(g.figures / g.per);
    if (g.halved)
        s += ", halved (infantry against cavalry) = " + std::to_string(g.inflicted) + " (" +
             r.infantry_vs_cavalry_divisor.rule + ")";
    return s;
}

const std::vector<BonusMoveText>& bonus_move_texts() {
    static const std::vector<BonusMoveText> t = {
        {kBonusTurn45, "turn_45", "GdB 12.21 b", "may turn 45 degrees left or right in place"},
        {kBonusOccupy, "occupy", "GdB 12.21 a", "may occupy the position the enemy held"},
        {kBonusHalfChargeMove, "half_charge_move", "GdB 12.21 c, 12.24",
         "superb training: may move half its charge move"}};
    return t;
}

OJson melee_odds_json(const PreparedMelee& m, const MeleeOdds& odds) {
    OJson j;
    j["method"] = "exact enumeration of every unit's 2D6 (12.6: a side scores its best total)";
    j["denominator"] = count_to_string(odds.denominator);
    OJson outcomes = OJson::array();
    for (const auto& o : odds.outcomes) {
        OJson x;
        x["winner"] = winner_name(o.winner);
        x["result"] = result_name(o.result);
        if (o.continues) x["continues"] = true;
        x["count"] = count_to_string(o.count);
        x["probability"] = odds.probability(o);
        outcomes.push_back(x);
    }
    j["outcomes"] = outcomes;
    j["attacker_wins"] = odds.probability_of_winner(kAttacker);
    j["defender_wins"] = odds.probability_of_winner(kDefender);
    j["no_winner"] = odds.probability_of_winner(-1);
    OJson cas = OJson::array();
    for (std::size_t id = 0; id < m.units.size(); ++id)
        cas.push_back({{"side", side_name(m.units[id].side)},
                       {"name", m.units[id].unit->name},
                       {"expected", odds.expected_casualties[id]},
                       {"numerator", count_to_string(odds.casualty_numerators[id])}});
    j["expected_casualties"] = cas;
    return j;
}

std::string outcome_label(const std::string& winner, const std::string& result, bool continues) {
    std::string spaced = result;  // "pushed_back" -> "pushed back"
    std::replace(spaced.begin(), spaced.end(), '_', ' ');
    const std::string more = continues ? " (the melee continues)" : "";
    if (winner == "none" || winner.empty())
        return (result == "draw" ? std::string("no winner: a draw") : "no winner: " + spaced) +
               more;
    const std::string loser = winner == "attacker" ? "defender" : "attacker";
    if (result == "square_holds") return winner + " wins; the square holds" + more;
    if (result == "retreat") return winner + " wins; the " + loser + " retreats" + more;
    return winner + " wins; the " + loser + " is " + spaced + more;
}

ruleset::Odds melee_cli_odds(const PreparedMelee& m, const MeleeOutcome& out,
                             const MeleeOdds& odds) {
    const Decision& actual = *out.decision;
    ruleset::Odds o;
    o.ruleset = "gdb";
    o.method = m.automatic
                   ? "no dice: the melee is decided without a roll (12.12-12.14)"
                   : "exact enumeration of every unit's 2D6 (12.6: a side scores its best total)";
    o.denominator = odds.denominator;
    for (const auto& x : odds.outcomes) {
        const std::string winner = winner_name(x.winner), result = result_name(x.result);
        ruleset::OddsOutcome oc;
        oc.id = (x.winner < 0 ? result : winner + "_wins_" + result) +
                (x.continues ? "_continues" : "");
        oc.label = outcome_label(winner, result, x.continues);
        oc.winner = x.winner == kAttacker   ? ruleset::OddsWinner::attacker
                    : x.winner == kDefender ? ruleset::OddsWinner::defender
                                            : ruleset::OddsWinner::none;
        oc.count = x.count;
        oc.actual = x.winner == actual.winner && x.result == actual.result &&
                    x.continues == actual.continues;
        const OJson specific = {{"result", result}, {"continues", x.continues}};
        oc.specific = specific.dump();
        o.outcomes.push_back(std::move(oc));
    }
    OJson cas = OJson::array();
    for (std::size_t id = 0; id < m.units.size(); ++id)
        cas.push_back({{"side", side_name(m.units[id].side)},
                       {"name", m.units[id].unit->name},
                       {"numerator", count_to_string(odds.casualty_numerators[id])},
                       {"expected", odds.expected_casualties[id]}});
    const OJson specific = {{"expected_casualties", cas}};
    o.specific = specific.dump();
    return o;
}

OJson melee_report_json(const PreparedMelee& m, const MeleeOutcome& out, const MeleeOdds* odds) {
    const GdbRules& r = *m.rules;
    const Decision& d = *out.decision;
    OJson j;
    j["ruleset"] = "gdb";
    j["rules_hash"] = r.hash;
    j["terrain"] = to_string(m.setup->terrain);
    j["first_round"] = m.setup->first_round;
    for (int side = 0; side < 2; ++side) {
        OJson s;
        s["score"] = m.automatic ? OJson(nullptr) : OJson(out.score[side]);
        if (out.best_unit[side] >= 0) s["best_unit"] = m.units[out.best_unit[side]].unit->name;
        s["fighting_figures"] = m.fighting_figures[side];
        s["casualties"] = d.inflicted[side];
        OJson units = OJson::array();
        for (int id : m.side_units[side]) units.push_back(unit_json(m, out, id));
        s["units"] = units;
        j[side_name(side)] = s;
    }
    j["winner"] = winner_name(d.winner);
    j["difference"] = out.difference < 0 ? -out.difference : out.difference;
    j["attacker_minus_defender"] = out.difference;
    j["result"] = result_name(d.result);
    if (d.row && !m.automatic)
        j["result_row"] = {{"rule", d.row->rule.empty() ? r.results_rule : d.row->rule},
                           {"label", d.row->label},
                           {"table_result", result_name(d.table_result)}};
    else
        j["result_row"] = nullptr;
    j["explanation"] = d.why;
    j["continues"] = d.continues;
    if (m.numbers_unit >= 0)
        j["numbers"] = {{"unit", m.units[m.numbers_unit].unit->name}, {"note", m.numbers_why}};
    OJson cas = OJson::array();
    for (const auto& g : d.groups) {
        OJson x;
        x["inflicting"] = side_name(g.inflicting_side);
        OJson names = OJson::array();
        for (int id : g.units) names.push_back(m.units[id].unit->name);
        x["units"] = names;
        x["rule"] = r.rate(g.rate).rule;
        x["row"] = r.rate(g.rate).id;
        x["label"] = r.rate(g.rate).label;
        if (r.rate(g.rate).is_default) x["source"] = "default";
        x["figures"] = g.figures;
        x["per"] = g.per;
        x["halved"] = g.halved;
        x["inflicted"] = g.inflicted;
        x["arithmetic"] = casualty_arithmetic(r, g);
        cas.push_back(x);
    }
    j["casualty_rows"] = cas;
    OJson events = OJson::array();
    for (const auto& e : out.events) {
        OJson x;
        x["kind"] = e.kind == DiePurpose::double_six ? "double_six" : "general_at_risk";
        x["rule"] = e.row->rule;
        x["unit"] = m.units[e.unit].unit->name;
        if (e.general_unit >= 0) x["general_of"] = m.units[e.general_unit].unit->name;
        x["dice"] = e.kind == DiePurpose::double_six ? OJson::array({e.dice[0]})
                                                     : OJson::array({e.dice[0], e.dice[1]});
        x["effect"] = e.row->outcome;
        x["label"] = e.row->label;
        if (r.events_are_default) x["source"] = "default";
        events.push_back(x);
    }
    j["events"] = events;
    OJson dice = OJson::array();
    for (const auto& die : out.dice)
        dice.push_back({{"unit", m.units[die.unit].unit->name},
                        {"side", side_name(m.units[die.unit].side)},
                        {"purpose", die_purpose_label(die.purpose)},
                        {"value", die.value},
                        {"forced", die.forced}});
    j["dice_log"] = dice;
    if (odds) j["odds"] = melee_odds_json(m, *odds);
    return j;
}

namespace {

// One line of the text report: the words, then the rule they rest on from column 73.
void text_line(std::ostream& o, const std::string& left, const std::string& rule) {
    o << left;
    const int pad = 72 - static_cast<int>(left.size());
    o << std::string(pad > 1 ? static_cast<std::size_t>(pad) : 1, ' ') << rule << "\n";
}

// A unit's entry under its side: what it is, then its dice and modifiers if it rolled.
void text_unit(std::ostream& o, const GdbRules& r, const PreparedUnit& p, const UnitOutcome& uo) {
    o << "  " << p.unit->name << ": " << words_of(to_string(p.unit->type)) << ", "
      << words_of(to_string(p.unit->klass)) << ", " << p.unit->figures << " figures, "
      << words_of(to_string(p.unit->formation)) << ", " << words_of(to_string(p.unit->status))
      << "\n";
    if (!p.figures_why.empty()) o << "    " << p.figures_why << "\n";
    if (p.fate != Fate::fights) {
        o << "    no dice: " << p.fate_why << "\n";
        return;
    }
    std::string dice = "    dice " + std::to_string(uo.dice[0]) + " + " +
                       std::to_string(uo.dice[1]) + " = " + std::to_string(uo.dice[0] + uo.dice[1]);
    if (uo.sapper_from)
        dice += "  (sapper re-rolled a " + std::to_string(uo.sapper_from) + " into " +
                std::to_string(uo.sapper_to) + ")";
    text_line(o, dice, uo.sapper_from ? r.sapper_rule : "GdB 12.2");
    for (const auto& a : p.mods) {
        const RuleRow& row = r.mod(a.id);
        text_line(
            o,
            "    " + signed_str(a.value) + "  " + row.label + (row.is_default ? " [default]" : ""),
            row.rule);
    }
    for (const auto& den : p.denied)
        o << "    not applied: " << r.mod(den.id).label << ": " << den.why << "\n";
    o << "    total " << uo.total << "\n";
}

void text_result(std::ostream& o, const PreparedMelee& m, const MeleeOutcome& out) {
    const GdbRules& r = *m.rules;
    const Decision& d = *out.decision;
    o << "\nRESULT\n";
    if (!m.automatic) {
        o << "  attacker " << out.score[kAttacker] << " - defender " << out.score[kDefender]
          << " = " << out.difference << "\n";
        if (d.row)
            text_line(o, "  table row: " + d.row->label,
                      d.row->rule.empty() ? r.results_rule : d.row->rule);
    }
    o << "  " << d.why << "\n";
    o << "  winner: " << winner_name(d.winner) << ", result: " << words_of(result_name(d.result))
      << (d.continues ? " (the melee continues next turn)" : "") << "\n";
    if (m.numbers_unit >= 0)
        o << "  numbers: " << m.units[m.numbers_unit].unit->name << ", " << m.numbers_why << "\n";
    for (std::size_t id = 0; id < m.units.size(); ++id) {
        const auto& ud = d.units[id];
        o << "  " << m.units[id].unit->name << " -> " << words_of(to_string(out.units[id].status));
        if (!ud.why.empty()) o << ": " << ud.why;
        o << "\n";
    }
}

void text_casualties(std::ostream& o, const PreparedMelee& m, const MeleeOutcome& out) {
    const GdbRules& r = *m.rules;
    const Decision& d = *out.decision;
    if (d.groups.empty()) return;
    o << "\nCASUALTIES (" << r.casualties_rule << ")\n";
    for (const auto& g : d.groups) {
        const RuleRow& row = r.rate(g.rate);
        o << "  " << side_name(g.inflicting_side) << ": " << row.label << ", 1 per " << g.per
          << (row.is_default ? " [default]" : "") << ": " << casualty_arithmetic(r, g) << "\n";
    }
    for (std::size_t id = 0; id < m.units.size(); ++id)
        o << "  " << m.units[id].unit->name << " loses " << out.units[id].casualties << " of "
          << m.units[id].unit->figures << "\n";
}

void text_test(std::ostream& o, const GdbRules& r, const PreparedUnit& p, const TestRecord& t) {
    std::string mods;
    for (const auto& mod : t.kind == TestKind::formation ? p.formation_mods : p.pursuit_mods)
        mods.append(" ")
            .append(signed_str(mod.value))
            .append(" (")
            .append(mod.row->label)
            .append(")");
    if (t.kind == TestKind::formation) {
        text_line(o,
                  "  " + p.unit->name + ": formation test, dice " + std::to_string(t.dice[0]) +
                      " + " + std::to_string(t.dice[1]) + mods + " = " + std::to_string(t.total) +
                      ", needs " + std::to_string(t.target) +
                      "+: " + (t.passed ? "passed" : "failed, unformed"),
                  r.formation_rule);
    } else {
        text_line(o,
                  "  " + p.unit->name + ": pursuit test, dice " + std::to_string(t.dice[0]) +
                      " + " + std::to_string(t.dice[1]) + mods + " = " + std::to_string(t.total) +
                      (t.downgraded
                           ? " (counts as " + std::to_string(r.pursuit_superb_downgrade.value) + ")"
                           : ""),
                  r.pursuit_rule);
        text_line(o, "    " + t.row->label, t.row->rule);
    }
}

void text_tests(std::ostream& o, const PreparedMelee& m, const MeleeOutcome& out) {
    bool any_test = false;
    for (std::size_t id = 0; id < m.units.size(); ++id) {
        const TestRecord& t = out.units[id].test;
        if (t.kind == TestKind::none) continue;
        if (!any_test) o << "\nFOLLOW-UP TESTS\n";
        any_test = true;
        text_test(o, *m.rules, m.units[id], t);
    }
}

void text_events(std::ostream& o, const PreparedMelee& m, const MeleeOutcome& out) {
    const GdbRules& r = *m.rules;
    if (out.events.empty()) return;
    o << "\nEVENTS\n";
    for (const auto& e : out.events) {
        std::string s =
            "  " + m.units[e.unit].unit->name +
            (e.kind == DiePurpose::double_six
                 ? " rolled double six; 1D6 = " + std::to_string(e.dice[0])
                 : " rolled a double: general of " + m.units[e.general_unit].unit->name +
                       " at risk, 2D6 = " + std::to_string(e.dice[0] + e.dice[1])) +
            ": " + e.row->label + (r.events_are_default ? " [default]" : "");
        text_line(o, s, e.row->rule);
    }
}

void text_odds(std::ostream& o, const PreparedMelee& m, const Decision& d, const MeleeOdds& odds) {
    o << "\nODDS before the dice (exact, over " << count_to_string(odds.denominator)
      << " equally likely rolls)\n";
    for (const auto& oc : odds.outcomes) {
        char pct[32];
        std::snprintf(pct, sizeof pct, "%7.3f%%", 100.0 * odds.probability(oc));
        o << "  " << pct << "  "
          << (oc.winner < 0 ? std::string("no winner") : winner_name(oc.winner) + " wins") << ", "
          << words_of(result_name(oc.result)) << (oc.continues ? " (continues)" : "")
          << (oc.winner == d.winner && oc.result == d.result ? "   <- this roll" : "") << "\n";
    }
    for (std::size_t id = 0; id < m.units.size(); ++id) {
        char e[32];
        std::snprintf(e, sizeof e, "%.3f", odds.expected_casualties[id]);
        o << "  expected casualties, " << m.units[id].unit->name << ": " << e << "\n";
    }
}

}  // namespace

std::string melee_report_text(const PreparedMelee& m, const MeleeOutcome& out,
                              const MeleeOdds* odds) {
    const GdbRules& r = *m.rules;
    std::ostringstream o;
    o << "GdB melee (" << r.name << ", rules " << r.hash << "), terrain "
      << to_string(m.setup->terrain) << (m.setup->first_round ? ", first round" : "") << "\n";
    for (int side = 0; side < 2; ++side) {
        o << "\n" << (side == kAttacker ? "ATTACKER" : "DEFENDER");
        if (!m.automatic) o << "  score " << out.score[side];
        o << "\n";
        for (int id : m.side_units[side]) text_unit(o, r, m.units[id], out.units[id]);
    }
    text_result(o, m, out);
    text_casualties(o, m, out);
    text_tests(o, m, out);
    text_events(o, m, out);
    if (odds) text_odds(o, m, *out.decision, *odds);
    return o.str();
}

}  // namespace vedette::sim::gdb

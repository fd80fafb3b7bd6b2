// A GdB melee (chapter XII) explained from the melee engine's own results: the prepared units
// (modifiers applied and denied, fates, fighting figures), the outcome (dice, scores, statuses,
// follow-up tests, double sixes) and the decision it reached (the 12.18 row, the 12.20 casualty
// groups). The data file gives the full tables, so rows that did not apply are shown dimmed.

#include "sim/rulesets/gdb/gdb_explain.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "sim/rulesets/gdb/gdb_explain_parts.h"
#include "sim/rulesets/gdb/melee/melee_report.h"

namespace vedette::sim::gdb {

namespace explain {
namespace {

std::string result_words(Result r) {
    return words(result_names()[static_cast<std::size_t>(r)]);
}
std::string winner_name(int side) {
    return side < 0 ? "none" : side_name(side);
}

// One column per side: every value `u` gave the row, and why a unit was denied it.
void fill_modifier_row(const PreparedMelee& m, const std::string& id, ModifierRow& out) {
    const GdbRules& r = *m.rules;
    for (int side = 0; side < 2; ++side)
        for (const int u : m.side_units[static_cast<std::size_t>(side)]) {
            const PreparedUnit& p = m.units[static_cast<std::size_t>(u)];
            for (const AppliedMod& a : p.mods)
                if (r.mod(a.id).id == id) {
                    std::string& v = out.values[static_cast<std::size_t>(side)];
                    v += (v.empty() ? "" : ", ") + signed_str(a.value);
                    out.lit = true;
                }
            for (const DeniedMod& d : p.denied)
                if (r.mod(d.id).id == id)
                    out.reason += (out.reason.empty() ? "" : "; ") + p.unit->name + ": " + d.why;
        }
}

// Table 12.17: every row of the data file (then any a unit applied or was denied that the file
// lacks), lit where a unit applied it, one column per side.
Section melee_modifiers(const PreparedMelee& m, const json& tables) {
    Section s = section(SectionKind::modifiers, "Modifiers (lit: applied)", "GdB 12.17");
    s.columns = {side_name(kAttacker), side_name(kDefender)};
    std::vector<const RuleRow*> extra;  // rows the units have that the file does not list
    std::vector<std::string> ids;
    for (const json* row : items(tables, "melee_modifiers")) ids.push_back(str(*row, "id"));
    auto known = [&ids](const std::string& id) {
        return std::find(ids.begin(), ids.end(), id) != ids.end();
    };
    for (int side = 0; side < 2; ++side)
        for (const int u : m.side_units[static_cast<std::size_t>(side)]) {
            const PreparedUnit& p = m.units[static_cast<std::size_t>(u)];
            std::vector<Mod> rows;
            for (const AppliedMod& a : p.mods) rows.push_back(a.id);
            for (const DeniedMod& d : p.denied) rows.push_back(d.id);
            for (const Mod id : rows)
                if (const RuleRow& row = m.rules->mod(id); !known(row.id)) {
                    ids.push_back(row.id);
                    extra.push_back(&row);
                }
        }
    for (const json* row : items(tables, "melee_modifiers")) {
        ModifierRow out{str(*row, "label"), str(*row, "rule"), {"", ""}, false, ""};
        fill_modifier_row(m, str(*row, "id"), out);
        s.rows.push_back(std::move(out));
    }
    for (const RuleRow* row : extra) {
        ModifierRow out{row->label, row->rule, {"", ""}, false, ""};
        fill_modifier_row(m, row->id, out);
        s.rows.push_back(std::move(out));
    }
    return s;
}

std::string unit_label(const PreparedUnit& p) {
    const MeleeUnit& u = *p.unit;
    return u.name + " (" + words_of(to_string(u.type)) + ", " + words_of(to_string(u.klass)) +
           ", " + words(std::string(to_string(u.formation))) + "): " + std::to_string(u.figures) +
           " figures, " + std::to_string(p.fighting_figures) + " fighting";
}

// Marks as forced the dice of `g` that the dice log gives as forced: the log's
// dice of `unit` for `purpose` (or `other`), the `skip` first of them passed over, in order.
void mark_logged_forced(DiceGroup& g, const MeleeOutcome& out, int unit, DiePurpose purpose,
                        DiePurpose other, std::size_t skip = 0) {
    std::size_t next = 0;
    for (const DieRecord& die : out.dice) {
        if (die.unit != unit || (die.purpose != purpose && die.purpose != other)) continue;
        if (next >= skip && next - skip < g.dice.size() && die.forced) {
            record::Die& d = g.dice[next - skip];
            d.forced = true;
            if (d.mark.empty()) d.mark = "forced";
        }
        ++next;
    }
}

// A unit's melee dice, the forced ones and the sapper's re-roll marked.
DiceGroup unit_dice(const PreparedMelee& m, const MeleeOutcome& out, int id) {
    const UnitOutcome& uo = out.units[static_cast<std::size_t>(id)];
    DiceGroup g = dice_group(unit_label(m.units[static_cast<std::size_t>(id)]), {});
    if (m.units[static_cast<std::size_t>(id)].fate != Fate::fights) return g;
    g = dice_group(g.label, {uo.dice[0], uo.dice[1]});
    std::size_t next = 0;
    for (const DieRecord& die : out.dice) {
        if (die.unit != id || die.purpose != DiePurpose::melee) continue;
        if (next < g.dice.size() && die.forced) {
            g.dice[next].mark = "forced";
            g.dice[next].forced = true;
        }
        ++next;
    }
    if (uo.sapper_from)
        for (auto& die : g.dice)
            if (die.value == uo.sapper_to && die.mark.empty()) {
                die.mark = "rerolled";
                for (const DieRecord& d : out.dice)
                    if (d.unit == id && d.purpose == DiePurpose::sapper_reroll && d.forced)
                        die.forced = true;
                break;
            }
    return g;
}

// What the dice group's note says: why a unit does not roll, what it counts as, how many of its
// figures fight and the sapper's re-roll.
std::string unit_dice_note(const PreparedMelee& m, const MeleeOutcome& out, int id) {
    const PreparedUnit& p = m.units[static_cast<std::size_t>(id)];
    const UnitOutcome& uo = out.units[static_cast<std::size_t>(id)];
    std::vector<std::string> notes;
    if (p.fate != Fate::fights)
        notes.push_back("does not roll (" + words(fate_name(p.fate)) +
                        (p.fate_why.empty() ? "" : ": " + p.fate_why) + ")");
    if (p.effective_type != p.unit->type)
        notes.push_back("counts as " + words_of(to_string(p.effective_type)));
    if (!p.figures_why.empty()) notes.push_back(p.figures_why);
    if (p.fate == Fate::fights && uo.sapper_from)
        notes.push_back("the sapper re-rolled a " + std::to_string(uo.sapper_from) + " into " +
                        std::to_string(uo.sapper_to) + " (" + m.rules->sapper_rule + ")");
    std::string note;
    for (const auto& n : notes) note += (note.empty() ? "" : "; ") + n;
    return note;
}

// One side: its score, and each unit's dice with the arithmetic (or why it does not roll).
Section side_dice(const PreparedMelee& m, const MeleeOutcome& out, int side) {
    const auto s = static_cast<std::size_t>(side);
    Section sec = section(
        SectionKind::dice,
        capitalised(side_name(side)) + ": " +
            (m.automatic ? std::string("no dice") : "score " + std::to_string(out.score[s])),
        "GdB 12.2, 12.6");
    for (const int id : m.side_units[s]) {
        DiceGroup g = unit_dice(m, out, id);
        const PreparedUnit& p = m.units[static_cast<std::size_t>(id)];
        if (!g.dice.empty())
            g.total = arithmetic(dice_sum(g), p.modifier_total,
                                 out.units[static_cast<std::size_t>(id)].total);
        g.note = unit_dice_note(m, out, id);
        sec.dice.push_back(std::move(g));
    }
    if (m.side_units[s].size() > 1 && out.best_unit[s] >= 0 &&
        !m.units[static_cast<std::size_t>(out.best_unit[s])].unit->name.empty())
        line(sec, "best unit (scores for the side)",
             m.units[static_cast<std::size_t>(out.best_unit[s])].unit->name);
    return sec;
}

// Table 12.18 with the row that applied lit, and what followed from it.
Section melee_result(const PreparedMelee& m, const MeleeOutcome& out, const json& tables) {
    const GdbRules& r = *m.rules;
    const Decision& d = *out.decision;
    const json& table = member(tables, "melee_results");
    const RangeRow* row = !m.automatic ? d.row : nullptr;
    const std::string row_rule = !row ? "" : row->rule.empty() ? r.results_rule : row->rule;
    // A square that holds is decided by its own rule, not by the difference's row (whose
    // "loser pushed back" would name the cavalry the winner): that rule's line is the one lit.
    const std::string lit =
        d.result == Result::square_holds
            ? "less than " + std::to_string(r.square_breaks_at.value) +
                  " against a square: the square holds, the cavalry is pushed back"
        : row ? row->label
              : "";
    Section s = result_table("Result", !row_rule.empty() ? row_rule : str(table, "rule"),
                             table.is_object() ? &table : nullptr, lit);
    if (!m.automatic)
        line(s, "scores",
             "attacker " + std::to_string(out.score[kAttacker]) + " - defender " +
                 std::to_string(out.score[kDefender]) + " = " + std::to_string(out.difference));
    line(s, "winner", winner_name(d.winner));
    line(s, "difference", std::to_string(out.difference < 0 ? -out.difference : out.difference));
    line(s, "result", result_words(d.result));
    if (row && d.table_result != d.result) line(s, "table result", result_words(d.table_result));
    line(s, "continues", d.continues ? "yes: the melee continues next turn" : "no");
    if (!d.why.empty()) line(s, "why", d.why);
    if (m.numbers_unit >= 0)
        line(s, "numbers",
             m.units[static_cast<std::size_t>(m.numbers_unit)].unit->name + ": " + m.numbers_why);
    return s;
}

// Each unit's losses and its status before and after, and the bonus moves it earned.
Section melee_status(const PreparedMelee& m, const MeleeOutcome& out) {
    Section s = section(SectionKind::lines, "Casualties and status", "GdB 12.19");
    for (int side = 0; side < 2; ++side)
        for (const int id : m.side_units[static_cast<std::size_t>(side)]) {
            const PreparedUnit& p = m.units[static_cast<std::size_t>(id)];
            const UnitOutcome& uo = out.units[static_cast<std::size_t>(id)];
            const std::string& why = out.decision->units[static_cast<std::size_t>(id)].why;
            std::string v = "loses " + std::to_string(uo.casualties) + ": " +
                            std::to_string(p.unit->figures) + " -> " +
                            std::to_string(p.unit->figures - uo.casualties) + " figures; " +
                            words(std::string(to_string(p.unit->status))) + " -> " +
                            words(std::string(to_string(uo.status)));
            if (!why.empty()) v += ": " + why;
            line(s, p.unit->name, v);
            for (const auto& b : bonus_move_texts())
                if (uo.bonus_moves & b.bit)
                    line(s, p.unit->name,
                         std::string("bonus move: ") + b.label + " (" + b.rule + ")");
        }
    return s;
}

// Table 12.20 with the rates used lit, and the arithmetic of each.
Section melee_casualties(const PreparedMelee& m, const Decision& d, const json& tables) {
    const GdbRules& r = *m.rules;
    const json& table = member(tables, "casualties");
    std::string rule = str(table, "rule");
    if (rule.empty() && !d.groups.empty()) rule = r.rate(d.groups.front().rate).rule;
    Section s = section(SectionKind::results, "Casualties", rule);
    auto rate = [](const std::string& label, long long per) {
        return label + ": 1 per " + std::to_string(per);
    };
    std::vector<bool> shown(d.groups.size(), false);
    for (const json* row : items(table, "rows")) {
        ResultRow out{rate(str(*row, "label"), num(*row, "per")), "", false};
        for (std::size_t i = 0; i < d.groups.size(); ++i)
            if (r.rate(d.groups[i].rate).id == str(*row, "id")) out.lit = shown[i] = true;
        s.results.push_back(std::move(out));
    }
    for (std::size_t i = 0; i < d.groups.size(); ++i) {
        const CasualtyGroup& g = d.groups[i];
        const RuleRow& row = r.rate(g.rate);
        if (!shown[i]) s.results.push_back({rate(row.label, g.per), row.rule, true});
        line(s,
             std::string(side_name(g.inflicting_side)) + ": " + row.label +
                 (row.is_default ? " [default]" : ""),
             casualty_arithmetic(r, g) + " -> " + std::to_string(g.inflicted) + " inflicted");
    }
    return s;
}

// The modifiers a follow-up test applied, as the test's rows.
std::vector<TestModifier> follow_up_modifiers(const std::vector<TestMod>& mods) {
    std::vector<TestModifier> out;
    for (const TestMod& mod : mods)
        out.push_back({mod.row->id, mod.row->label, mod.row->rule, mod.value});
    return out;
}

// A follow-up test (formation 12.22, pursuit 12.23): dice, modifiers and the row it reached.
void melee_test(Explanation& e, const PreparedMelee& m, const MeleeOutcome& out, int id,
                const json& tables) {
    const PreparedUnit& p = m.units[static_cast<std::size_t>(id)];
    const TestRecord& t = out.units[static_cast<std::size_t>(id)].test;
    const GdbRules& r = *m.rules;
    const bool formation = t.kind == TestKind::formation;
    const std::string kind = formation ? "formation" : "pursuit";
    const std::string& rule = formation ? r.formation_rule : r.pursuit_rule;
    const json& table = member(tables, formation ? "formation_test" : "pursuit_test");
    const json* tp = table.is_object() ? &table : nullptr;
    const auto mods = follow_up_modifiers(formation ? p.formation_mods : p.pursuit_mods);
    Section dice = section(SectionKind::dice, p.unit->name + ": " + kind + " test", rule);
    DiceGroup g = dice_group(p.unit->name, {t.dice[0], t.dice[1]});
    mark_logged_forced(g, out, id, DiePurpose::formation_test, DiePurpose::pursuit_test);
    long long sum = 0;
    for (const TestModifier& mod : mods) sum += mod.value;
    g.total = arithmetic(dice_sum(g), sum, t.total);
    std::vector<std::string> notes;
    if (!formation && t.downgraded) notes.push_back(r.pursuit_superb_downgrade.label);
    if (!formation) notes.push_back(p.pursuit_floor_note);
    for (const auto& n : notes)
        if (!n.empty()) g.note += (g.note.empty() ? "" : "; ") + n;
    dice.dice.push_back(std::move(g));
    e.sections.push_back(std::move(dice));
    if (!mods.empty() || (tp && !items(*tp, "modifiers").empty()))
        e.sections.push_back(test_modifiers(mods, tp, rule));
    Section result =
        section(SectionKind::results, p.unit->name + ": " + kind + " test result", rule);
    if (formation) {
        const std::string row = "class " + words_of(to_string(p.unit->klass)) + " passes on " +
                                std::to_string(t.target) + "+";
        result.results.push_back({row, r.formation_rule, t.passed});
        result.results.push_back(
            {"less than " + std::to_string(t.target) + ": fails, unformed", rule, !t.passed});
        line(result, "outcome", t.passed ? "passed" : "failed");
    } else {
        result = result_table(result.title, rule, tp, t.row->label);
        line(result, "outcome", words(t.row->outcome));
    }
    e.sections.push_back(std::move(result));
}

// Double sixes and generals at risk (12.15).
Section melee_events(const PreparedMelee& m, const MeleeOutcome& out) {
    const GdbRules& r = *m.rules;
    Section s = section(SectionKind::dice, "Melee events",
                        out.events.empty() ? "" : out.events.front().row->rule);
    std::map<int, std::size_t> thrown;  // each unit's event dice explained so far
    for (const EventRecord& x : out.events) {
        const bool six = x.kind == DiePurpose::double_six;
        const std::string& name = m.units[static_cast<std::size_t>(x.unit)].unit->name;
        const std::string general_of =
            x.general_unit >= 0 ? m.units[static_cast<std::size_t>(x.general_unit)].unit->name : "";
        DiceGroup g = dice_group(
            name + (six ? ": rolled a double six"
                        : ": rolled a double, the general of " + general_of + " is at risk"),
            six ? std::vector<int>{x.dice[0]} : std::vector<int>{x.dice[0], x.dice[1]});
        g.note = x.row->label + (r.events_are_default ? " [default]" : "");
        mark_logged_forced(g, out, x.unit, DiePurpose::double_six, DiePurpose::general_at_risk,
                           thrown[x.unit]);
        thrown[x.unit] += g.dice.size();
        s.dice.push_back(std::move(g));
    }
    return s;
}

// The exact odds before the dice were thrown, the actual outcome marked.
Section melee_odds(const PreparedMelee& m, const Decision& d, const MeleeOdds* odds) {
    if (!odds) {
        Section s = section(SectionKind::notes, "Odds", "");
        s.notes.push_back("not recorded for this melee (too many rolling units to enumerate)");
        return s;
    }
    Section s = section(SectionKind::odds, "Odds before the dice (exact)", "GdB 12.6");
    s.denominator = count_to_string(odds->denominator);
    s.sides = {"attacker", "defender"};
    for (const OddsOutcome& x : odds->outcomes) {
        record::Outcome out;
        const std::string winner = winner_name(x.winner);
        const std::string result = result_names()[static_cast<std::size_t>(x.result)];
        out.label = outcome_label(winner, result, x.continues);
        out.count = count_to_string(x.count);
        out.probability = odds->probability(x);
        out.actual = x.winner == d.winner && x.result == d.result && x.continues == d.continues;
        out.rank = outcome_rank(winner, result);
        s.outcomes.push_back(std::move(out));
    }
    line(s, "attacker wins", percent(odds->probability_of_winner(kAttacker)));
    line(s, "defender wins", percent(odds->probability_of_winner(kDefender)));
    line(s, "no winner", percent(odds->probability_of_winner(-1)));
    for (std::size_t id = 0; id < m.units.size(); ++id) {
        char b[32];
        std::snprintf(b, sizeof b, "%.3f", odds->expected_casualties[id]);
        line(s, "expected casualties, " + m.units[id].unit->name, b);
    }
    s.notes.push_back("exact enumeration of every unit's 2D6 (12.6: a side scores its best total)");
    return s;
}

// Whether any row the melee used is our ruling rather than the rules' (its modifiers, applied or
// denied, its follow-up tests' modifiers, its casualty rates, its double-six tables).
bool any_default(const PreparedMelee& m, const MeleeOutcome& out) {
    const GdbRules& r = *m.rules;
    for (std::size_t id = 0; id < m.units.size(); ++id) {
        const PreparedUnit& p = m.units[id];
        for (const AppliedMod& a : p.mods)
            if (r.mod(a.id).is_default) return true;
        for (const DeniedMod& d : p.denied)
            if (r.mod(d.id).is_default) return true;
        const TestRecord& t = out.units[id].test;
        if (t.kind == TestKind::none) continue;
        for (const TestMod& mod : t.kind == TestKind::formation ? p.formation_mods : p.pursuit_mods)
            if (mod.row->is_default) return true;
    }
    for (const CasualtyGroup& g : out.decision->groups)
        if (r.rate(g.rate).is_default) return true;
    return !out.events.empty() && r.events_are_default;
}

}  // namespace
}  // namespace explain

record::Explanation explain_melee(const PreparedMelee& m, const MeleeOutcome& out,
                                  const MeleeOdds* odds, const nlohmann::json& tables) {
    using namespace explain;
    Explanation e;
    e.title = "Melee";
    e.rule = "GdB 12.2-12.20";
    Section situation = section(SectionKind::lines, "Situation", "");
    line(situation, "terrain", words(std::string(to_string(m.setup->terrain))));
    line(situation, "round", m.setup->first_round ? "first round" : "a later round");
    e.sections.push_back(std::move(situation));
    e.sections.push_back(melee_modifiers(m, tables));
    for (int side = 0; side < 2; ++side) e.sections.push_back(side_dice(m, out, side));
    e.sections.push_back(melee_result(m, out, tables));
    if (!out.decision->groups.empty())
        e.sections.push_back(melee_casualties(m, *out.decision, tables));
    e.sections.push_back(melee_status(m, out));
    for (int side = 0; side < 2; ++side)
        for (const int id : m.side_units[static_cast<std::size_t>(side)])
            if (out.units[static_cast<std::size_t>(id)].test.kind != TestKind::none)
                melee_test(e, m, out, id, tables);
    if (!out.events.empty()) e.sections.push_back(melee_events(m, out));
    e.sections.push_back(melee_odds(m, *out.decision, odds));
    if (any_default(m, out)) {
        Section n = section(SectionKind::notes, "Notes", "");
        n.notes.push_back(kDefaultNote);
        e.sections.push_back(std::move(n));
    }
    return e;
}

}  // namespace vedette::sim::gdb

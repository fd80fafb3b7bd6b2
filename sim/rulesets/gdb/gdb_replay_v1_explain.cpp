// Version 1 replays' explanation records (sim/rulesets/gdb/gdb_replay_v1_explain.h): the charge
// phase's records are read into the facts the live engine explains (gdb_explain.h), tolerantly:
// an odd record shows less, it never throws. The melee report is explained from its JSON, section
// by section as gdb_explain_melee.cpp explains a melee the engine resolves; the chapter XII
// report shape is melee_report_json's.

#include "sim/rulesets/gdb/gdb_replay_v1_explain.h"

#include <map>

#include "sim/rulesets/gdb/gdb_explain_parts.h"
#include "sim/rulesets/gdb/melee/melee_report.h"

namespace vedette::sim::gdb::explain_v1 {

using namespace explain;

// The integers of a record's dice list; anything else in it is skipped.
std::vector<int> json_dice(const OJson& dice) {
    std::vector<int> out;
    if (dice.is_array())
        for (const auto& d : dice)
            if (d.is_number_integer()) out.push_back(d.get<int>());
    return out;
}

// A record's list of applied modifiers ({"id", "label", "rule", "value"}, any of them missing).
std::vector<TestModifier> json_modifiers(const OJson& list) {
    std::vector<TestModifier> out;
    if (list.is_array())
        for (const auto& m : list)
            out.push_back({str(m, "id"), str(m, "label"), str(m, "rule"), num(m, "value")});
    return out;
}

// ---- the melee report (chapter XII) ------------------------------------------------------

namespace {

constexpr const char* kSides[2] = {"attacker", "defender"};

std::vector<const OJson*> side_units(const OJson& report, int side) {
    return items(member(report, kSides[side]), "units");
}

// Table 12.17: every row of the data file (then any the record has that the file lacks), lit
// where a unit applied it, one column per side; a row a unit was denied says why.
Section melee_modifiers(const OJson& r, const json& tables) {
    Section s = section(SectionKind::modifiers, "Modifiers (lit: applied)", "GdB 12.17");
    s.columns = {kSides[0], kSides[1]};
    struct Row {
        std::string id, label, rule;
    };
    std::vector<Row> rows;
    auto known = [&rows](const std::string& id) {
        for (const auto& row : rows)
            if (row.id == id) return true;
        return false;
    };
    for (const json* m : items(tables, "melee_modifiers"))
        rows.push_back({str(*m, "id"), str(*m, "label"), str(*m, "rule")});
    for (int side = 0; side < 2; ++side)
        for (const OJson* u : side_units(r, side))
            for (const char* list : {"modifiers", "not_applied"})
                for (const OJson* m : items(*u, list))
                    if (!known(str(*m, "id")))
                        rows.push_back({str(*m, "id"), str(*m, "label"), str(*m, "rule")});
    for (const auto& row : rows) {
        ModifierRow out{row.label, row.rule, {"", ""}, false, ""};
        for (int side = 0; side < 2; ++side)
            for (const OJson* u : side_units(r, side)) {
                for (const OJson* m : items(*u, "modifiers"))
                    if (str(*m, "id") == row.id) {
                        std::string& v = out.values[static_cast<std::size_t>(side)];
                        v += (v.empty() ? "" : ", ") + signed_str(num(*m, "value"));
                        out.lit = true;
                    }
                for (const OJson* m : items(*u, "not_applied"))
                    if (str(*m, "id") == row.id)
                        out.reason += (out.reason.empty() ? "" : "; ") + str(*u, "name") + ": " +
                                      str(*m, "why");
            }
        s.rows.push_back(std::move(out));
    }
    return s;
}

// Marks as forced the dice of `g` that the dice log gives as forced: `unit`'s entries whose
// purpose starts with `a` or `b`, the `skip` first of them passed over, in order.
void mark_logged(DiceGroup& g, const OJson& r, const std::string& unit, const std::string& a,
                 const std::string& b, std::size_t skip = 0) {
    std::size_t next = 0;
    for (const OJson* entry : items(r, "dice_log")) {
        const std::string purpose = str(*entry, "purpose");
        if (str(*entry, "unit") != unit || (purpose.rfind(a, 0) != 0 && purpose.rfind(b, 0) != 0))
            continue;
        if (next >= skip && next - skip < g.dice.size() && flag(*entry, "forced")) {
            g.dice[next - skip].forced = true;
            if (g.dice[next - skip].mark.empty()) g.dice[next - skip].mark = "forced";
        }
        ++next;
    }
}

// Marks the dice the scenario forced (the dice log says which) and the sapper's re-roll.
void mark_dice(DiceGroup& g, const OJson& r, const OJson& u) {
    std::size_t next = 0;
    for (const OJson* entry : items(r, "dice_log")) {
        if (str(*entry, "unit") != str(u, "name") ||
            str(*entry, "purpose").rfind("melee 2D6", 0) != 0)
            continue;
        if (next < g.dice.size() && flag(*entry, "forced")) {
            g.dice[next].mark = "forced";
            g.dice[next].forced = true;
        }
        ++next;
    }
    const OJson& sapper = member(u, "sapper");
    if (sapper.is_object())
        for (auto& die : g.dice)
            if (die.value == num(sapper, "into") && die.mark.empty()) {
                die.mark = "rerolled";
                for (const OJson* entry : items(r, "dice_log"))
                    if (str(*entry, "unit") == str(u, "name") &&
                        str(*entry, "purpose").rfind("sapper", 0) == 0 && flag(*entry, "forced"))
                        die.forced = true;
                break;
            }
}

std::string unit_label(const OJson& u) {
    std::string s = str(u, "name") + " (" + words(str(u, "type")) + ", " + words(str(u, "class")) +
                    ", " + words(str(u, "formation")) + "): " + std::to_string(num(u, "figures")) +
                    " figures";
    if (has(u, "fighting_figures"))
        s += ", " + std::to_string(num(u, "fighting_figures")) + " fighting";
    return s;
}

// One side: its score, and each unit's dice with the arithmetic (or why it does not roll).
Section side_dice(const OJson& r, int side) {
    const OJson& s = member(r, kSides[side]);
    const OJson& score = member(s, "score");
    Section out = section(SectionKind::dice,
                          capitalised(kSides[side]) + ": " +
                              (score.is_number() ? "score " + std::to_string(score.get<long long>())
                                                 : std::string("no dice")),
                          "GdB 12.2, 12.6");
    for (const OJson* u : side_units(r, side)) {
        DiceGroup g = dice_group(unit_label(*u), json_dice(member(*u, "dice")));
        mark_dice(g, r, *u);
        std::vector<std::string> notes;
        if (!g.dice.empty() && member(*u, "total").is_number())
            g.total = arithmetic(dice_sum(g), num(*u, "modifier_total"), num(*u, "total"));
        else
            notes.push_back("does not roll (" + words(str(*u, "fate")) +
                            (str(*u, "fate_note").empty() ? "" : ": " + str(*u, "fate_note")) +
                            ")");
        if (!str(*u, "counts_as").empty())
            notes.push_back("counts as " + words(str(*u, "counts_as")));
        if (!str(*u, "figures_note").empty()) notes.push_back(str(*u, "figures_note"));
        const OJson& sapper = member(*u, "sapper");
        if (sapper.is_object())
            notes.push_back("the sapper re-rolled a " + std::to_string(num(sapper, "rerolled")) +
                            " into " + std::to_string(num(sapper, "into")) + " (" +
                            str(sapper, "rule") + ")");
        for (const auto& n : notes) g.note += (g.note.empty() ? "" : "; ") + n;
        out.dice.push_back(std::move(g));
    }
    if (side_units(r, side).size() > 1 && !str(s, "best_unit").empty())
        line(out, "best unit (scores for the side)", str(s, "best_unit"));
    return out;
}

// Table 12.18 with the row that applied lit, and what followed from it.
Section melee_result(const OJson& r, const json& tables) {
    const json& table = member(tables, "melee_results");
    const OJson& row = member(r, "result_row");
    const std::string rule = !str(row, "rule").empty() ? str(row, "rule") : str(table, "rule");
    Section s =
        result_table("Result", rule, table.is_object() ? &table : nullptr, str(row, "label"));
    const OJson& a = member(member(r, kSides[0]), "score");
    const OJson& d = member(member(r, kSides[1]), "score");
    if (a.is_number() && d.is_number())
        line(s, "scores",
             "attacker " + std::to_string(a.get<long long>()) + " - defender " +
                 std::to_string(d.get<long long>()) + " = " +
                 std::to_string(num(r, "attacker_minus_defender")));
    line(s, "winner", str(r, "winner"));
    line(s, "difference", std::to_string(num(r, "difference")));
    line(s, "result", words(str(r, "result")));
    if (!str(row, "table_result").empty() && str(row, "table_result") != str(r, "result"))
        line(s, "table result", words(str(row, "table_result")));
    line(s, "continues", flag(r, "continues") ? "yes: the melee continues next turn" : "no");
    if (!str(r, "explanation").empty()) line(s, "why", str(r, "explanation"));
    const OJson& numbers = member(r, "numbers");
    if (numbers.is_object()) line(s, "numbers", str(numbers, "unit") + ": " + str(numbers, "note"));
    return s;
}

// Each unit's losses and its status before and after, and the bonus moves it earned.
Section melee_status(const OJson& r) {
    Section s = section(SectionKind::lines, "Casualties and status", "GdB 12.19");
    for (int side = 0; side < 2; ++side)
        for (const OJson* u : side_units(r, side)) {
            std::string v = "loses " + std::to_string(num(*u, "casualties")) + ": " +
                            std::to_string(num(*u, "figures")) + " -> " +
                            std::to_string(num(*u, "figures_after")) + " figures; " +
                            words(str(*u, "status_before")) + " -> " +
                            words(str(*u, "status_after"));
            if (!str(*u, "status_note").empty()) v += ": " + str(*u, "status_note");
            line(s, str(*u, "name"), v);
            for (const OJson* b : items(*u, "bonus_moves"))
                line(s, str(*u, "name"),
                     "bonus move: " + str(*b, "label") + " (" + str(*b, "rule") + ")");
        }
    return s;
}

// Table 12.20 with the rates used lit, and the arithmetic of each.
Section melee_casualties(const OJson& r, const json& tables) {
    const json& table = member(tables, "casualties");
    const auto used = items(r, "casualty_rows");
    std::string rule = str(table, "rule");
    if (rule.empty() && !used.empty()) rule = str(*used.front(), "rule");
    Section s = section(SectionKind::results, "Casualties", rule);
    auto rate = [](const std::string& label, long long per) {
        return label + ": 1 per " + std::to_string(per);
    };
    std::vector<bool> shown(used.size(), false);
    for (const json* row : items(table, "rows")) {
        ResultRow out{rate(str(*row, "label"), num(*row, "per")), "", false};
        for (std::size_t i = 0; i < used.size(); ++i)
            if (str(*used[i], "row") == str(*row, "id")) out.lit = shown[i] = true;
        s.results.push_back(std::move(out));
    }
    for (std::size_t i = 0; i < used.size(); ++i) {
        const OJson& c = *used[i];
        if (!shown[i])
            s.results.push_back({rate(str(c, "label"), num(c, "per")), str(c, "rule"), true});
        line(s,
             str(c, "inflicting") + ": " + str(c, "label") +
                 (str(c, "source") == "default" ? " [default]" : ""),
             str(c, "arithmetic") + " -> " + std::to_string(num(c, "inflicted")) + " inflicted");
    }
    return s;
}

// A follow-up test (formation 12.22, pursuit 12.23): dice, modifiers and the row it reached.
void melee_test(Explanation& e, const OJson& r, const OJson& u, const OJson& t,
                const json& tables) {
    const std::string kind = str(t, "kind");
    const std::string rule = str(t, "rule");
    const json& table = member(tables, kind == "formation" ? "formation_test" : "pursuit_test");
    const json* tp = table.is_object() ? &table : nullptr;
    Section dice = section(SectionKind::dice, str(u, "name") + ": " + kind + " test", rule);
    DiceGroup g = dice_group(str(u, "name"), json_dice(member(t, "dice")));
    mark_logged(g, r, str(u, "name"), "formation test", "pursuit test");
    long long mods = 0;
    for (const OJson* m : items(t, "modifiers")) mods += num(*m, "value");
    g.total = arithmetic(dice_sum(g), mods, num(t, "total"));
    for (const char* key : {"note", "penalty_note"})
        if (!str(t, key).empty()) g.note += (g.note.empty() ? "" : "; ") + str(t, key);
    dice.dice.push_back(std::move(g));
    e.sections.push_back(std::move(dice));
    if (!items(t, "modifiers").empty() || (tp && !items(*tp, "modifiers").empty()))
        e.sections.push_back(test_modifiers(json_modifiers(member(t, "modifiers")), tp, rule));
    const std::string row = str(member(t, "row"), "label");
    Section result =
        section(SectionKind::results, str(u, "name") + ": " + kind + " test result", rule);
    if (kind == "formation") {
        const bool passed = str(t, "outcome") == "passed";
        result.results.push_back({row, str(member(t, "row"), "rule"), passed});
        result.results.push_back(
            {"less than " + std::to_string(num(t, "target")) + ": fails, unformed", rule, !passed});
    } else {
        result = result_table(result.title, rule, tp, row);
    }
    line(result, "outcome", words(str(t, "outcome")));
    e.sections.push_back(std::move(result));
}

// Double sixes and generals at risk (12.15).
Section melee_events(const OJson& r) {
    const auto events = items(r, "events");
    Section s =
        section(SectionKind::dice, "Melee events", events.empty() ? "" : str(*events[0], "rule"));
    std::map<std::string, std::size_t> thrown;  // each unit's event dice explained so far
    for (const OJson* x : events) {
        const bool six = str(*x, "kind") == "double_six";
        DiceGroup g =
            dice_group(str(*x, "unit") + (six ? ": rolled a double six"
                                              : ": rolled a double, the general of " +
                                                    str(*x, "general_of") + " is at risk"),
                       json_dice(member(*x, "dice")));
        g.note = str(*x, "label") + (str(*x, "source") == "default" ? " [default]" : "");
        mark_logged(g, r, str(*x, "unit"), "double-six", "general at risk",
                    thrown[str(*x, "unit")]);
        thrown[str(*x, "unit")] += g.dice.size();
        s.dice.push_back(std::move(g));
    }
    return s;
}

// The exact odds before the dice were thrown, the actual outcome marked.
Section melee_odds(const OJson& r) {
    const OJson& o = member(r, "odds");
    if (!o.is_object()) {
        Section s = section(SectionKind::notes, "Odds", "");
        s.notes.push_back("not recorded for this melee (too many rolling units to enumerate)");
        return s;
    }
    Section s = section(SectionKind::odds, "Odds before the dice (exact)", "GdB 12.6");
    s.denominator = str(o, "denominator");
    s.sides = {"attacker", "defender"};
    for (const OJson* x : items(o, "outcomes")) {
        record::Outcome out;
        const std::string winner = str(*x, "winner");
        out.label = outcome_label(winner, str(*x, "result"), flag(*x, "continues"));
        out.count = str(*x, "count");
        const OJson& p = member(*x, "probability");
        out.probability = p.is_number() ? p.get<double>() : 0.0;
        out.actual = winner == str(r, "winner") && str(*x, "result") == str(r, "result") &&
                     flag(*x, "continues") == flag(r, "continues");
        out.rank = outcome_rank(winner, str(*x, "result"));
        s.outcomes.push_back(std::move(out));
    }
    for (const char* key : {"attacker_wins", "defender_wins", "no_winner"}) {
        const OJson& p = member(o, key);
        if (p.is_number()) line(s, words(key), percent(p.get<double>()));
    }
    for (const OJson* c : items(o, "expected_casualties")) {
        const OJson& x = member(*c, "expected");
        char b[32];
        std::snprintf(b, sizeof b, "%.3f", x.is_number() ? x.get<double>() : 0.0);
        line(s, "expected casualties, " + str(*c, "name"), b);
    }
    if (!str(o, "method").empty()) s.notes.push_back(str(o, "method"));
    return s;
}

bool any_default(const OJson& j) {
    if (j.is_object()) {
        if (str(j, "source") == "default") return true;
        for (const auto& x : j)
            if (any_default(x)) return true;
    } else if (j.is_array()) {
        for (const auto& x : j)
            if (any_default(x)) return true;
    }
    return false;
}

// The melee report's sections, in the order of the typed melee explanation.
Explanation melee_report_explanation(const OJson& report, const json& tables) {
    Explanation e;
    e.title = "Melee";
    e.rule = "GdB 12.2-12.20";
    Section situation = section(SectionKind::lines, "Situation", "");
    line(situation, "terrain", words(str(report, "terrain")));
    line(situation, "round", flag(report, "first_round") ? "first round" : "a later round");
    e.sections.push_back(std::move(situation));
    e.sections.push_back(melee_modifiers(report, tables));
    for (int side = 0; side < 2; ++side) e.sections.push_back(side_dice(report, side));
    e.sections.push_back(melee_result(report, tables));
    if (!items(report, "casualty_rows").empty())
        e.sections.push_back(melee_casualties(report, tables));
    e.sections.push_back(melee_status(report));
    for (int side = 0; side < 2; ++side)
        for (const OJson* u : side_units(report, side))
            for (const OJson* t : items(*u, "tests")) melee_test(e, report, *u, *t, tables);
    if (!items(report, "events").empty()) e.sections.push_back(melee_events(report));
    e.sections.push_back(melee_odds(report));
    if (any_default(report)) {
        Section n = section(SectionKind::notes, "Notes", "");
        n.notes.push_back(kDefaultNote);
        e.sections.push_back(std::move(n));
    }
    return e;
}

// ---- charge-phase records ----------------------------------------------------------------

// Dice read against a table: morale tests ("test", "modifiers", "total", "row", "result"), the
// closing volley ("bonus", "figures") and emergency limbering (one die and a row). The table is
// the test's, else the one whose rows hold the record's row.
Explanation roll_record(const std::string& kind, const std::string& rule, const OJson& d,
                        const json& tables) {
    RollFacts roll;
    roll.test = str(d, "test");
    roll.rule = str(d, "rule");
    roll.dice = json_dice(member(d, "dice"));
    if (has(d, "modifiers")) roll.modifiers = json_modifiers(member(d, "modifiers"));
    if (has(d, "bonus")) roll.bonus = num(d, "bonus");
    if (has(d, "total")) roll.total = num(d, "total");
    roll.row = str(d, "row");
    roll.result = str(d, "result");
    if (has(d, "figures")) roll.figures_lost = num(d, "figures");
    roll.is_default = str(d, "source") == "default";
    const json& battle = member(tables, "battle");
    std::pair<const json*, std::string> table{nullptr, ""};
    if (!roll.test.empty() && member(battle, roll.test.c_str()).is_object())
        table = {&member(battle, roll.test.c_str()), roll.test};
    else
        table = table_with_row(tables, roll.row);
    const std::string what = words(!roll.test.empty()      ? roll.test
                                   : !table.second.empty() ? table.second
                                                           : kind);
    return explain_roll_against(roll, what, table.first, rule);
}

// A charge declared or refused: the checks of the declaration.
Explanation declaration_record(const std::string& kind, const std::string& rule, const OJson& d) {
    DeclarationFacts checks;
    checks.distance_mm = num(d, "distance_mm");
    checks.charge_move_mm = num(d, "charge_move_mm");
    if (has(d, "command_distance_mm"))
        checks.command =
            DeclarationFacts::Command{num(d, "command_distance_mm"), num(d, "command_radius_mm")};
    checks.visible = flag(d, "visible");
    checks.in_sector = flag(d, "in_sector");
    return explain_declaration(kind, rule, checks);
}

// A formation change begun when charged: does it finish before contact?
Explanation formation_change_record(const std::string& kind, const std::string& rule,
                                    const OJson& d, const json& tables) {
    FormationChangeFacts change;
    change.percent = num(d, "percent");
    change.needed_mm = num(d, "needed_mm");
    change.distance_mm = num(d, "distance_mm");
    change.completes = flag(d, "completes");
    change.is_default = str(d, "source") == "default";
    return explain_formation_change(kind, rule, change, tables);
}

// A record of a shape this file does not know: its plain members as lines.
Explanation plain_record(const std::string& kind, const std::string& rule, const OJson& d) {
    Explanation e;
    e.title = capitalised(words(kind));
    e.rule = rule;
    Section s = section(SectionKind::lines, "Details", rule);
    for (auto it = d.begin(); it != d.end(); ++it)
        if (it->is_primitive())
            line(s, words(it.key()), it->is_string() ? it->get<std::string>() : it->dump());
    if (!s.lines.empty()) e.sections.push_back(std::move(s));
    return e;
}

}  // namespace
}  // namespace vedette::sim::gdb::explain_v1

namespace vedette::sim::gdb {

std::optional<record::Explanation> explain_v1_details(const std::string& kind,
                                                      const std::string& rule,
                                                      const nlohmann::ordered_json& details,
                                                      const nlohmann::json& tables) {
    using namespace explain_v1;
    if (!details.is_object() || details.empty()) return std::nullopt;
    if (has(details, "attacker") && has(details, "defender")) {
        Explanation e = melee_report_explanation(details, tables);
        if (!rule.empty()) e.rule = rule;
        return e;
    }
    if (has(details, "dice") && has(details, "row"))
        return roll_record(kind, rule, details, tables);
    if (has(details, "needed_mm")) return formation_change_record(kind, rule, details, tables);
    if (has(details, "distance_mm") && has(details, "charge_move_mm"))
        return declaration_record(kind, rule, details);
    Explanation e = plain_record(kind, rule, details);
    if (e.sections.empty()) return std::nullopt;
    return e;
}

record::Explanation explain_v1_melee_report(const nlohmann::ordered_json& report,
                                            const nlohmann::json& tables) {
    return explain_v1::melee_report_explanation(report, tables);
}

}  // namespace vedette::sim::gdb

// GdB's explanation records (an event's untyped `details`, the melee report) as typed
// explanations. The shapes come from the battle engine (sim/rulesets/gdb/battle: charge
// declarations, morale tests, closing volleys, formation changes, emergency limbering) and from
// melee_report_json; the full tables (12.17 modifiers, 12.18 results, 12.20 rates, the test
// tables) come from the ruleset data file so that rows that did not apply are shown dimmed.
// Shapes are recognised by their fields, not by the event kind: the same test record is written
// under several kinds.

#include "sim/rulesets/gdb/gdb_explain.h"

#include "sim/rulesets/gdb/gdb_explain_parts.h"

namespace vedette::sim::gdb {

namespace explain {
namespace {

// ---- charge-phase records ----------------------------------------------------------------

// Dice read against a table: morale tests ("test", "modifiers", "total", "row", "result"),
// the closing volley ("bonus", "figures") and emergency limbering (one die and a row).
Explanation explain_roll(const std::string& kind, const std::string& rule, const OJson& d,
                         const json& tables) {
    const std::string test = str(d, "test");
    const std::string row = str(d, "row");
    const json& battle = member(tables, "battle");
    std::pair<const json*, std::string> table{nullptr, ""};
    if (!test.empty() && member(battle, test.c_str()).is_object())
        table = {&member(battle, test.c_str()), test};
    else
        table = table_with_row(tables, row);
    const std::string what = words(!test.empty()           ? test
                                   : !table.second.empty() ? table.second
                                                           : kind);
    Explanation e;
    e.title = capitalised(what);
    e.rule = !str(d, "rule").empty() ? str(d, "rule") : rule;

    Section dice = section(SectionKind::dice, "Dice", e.rule);
    DiceGroup g = dice_group(what, member(d, "dice"));
    if (has(d, "total")) {
        long long mods = 0;
        std::string mods_word = "modifiers";
        if (has(d, "modifiers")) {
            for (const OJson* m : items(d, "modifiers")) mods += num(*m, "value");
        } else if (has(d, "bonus")) {
            mods = num(d, "bonus");
            mods_word = "bonus";
        }
        g.total = arithmetic(dice_sum(g), mods, num(d, "total"), mods_word);
    }
    dice.dice.push_back(std::move(g));
    e.sections.push_back(std::move(dice));

    if (has(d, "modifiers") || (table.first && !items(*table.first, "modifiers").empty()))
        e.sections.push_back(test_modifiers(member(d, "modifiers"), table.first, e.rule));
    Section result = result_table("Result", e.rule, table.first, row);
    if (!str(d, "result").empty()) line(result, "result", words(str(d, "result")));
    if (has(d, "figures")) line(result, "figures lost", std::to_string(num(d, "figures")));
    e.sections.push_back(std::move(result));
    default_notes(e, d, table.first);
    return e;
}

// A charge declared or refused: the checks of the declaration.
Explanation explain_declaration(const std::string& kind, const std::string& rule, const OJson& d) {
    Explanation e;
    e.title = capitalised(words(kind));
    e.rule = rule;
    Section s = section(SectionKind::lines, "Declaration", rule);
    const long long distance = num(d, "distance_mm"), move = num(d, "charge_move_mm");
    line(s, "distance", cm(distance));
    line(s, "charge move", cm(move));
    line(s, "in reach", distance <= move ? "yes" : "no: out of range");
    if (has(d, "command_distance_mm")) {
        const long long general = num(d, "command_distance_mm");
        const long long radius = num(d, "command_radius_mm");
        line(s, "general", cm(general) + " away");
        line(s, "command radius", cm(radius) + (general <= radius ? " (within)" : " (outside)"));
    }
    line(s, "target", flag(d, "visible") ? "visible" : "not visible");
    line(s, "sector",
         flag(d, "in_sector") ? "within the 22-degree sector" : "outside the 22-degree sector");
    e.sections.push_back(std::move(s));
    return e;
}

// A formation change begun when charged: does it finish before contact?
Explanation explain_formation_change(const std::string& kind, const std::string& rule,
                                     const OJson& d, const json& tables) {
    const json& table = member(member(tables, "battle"), "formation_change");
    Explanation e;
    e.title = capitalised(words(kind));
    e.rule = rule;
    Section s = section(SectionKind::lines, "Time to change formation", rule);
    line(s, "needed",
         std::to_string(num(d, "percent")) + "% of the charger's charge move, " +
             cm(num(d, "needed_mm")));
    line(s, "charger's distance", cm(num(d, "distance_mm")));
    line(s, "outcome",
         flag(d, "completes") ? "complete before contact" : "caught changing formation (unformed)");
    e.sections.push_back(std::move(s));
    default_notes(e, d, table.is_object() ? &table : nullptr);
    return e;
}

// A record of a shape this file does not know: its plain members as lines.
Explanation explain_plain(const std::string& kind, const std::string& rule, const OJson& d) {
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
}  // namespace explain

using namespace explain;

std::optional<Explanation> explain_event(const std::string& kind, const std::string& rule,
                                         const OJson& details, const json& tables) {
    if (!details.is_object() || details.empty()) return std::nullopt;
    if (has(details, "attacker") && has(details, "defender")) {
        Explanation e = explain_melee_report(details, tables);
        if (!rule.empty()) e.rule = rule;
        return e;
    }
    if (has(details, "dice") && has(details, "row"))
        return explain_roll(kind, rule, details, tables);
    if (has(details, "needed_mm")) return explain_formation_change(kind, rule, details, tables);
    if (has(details, "distance_mm") && has(details, "charge_move_mm"))
        return explain_declaration(kind, rule, details);
    Explanation e = explain_plain(kind, rule, details);
    if (e.sections.empty()) return std::nullopt;
    return e;
}

Explanation explain_melee_report(const OJson& report, const json& tables) {
    return melee_explanation(report, tables);
}

}  // namespace vedette::sim::gdb

// The charge phase explained from what the battle engine decided (sim/rulesets/gdb/battle: charge
// declarations, morale tests, closing volleys, formation changes, emergency limbering); the full
// tables (the test tables, the closing fire table) come from the ruleset data file so that rows
// that did not apply are shown dimmed.

#include "sim/rulesets/gdb/gdb_explain.h"

#include "sim/rulesets/gdb/gdb_explain_parts.h"

namespace vedette::sim::gdb {

namespace explain {

Explanation explain_roll_against(const RollFacts& d, const std::string& what, const json* table,
                                 const std::string& rule) {
    Explanation e;
    e.title = capitalised(what);
    e.rule = !d.rule.empty() ? d.rule : rule;

    Section dice = section(SectionKind::dice, "Dice", e.rule);
    DiceGroup g = dice_group(what, d.dice);
    mark_forced(g, d.forced);
    if (d.total) {
        long long mods = 0;
        std::string mods_word = "modifiers";
        if (d.modifiers) {
            for (const TestModifier& m : *d.modifiers) mods += m.value;
        } else if (d.bonus) {
            mods = *d.bonus;
            mods_word = "bonus";
        }
        g.total = arithmetic(dice_sum(g), mods, *d.total, mods_word);
    }
    dice.dice.push_back(std::move(g));
    e.sections.push_back(std::move(dice));

    if (d.modifiers || (table && !items(*table, "modifiers").empty()))
        e.sections.push_back(
            test_modifiers(d.modifiers.value_or(std::vector<TestModifier>{}), table, e.rule));
    Section result = result_table("Result", e.rule, table, d.row);
    if (!d.result.empty()) line(result, "result", words(d.result));
    if (d.figures_lost) line(result, "figures lost", std::to_string(*d.figures_lost));
    e.sections.push_back(std::move(result));
    default_notes(e, d.is_default, table);
    return e;
}

}  // namespace explain

using namespace explain;

Explanation explain_roll(const RollFacts& roll, const std::string& rule, const json& tables) {
    const json& table = member(member(tables, "battle"), roll.table.c_str());
    const json* table_or_none = !roll.table.empty() && table.is_object() ? &table : nullptr;
    return explain_roll_against(roll, words(!roll.test.empty() ? roll.test : roll.table),
                                table_or_none, rule);
}

// The checks of the declaration, in the order the seed makes them.
Explanation explain_declaration(const std::string& kind, const std::string& rule,
                                const DeclarationFacts& d) {
    Explanation e;
    e.title = capitalised(words(kind));
    e.rule = rule;
    Section s = section(SectionKind::lines, "Declaration", rule);
    line(s, "distance", cm(d.distance_mm));
    line(s, "charge move", cm(d.charge_move_mm));
    line(s, "in reach", d.distance_mm <= d.charge_move_mm ? "yes" : "no: out of range");
    if (d.command) {
        const long long general = d.command->distance_mm, radius = d.command->radius_mm;
        line(s, "general", cm(general) + " away");
        line(s, "command radius", cm(radius) + (general <= radius ? " (within)" : " (outside)"));
    }
    line(s, "target", d.visible ? "visible" : "not visible");
    line(s, "sector", d.in_sector ? "within the 22-degree sector" : "outside the 22-degree sector");
    e.sections.push_back(std::move(s));
    return e;
}

// Does the change finish before contact?
Explanation explain_formation_change(const std::string& kind, const std::string& rule,
                                     const FormationChangeFacts& d, const json& tables) {
    const json& table = member(member(tables, "battle"), "formation_change");
    Explanation e;
    e.title = capitalised(words(kind));
    e.rule = rule;
    Section s = section(SectionKind::lines, "Time to change formation", rule);
    line(s, "needed",
         std::to_string(d.percent) + "% of the charger's charge move, " + cm(d.needed_mm));
    line(s, "charger's distance", cm(d.distance_mm));
    line(s, "outcome",
         d.completes ? "complete before contact" : "caught changing formation (unformed)");
    e.sections.push_back(std::move(s));
    default_notes(e, d.is_default, table.is_object() ? &table : nullptr);
    return e;
}

}  // namespace vedette::sim::gdb

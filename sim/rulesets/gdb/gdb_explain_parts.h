#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// The pieces the GdB explanations are built from (gdb_explain.cpp: the charge phase;
// gdb_explain_melee.cpp: the chapter XII melee; gdb_replay_v1_explain.cpp: the untyped records of
// version 1 replays): tolerant readers of JSON (the tables of gdb.json, the version 1 records),
// section builders and the lookups into the tables. Internal to the GdB plug-in.

#include <cstdio>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/record/explanation.h"
#include "sim/rulesets/gdb/gdb_explain.h"

namespace vedette::sim::gdb::explain {

using nlohmann::json;
using OJson = nlohmann::ordered_json;
using record::DiceGroup;
using record::Explanation;
using record::ModifierRow;
using record::ResultRow;
using record::Section;
using record::SectionKind;

// Tolerant readers: an explanation never throws on an odd table or record, it shows less.
template <class J>
const J* find(const J& j, const char* key) {
    if (!j.is_object()) return nullptr;
    const auto it = j.find(key);
    return it == j.end() ? nullptr : &*it;
}
template <class J>
std::string str(const J& j, const char* key) {
    const J* v = find(j, key);
    return v && v->is_string() ? v->template get<std::string>() : std::string();
}
template <class J>
long long num(const J& j, const char* key, long long fallback = 0) {
    const J* v = find(j, key);
    return v && v->is_number() ? v->template get<long long>() : fallback;
}
template <class J>
bool flag(const J& j, const char* key) {
    const J* v = find(j, key);
    return v && v->is_boolean() && v->template get<bool>();
}
template <class J>
bool has(const J& j, const char* key) {
    return find(j, key) != nullptr;
}
template <class J>
const J& member(const J& j, const char* key) {
    static const J empty;
    const J* v = find(j, key);
    return v ? *v : empty;
}
// The elements of j[key] when it is an array (an empty list otherwise).
template <class J>
std::vector<const J*> items(const J& j, const char* key) {
    std::vector<const J*> out;
    const J& a = member(j, key);
    if (a.is_array())
        for (const auto& x : a) out.push_back(&x);
    return out;
}

inline std::string signed_str(long long v) {
    std::string out = v >= 0 ? "+" : "";
    out += std::to_string(v);
    return out;
}

// Millimetres as the battle engine's texts write them: "22.5 cm", "36 cm".
inline std::string cm(long long mm) {
    const std::string sign = mm < 0 ? "-" : "";
    const long long a = mm < 0 ? -mm : mm;
    const std::string whole = sign + std::to_string(a / 10);
    return a % 10 == 0 ? whole + " cm" : whole + "." + std::to_string(a % 10) + " cm";
}

inline std::string percent(double p) {
    char b[32];
    std::snprintf(b, sizeof b, "%.1f%%", 100.0 * p);
    return b;
}

// "charge_test" -> "charge test"; "pushed_back" -> "pushed back".
inline std::string words(std::string id) {
    for (char& c : id)
        if (c == '_') c = ' ';
    return id;
}
inline std::string capitalised(std::string s) {
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
}

// The arithmetic that follows the dice: "12 + modifiers +7 = total 19".
inline std::string arithmetic(long long dice_sum, long long modifiers, long long total,
                              const std::string& what = "modifiers") {
    return std::to_string(dice_sum) + " + " + what + " " + signed_str(modifiers) + " = total " +
           std::to_string(total);
}

inline DiceGroup dice_group(const std::string& label, const std::vector<int>& dice) {
    DiceGroup g;
    g.label = label;
    for (const int d : dice) g.dice.push_back({d, ""});
    return g;
}
// The first `n` dice of `g` were set by the scenario.
inline void mark_forced(DiceGroup& g, int n) {
    for (std::size_t i = 0; i < g.dice.size() && static_cast<int>(i) < n; ++i) {
        g.dice[i].forced = true;
        if (g.dice[i].mark.empty()) g.dice[i].mark = "forced";
    }
}
inline long long dice_sum(const DiceGroup& g) {
    long long s = 0;
    for (const auto& d : g.dice) s += d.value;
    return s;
}

inline void line(Section& s, std::string key, std::string value) {
    s.lines.push_back({std::move(key), std::move(value)});
}

// Rows marked "source": "default" are our rulings where the rules give no table.
inline constexpr const char* kDefaultNote =
    "[default]: our ruling where the rules give no table (docs/RULES_GDB.md)";

// ---- tables of the data file -------------------------------------------------------------

// The table of the data file whose rows hold `label`, and its key: the charge-phase tables sit
// under "battle", the melee's follow-up tables at the top level.
inline std::pair<const json*, std::string> table_with_row(const json& tables,
                                                          const std::string& label) {
    for (const json* group : {&member(tables, "battle"), &tables}) {
        if (!group->is_object() || label.empty()) continue;
        for (auto it = group->begin(); it != group->end(); ++it)
            for (const json* row : items(*it, "rows"))
                if (str(*row, "label") == label) return {&*it, it.key()};
    }
    return {nullptr, ""};
}

// A result table with the row labelled `lit_label` lit; a row the table lacks is added lit, so
// the row that applied is always there.
inline Section result_table(const std::string& title, const std::string& rule, const json* table,
                            const std::string& lit_label) {
    Section s = section(SectionKind::results, title, rule);
    bool found = false;
    if (table)
        for (const json* row : items(*table, "rows")) {
            ResultRow r{str(*row, "label"), str(*row, "rule"), false};
            r.lit = !lit_label.empty() && r.label == lit_label;
            found = found || r.lit;
            s.results.push_back(std::move(r));
        }
    if (!found && !lit_label.empty()) s.results.push_back({lit_label, rule, true});
    return s;
}

// A test's modifiers, one column: the rows the table lacks that the test applied (the class
// modifier) first, then the table's rows, lit with their value where the test applied them.
inline Section test_modifiers(const std::vector<TestModifier>& applied, const json* table,
                              const std::string& rule) {
    Section s = section(SectionKind::modifiers, "Modifiers (lit: applied)", rule);
    s.columns = {"value"};
    const std::vector<const json*> rows =
        table ? items(*table, "modifiers") : std::vector<const json*>{};
    auto same = [](const TestModifier& m, const json& row) {
        return (!m.id.empty() && m.id == str(row, "id")) || m.label == str(row, "label");
    };
    for (const TestModifier& m : applied) {
        bool known = false;
        for (const json* row : rows) known = known || same(m, *row);
        if (!known) s.rows.push_back({m.label, m.rule, {signed_str(m.value)}, true, ""});
    }
    for (const json* row : rows) {
        ModifierRow r{str(*row, "label"), str(*row, "rule"), {""}, false, ""};
        for (const TestModifier& m : applied)
            if (same(m, *row)) {
                r.values[0] = signed_str(m.value);
                r.lit = true;
                if (!m.rule.empty()) r.rule = m.rule;
            }
        s.rows.push_back(std::move(r));
    }
    return s;
}

// The notes under a test: [default] when the record or its table is our ruling, and the table's
// own note.
inline void default_notes(Explanation& e, bool record_is_default, const json* table) {
    Section n = section(SectionKind::notes, "Notes", "");
    if (record_is_default || (table && str(*table, "source") == "default"))
        n.notes.push_back(kDefaultNote);
    if (table && !str(*table, "note").empty()) n.notes.push_back(str(*table, "note"));
    if (!n.notes.empty()) e.sections.push_back(std::move(n));
}

// Dice read against `table` (null when the data file has none), titled by `what` ("charge
// test", "closing fire"); `rule` is the event's, cited where the roll names none.
Explanation explain_roll_against(const RollFacts& d, const std::string& what, const json* table,
                                 const std::string& rule);

// How good an outcome is for the attacker, for the luck meter: a win by how much befalls the
// loser (pushed back or a square holding 1, a retreat 2, broken 3, dispersed or removed 4), a
// defender's win the same below zero, a draw 0.
inline int outcome_rank(const std::string& winner, const std::string& result) {
    if (winner != "attacker" && winner != "defender") return 0;
    const int severity = result == "retreat"                            ? 2
                         : result == "broken"                           ? 3
                         : result == "dispersed" || result == "removed" ? 4
                                                                        : 1;
    return winner == "attacker" ? severity : -severity;
}

}  // namespace vedette::sim::gdb::explain

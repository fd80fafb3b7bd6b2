#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// The pieces the GdB explanations are built from (gdb_explain.cpp: charge-phase records;
// gdb_explain_melee.cpp: the chapter XII melee report): tolerant readers of the untyped records,
// section builders and the lookups into the tables of gdb.json. Internal to the GdB plug-in.

#include <cstdio>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/record/explanation.h"

namespace vedette::sim::gdb::explain {

using nlohmann::json;
using OJson = nlohmann::ordered_json;
using record::DiceGroup;
using record::Explanation;
using record::ModifierRow;
using record::ResultRow;
using record::Section;
using record::SectionKind;

// Tolerant readers: an explanation never throws on an odd record, it shows less.
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

inline DiceGroup dice_group(const std::string& label, const OJson& dice) {
    DiceGroup g;
    g.label = label;
    if (dice.is_array())
        for (const auto& d : dice)
            if (d.is_number_integer()) g.dice.push_back({d.get<int>(), ""});
    return g;
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

// A test's modifiers, one column: the rows the table lacks that the record applied (the class
// modifier) first, then the table's rows, lit with their value where the record applied them.
inline Section test_modifiers(const OJson& applied, const json* table, const std::string& rule) {
    Section s = section(SectionKind::modifiers, "Modifiers (lit: applied)", rule);
    s.columns = {"value"};
    const std::vector<const json*> rows =
        table ? items(*table, "modifiers") : std::vector<const json*>{};
    auto same = [](const OJson& m, const json& row) {
        const std::string id = str(m, "id");
        return (!id.empty() && id == str(row, "id")) || str(m, "label") == str(row, "label");
    };
    std::vector<const OJson*> list;
    if (applied.is_array())
        for (const auto& m : applied) list.push_back(&m);
    for (const OJson* m : list) {
        bool known = false;
        for (const json* row : rows) known = known || same(*m, *row);
        if (!known)
            s.rows.push_back(
                {str(*m, "label"), str(*m, "rule"), {signed_str(num(*m, "value"))}, true, ""});
    }
    for (const json* row : rows) {
        ModifierRow r{str(*row, "label"), str(*row, "rule"), {""}, false, ""};
        for (const OJson* m : list)
            if (same(*m, *row)) {
                r.values[0] = signed_str(num(*m, "value"));
                r.lit = true;
                if (!str(*m, "rule").empty()) r.rule = str(*m, "rule");
            }
        s.rows.push_back(std::move(r));
    }
    return s;
}

inline void default_notes(Explanation& e, const OJson& d, const json* table) {
    Section n = section(SectionKind::notes, "Notes", "");
    if (str(d, "source") == "default" || (table && str(*table, "source") == "default"))
        n.notes.push_back(kDefaultNote);
    if (table && !str(*table, "note").empty()) n.notes.push_back(str(*table, "note"));
    if (!n.notes.empty()) e.sections.push_back(std::move(n));
}

// The melee report's sections, for explain_melee_report (gdb_explain_melee.cpp).
Explanation melee_explanation(const OJson& report, const json& tables);

}  // namespace vedette::sim::gdb::explain

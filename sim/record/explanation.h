#pragma once
// Typed explanations: why a test, a melee or a shock came out as it did, in sections any panel can
// draw without knowing the rule system. A GdB melee, a Borodino shock and a dice-pool melee all
// fit the same sections: dice, a modifier table with the applied rows lit, a result table with its
// row lit, the exact odds, key-value lines and notes. Every section can cite its rule.
// JSON: docs/SCENARIO_AND_REPLAY.md ("Explanations"); the field tables are in record_fields.h.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace vedette::sim::record {

enum class SectionKind : std::uint8_t { dice, modifiers, results, odds, lines, notes };
const std::vector<std::string>& section_kind_names();

// One die as thrown. `mark` says what became of it: "" (counted), "hit", "miss", "kept",
// "dropped", "rerolled", "forced" (a value set by the scenario, when nothing else is to be said).
// `forced` is true for every die the scenario or file set, whatever its mark.
struct Die {
    int value = 0;
    std::string mark;
    bool forced = false;
    friend bool operator==(const Die&, const Die&) = default;
};

// The dice one unit (or side) threw for one purpose, with the arithmetic that follows them
// ("7 + modifiers +2 = total 9"). The dice's kind and the number each must reach are facts of
// their own, so a viewer draws a d10 as a d10 and marks the target without reading the words.
struct DiceGroup {
    std::string label;
    std::vector<Die> dice;
    std::string total;  // the arithmetic in words; empty when the dice are the whole story
    std::string note;   // e.g. "does not roll (dispersed before the melee)"
    int sides = 6;      // each die's sides (a d10: 10)
    int target = 0;     // the number each die must reach to count ("needs 4+": 4); 0: none
    friend bool operator==(const DiceGroup&, const DiceGroup&) = default;
};

// A row of a modifier table: one value per column (empty where it did not apply to that column),
// lit when it applied; a dim row may say why it did not.
struct ModifierRow {
    std::string label;
    std::string rule;
    std::vector<std::string> values;  // "+1", "-2", "" per column
    bool lit = false;
    std::string reason;
    friend bool operator==(const ModifierRow&, const ModifierRow&) = default;
};

// A row of a result table; the one that applied is lit.
struct ResultRow {
    std::string label;
    std::string rule;
    bool lit = false;
    friend bool operator==(const ResultRow&, const ResultRow&) = default;
};

// One outcome of the exact odds: its probability as a fraction of `Section::denominator` (the
// number of equally likely rolls) and as a number, and whether it is what happened. `rank` (when
// the ruleset gives one) orders the outcomes from the point of view of the section's first side
// (`Section::sides`): higher is better for it, lower better for the second side, equal ranks are
// as good as each other. The viewer's luck meter reads it, without knowing the rules: how likely
// this outcome or a worse one was for each side.
struct Outcome {
    std::string label;
    std::string count;  // favourable rolls, exact (may exceed 64 bits as text)
    double probability = 0;
    bool actual = false;
    std::optional<int> rank;
    friend bool operator==(const Outcome&, const Outcome&) = default;
};

struct KeyValue {
    std::string key;
    std::string value;
    friend bool operator==(const KeyValue&, const KeyValue&) = default;
};

// A section uses the members of its kind: dice -> dice; modifiers -> columns and rows; results ->
// results (and lines for what follows the lit row); odds -> denominator and outcomes; lines ->
// lines; notes -> notes. `title` and `rule` head any section.
struct Section {
    SectionKind kind = SectionKind::notes;
    std::string title;
    std::string rule;
    std::vector<DiceGroup> dice;
    std::vector<std::string> columns;
    std::vector<ModifierRow> rows;
    std::vector<ResultRow> results;
    std::string denominator;
    std::vector<Outcome> outcomes;
    std::vector<std::string> sides;  // odds: whom the outcomes' ranks are good for (1 or 2 names)
    std::vector<KeyValue> lines;
    std::vector<std::string> notes;
    friend bool operator==(const Section&, const Section&) = default;
};

// An empty section of `kind` headed by its title and rule; every plug-in builds its sections on it.
inline Section section(SectionKind kind, std::string title, std::string rule) {
    Section s;
    s.kind = kind;
    s.title = std::move(title);
    s.rule = std::move(rule);
    return s;
}

struct Explanation {
    std::string title;
    std::string rule;
    std::vector<Section> sections;
    friend bool operator==(const Explanation&, const Explanation&) = default;
};

}  // namespace vedette::sim::record

#include "sim/record/explanation_checks.h"

#include <cmath>

#include "sim/core/input_error.h"
#include "sim/core/limits.h"

namespace vedette::sim::record {

bool is_decimal_count(std::string_view s) {
    if (s.empty() || (s.size() > 1 && s[0] == '0')) return false;
    for (const char c : s)
        if (c < '0' || c > '9') return false;
    return true;
}

namespace {

// a <= b for decimal counts (no leading zeros, so the longer is the larger).
bool count_at_most(std::string_view a, std::string_view b) {
    return a.size() != b.size() ? a.size() < b.size() : a <= b;
}

std::string index(const std::string& list, std::size_t i) {
    return list + "[" + std::to_string(i) + "]";
}

// Walks one explanation; paths are spelled out only when a check fails.
class Checker {
public:
    Checker(const std::string& file, const std::string& path) : file_(file), path_(path) {}

    void explanation(const Explanation& e) {
        text(e.title, ".title");
        text(e.rule, ".rule");
        count(e.sections.size(), limits::kMaxExplanationSections, ".sections", "sections");
        for (std::size_t i = 0; i < e.sections.size(); ++i)
            section(e.sections[i], index(".sections", i));
    }

private:
    [[noreturn]] void fail(const std::string& at, const std::string& what) const {
        throw InputError(file_, path_ + at, what);
    }

    void text(const std::string& s, const std::string& at) const {
        if (s.size() > limits::kMaxExplanationTextBytes)
            fail(at, "a text of " + std::to_string(s.size()) + " bytes; the limit is " +
                         std::to_string(limits::kMaxExplanationTextBytes) +
                         " bytes (docs/LIMITS.md)");
    }

    // A list of `n` entries, at most `max`; every entry also counts towards the explanation's
    // total, so that many lists at their limit cannot add up to millions.
    void count(std::size_t n, std::int64_t max, const std::string& at, const char* what) {
        if (n > static_cast<std::size_t>(max))
            fail(at, std::to_string(n) + " " + what + "; the limit is " + std::to_string(max) +
                         " (docs/LIMITS.md)");
        entries_ += n;
        if (entries_ > static_cast<std::size_t>(limits::kMaxExplanationEntries))
            fail(at, "more than " + std::to_string(limits::kMaxExplanationEntries) +
                         " dice, rows, lines and notes in one explanation (docs/LIMITS.md)");
    }

    void section(const Section& s, const std::string& at) {
        text(s.title, at + ".title");
        text(s.rule, at + ".rule");
        count(s.dice.size(), limits::kMaxDiceGroups, at + ".dice", "dice groups");
        for (std::size_t g = 0; g < s.dice.size(); ++g) dice(s.dice[g], index(at + ".dice", g));
        count(s.columns.size(), limits::kMaxModifierColumns, at + ".columns", "columns");
        for (std::size_t c = 0; c < s.columns.size(); ++c)
            text(s.columns[c], index(at + ".columns", c));
        count(s.rows.size(), limits::kMaxExplanationRows, at + ".rows", "rows");
        for (std::size_t r = 0; r < s.rows.size(); ++r)
            row(s.rows[r], s.columns.size(), index(at + ".rows", r));
        count(s.results.size(), limits::kMaxExplanationRows, at + ".results", "result rows");
        for (std::size_t r = 0; r < s.results.size(); ++r) {
            text(s.results[r].label, index(at + ".results", r) + ".label");
            text(s.results[r].rule, index(at + ".results", r) + ".rule");
        }
        odds(s, at);
        count(s.lines.size(), limits::kMaxExplanationRows, at + ".lines", "lines");
        for (std::size_t l = 0; l < s.lines.size(); ++l) {
            text(s.lines[l].key, index(at + ".lines", l) + ".key");
            text(s.lines[l].value, index(at + ".lines", l) + ".value");
        }
        count(s.notes.size(), limits::kMaxExplanationRows, at + ".notes", "notes");
        for (std::size_t n = 0; n < s.notes.size(); ++n) text(s.notes[n], index(at + ".notes", n));
    }

    void dice(const DiceGroup& g, const std::string& at) {
        text(g.label, at + ".label");
        text(g.total, at + ".total");
        text(g.note, at + ".note");
        count(g.dice.size(), limits::kMaxDicePerGroup, at + ".dice", "dice");
        for (std::size_t d = 0; d < g.dice.size(); ++d)
            text(g.dice[d].mark, index(at + ".dice", d) + ".mark");
        // A die has 2 to 100 sides (a d6, a d10, a d100). A target may lie past the die's last
        // face ("needs 7+" on a d6: no die can hit).
        if (g.sides < 2 || g.sides > 100)
            fail(at + ".sides", "a die of " + std::to_string(g.sides) +
                                    " sides; expected 2 to 100 (6 when left out)");
        if (g.target < 0 || g.target > 100)
            fail(at + ".target", "a target of " + std::to_string(g.target) +
                                     "; expected 1 to 100, or 0 (none, when left out)");
    }

    void row(const ModifierRow& r, std::size_t columns, const std::string& at) const {
        text(r.label, at + ".label");
        text(r.rule, at + ".rule");
        text(r.reason, at + ".reason");
        if (r.values.size() > columns)
            fail(at + ".values", std::to_string(r.values.size()) + " values for " +
                                     std::to_string(columns) +
                                     " columns (expected one value per column at most)");
        for (std::size_t v = 0; v < r.values.size(); ++v)
            text(r.values[v], index(at + ".values", v));
    }

    // The exact odds: counts of equally likely rolls as decimal strings, each at most the
    // denominator, and probabilities from 0 to 1.
    void odds(const Section& s, const std::string& at) {
        text(s.denominator, at + ".denominator");
        if (!s.denominator.empty() && (!is_decimal_count(s.denominator) || s.denominator == "0"))
            fail(at + ".denominator",
                 "expected a whole number above 0 as a decimal string, found \"" + s.denominator +
                     "\"");
        if (s.sides.size() > 2)
            fail(at + ".sides",
                 "expected one or two sides, found " + std::to_string(s.sides.size()));
        for (std::size_t i = 0; i < s.sides.size(); ++i) text(s.sides[i], index(at + ".sides", i));
        count(s.outcomes.size(), limits::kMaxExplanationRows, at + ".outcomes", "outcomes");
        for (std::size_t i = 0; i < s.outcomes.size(); ++i) {
            const Outcome& o = s.outcomes[i];
            const std::string oat = index(at + ".outcomes", i);
            text(o.label, oat + ".label");
            if (!(o.probability >= 0 && o.probability <= 1))
                fail(oat + ".probability", "expected a probability from 0 to 1");
            if (o.count.empty()) continue;
            if (!is_decimal_count(o.count))
                fail(oat + ".count",
                     "expected a whole number of rolls from 0 as a decimal "
                     "string, found \"" +
                         o.count.substr(0, 64) + "\"");
            if (s.denominator.empty())
                fail(at, "outcomes with a count need the section's denominator");
            if (!count_at_most(o.count, s.denominator))
                fail(oat + ".count",
                     "more rolls (" + o.count + ") than the denominator (" + s.denominator + ")");
        }
    }

    const std::string& file_;
    const std::string& path_;
    std::size_t entries_ = 0;
};

}  // namespace

void check_explanation(const Explanation& explanation, const std::string& file,
                       const std::string& path) {
    Checker(file, path).explanation(explanation);
}

}  // namespace vedette::sim::record

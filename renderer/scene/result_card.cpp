#include "renderer/scene/result_card.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <string_view>

#include "renderer/scene/rule_words.h"

namespace vedette::render {

namespace {
using sim::record::Section;
using sim::record::SectionKind;

// The side's chance to win, from the odds: every outcome it wins, added up.
double chance_to_win(const Section& odds, const std::string& side) {
    double p = 0;
    for (const auto& o : odds.outcomes)
        if (winner_of(o.label) == side) p += o.probability;
    return p;
}

// A side's luck from how likely worse and better outcomes were: an outcome few rolls could make
// worse is bad luck, one few could make better is good luck.
const char* luck_verdict(double this_or_worse, double this_or_better) {
    if (this_or_worse <= 0.05) return "very unlucky";
    if (this_or_worse <= 0.2) return "unlucky";
    if (this_or_better <= 0.05) return "very lucky";
    if (this_or_better <= 0.2) return "lucky";
    return "as expected";
}

const char* verdict_of(double p) {
    return p >= 0.7    ? "as expected"
           : p >= 0.4  ? "a close call"
           : p >= 0.15 ? "against the odds"
                       : "an upset";
}

// A modifier's value as a table prints it when it changed a roll: signed ("+2", "-1", "+0").
// Values such as "5+" (a unit sheet's base value, what a die needs) are not modifiers.
bool signed_value(const std::string& v) {
    return v.size() > 1 && (v[0] == '+' || v[0] == '-') && v[1] >= '0' && v[1] <= '9';
}

// A table's sum line ("Total DRM") repeats its rows; the card names the rows themselves.
bool total_row(const std::string& label) {
    return label.rfind("Total", 0) == 0 || label.rfind("total", 0) == 0;
}

std::string cited(const std::string& text, const std::string& rule) {
    return rule.empty() ? text : text + " (" + rule + ")";
}

// Every applied modifier of the tables before the result, by column.
std::vector<ResultCard::SideModifiers> modifiers_of(const std::vector<const Section*>& tables) {
    std::vector<ResultCard::SideModifiers> out;
    for (const Section* s : tables)
        for (std::size_t c = 0; c < s->columns.size(); ++c) {
            // A table of one column ("value") is one unit's test: the column names nobody.
            ResultCard::SideModifiers side{s->columns.size() > 1 ? s->columns[c] : "", {}};
            for (const auto& row : s->rows) {
                if (!row.lit || c >= row.values.size() || !signed_value(row.values[c]) ||
                    total_row(row.label))
                    continue;
                const std::string rule = readable_rule(row.rule.empty() ? s->rule : row.rule);
                side.modifiers.push_back(
                    {row.label, row.values[c], rule, cited(row.label + " " + row.values[c], rule)});
            }
            if (!side.modifiers.empty()) out.push_back(std::move(side));
        }
    return out;
}

// The lit row of the first result table with one, and of the tables of the same rule right after
// it (a shock's other hexes), up to the next dice (a follow-up test's).
std::vector<ResultCard::TableRow> table_rows_of(const std::vector<Section>& sections) {
    std::vector<ResultCard::TableRow> out;
    const Section* first = nullptr;
    // The first results table decides (with the tables of its rule that follow it: a shock's
    // second hex). When none of its rows is lit (a melee lost automatically), no row decided it:
    // a later table (the casualty rates) is not passed off as the result.
    for (const auto& s : sections) {
        if (first && s.kind == SectionKind::dice) break;
        if (s.kind != SectionKind::results || (first && s.rule != first->rule)) continue;
        if (!first) first = &s;
        for (const auto& r : s.results) {
            if (!r.lit) continue;
            const std::string rule = readable_rule(r.rule.empty() ? s.rule : r.rule);
            const std::string text = s.title.empty() ? r.label : s.title + ": " + r.label;
            out.push_back({s.title, r.label, rule, cited(text, rule)});
        }
    }
    return out;
}

// "attacker" -> "the attacker"; "the French" stays.
std::string with_the(const std::string& side) {
    if (side.rfind("the ", 0) == 0 || side.rfind("The ", 0) == 0) return side;
    return "the " + side;
}

// 2900 -> "2,900".
std::string grouped(long long n) {
    std::string digits = std::to_string(n), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

// 1/p rounded to a number a reader keeps in mind: whole below 100, two significant digits above.
long long one_in(double p) {
    long long n = std::llround(1.0 / p);
    long long scale = 1;
    while (n >= 100 * scale) scale *= 10;
    return std::max(1LL, (n + scale / 2) / scale * scale);
}
}  // namespace

std::string luck_sentence(double p, const std::string& side, bool or_better) {
    if (!(p > 0)) p = 0;  // NaN too
    p = std::min(p, 1.0);
    const std::string rest =
        std::string(or_better ? " this result or better" : " this result or worse") +
        (side.empty() ? "" : " for " + with_the(side));
    if (p >= 1.0) return "every roll gives" + rest;
    if (p <= 0.0) return "no roll gives" + rest;
    if (p < 1e-6) return "fewer than 1 roll in a million gives" + rest;
    const long long n = one_in(p);
    const long long tenths = std::llround(p * 10);
    // "1 roll in N" while it says nearly the same as p (within a tenth of it) or p is small;
    // "N in 10 rolls" where rounding to 1 in N would mislead (0.42 is not 1 in 2).
    if (p <= 0.5 && (p < 0.1 || std::abs(1.0 / double(n) - p) <= 0.1 * p))
        return "1 roll in " + grouped(n) + " gives" + rest;
    if (tenths < 10) return std::to_string(tenths) + " in 10 rolls give" + rest;
    const long long hundredths = std::llround(p * 100);
    if (hundredths < 100) return std::to_string(hundredths) + " in 100 rolls give" + rest;
    return "nearly every roll gives" + rest;
}

std::vector<std::string> card_lines(const ResultCard& card) {
    std::vector<std::string> lines = {card.title, card.outcome};
    for (const auto& d : card.dice) {
        std::string line = d.heading;
        if (!d.faces.empty()) {
            line += line.empty() ? "dice" : ": dice";
            for (const auto& f : d.faces) line += " " + std::to_string(f.value);
        }
        if (!d.total.empty()) line += "  " + d.total;
        lines.push_back(line);
    }
    for (const auto& side : card.modifiers) {
        std::string line = side.side.empty() ? "" : side.side + ": ";
        for (std::size_t i = 0; i < side.modifiers.size(); ++i)
            line += (i ? ", " : "") + side.modifiers[i].text;
        lines.push_back(line);
    }
    for (const auto& row : card.table_rows) lines.push_back(row.text);
    for (const auto& l : card.luck) lines.push_back(l.sentence);
    return lines;
}

std::size_t chars_of(const std::string& text) {
    return std::size_t(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;  // characters, not bytes
    }));
}

std::vector<std::size_t> card_part_chars(const ResultCard& card) {
    std::vector<std::size_t> parts(4 + card.dice.size(), 0);
    parts[0] = chars_of(card.title) + chars_of(card.outcome);
    for (std::size_t i = 0; i < card.dice.size(); ++i) {
        const auto& d = card.dice[i];
        parts[card_dice_part(i)] = chars_of(d.heading) + 2 * d.faces.size() + chars_of(d.total);
    }
    // A reason and a row are read as their words; the rule cited beside them is for looking up
    // later, not read aloud.
    for (const auto& side : card.modifiers) {
        parts[card_why_part(card)] += chars_of(side.side);
        for (const auto& m : side.modifiers)
            parts[card_why_part(card)] += chars_of(m.name) + 1 + chars_of(m.value);
    }
    for (const auto& row : card.table_rows)
        parts[card_rows_part(card)] += chars_of(row.table) + 2 + chars_of(row.row);
    for (const auto& l : card.luck) parts[card_luck_part(card)] += chars_of(l.sentence);
    return parts;
}

std::vector<ResultCard::Luck> luck_of(const Section& odds) {
    const sim::record::Outcome* actual = nullptr;
    for (const auto& o : odds.outcomes) {
        if (!o.rank) return {};
        if (o.actual) actual = &o;
    }
    if (!actual || odds.sides.empty()) return {};
    std::vector<ResultCard::Luck> out;
    for (std::size_t side = 0; side < odds.sides.size() && side < 2; ++side) {
        // The first side wants high ranks, the second low ones.
        const int sign = side == 0 ? 1 : -1;
        ResultCard::Luck l;
        l.side = odds.sides[side];
        for (const auto& o : odds.outcomes) {
            // In 64 bits: ranks are any int32 a replay gives, and their difference may not fit.
            const std::int64_t diff = sign * (std::int64_t{*o.rank} - std::int64_t{*actual->rank});
            if (diff <= 0) l.this_or_worse += o.probability;
            if (diff >= 0) l.this_or_better += o.probability;
        }
        l.this_or_worse = std::min(1.0, l.this_or_worse);
        l.this_or_better = std::min(1.0, l.this_or_better);
        l.verdict = luck_verdict(l.this_or_worse, l.this_or_better);
        // Said from the side of the rarer tail: "1 roll in 5 gives this result or worse" for the
        // side it went against, "... or better" for the side it favoured.
        l.sentence = l.this_or_worse <= l.this_or_better
                         ? luck_sentence(l.this_or_worse, l.side)
                         : luck_sentence(l.this_or_better, l.side, true);
        out.push_back(l);
    }
    return out;
}

int related_explained_event(const std::vector<sim::record::Event>& events, int event,
                            sim::record::Category category) {
    if (event < 0 || event >= static_cast<int>(events.size())) return -1;
    const auto& now = events[static_cast<std::size_t>(event)];
    const auto related = [&](const sim::record::Event& e) {
        if (now.units.empty() || (now.episode >= 0 && e.episode == now.episode)) return true;
        for (const int u : now.units)
            if (std::find(e.units.begin(), e.units.end(), u) != e.units.end()) return true;
        return false;
    };
    for (int i = event - 1; i >= 0; --i) {
        const auto& e = events[static_cast<std::size_t>(i)];
        if (e.turn != now.turn) break;
        if (e.category == category && e.explanation && related(e)) return i;
    }
    return -1;
}

std::string winner_of(const std::string& label) {
    const auto at = label.find(" wins");
    return at == std::string::npos || label.rfind("no winner", 0) == 0 ? "" : label.substr(0, at);
}

std::optional<ResultCard> result_card_of(const sim::record::Explanation& e) {
    const Section* odds = nullptr;
    const Section* results = nullptr;
    // Every side's dice (a section each, or one for all): the dice sections before the result
    // they decide. Dice after it belong to what followed (a pursuit test, a general's risk).
    std::vector<const Section*> dice, modifiers;
    for (const auto& s : e.sections) {
        if (s.kind == SectionKind::odds && !odds)
            for (const auto& o : s.outcomes)
                if (o.actual) odds = &s;
        if (s.kind == SectionKind::results && !results)
            for (const auto& r : s.results)
                if (r.lit) results = &s;
        if (s.kind == SectionKind::dice && !s.dice.empty() && !results && !odds) dice.push_back(&s);
        if (s.kind == SectionKind::modifiers && !results && !odds) modifiers.push_back(&s);
    }
    if (!odds && !results) return std::nullopt;
    ResultCard card;
    card.title = e.title;
    const sim::record::Outcome* actual = nullptr;
    if (odds)
        for (const auto& o : odds->outcomes)
            if (o.actual) actual = &o;
    if (actual) {
        card.outcome = actual->label;
    } else {
        for (const auto& r : results->results)
            if (r.lit) card.outcome = r.label;
    }
    for (const Section* section : dice)
        for (const auto& g : section->dice) {
            if (g.dice.empty() && g.total.empty()) continue;
            // A section of one side's dice is headed by its score ("Attacker: score 13"): a
            // shorter line than the group's description of the unit.
            const bool one = section->dice.size() == 1 && !section->title.empty();
            card.dice.push_back(
                {g.label, g.dice, g.total, one ? section->title : g.label, g.sides, g.target});
        }
    card.modifiers = modifiers_of(modifiers);
    card.table_rows = table_rows_of(e.sections);
    if (actual) {
        card.probability = actual->probability;
        card.winner = winner_of(actual->label);
        if (!card.winner.empty()) {
            card.win_chance = chance_to_win(*odds, card.winner);
            card.verdict = verdict_of(card.win_chance);
        }
        card.luck = luck_of(*odds);
    }
    return card;
}

}  // namespace vedette::render

namespace vedette::render {

std::optional<ResultCard> charge_card_of(const std::vector<sim::record::Event>& events, int event) {
    if (event < 0 || event >= static_cast<int>(events.size())) return std::nullopt;
    const int episode = events[static_cast<std::size_t>(event)].episode;
    if (episode < 0) return std::nullopt;
    // Back through the episode to the declaration of this event's charge (one that names a unit
    // of it: an episode may hold several charges, as one activation of a hex game does); a melee of
    // those units on the way means the approach is over.
    const auto& now = events[static_cast<std::size_t>(event)];
    const auto shares_a_unit = [&](const sim::record::Event& e) {
        if (now.units.empty()) return true;
        for (const int u : now.units)
            if (std::find(e.units.begin(), e.units.end(), u) != e.units.end()) return true;
        return false;
    };
    int declared = -1;
    for (int i = event; i >= 0 && declared < 0; --i) {
        const auto& e = events[static_cast<std::size_t>(i)];
        if (e.episode != episode || !shares_a_unit(e)) continue;
        if (e.category == sim::record::Category::melee) return std::nullopt;
        if (e.category == sim::record::Category::declare) declared = i;
    }
    if (declared < 0) return std::nullopt;
    const auto& d = events[static_cast<std::size_t>(declared)];
    ResultCard card;
    card.title = "Charge";
    // "X charges Y: 22.5 cm away, charge move 36 cm, ...": who and whom as the headline, the
    // distances and reach under it.
    const auto colon = d.text.find(": ");
    card.outcome = d.text.substr(0, colon);
    if (colon != std::string::npos) {
        const std::string rest = d.text.substr(colon + 2);
        card.table_rows.push_back({"Reach", rest, d.rule, rest});
    }
    const auto charge_units = [&](const sim::record::Event& t) {
        for (const int u : t.units)
            if (std::find(d.units.begin(), d.units.end(), u) != d.units.end()) return true;
        return t.units.empty();
    };
    for (int i = declared + 1; i <= event; ++i) {
        const auto& t = events[static_cast<std::size_t>(i)];
        if (t.episode != episode || t.category != sim::record::Category::test || !charge_units(t))
            continue;
        card.table_rows.push_back({"Test", t.text, t.rule, t.text});
        if (!t.explanation) continue;
        if (const auto test = result_card_of(*t.explanation))
            for (const auto& dice : test->dice) card.dice.push_back(dice);
    }
    return card;
}

int card_event(const ReplayScene& scene, int event) {
    const auto& events = scene.replay.events;
    if (event < 0 || event >= static_cast<int>(events.size())) return -1;
    const auto& e = events[static_cast<std::size_t>(event)];
    const int shown = e.explanation
                          ? event
                          : related_explained_event(events, event, sim::record::Category::melee);
    if (shown < 0) return -1;
    return result_card_of(*events[static_cast<std::size_t>(shown)].explanation) ? shown : -1;
}

std::optional<TextSpan> target_span(const std::string& words, int target) {
    if (target <= 0) return std::nullopt;
    const std::string mark = "needs " + std::to_string(target) + "+";
    const std::size_t at = words.find(mark);
    if (at == std::string::npos) return std::nullopt;
    return TextSpan{at, mark.size()};
}

}  // namespace vedette::render

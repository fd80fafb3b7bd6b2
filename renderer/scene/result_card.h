#pragma once
// The result of a melee or a shock at a glance, read from its typed explanation without knowing
// the rule system: the outcome (the actual odds outcome, else the lit result row), every side's
// dice with their arithmetic, how likely that outcome was before the dice, the winner's chance to
// win, and a luck meter (for each side, how likely this outcome or a worse one was, with a verdict
// in words), and the "why": each side's applied modifiers with their rule, the table row that
// decided it, and a plain sentence of luck per side. The viewer's presenter layout and the
// presenter video overlay show the same card.

#include <optional>
#include <string>
#include <vector>

#include "renderer/scene/scene_state.h"
#include "sim/record/explanation.h"
#include "sim/record/record.h"

namespace vedette::render {

struct ResultCard {
    std::string title;    // the explanation's title ("Melee: 1er cuirassiers v 42nd Foot")
    std::string outcome;  // "attacker wins; the defender is dispersed"
    struct Dice {
        std::string label;
        std::vector<sim::record::Die> faces;  // with their marks (kept, dropped, ...)
        std::string total;
        std::string heading;  // the short name of the line: its section's title, or `label`
        int sides = 6;        // the dice's sides (a d10 is drawn as a d10), as the record says
        int target = 0;       // the number each die must reach, as the record says (0: none)
    };
    std::vector<Dice> dice;
    double probability = -1;  // of this outcome, before the dice (-1: no odds given)
    std::string winner;       // "attacker", "French", ... ("" when the outcome names none)
    double win_chance = -1;   // the winner's chance to win, before the dice (-1: no winner)
    std::string verdict;      // "as expected", "a close call", "against the odds", "an upset"
    // The luck meter, for each side the odds rank their outcomes for (Outcome::rank): how likely
    // this outcome or a worse one was for it, and this or a better one. Few worse outcomes: bad
    // luck; few better ones: good luck.
    struct Luck {
        std::string side;           // "attacker", "defender", a unit's name
        double this_or_worse = 0;   // 0..1, the actual outcome included
        double this_or_better = 0;  // 0..1, the actual outcome included
        std::string verdict;        // "very unlucky", "unlucky", "as expected", "lucky", ...
        std::string sentence;  // luck_sentence of the rarer tail (worse, or better for the winner)
    };
    std::vector<Luck> luck;  // empty when the odds give no ranks

    // The why. Every modifier that applied, grouped by the column of its table: the sides
    // ("attacker", "defender", a unit's name) or whatever the table's columns are (a hex).
    struct Modifier {
        std::string name;   // "Light cavalry"
        std::string value;  // "+2", "-1", "+0"
        std::string rule;   // its rule as a reader reads it (readable_rule): "Melee modifiers"
        std::string text;   // "Light cavalry +2 (Melee modifiers)"
    };
    struct SideModifiers {
        std::string side;  // the column's name; "" for a table of one column (one unit's test)
        std::vector<Modifier> modifiers;
    };
    std::vector<SideModifiers> modifiers;  // only columns with at least one applied modifier
    // The row of the result table that decided it (one per table of the same rule: a shock on two
    // hexes has two).
    struct TableRow {
        std::string table;  // the section's title ("Result", "Result, hex (2, 3)")
        std::string row;    // "7 or more: loser broken (a square is broken too)"
        std::string rule;   // readable
        std::string text;   // "Result: 7 or more: loser broken ... (Melee results)"
    };
    std::vector<TableRow> table_rows;
};

// Where a dice line's words say the number each die must reach, `target` (the record's
// DiceGroup::target): the span of "needs 4+", which the card marks so the hits rows read against
// it; nullopt when there is none or the words do not say it so.
struct TextSpan {
    std::size_t at = 0, length = 0;
};
std::optional<TextSpan> target_span(const std::string& words, int target);

// The card for an explanation that has a lit result or an actual odds outcome; nullopt otherwise.
std::optional<ResultCard> result_card_of(const sim::record::Explanation& e);

// The event whose result card shows while `event` is (itself, or the melee it follows: its
// retreats and pursuits), or -1 when no card shows then.
int card_event(const ReplayScene& scene, int event);

// During a charge's approach (its episode's declaration shown or passed, no melee card yet): a card
// of the charge itself, titled "Charge": the declaration in words (who, against whom, how far and
// the reach, as the ruleset wrote it) as its headline, then the tests of the episode so far that
// allowed it (or stopped it), each with its dice. nullopt outside such a moment.
std::optional<ResultCard> charge_card_of(const std::vector<sim::record::Event>& events, int event);

// Every line of text the card carries, in reading order: the title, the outcome, each side's dice,
// each side's modifiers ("attacker: Cuirassiers +5 (Melee modifiers)"), the table rows, the luck
// sentences. The painters lay them out their own way; tests read them all.
std::vector<std::string> card_lines(const ResultCard& card);

// The characters of `text` a viewer reads (UTF-8: an accented letter is one character).
std::size_t chars_of(const std::string& text);

// The card's parts in the order a presenter says them, which a video reveals one after another
// (renderer/export/pacing.h): 0 the test and its outcome (title and headline), then each dice
// line, then the reasons (every modifier), the table rows, and the luck: 4 + dice.size() parts.
// Each part's count is the characters a viewer reads in it (a die counts as two, a rule cited
// beside a reason or a row not at all); 0: empty.
std::vector<std::size_t> card_part_chars(const ResultCard& card);
// The index of each part in card_part_chars' order.
inline std::size_t card_dice_part(std::size_t dice_line) {
    return 1 + dice_line;
}
inline std::size_t card_why_part(const ResultCard& card) {
    return 1 + card.dice.size();
}
inline std::size_t card_rows_part(const ResultCard& card) {
    return 2 + card.dice.size();
}
inline std::size_t card_luck_part(const ResultCard& card) {
    return 3 + card.dice.size();
}

// How likely this result or a worse one was, in words a class follows: "1 roll in 5 gives this
// result or worse for the attacker" (p <= 0.5), "7 in 10 rolls give ..." (above), "every roll
// gives ..." (p = 1). `p` is clamped to [0, 1]; `side` gets "the" in front of it.
// With `or_better`, `p` is the chance of this outcome or a better one and the sentence says so.
std::string luck_sentence(double p, const std::string& side, bool or_better = false);

// The latest event before `event`, in its turn, of `category` with an explanation that concerns
// it: one of its units fought there, or it is of the same episode (an event without units: any).
// A pursuit, a retreat or a push back so finds the melee that caused it, never a later melee of
// other units. -1 when there is none.
int related_explained_event(const std::vector<sim::record::Event>& events, int event,
                            sim::record::Category category);

// The luck of each side of ranked odds (empty when an outcome lacks a rank or none is actual).
std::vector<ResultCard::Luck> luck_of(const sim::record::Section& odds);

// "attacker wins; ..." -> "attacker"; "" when the label names no winner.
std::string winner_of(const std::string& outcome_label);

}  // namespace vedette::render

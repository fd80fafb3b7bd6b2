#include "renderer/scene/result_card.h"

#include <algorithm>
#include <cstdint>

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
}  // namespace

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
    std::vector<const Section*> dice;
    for (const auto& s : e.sections) {
        if (s.kind == SectionKind::odds && !odds)
            for (const auto& o : s.outcomes)
                if (o.actual) odds = &s;
        if (s.kind == SectionKind::results && !results)
            for (const auto& r : s.results)
                if (r.lit) results = &s;
        if (s.kind == SectionKind::dice && !s.dice.empty() && !results && !odds) dice.push_back(&s);
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
            card.dice.push_back({g.label, g.dice, g.total, one ? section->title : g.label});
        }
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

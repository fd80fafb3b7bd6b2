#include "sim/ruleset/branch.h"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <optional>
#include <utility>

#include "sim/core/input_error.h"
#include "sim/core/limits.h"
#include "sim/core/prng.h"
#include "sim/record/record_json.h"
#include "sim/ruleset/verify.h"

namespace vedette::sim::ruleset {

namespace {

using record::Event;
using record::Section;
using record::SectionKind;

// At most this many plays are tried to find dice that give an outcome.
constexpr int kMaxTries = 300;
// Events with up to this many dice combinations are searched in order of closeness to the
// dice that fell; more dice are sampled.
constexpr std::int64_t kMaxEnumerated = 4096;

// The dice of one event on the tape: where they start and what they were.
struct EventDice {
    std::int64_t first = -1;
    std::vector<replay::TapeDie> dice;
};

EventDice dice_of(const std::vector<replay::TapeDie>& tape, int at) {
    EventDice d;
    for (std::size_t i = 0; i < tape.size(); ++i)
        if (tape[i].events_before == at) {
            if (d.first < 0) d.first = static_cast<std::int64_t>(i);
            d.dice.push_back(tape[i]);
        }
    return d;
}

// The odds sections that decide the event: those naming two sides, else those naming one.
std::vector<const Section*> deciding(const Event& e) {
    std::vector<const Section*> two, one;
    if (!e.explanation) return {};
    for (const auto& s : e.explanation->sections) {
        if (s.kind != SectionKind::odds) continue;
        const bool happened = std::any_of(s.outcomes.begin(), s.outcomes.end(),
                                          [](const auto& o) { return o.actual; });
        if (happened) (s.sides.size() >= 2 ? two : one).push_back(&s);
    }
    return two.empty() ? one : two;
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string event_json(const Event& e, const record::UnitNames& names) {
    return record::to_json(e, names).dump();
}

// Every combination of the event's dice, nearest the dice that fell first (fewest pips moved,
// then in order), without the dice that fell; or, for too many dice to list, a fixed sample that
// changes more dice as it goes.
std::vector<std::vector<int>> candidates(const EventDice& d) {
    std::vector<int> was;
    for (const auto& die : d.dice) was.push_back(die.value);
    const int lo = d.dice.front().lowest, faces = d.dice.front().highest - lo + 1;
    std::int64_t combos = 1;
    for (std::size_t i = 0; i < d.dice.size() && combos <= kMaxEnumerated; ++i) combos *= faces;
    std::vector<std::vector<int>> out;
    if (combos <= kMaxEnumerated) {
        for (std::int64_t c = 0; c < combos; ++c) {
            std::vector<int> v(was.size());
            std::int64_t rest = c;
            for (auto& x : v) x = lo + static_cast<int>(rest % faces), rest /= faces;
            if (v != was) out.push_back(std::move(v));
        }
        auto moved = [&](const std::vector<int>& v) {
            int m = 0;
            for (std::size_t i = 0; i < v.size(); ++i) m += std::abs(v[i] - was[i]);
            return m;
        };
        std::stable_sort(out.begin(), out.end(),
                         [&](const auto& a, const auto& b) { return moved(a) < moved(b); });
        if (out.size() > std::size_t(kMaxTries)) out.resize(kMaxTries);
        return out;
    }
    Prng prng(0x5eedULL + was.size());
    for (int k = 0; k < kMaxTries; ++k) {
        std::vector<int> v = was;
        const std::size_t changes = 1 + std::size_t(k) * was.size() / std::size_t(kMaxTries);
        for (std::size_t j = 0; j < changes; ++j)
            v[prng.below(v.size())] = lo + static_cast<int>(prng.below(std::uint64_t(faces)));
        out.push_back(std::move(v));
    }
    return out;
}

class Player {
public:
    Player(const replay::Replay& parent, const Ruleset& rules)
        : parent_(parent), rules_(rules), scenario_(replay_scenario(parent, rules)) {}
    replay::Recorded play(std::optional<replay::DiceBranch> plan) {
        scenario_->branch = std::move(plan);
        return rules_.run(*scenario_, parent_.seed);
    }

private:
    const replay::Replay& parent_;
    const Ruleset& rules_;
    std::unique_ptr<Scenario> scenario_;
};

[[noreturn]] void refuse(const replay::Replay& parent, const std::string& what,
                         const std::string& message) {
    throw InputError(parent.file, what, message);
}

// A new plan over the parent's: a branch of a branch keeps its ancestors' plans, oldest first,
// so every die before event `at` falls as it fell in the parent.
replay::DiceBranch plan_for(const replay::Replay& parent, int at, const EventDice& d) {
    replay::DiceBranch b;
    b.parent = parent.events_hash;
    b.at = at;
    b.from_die = d.first;
    if (parent.branch) {
        b.earlier = parent.branch->earlier;
        b.earlier.push_back(*parent.branch);
        b.earlier.back().earlier.clear();
    }
    if (b.earlier.size() + 1 > std::size_t(limits::kMaxBranchDepth))
        throw InputError(parent.file, "$.branch",
                         "a branch " + std::to_string(limits::kMaxBranchDepth) +
                             " deep cannot be branched again (docs/LIMITS.md)");
    return b;
}

// The branch whose event `at` has the outcome `wanted`, searched over the candidates.
std::optional<replay::Recorded> find_outcome(Player& player, const replay::Replay& parent, int at,
                                             const EventDice& d, const std::string& wanted,
                                             Branch& out) {
    for (auto& dice : candidates(d)) {
        ++out.tries;
        replay::DiceBranch plan = plan_for(parent, at, d);
        plan.dice = dice;
        replay::Recorded r = player.play(plan);
        if (r.events.size() > std::size_t(at) &&
            lower(actual_outcome(r.events[std::size_t(at)])) == wanted)
            return r;
    }
    return std::nullopt;
}

std::string listed(const std::vector<std::string>& names) {
    std::string s;
    for (const auto& n : names) s += (s.empty() ? "\"" : ", \"") + n + "\"";
    return s;
}

}  // namespace

std::vector<std::string> branch_outcomes(const Event& e) {
    const auto sections = deciding(e);
    std::vector<std::string> out;
    if (sections.empty()) return out;
    for (const auto& o : sections.front()->outcomes)
        if (std::find(out.begin(), out.end(), o.label) == out.end()) out.push_back(o.label);
    return out;
}

std::string actual_outcome(const Event& e) {
    const auto sections = deciding(e);
    if (sections.empty()) return "";
    for (const auto& o : sections.front()->outcomes)
        if (o.actual) return o.label;
    return "";
}

namespace {

// The parent as these rules play it again (it must verify, to branch from it: an edited seed,
// roster or look would give its branch a clean record) and event `at`'s dice.
EventDice dice_to_change(const replay::Replay& parent, const Ruleset& rules, int at) {
    if (at < 0 || at >= static_cast<int>(parent.events.size()))
        refuse(parent, "--at",
               "event " + std::to_string(at) + " is not in this replay (0 to " +
                   std::to_string(parent.events.size()) + " - 1)");
    replay::Recorded plain;
    const VerifyReport v = verify_replay(parent, rules, &plain);
    if (!v.identical || !v.rules_match)
        refuse(parent, "$",
               "the replay does not verify (" + v.message +
                   "): a branch starts from a replay that verifies");
    EventDice d = dice_of(plain.tape, at);
    if (d.dice.empty())
        refuse(parent, "--at",
               "event " + std::to_string(at) + " (" + parent.events[std::size_t(at)].kind +
                   ") threw no dice: branch at an event with dice");
    return d;
}

// --dice: as many as the event threw, each on the die.
replay::Recorded play_dice(Player& player, const replay::Replay& parent, int at, const EventDice& d,
                           const std::vector<int>& dice) {
    const int lo = d.dice.front().lowest, hi = d.dice.front().highest;
    if (dice.size() != d.dice.size())
        refuse(parent, "--dice",
               "event " + std::to_string(at) + " threw " + std::to_string(d.dice.size()) +
                   " dice; " + std::to_string(dice.size()) + " were given");
    for (int v : dice)
        if (v < lo || v > hi)
            refuse(parent, "--dice",
                   "a die of event " + std::to_string(at) + " reads " + std::to_string(lo) +
                       " to " + std::to_string(hi) + ", not " + std::to_string(v));
    replay::DiceBranch plan = plan_for(parent, at, d);
    plan.dice = dice;
    return player.play(plan);
}

// --outcome: one of the event's, not what happened, and within the dice's reach.
replay::Recorded play_outcome(Player& player, const replay::Replay& parent, int at,
                              const EventDice& d, const std::string& outcome, Branch& out) {
    const auto names_there = branch_outcomes(parent.events[std::size_t(at)]);
    const std::string wanted = lower(outcome);
    const bool known = std::any_of(names_there.begin(), names_there.end(),
                                   [&](const auto& n) { return lower(n) == wanted; });
    if (!known)
        refuse(parent, "--outcome",
               names_there.empty()
                   ? "event " + std::to_string(at) + " has no odds to pick from"
                   : "\"" + outcome + "\" is not an outcome of event " + std::to_string(at) +
                         "; its outcomes are " + listed(names_there));
    if (wanted == lower(out.outcome_was))
        refuse(parent, "--outcome",
               "\"" + outcome + "\" is what happened at event " + std::to_string(at) +
                   ": pick another outcome");
    std::optional<replay::Recorded> found = find_outcome(player, parent, at, d, wanted, out);
    if (!found)
        refuse(parent, "--outcome",
               "no dice found for \"" + outcome + "\" in " + std::to_string(out.tries) +
                   " tries (it may be out of reach of the dice)");
    return std::move(*found);
}

// An event as it stood when it was recorded: without the formation changes a rule system lends
// back to it once a later event shows them complete (a square ordered at event 5 drawn forming
// from there): those hang on later dice, so a branch after the order may rightly change them.
std::string event_as_recorded(const Event& e, const record::UnitNames& names) {
    Event plain = e;
    std::erase_if(plain.effects, [](const record::Effect& fx) {
        return fx.kind == record::EffectKind::formation_change;
    });
    return event_json(plain, names);
}

// The branch against its parent: the same before `at` (or the tape is wrong), and where it first
// differs.
void compare_with_parent(const replay::Replay& parent, int at, const record::UnitNames& names,
                         Branch& out) {
    const auto& events = out.recorded.events;
    for (int i = 0; i < at; ++i)
        if (event_as_recorded(events[std::size_t(i)], names) !=
            event_as_recorded(parent.events[std::size_t(i)], names))
            throw std::logic_error("make_branch: event " + std::to_string(i) +
                                   " before the branch changed");
    const std::size_t n = std::min(events.size(), parent.events.size());
    for (std::size_t i = std::size_t(at); i < n && out.first_difference < 0; ++i)
        if (event_json(events[i], names) != event_json(parent.events[i], names))
            out.first_difference = static_cast<int>(i);
    if (out.first_difference < 0 && events.size() != parent.events.size())
        out.first_difference = static_cast<int>(n);
}

}  // namespace

Branch make_branch(const replay::Replay& parent, const Ruleset& rules, int at,
                   const BranchChoice& choice) {
    const EventDice d = dice_to_change(parent, rules, at);
    Player player(parent, rules);
    const auto index = record::make_unit_index(parent.unit_ids);
    const record::UnitNames names{parent.unit_ids, index};
    Branch out;
    for (const auto& die : d.dice) out.was.push_back(die.value);
    out.thrown = d.dice;
    out.outcome_was = actual_outcome(parent.events[std::size_t(at)]);
    if (choice.kind == BranchChoice::Kind::dice) {
        out.recorded = play_dice(player, parent, at, d, choice.dice);
    } else if (choice.kind == BranchChoice::Kind::seed) {
        replay::DiceBranch plan = plan_for(parent, at, d);
        plan.reseed = choice.seed;
        out.recorded = player.play(plan);
    } else {
        out.recorded = play_outcome(player, parent, at, d, choice.outcome, out);
    }
    for (const auto& die : dice_of(out.recorded.tape, at).dice) out.now.push_back(die.value);
    const auto& events = out.recorded.events;
    if (events.size() > std::size_t(at)) out.outcome_now = actual_outcome(events[std::size_t(at)]);
    compare_with_parent(parent, at, names, out);
    return out;
}

}  // namespace vedette::sim::ruleset

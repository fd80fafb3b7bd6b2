#include "sim/replay/dice_source.h"

#include <algorithm>

#include "sim/core/json_reader.h"

namespace vedette::sim::replay {

namespace {

GivenDice read_entry(const JsonNode& d, const DiceRules& rules, int turns,
                     const std::function<int(const JsonNode&)>& unit_of) {
    std::vector<std::string> keys = {"unit", "purpose", "values", "as_played"};
    if (rules.names_turns) keys.insert(keys.begin(), "turn");
    std::vector<std::string> ruled_keys;
    if (rules.ruled_keys)
        for (const auto& p : rules.purposes)
            for (const auto& k : rules.ruled_keys(p))
                if (std::find(keys.begin(), keys.end(), k) == keys.end()) keys.push_back(k);
    d.expect_only_keys(std::vector<std::string_view>(keys.begin(), keys.end()));
    GivenDice g;
    g.path = d.path();
    if (rules.names_turns) g.turn = static_cast<int>(d.required("turn").as_int(1, turns));
    g.unit = unit_of(d.required("unit"));
    g.purpose = rules.purposes[d.required("purpose").as_choice(rules.purposes)];
    if (rules.ruled_keys) ruled_keys = rules.ruled_keys(g.purpose);
    for (const auto& k : keys) {
        const auto v = d.optional(k);
        if (!v || k == "unit" || k == "purpose" || k == "values" || k == "as_played" || k == "turn")
            continue;
        if (std::find(ruled_keys.begin(), ruled_keys.end(), k) == ruled_keys.end())
            v->fail(k + " goes with " + rules.as_played_goes_with + ", not with " + g.purpose +
                    " dice");
        if (!d.optional("as_played"))
            v->fail(k + " goes with the result the table ruled (as_played=...)");
        const std::string text =
            v->raw().is_string() ? v->as_string() : std::to_string(v->as_int());
        if (rules.check_ruled)
            if (const std::string problem = rules.check_ruled(k, text); !problem.empty())
                v->fail(problem);
        g.ruled[k] = text;
    }
    for (const auto& v : d.required("values").items())
        g.values.push_back(static_cast<int>(v.as_int(rules.low, rules.high)));
    if (g.values.empty()) d.required("values").fail("the dice thrown (at least one)");
    if (const auto a = d.optional("as_played")) {
        const std::vector<std::string> results = rules.as_played_results
                                                     ? rules.as_played_results(g.purpose)
                                                     : std::vector<std::string>{};
        if (results.empty())
            a->fail("as_played goes with " + rules.as_played_goes_with + ", not with " + g.purpose +
                    " dice");
        g.as_played = results[a->as_choice(results)];
        const int n = rules.dice_of_test ? rules.dice_of_test(g.purpose) : 0;
        if (n > 0 && g.values.size() != static_cast<std::size_t>(n))
            d.required("values").fail("the " + std::to_string(n) + (n == 1 ? " die" : " dice") +
                                      " of the " + rules.test_word + " played as \"" + g.as_played +
                                      "\"");
    }
    return g;
}

}  // namespace

GivenDiceLists read_given_dice(const JsonNode& root, const DiceRules& rules, int turns,
                               const std::function<int(const JsonNode&)>& unit_of) {
    GivenDiceLists out;
    if (const auto dice = root.optional("dice"))
        for (const auto& d : dice->items())
            out.given.push_back(read_entry(d, rules, turns, unit_of));
    if (const auto loose = root.optional("loose_dice"))
        for (const auto& d : loose->items()) {
            d.expect_only_keys({"turn", "values"});
            LooseDice l;
            l.path = d.path();
            if (const auto t = d.optional("turn")) l.turn = static_cast<int>(t->as_int(0, turns));
            for (const auto& v : d.required("values").items())
                l.values.push_back(static_cast<int>(v.as_int(rules.low, rules.high)));
            if (l.values.empty()) d.required("values").fail("the dice thrown (at least one)");
            out.loose.push_back(std::move(l));
        }
    return out;
}

DiceSource::DiceSource(std::vector<GivenDice> given, std::vector<LooseDice> loose)
    : loose_(std::move(loose)) {
    for (auto& g : given) entries_.push_back({std::move(g), 0, false, {}, false});
}

bool DiceSource::matches(const Entry& e, int turn, int unit, const std::string& purpose) const {
    return (e.dice.turn == 0 || e.dice.turn == turn) && e.dice.unit == unit &&
           e.dice.purpose == purpose;
}

DiceSource::Entry* DiceSource::label_loose(int turn, int unit, const std::string& purpose) {
    if (next_loose_ >= loose_.size()) return nullptr;
    const LooseDice& l = loose_[next_loose_];
    if (l.turn != 0 && l.turn != turn) return nullptr;  // they wait for a test of their turn
    // Loose dice are one test's: a test that runs past its loose dice throws the rest from the
    // seed (the audit says it takes more) rather than taking the next test's.
    for (const LooseLabel& done : labels_)
        if (done.turn == turn && done.unit == unit && done.purpose == purpose) return nullptr;
    GivenDice g;
    g.turn = turn;
    g.unit = unit;
    g.purpose = purpose;
    g.values = l.values;
    g.path = l.path;
    entries_.push_back({std::move(g), 0, false, {}, true});
    labels_.push_back({next_loose_, turn, unit, purpose});
    ++next_loose_;
    return &entries_.back();
}

std::optional<Die> DiceSource::take(int turn, int unit, const std::string& purpose) {
    Entry* from = nullptr;
    for (Entry& e : entries_)
        if (matches(e, turn, unit, purpose) && !e.set_aside && e.used < e.dice.values.size()) {
            from = &e;
            break;
        }
    if (!from) from = label_loose(turn, unit, purpose);
    if (!from) return std::nullopt;
    Die d;
    d.value = from->dice.values[from->used];
    d.forced = true;
    if (from->used == 0) {
        d.as_played = from->dice.as_played;
        d.ruled = from->dice.ruled;
    }
    ++from->used;
    return d;
}

Die DiceSource::roll(int turn, int unit, const std::string& purpose, int low, int high,
                     DiceTape& tape, const std::function<int()>& from_prng) {
    if (auto given = take(turn, unit, purpose)) {
        given->value = tape.take(given->value, low, high, unit, purpose);
        return *given;
    }
    from_seed(turn, unit, purpose);
    Die d;
    d.value = tape.take(from_prng(), low, high, unit, purpose);
    return d;
}

void DiceSource::from_seed(int turn, int unit, const std::string& purpose, int n) {
    if (n <= 0) return;
    for (SeedDice& s : from_seed_)  // one line a unit's test in a turn, however often it throws
        if (s.turn == turn && s.unit == unit && s.purpose == purpose) {
            s.count += n;
            return;
        }
    from_seed_.push_back({turn, unit, purpose, n});
}

int DiceSource::remaining(int turn, int unit, const std::string& purpose) const {
    int n = 0;
    for (const Entry& e : entries_)
        if (matches(e, turn, unit, purpose) && !e.set_aside)
            n += static_cast<int>(e.dice.values.size() - e.used);
    return n;
}

void DiceSource::set_aside(int turn, int unit, const std::string& purpose,
                           const std::string& problem) {
    for (Entry& e : entries_)
        if (matches(e, turn, unit, purpose) && e.used == 0 && !e.set_aside) {
            e.set_aside = true;
            e.problem = problem;
        }
}

DiceAudit DiceSource::audit() const {
    DiceAudit a;
    a.from_seed = from_seed_;
    // The scenario's entries in its order, then the loose dice in theirs.
    const auto use_of = [&](const Entry& e, bool loose) {
        ForcedDiceUse f;
        f.path = e.dice.path;
        f.turn = e.dice.turn;
        f.unit = e.dice.unit;
        f.purpose = e.dice.purpose;
        f.given = static_cast<int>(e.dice.values.size());
        f.used = static_cast<int>(e.used);
        f.problem = e.problem;
        f.loose = loose;
        if (loose)  // the test went on past them: the seed threw the rest
            for (const SeedDice& s : a.from_seed)
                if (s.turn == f.turn && s.unit == f.unit && s.purpose == f.purpose &&
                    f.used == f.given)
                    f.needed = f.given + s.count;
        return f;
    };
    std::vector<ForcedDiceUse> loose(loose_.size());
    for (std::size_t i = 0; i < loose_.size(); ++i) {
        loose[i].path = loose_[i].path;
        loose[i].turn = loose_[i].turn;
        loose[i].given = static_cast<int>(loose_[i].values.size());
        loose[i].loose = true;
    }
    std::size_t labelled = 0;
    for (const Entry& e : entries_) {
        if (!e.loose) {
            a.forced.push_back(use_of(e, false));
            continue;
        }
        loose[labels_[labelled].loose] = use_of(e, true);
        ++labelled;
    }
    a.forced.insert(a.forced.end(), loose.begin(), loose.end());
    a.labels = labels_;
    return a;
}

}  // namespace vedette::sim::replay

// fuzz_branch_luck_odds: `vedette branch`, `vedette luck` and `vedette odds` on shipped replays
// changed only in their dice (sim/ruleset/branch.h, sim/replay/luck.h, sim/ruleset/odds_runs.h,
// called as app/cmd_branch.cpp, cmd_luck.cpp and cmd_odds.cpp call them). The replay is one of a
// few small shipped ones (GdB, Borodino, the dice pool; a first input line `@N` picks the Nth),
// then each input line is one step on the replay at hand:
//   reseed S               its scenario played again under seed S (a new replay at hand)
//   force I V V ...        its scenario's forced dice entry I given these values, played again
//   at N dice V V ...      the branch at event N with these dice   (branch --dice)
//   at N seed S            the branch at event N re-rolled         (branch --seed)
//   at N outcome TEXT      the branch at event N with this outcome (branch --outcome); `#K` for
//                          the Kth of the event's outcomes
//   odds R S               the scenario's odds over min(R, 4) runs from scenario seed S
// A branch made is the replay at hand for the next step (a branch of a branch). Expected for bad
// input: sim::InputError only. Every replay at hand must be one `vedette` would write: read back
// from its text with the same events hash, verify (a branch included) and have a luck of at most
// one either way in each event, summed as it says. A branch keeps every event before N, and its
// dice are those asked for; the odds' runs are the runs the seeds say, in order.

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/core/input_error.h"
#include "sim/replay/luck.h"
#include "sim/replay/replay.h"
#include "sim/ruleset/branch.h"
#include "sim/ruleset/odds_runs.h"
#include "sim/ruleset/verify.h"
#include "tests/fuzz/fuzz_common.h"

namespace {

using namespace vedette;

constexpr int kMaxSteps = 4;
constexpr int kMaxOddsRuns = 4;

const char* const kShipped[] = {
    "replays/seed000/02_dragoons_vs_square.replay.json",
    "replays/borodino/clause_9_24_disorder.replay.json",
    "replays/dicepool/01_charge_reaches.replay.json",
    "replays/seed000/01_young_guard_vs_landwehr.replay.json",
};
constexpr std::size_t kShippedCount = sizeof kShipped / sizeof kShipped[0];

const sim::replay::Replay& shipped(std::size_t i) {
    static std::vector<std::unique_ptr<sim::replay::Replay>> read(kShippedCount);
    if (!read[i])
        read[i] = std::make_unique<sim::replay::Replay>(
            sim::replay::parse_replay(fuzz::source_file(kShipped[i]),
                                      std::string(VEDETTE_FUZZ_SOURCE_DIR) + "/" + kShipped[i]));
    return *read[i];
}

std::vector<std::string> words_of(const std::string& line) {
    std::vector<std::string> w;
    std::istringstream in(line);
    for (std::string s; in >> s;) w.push_back(s);
    return w;
}

// The harness's own numbers (never the project's parsers): false for anything else.
template <typename T>
bool number(const std::string& s, T& v) {
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// `vedette luck` on the replay at hand: each side's luck in an event is -1..+1, the running sums
// are the sums, the picks are the moments they say.
void check_luck(const sim::replay::Replay& replay) {
    const sim::replay::BattleLuck luck = sim::replay::battle_luck(replay.header, replay.events);
    const std::size_t sides = luck.sides.size();
    fuzz::expect(sides == replay.header.sides.size(), "luck for other sides than the battle's");
    fuzz::expect(luck.total.size() == sides, "a luck total per side is missing");
    std::vector<double> sum(sides, 0.0);
    int seq = -1;
    for (const auto& m : luck.moments) {
        fuzz::expect(m.seq > seq && m.seq < static_cast<int>(replay.events.size()),
                     "a luck moment out of the replay's order");
        seq = m.seq;
        fuzz::expect(m.luck.size() == sides && m.running.size() == sides,
                     "a luck moment without a value per side");
        for (std::size_t s = 0; s < sides; ++s) {
            fuzz::expect(std::isfinite(m.luck[s]) && std::fabs(m.luck[s]) <= 1 + 1e-9,
                         "a side's luck in one event is not in -1..+1");
            sum[s] += m.luck[s];
            fuzz::expect(std::fabs(m.running[s] - sum[s]) <= 1e-6, "a running luck is not the sum");
        }
    }
    for (std::size_t s = 0; s < sides; ++s)
        fuzz::expect(std::fabs(luck.total[s] - sum[s]) <= 1e-6, "a side's luck is not the sum");
    double last = 2;
    for (const auto& p : sim::replay::luckiest(luck, 5)) {
        fuzz::expect(p.moment < luck.moments.size() && p.side >= 0 && std::size_t(p.side) < sides &&
                         p.luck > 0 && p.luck <= last,
                     "the luckiest moments are not lucky, or not in order");
        last = p.luck;
    }
    last = -2;
    for (const auto& p : sim::replay::unluckiest(luck, 5)) {
        fuzz::expect(p.moment < luck.moments.size() && p.side >= 0 && std::size_t(p.side) < sides &&
                         p.luck < 0 && p.luck >= last,
                     "the unluckiest moments are not unlucky, or not in order");
        last = p.luck;
    }
}

// What `vedette` writes of a play: it reads back with its events hash and verifies.
sim::replay::Replay written(const sim::ruleset::Ruleset& rules,
                            const sim::replay::Recorded& recorded) {
    std::vector<std::string> ids;
    for (const auto& u : recorded.header.units) ids.push_back(u.id);
    sim::replay::Replay back;
    try {
        back = sim::replay::parse_replay(sim::replay::write_replay_text(recorded),
                                         fuzz::scratch_dir() + "/branch.replay.json");
    } catch (const sim::InputError& e) {
        std::fprintf(stderr, "%s\n", e.what());
        fuzz::expect(false, "a written replay does not read back");
    }
    fuzz::expect(back.events_hash == sim::replay::events_hash(recorded.events, ids),
                 "a written replay's events_hash is not the hash of its events");
    const sim::ruleset::VerifyReport v = sim::ruleset::verify_replay(back, rules);
    if (!v.identical || !v.rules_match) std::fprintf(stderr, "verify: %s\n", v.message.c_str());
    fuzz::expect(v.identical && v.rules_match, "a written replay does not verify");
    check_luck(back);
    return back;
}

// `reseed` and `force`: the replay's scenario with other dice, played as `simulate` plays it.
bool replayed(const sim::ruleset::Ruleset& rules, sim::replay::Replay& at_hand,
              const sim::Json& scenario_json) {
    sim::replay::Recorded recorded;
    try {
        const auto scenario = rules.read_scenario(scenario_json, at_hand.file);
        recorded = rules.run(*scenario, scenario->seed);
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);  // dice off the die, a seed out of range, a mistake found in play
        return false;
    }
    at_hand = written(rules, recorded);
    return true;
}

void branch(const sim::ruleset::Ruleset& rules, sim::replay::Replay& at_hand, int at,
            const sim::ruleset::BranchChoice& choice) {
    sim::ruleset::Branch b;
    try {
        b = sim::ruleset::make_branch(at_hand, rules, at, choice);
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);
        return;  // `vedette branch` says why (exit 2)
    }
    fuzz::expect(b.recorded.branch && b.recorded.branch->at == at,
                 "a branch does not name its event");
    fuzz::expect(b.recorded.branch->parent == at_hand.events_hash,
                 "a branch does not name its parent");
    fuzz::expect(b.was.size() == b.thrown.size(), "a branch's dice that were are not its dice");
    if (choice.kind == sim::ruleset::BranchChoice::Kind::dice)
        fuzz::expect(b.now == choice.dice, "a branch threw other dice than those given");
    if (choice.kind == sim::ruleset::BranchChoice::Kind::outcome)
        fuzz::expect(lower(b.outcome_now) == lower(choice.outcome),
                     "a branch has another outcome than the one asked for");
    fuzz::expect(b.recorded.events.size() >= std::size_t(at),
                 "a branch lost events before its own");
    at_hand = written(rules, b.recorded);
}

void odds(const sim::ruleset::Ruleset& rules, const sim::replay::Replay& at_hand, int runs,
          std::uint64_t seed) {
    sim::Json json = at_hand.scenario();
    json["seed"] = seed;
    std::unique_ptr<sim::ruleset::Scenario> scenario;
    sim::ruleset::OddsRuns played;
    try {
        scenario = rules.read_scenario(json, at_hand.file);
        sim::ruleset::OddsOptions options;
        options.runs = runs;
        options.jobs = 1;
        played = sim::ruleset::play_odds_runs(rules, *scenario, options);
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);
        return;  // `vedette odds` says why (exit 2)
    }
    fuzz::expect(played.runs.size() == std::size_t(runs), "odds played another number of runs");
    const std::size_t sides = played.header.sides.size(), units = played.header.units.size();
    for (const auto& run : played.runs) {
        fuzz::expect(run.units.size() == units && run.sides.size() == sides,
                     "a run's summary is not the roster's");
        fuzz::expect(run.holder >= -1 && run.holder < static_cast<int>(sides),
                     "a run is held by no side of the battle");
        for (const auto& s : run.sides) {
            int fates = 0;
            for (const int n : s.fates) fates += n;
            fuzz::expect(fates == s.units, "a side's units do not each have one fate");
            fuzz::expect(s.figures_lost >= 0 && s.figures_lost <= s.figures_start,
                         "a side lost more figures than it had");
        }
    }
    // Run 0 is the battle under the first seed of the sequence.
    const sim::replay::Recorded first =
        rules.run(*scenario, sim::ruleset::odds_seed(scenario->seed, 0));
    const sim::ruleset::BattleSummary again = rules.summarize(first.header, first.events);
    fuzz::expect(
        again.holder == played.runs[0].holder && again.units.size() == played.runs[0].units.size(),
        "odds run 0 is not the battle under its seed");
    const sim::ruleset::OddsTable table = sim::ruleset::tabulate(played.runs, sides, units);
    int held = table.neither;
    for (const auto& s : table.sides) {
        held += s.held;
        int lost = 0;
        for (const auto& [figures, n] : s.figures_lost) lost += n;
        fuzz::expect(lost == runs, "a side's losses are not counted once a run");
        for (const int per_mille : {0, 500, 1000})
            (void)sim::ruleset::figures_lost_at(s, table.runs, per_mille);
    }
    fuzz::expect(held == runs, "the field is not held once a run");
    for (const int n : table.survived)
        fuzz::expect(n >= 0 && n <= runs, "a unit survived more runs than were played");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::string> lines;
    {
        std::istringstream in(fuzz::as_text(data, size));
        for (std::string line; std::getline(in, line);) lines.push_back(line);
    }
    std::size_t first = 0, pick = 0;
    if (!lines.empty() && lines[0].size() > 1 && lines[0][0] == '@') {
        (void)number(lines[0].substr(1), pick);
        ++first;
    }
    sim::replay::Replay at_hand = shipped(pick % kShippedCount);
    const sim::ruleset::Ruleset& rules = fuzz::shipped_ruleset(at_hand.header.ruleset);
    int steps = 0;
    bool searched = false;  // an outcome's search plays up to 300 battles: once an input
    for (std::size_t i = first; i < lines.size() && steps < kMaxSteps; ++i) {
        const std::vector<std::string> w = words_of(lines[i]);
        if (w.empty()) continue;
        if (w[0] == "reseed" && w.size() == 2) {
            std::int64_t seed = 0;
            if (!number(w[1], seed)) continue;
            ++steps;
            sim::Json json = at_hand.scenario();
            json["seed"] = seed;
            (void)replayed(rules, at_hand, json);
        } else if (w[0] == "force" && w.size() >= 2) {
            std::size_t entry = 0;
            if (!number(w[1], entry)) continue;
            sim::Json json = at_hand.scenario();
            if (!json.contains("dice") || !json["dice"].is_array() || json["dice"].empty())
                continue;
            sim::Json values = sim::Json::array();
            for (std::size_t k = 2; k < w.size(); ++k) {
                int v = 0;
                if (number(w[k], v)) values.push_back(v);
            }
            ++steps;
            sim::Json& forced = json["dice"][entry % json["dice"].size()];
            if (!forced.is_object()) continue;
            forced["values"] = values;
            (void)replayed(rules, at_hand, json);
        } else if (w[0] == "at" && w.size() >= 3) {
            int at = 0;
            if (!number(w[1], at)) continue;
            sim::ruleset::BranchChoice choice;
            if (w[2] == "dice") {
                choice.kind = sim::ruleset::BranchChoice::Kind::dice;
                for (std::size_t k = 3; k < w.size(); ++k) {
                    int v = 0;
                    if (number(w[k], v)) choice.dice.push_back(v);
                }
            } else if (w[2] == "seed" && w.size() == 4) {
                choice.kind = sim::ruleset::BranchChoice::Kind::seed;
                if (!number(w[3], choice.seed)) continue;
            } else if (w[2] == "outcome" && w.size() >= 4) {
                if (searched) continue;
                searched = true;
                choice.kind = sim::ruleset::BranchChoice::Kind::outcome;
                const std::string rest = lines[i].substr(lines[i].find("outcome") + 8);
                std::size_t k = 0;
                if (rest.size() > 1 && rest[0] == '#' && number(rest.substr(1), k) && at >= 0 &&
                    std::size_t(at) < at_hand.events.size()) {
                    const auto named =
                        sim::ruleset::branch_outcomes(at_hand.events[std::size_t(at)]);
                    choice.outcome = named.empty() ? rest : named[k % named.size()];
                } else {
                    choice.outcome = rest;
                }
            } else {
                continue;
            }
            ++steps;
            branch(rules, at_hand, at, choice);
        } else if (w[0] == "odds" && w.size() == 3) {
            int runs = 0;
            std::uint64_t seed = 0;
            if (!number(w[1], runs) || !number(w[2], seed)) continue;
            ++steps;
            odds(rules, at_hand, std::clamp(runs, 1, kMaxOddsRuns), seed);
        }
    }
    check_luck(at_hand);
    return 0;
}

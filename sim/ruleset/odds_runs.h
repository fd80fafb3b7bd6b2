#pragma once
// `vedette odds`: one scenario played under many seeds, each run summarised by its ruleset
// (Ruleset::summarize) and the summaries counted into a distribution. Runs are independent and
// may go on several threads; their summaries are kept by run number, so the distribution (and
// every byte printed from it) is the same whatever the number of threads. Threads are allowed
// here because each battle is still played by one thread from its own seed: nothing about an
// outcome depends on which thread played it (docs/DETERMINISM.md).

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <vector>

#include "sim/record/header.h"
#include "sim/ruleset/ruleset.h"

namespace vedette::sim::ruleset {

inline constexpr int kMaxOddsRuns = 1'000'000;
inline constexpr int kMaxOddsJobs = 256;

// The seed of run k (0, 1, 2, ...): the first output of the project's PRNG (sim/core/prng.h:
// xoshiro256** seeded through splitmix64) seeded with the scenario's seed + k. Documented in
// docs/CLI.md; changing it changes every `vedette odds` output.
std::uint64_t odds_seed(std::uint64_t scenario_seed, int k);

struct OddsOptions {
    int runs = 100;
    int jobs = 1;
    // Set by another thread (Ctrl-C): the runs in progress finish, no new one starts.
    const std::atomic<bool>* stop = nullptr;
    // Called on the calling thread about ten times a second with the runs done so far.
    std::function<void(int done)> progress;
};

struct OddsRuns {
    int requested = 0;
    record::Header header;            // run 0's (names, sides); empty when no run was done
    std::vector<BattleSummary> runs;  // runs 0 .. n-1, in order: the first n seeds
};

// Plays `scenario` under odds_seed(scenario.seed, k) for k = 0 .. runs-1 on `jobs` threads. When
// stopped, keeps the runs done, which are always the first ones (threads take run numbers in
// order and finish the one they hold). An exception in a run stops the others and is rethrown.
OddsRuns play_odds_runs(const Ruleset& rules, const Scenario& scenario, const OddsOptions& options);

// How often each count came up: runs_with[n] is the number of runs in which it was n.
struct CountDistribution {
    std::vector<int> runs_with;
    std::int64_t total = 0;  // the sum over the runs, for the mean
    void add(int n);
};

struct SideOdds {
    std::vector<CountDistribution> fates;  // by Fate
    std::map<int, int> figures_lost;       // figures lost -> runs
    std::int64_t figures_lost_total = 0;
    int held = 0;  // runs in which the side held the field
    int units = 0;
    int figures_start = 0;  // in run 0 (the same in every run)
};

struct OddsTable {
    int runs = 0;
    std::vector<SideOdds> sides;
    int neither = 0;            // runs in which no side held the field
    std::vector<int> survived;  // per unit (roster order): runs it survived
};

OddsTable tabulate(const std::vector<BattleSummary>& runs, std::size_t sides, std::size_t units);

// The figure below which `share` (in per mille) of the runs lost fewer figures: the smallest
// value v with at least share/1000 of the runs at v or below.
int figures_lost_at(const SideOdds& side, int runs, int per_mille);

// Where one battle (a replay of the same scenario) falls among the runs, for each side: its
// result is (units that did not survive, figures lost), fewer being better, compared in that
// order; `as_good` counts the runs in which the side did at least as well as in `battle`.
struct SidePlacement {
    int lost_units = 0;
    int figures_lost = 0;
    int as_good = 0;
};
std::vector<SidePlacement> place_battle(const std::vector<BattleSummary>& runs,
                                        const BattleSummary& battle);

}  // namespace vedette::sim::ruleset

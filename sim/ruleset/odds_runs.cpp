#include "sim/ruleset/odds_runs.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

#include "sim/core/prng.h"

namespace vedette::sim::ruleset {

std::uint64_t odds_seed(std::uint64_t scenario_seed, int k) {
    // Unsigned arithmetic wraps, so any scenario seed is fine.
    Prng prng(scenario_seed + static_cast<std::uint64_t>(k));
    return prng.next();
}

namespace {

// What the worker threads share: the next run number to take, the results by run number, and
// the first error.
struct RunPool {
    const Ruleset& rules;
    const Scenario& scenario;
    const OddsOptions& options;
    std::atomic<int> next{0};
    std::atomic<int> done{0};
    std::atomic<bool> failed{false};
    std::vector<std::optional<BattleSummary>> results;
    record::Header header;
    std::exception_ptr error;
    std::mutex mutex;
    std::condition_variable finished;
    int workers_left = 0;

    bool stopping() const { return failed.load() || (options.stop && options.stop->load()); }

    void work() {
        try {
            for (;;) {
                if (stopping()) break;
                const int k = next.fetch_add(1);
                if (k >= options.runs) break;
                const replay::Recorded recorded = rules.run(scenario, odds_seed(scenario.seed, k));
                results[std::size_t(k)] = rules.summarize(recorded.header, recorded.events);
                if (k == 0) header = recorded.header;
                done.fetch_add(1);
            }
        } catch (...) {
            std::lock_guard<std::mutex> lock(mutex);
            if (!error) error = std::current_exception();
            failed = true;
        }
        std::lock_guard<std::mutex> lock(mutex);
        --workers_left;
        finished.notify_all();
    }
};

}  // namespace

OddsRuns play_odds_runs(const Ruleset& rules, const Scenario& scenario,
                        const OddsOptions& options) {
    RunPool pool{rules, scenario, options};
    pool.results.resize(std::size_t(std::max(0, options.runs)));
    const int jobs = std::clamp(options.jobs, 1, std::max(1, options.runs));
    pool.workers_left = jobs;
    std::vector<std::thread> threads;
    for (int j = 0; j < jobs; ++j) threads.emplace_back([&pool] { pool.work(); });
    {
        std::unique_lock<std::mutex> lock(pool.mutex);
        while (pool.workers_left > 0) {
            pool.finished.wait_for(lock, std::chrono::milliseconds(100));
            if (options.progress) {
                lock.unlock();
                options.progress(pool.done.load());
                lock.lock();
            }
        }
    }
    for (auto& t : threads) t.join();
    if (pool.error) std::rethrow_exception(pool.error);

    OddsRuns out;
    out.requested = options.runs;
    out.header = std::move(pool.header);
    // The runs done are a prefix: every run number taken was finished.
    for (auto& r : pool.results) {
        if (!r) break;
        out.runs.push_back(std::move(*r));
    }
    return out;
}

void CountDistribution::add(int n) {
    if (n < 0) n = 0;
    if (runs_with.size() <= std::size_t(n)) runs_with.resize(std::size_t(n) + 1, 0);
    ++runs_with[std::size_t(n)];
    total += n;
}

OddsTable tabulate(const std::vector<BattleSummary>& runs, std::size_t sides, std::size_t units) {
    OddsTable t;
    t.runs = static_cast<int>(runs.size());
    t.sides.resize(sides);
    for (auto& s : t.sides) s.fates.resize(kFateCount);
    t.survived.assign(units, 0);
    for (const auto& run : runs) {
        for (std::size_t s = 0; s < sides && s < run.sides.size(); ++s) {
            const SideOutcome& o = run.sides[s];
            SideOdds& side = t.sides[s];
            for (std::size_t f = 0; f < kFateCount; ++f) side.fates[f].add(o.fates[f]);
            ++side.figures_lost[o.figures_lost];
            side.figures_lost_total += o.figures_lost;
            side.units = o.units;
            side.figures_start = o.figures_start;
        }
        if (run.holder >= 0 && std::size_t(run.holder) < sides)
            ++t.sides[std::size_t(run.holder)].held;
        else
            ++t.neither;
        for (std::size_t u = 0; u < units && u < run.units.size(); ++u)
            if (run.units[u].survived()) ++t.survived[u];
    }
    return t;
}

int figures_lost_at(const SideOdds& side, int runs, int per_mille) {
    // The runs at or below v reach per_mille / 1000 of all runs: compared without dividing.
    std::int64_t seen = 0;
    for (const auto& [lost, n] : side.figures_lost) {
        seen += n;
        if (seen * 1000 >= std::int64_t(per_mille) * runs) return lost;
    }
    return side.figures_lost.empty() ? 0 : side.figures_lost.rbegin()->first;
}

namespace {

int lost_units(const SideOutcome& side) {
    return side.units - side.fates[std::size_t(Fate::standing)];
}

}  // namespace

std::vector<SidePlacement> place_battle(const std::vector<BattleSummary>& runs,
                                        const BattleSummary& battle) {
    std::vector<SidePlacement> out;
    for (std::size_t s = 0; s < battle.sides.size(); ++s) {
        SidePlacement p;
        p.lost_units = lost_units(battle.sides[s]);
        p.figures_lost = battle.sides[s].figures_lost;
        for (const auto& run : runs) {
            if (s >= run.sides.size()) continue;
            const int units = lost_units(run.sides[s]);
            const int figures = run.sides[s].figures_lost;
            if (units < p.lost_units || (units == p.lost_units && figures <= p.figures_lost))
                ++p.as_good;
        }
        out.push_back(p);
    }
    return out;
}

}  // namespace vedette::sim::ruleset

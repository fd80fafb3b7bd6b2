// `vedette odds` (issue 30): a scenario played under many seeds. A scenario whose every die is
// forced gives one outcome in every run; on the GdB demo, Shevardino and the dice-pool action each
// side's counts add up to the number of runs; the runs do not depend on the number of threads, and
// a stopped play keeps exactly the first runs.

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <string>
#include <vector>

#include "sim/core/json_reader.h"
#include "sim/ruleset/odds_runs.h"
#include "sim/ruleset/registry.h"

namespace vedette::sim {
namespace odds_runs_test {

using ruleset::BattleSummary;
using ruleset::OddsRuns;

const std::string kSource = VEDETTE_SOURCE_DIR;

struct Loaded {
    std::unique_ptr<ruleset::Ruleset> rules;
    std::unique_ptr<ruleset::Scenario> scenario;
};

Loaded load(const std::string& relative) {
    const std::string file = kSource + "/" + relative;
    const Json json = read_json_file(file);
    Loaded l;
    l.rules = ruleset::make_ruleset(ruleset::ruleset_of(json, file), "", file);
    l.scenario = l.rules->parse_scenario(json, file);
    return l;
}

OddsRuns play(const Loaded& l, int runs, int jobs, const std::atomic<bool>* stop = nullptr) {
    ruleset::OddsOptions o;
    o.runs = runs;
    o.jobs = jobs;
    o.stop = stop;
    return ruleset::play_odds_runs(*l.rules, *l.scenario, o);
}

// Every fate, figure count and holder of two summaries.
bool same(const BattleSummary& a, const BattleSummary& b) {
    if (a.holder != b.holder || a.units.size() != b.units.size()) return false;
    for (std::size_t u = 0; u < a.units.size(); ++u)
        if (a.units[u].fate != b.units[u].fate || a.units[u].figures_end != b.units[u].figures_end)
            return false;
    return true;
}

int sum(const std::vector<int>& v) {
    int n = 0;
    for (int x : v) n += x;
    return n;
}

TEST(OddsRuns, SeedsFollowTheDocumentedSequenceAndDiffer) {
    std::set<std::uint64_t> seen;
    for (int k = 0; k < 1000; ++k) seen.insert(ruleset::odds_seed(1815, k));
    EXPECT_EQ(seen.size(), 1000u);
    EXPECT_EQ(ruleset::odds_seed(1815, 3), ruleset::odds_seed(1816, 2));  // scenario seed + k
    EXPECT_NE(ruleset::odds_seed(1815, 0), 1815u);
}

TEST(OddsRuns, EveryDieForcedGivesOneOutcome) {
    const Loaded l = load("replays/seed000/01_young_guard_vs_landwehr.scenario.json");
    const OddsRuns r = play(l, 12, 2);
    ASSERT_EQ(r.runs.size(), 12u);
    for (const auto& run : r.runs) EXPECT_TRUE(same(run, r.runs[0]));
    const auto t = ruleset::tabulate(r.runs, r.header.sides.size(), r.header.units.size());
    for (const auto& side : t.sides) {
        EXPECT_EQ(side.figures_lost.size(), 1u);
        for (const auto& d : side.fates) {
            int buckets = 0;
            for (int n : d.runs_with) buckets += n > 0;
            EXPECT_EQ(buckets, 1);
        }
    }
    // The battle has losses, so the one outcome is not an empty one.
    EXPECT_GT(r.runs[0].sides[0].figures_lost + r.runs[0].sides[1].figures_lost, 0);
}

TEST(OddsRuns, CountsAddUpToTheRunsOnEachShippedBattle) {
    for (const char* file : {"replays/demo/demo_battle.scenario.json",
                             "replays/borodino/shevardino_battle.scenario.json",
                             "replays/dicepool/14_action.scenario.json"}) {
        SCOPED_TRACE(file);
        const Loaded l = load(file);
        const int n = 20;
        const OddsRuns r = play(l, n, 2);
        ASSERT_EQ(int(r.runs.size()), n);
        const auto t = ruleset::tabulate(r.runs, r.header.sides.size(), r.header.units.size());
        ASSERT_EQ(t.sides.size(), 2u);
        int held = t.neither;
        for (const auto& side : t.sides) {
            held += side.held;
            for (const auto& d : side.fates) EXPECT_EQ(sum(d.runs_with), n);
            int lost = 0;
            for (const auto& [figures, runs] : side.figures_lost) lost += runs;
            EXPECT_EQ(lost, n);
        }
        EXPECT_EQ(held, n);
        for (const auto& run : r.runs)
            for (const auto& side : run.sides) {
                int units = 0;
                for (int f : side.fates) units += f;
                EXPECT_EQ(units, side.units);
            }
        for (int s : t.survived) EXPECT_LE(s, n);
    }
}

TEST(OddsRuns, ThreadsDoNotChangeTheRuns) {
    const Loaded l = load("replays/dicepool/14_action.scenario.json");
    const OddsRuns one = play(l, 24, 1);
    const OddsRuns three = play(l, 24, 3);
    ASSERT_EQ(one.runs.size(), three.runs.size());
    bool any_differ = false;
    for (std::size_t k = 0; k < one.runs.size(); ++k) {
        EXPECT_TRUE(same(one.runs[k], three.runs[k])) << "run " << k;
        any_differ = any_differ || !same(one.runs[k], one.runs[0]);
    }
    EXPECT_TRUE(any_differ);  // the seeds do change the battle
}

TEST(OddsRuns, AStoppedPlayKeepsTheFirstRuns) {
    const Loaded l = load("replays/borodino/shevardino_battle.scenario.json");
    std::atomic<bool> stop{true};
    const OddsRuns none = play(l, 50, 2, &stop);
    EXPECT_EQ(none.requested, 50);
    EXPECT_TRUE(none.runs.empty());

    // Stop from the progress callback once some runs are done: what is kept is a prefix.
    std::atomic<bool> later{false};
    ruleset::OddsOptions o;
    o.runs = 100000;
    o.jobs = 2;
    o.stop = &later;
    o.progress = [&later](int done) {
        if (done > 0) later = true;
    };
    const OddsRuns some = ruleset::play_odds_runs(*l.rules, *l.scenario, o);
    ASSERT_GT(some.runs.size(), 0u);
    ASSERT_LT(some.runs.size(), 100000u);
    const OddsRuns first = play(l, int(some.runs.size()), 1);
    for (std::size_t k = 0; k < some.runs.size(); ++k)
        EXPECT_TRUE(same(some.runs[k], first.runs[k])) << "run " << k;
}

TEST(OddsRuns, ABattleIsPlacedAmongTheRuns) {
    auto summary = [](int lost_units, int figures) {
        BattleSummary s;
        s.sides.resize(1);
        s.sides[0].units = 4;
        s.sides[0].fates[std::size_t(ruleset::Fate::standing)] = 4 - lost_units;
        s.sides[0].fates[std::size_t(ruleset::Fate::eliminated)] = lost_units;
        s.sides[0].figures_lost = figures;
        return s;
    };
    const std::vector<BattleSummary> runs = {summary(0, 10), summary(1, 5), summary(1, 9),
                                             summary(1, 12), summary(2, 0)};
    const auto p = ruleset::place_battle(runs, summary(1, 9));
    ASSERT_EQ(p.size(), 1u);
    EXPECT_EQ(p[0].lost_units, 1);
    EXPECT_EQ(p[0].figures_lost, 9);
    EXPECT_EQ(p[0].as_good, 3);  // (0, 10), (1, 5) and (1, 9) itself
}

TEST(OddsRuns, FiguresLostPercentiles) {
    ruleset::SideOdds side;
    side.figures_lost = {{0, 5}, {3, 4}, {10, 1}};  // ten runs
    EXPECT_EQ(ruleset::figures_lost_at(side, 10, 100), 0);
    EXPECT_EQ(ruleset::figures_lost_at(side, 10, 500), 0);
    EXPECT_EQ(ruleset::figures_lost_at(side, 10, 510), 3);
    EXPECT_EQ(ruleset::figures_lost_at(side, 10, 900), 3);
    EXPECT_EQ(ruleset::figures_lost_at(side, 10, 1000), 10);
}

}  // namespace odds_runs_test
}  // namespace vedette::sim

// Dice-pool (seed 003, issue 15) speed: melees resolved per second on one core, the exact odds of
// 12 against 12 dice (goal: under 1 ms), and the shipped 16-a-side action
// (replays/dicepool/14_action) simulated, each beside bare dice rolling in the same binary.
//   build/bench/bench_dicepool --benchmark_min_time=1

#include <benchmark/benchmark.h>

#include <array>
#include <memory>
#include <string>

#include "sim/core/json_reader.h"
#include "sim/core/prng.h"
#include "sim/replay/replay.h"
#include "sim/rulesets/dicepool/dp_melee.h"
#include "sim/rulesets/dicepool/dp_ruleset.h"

using namespace vedette::sim;
using namespace vedette::sim::dicepool;

namespace {

const DicepoolRuleset& dicepool_rules() {
    static const DicepoolRuleset r(std::string(VEDETTE_SOURCE_DIR) + "/sim/rulesets");
    return r;
}

MeleeSide side(const char* name, UnitType type, int models) {
    const UnitSheet& sh = dicepool_rules().rules().sheet(type);
    MeleeSide s;
    s.name = name;
    s.type = type;
    s.models = models;
    s.melee = sh.melee;
    s.armour = sh.armour;
    s.formation = sh.formation;
    return s;
}

// Heavy cavalry that charged (4+ improved to 3+) against line infantry standing (5+): twelve dice
// a side, the largest pools the rules allow.
std::array<MeleeSide, 2> twelve_against_twelve() {
    std::array<MeleeSide, 2> s = {side("cuirassiers", UnitType::heavy_cavalry, 8),
                                  side("line", UnitType::line_infantry, 12)};
    s[kAttacker].charged = true;
    return s;
}

const ruleset::Scenario& action() {
    static const std::unique_ptr<ruleset::Scenario> s = [] {
        const std::string file =
            std::string(VEDETTE_SOURCE_DIR) + "/replays/dicepool/14_action.scenario.json";
        return dicepool_rules().parse_scenario(read_json_file(file), file);
    }();
    return *s;
}

}  // namespace

// The 24 dice a 12-against-12 melee rolls, alone.
static void BM_Baseline_TwentyFourDice(benchmark::State& state) {
    Prng prng(1);
    for (auto _ : state) {
        int sum = 0;
        for (int d = 0; d < 24; ++d) sum += prng.d6();
        benchmark::DoNotOptimize(sum);
    }
}
BENCHMARK(BM_Baseline_TwentyFourDice);

static void BM_Resolve12v12(benchmark::State& state) {
    const MeleePlan plan = plan_melee(dicepool_rules().rules(), twelve_against_twelve());
    Prng prng(1);
    for (auto _ : state) {
        const MeleeResult r = resolve_melee(plan, prng);
        benchmark::DoNotOptimize(r.winner);
    }
    state.counters["resolutions_per_s"] =
        benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Resolve12v12);

// Planning included: the modifier rows lit or dim with their reasons, as the battle does it.
static void BM_PlanAndResolve12v12(benchmark::State& state) {
    const std::array<MeleeSide, 2> sides = twelve_against_twelve();
    Prng prng(1);
    for (auto _ : state) {
        const MeleePlan plan = plan_melee(dicepool_rules().rules(), sides);
        const MeleeResult r = resolve_melee(plan, prng);
        benchmark::DoNotOptimize(r.winner);
    }
    state.counters["resolutions_per_s"] =
        benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_PlanAndResolve12v12);

// Exact odds: both hit distributions and all 13 x 13 pairs of hits, in integers.
static void BM_Odds12v12(benchmark::State& state) {
    const MeleePlan plan = plan_melee(dicepool_rules().rules(), twelve_against_twelve());
    for (auto _ : state) {
        const MeleeOdds odds = melee_odds(plan);
        benchmark::DoNotOptimize(odds.results);
    }
}
BENCHMARK(BM_Odds12v12)->Unit(benchmark::kMicrosecond);

// The shipped action: 16 units a side over its turns, into the records (no file written).
static void BM_SimulateAction(benchmark::State& state) {
    const ruleset::Scenario& s = action();
    std::size_t events = 0;
    for (auto _ : state) {
        const replay::Recorded r = dicepool_rules().run(s, s.seed);
        events = r.events.size();
        benchmark::DoNotOptimize(events);
    }
    state.counters["events"] = static_cast<double>(events);
}
BENCHMARK(BM_SimulateAction)->Unit(benchmark::kMillisecond);

// The same with the replay's bytes written, as `vedette simulate` does.
static void BM_SimulateActionAndWrite(benchmark::State& state) {
    const ruleset::Scenario& s = action();
    std::size_t bytes = 0;
    for (auto _ : state) {
        const std::string text = replay::write_replay_text(dicepool_rules().run(s, s.seed));
        bytes = text.size();
        benchmark::DoNotOptimize(bytes);
    }
    state.counters["MB"] = static_cast<double>(bytes) / 1e6;
}
BENCHMARK(BM_SimulateActionAndWrite)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();

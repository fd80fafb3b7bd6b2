// GdB melee speed: one-on-one resolutions per second and the exact odds of 3 against 3, each
// beside bare dice rolling in the same binary.
//   build/bench/bench_melee --benchmark_min_time=1

#include <benchmark/benchmark.h>

#include <string>

#include "sim/core/prng.h"
#include "sim/rulesets/gdb/melee/gdb_rules.h"
#include "sim/rulesets/gdb/melee/melee_engine.h"
#include "sim/rulesets/gdb/melee/melee_odds.h"

using namespace vedette::sim;
using namespace vedette::sim::gdb;

namespace {

const GdbRules& rules() {
    static const GdbRules r =
        load_gdb_rules(std::string(VEDETTE_SOURCE_DIR) + "/sim/rulesets/gdb/gdb.json");
    return r;
}

MeleeUnit unit(const char* name, TroopType t, int figures) {
    MeleeUnit u;
    u.name = name;
    u.type = t;
    u.figures = figures;
    return u;
}

MeleeSetup one_on_one() {
    MeleeSetup s;
    MeleeUnit a = unit("dragoons", TroopType::dragoons, 12);
    a.charging = true;
    s.sides[kAttacker] = {a};
    s.sides[kDefender] = {unit("hussars", TroopType::light_cavalry, 8)};
    return s;
}

MeleeSetup three_on_three() {
    MeleeSetup s;
    MeleeUnit a = unit("cuirassiers", TroopType::cuirassiers, 12);
    a.charging = true;
    MeleeUnit b = unit("lancers", TroopType::lancers, 12);
    b.charging = true;
    s.sides[kAttacker] = {a, b, unit("dragoons", TroopType::dragoons, 8)};
    MeleeUnit sq = unit("square", TroopType::infantry, 24);
    sq.formation = Formation::square;
    s.sides[kDefender] = {sq, unit("line", TroopType::infantry, 20),
                          unit("battery", TroopType::artillery, 4)};
    return s;
}

}  // namespace

static void BM_Baseline_Roll2d6(benchmark::State& state) {
    Prng prng(1);
    for (auto _ : state) {
        int sum = prng.d6() + prng.d6();
        benchmark::DoNotOptimize(sum);
    }
}
BENCHMARK(BM_Baseline_Roll2d6);

// The same dice a one-on-one melee rolls (2D6 each side and 2D6 for a follow-up test).
static void BM_Baseline_SixDice(benchmark::State& state) {
    Prng prng(1);
    for (auto _ : state) {
        int sum = prng.d6() + prng.d6() + prng.d6() + prng.d6() + prng.d6() + prng.d6();
        benchmark::DoNotOptimize(sum);
    }
}
BENCHMARK(BM_Baseline_SixDice);

static void BM_ResolveOneOnOne(benchmark::State& state) {
    const MeleeSetup s = one_on_one();
    const PreparedMelee m = prepare_melee(rules(), s);
    Prng prng(1);
    MeleeOutcome out;
    for (auto _ : state) {
        resolve_melee(m, prng, out);
        benchmark::DoNotOptimize(out.difference);
    }
    state.counters["resolutions_per_s"] =
        benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ResolveOneOnOne);

static void BM_PrepareAndResolveOneOnOne(benchmark::State& state) {
    const MeleeSetup s = one_on_one();
    Prng prng(1);
    MeleeOutcome out;
    for (auto _ : state) {
        const PreparedMelee m = prepare_melee(rules(), s);
        resolve_melee(m, prng, out);
        benchmark::DoNotOptimize(out.difference);
    }
}
BENCHMARK(BM_PrepareAndResolveOneOnOne);

static void BM_Odds3v3(benchmark::State& state) {
    const MeleeSetup s = three_on_three();
    for (auto _ : state) {
        const PreparedMelee m = prepare_melee(rules(), s);
        const MeleeOdds odds = melee_odds(m);
        benchmark::DoNotOptimize(odds.denominator);
    }
}
BENCHMARK(BM_Odds3v3)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();

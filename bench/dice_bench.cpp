// Baseline: how fast bare dice come out of the engine's PRNG.
#include <benchmark/benchmark.h>

#include "sim/core/prng.h"

static void BM_Roll2d6(benchmark::State& state) {
    vedette::sim::Prng prng(1);
    for (auto _ : state) {
        int sum = prng.d6() + prng.d6();
        benchmark::DoNotOptimize(sum);
    }
}
BENCHMARK(BM_Roll2d6);

// Borodino hex system (seed 002) speed, on one core:
//   BM_ResolveShock: one shock of 2 against 1 units on one hex (DRMs, band, statuses), a seeded
//   d10 each time: shocks resolved per second (items_per_second).
//   BM_ResolveShockTwoHexes: one die for two target hexes with different DRMs (9.22).
//   BM_SimulateShevardino: the shipped 32-unit, 6-turn battle (replays/borodino/
//   shevardino_battle.scenario.json) played and recorded, from the parsed scenario.
//   BM_Baseline_RollD10: bare dice in the same binary, for scale.
//   build/bench/bench_borodino

#include <benchmark/benchmark.h>

#include <string>

#include "sim/core/json_reader.h"
#include "sim/core/prng.h"
#include "sim/rules/ruleset_files.h"
#include "sim/rulesets/borodino/borodino_ruleset.h"
#include "sim/rulesets/borodino/shock_report.h"

using namespace vedette::sim;
using namespace vedette::sim::borodino;

namespace {

const std::string kSource = VEDETTE_SOURCE_DIR;

const BorodinoRules& rules() {
    static const BorodinoRules r = [] {
        const std::string path = kSource + "/sim/rulesets/borodino/borodino.json";
        return parse_borodino_rules(read_text_file(path), path);
    }();
    return r;
}

ShockUnit unit(const char* name, const char* type, int strength, int cohesion, const char* hex) {
    ShockUnit u;
    u.name = name;
    u.type = rules().type(type);
    u.strength = strength;
    u.cohesion = cohesion;
    u.hex = hex;
    return u;
}

ShockSituation one_hex() {
    ShockSituation s;
    s.attackers = {unit("57e Ligne", "line_infantry", 4, 7, ""),
                   unit("61e Ligne", "line_infantry", 4, 6, "")};
    ShockUnit d = unit("Odessa", "line_infantry", 4, 6, "A");
    d.flank_open = true;
    s.defenders = {d};
    return s;
}

ShockSituation two_hexes() {
    ShockSituation s;
    s.attackers = {unit("13e Legere", "line_infantry", 5, 7, "")};
    ShockUnit woods = unit("Ufa", "line_infantry", 4, 6, "A");
    woods.terrain = "woods";
    ShockUnit square = unit("Shirvan", "line_infantry", 4, 6, "B");
    square.square = true;
    s.defenders = {woods, square, unit("26th Light Company", "foot_artillery", 0, 5, "B")};
    return s;
}

void resolve_many(benchmark::State& state, const ShockSituation& s) {
    Prng prng(1812);
    for (auto _ : state) {
        const ResolvedShock r = resolve_shock(rules(), s, static_cast<int>(prng.below(10)), false);
        benchmark::DoNotOptimize(r.status.defenders.data());
    }
    state.SetItemsProcessed(state.iterations());
}

}  // namespace

static void BM_Baseline_RollD10(benchmark::State& state) {
    Prng prng(1);
    for (auto _ : state) {
        int die = static_cast<int>(prng.below(10));
        benchmark::DoNotOptimize(die);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Baseline_RollD10);

static void BM_ResolveShock(benchmark::State& state) {
    resolve_many(state, one_hex());
}
BENCHMARK(BM_ResolveShock);

static void BM_ResolveShockTwoHexes(benchmark::State& state) {
    resolve_many(state, two_hexes());
}
BENCHMARK(BM_ResolveShockTwoHexes);

static void BM_SimulateShevardino(benchmark::State& state) {
    const BorodinoRuleset ruleset(kSource + "/sim/rulesets");
    const std::string file = kSource + "/replays/borodino/shevardino_battle.scenario.json";
    const auto scenario = ruleset.parse_scenario(parse_json_text(read_text_file(file), file), file);
    std::size_t events = 0;
    for (auto _ : state) {
        const replay::Recorded r = ruleset.run(*scenario, scenario->seed);
        events = r.events.size();
        benchmark::DoNotOptimize(r.events.data());
    }
    state.counters["events"] = static_cast<double>(events);
}
BENCHMARK(BM_SimulateShevardino)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();

// Battle runner and replay speed:
//   BM_Simulate/200 and /400: a generated battle of N units over 12 turns (goal: 200 units
//   under 50 ms; 400 units at most 2.2 times the 200-unit time).
//   BM_LoadReplay: parse and check a replay of about 100,000 events (goal: under 300 ms).
//   BM_SeekFromKeyframe: the state at a random event from the nearest keyframe (goal: under 2 ms).
//   build/bench/bench_battle

#include <benchmark/benchmark.h>

#include <string>

#include "sim/core/json_reader.h"
#include "sim/replay/replay.h"
#include "sim/rulesets/gdb/battle/battle_engine.h"
#include "sim/rulesets/gdb/gdb_ruleset.h"

using namespace vedette::sim;
using namespace vedette::sim::battle;

namespace {

const gdb::GdbRuleset& gdb_ruleset() {
    static const gdb::GdbRuleset r(std::string(VEDETTE_SOURCE_DIR) + "/sim/rulesets");
    return r;
}
const BattleRules& battle_rules() {
    return gdb_ruleset().battle_rules();
}

// Two armies of `per_side` units in ranks of 10, 30 cm apart; every turn each front-rank unit is
// ordered to charge the unit facing it and every other unit moves up.
nlohmann::json generated_battle(int per_side, int turns) {
    using nlohmann::json;
    const int lanes = 10, rows = (per_side + lanes - 1) / lanes;
    const double lane_cm = 24, row_cm = 12;
    const double depth = 60 + 2 * rows * row_cm;
    json sides = json::array();
    json orders = json::array();
    for (int s = 0; s < 2; ++s) {
        json brigades = json::array();
        for (int lane = 0; lane < lanes; ++lane) {
            json units = json::array();
            for (int row = 0; row < rows; ++row) {
                const int i = row * lanes + lane;
                if (i >= per_side) break;
                const double x = 14 + lane * lane_cm;
                const double y =
                    s == 0 ? depth / 2 - 15 - row * row_cm : depth / 2 + 15 + row * row_cm;
                const std::string id = (s == 0 ? "a" : "b") + std::to_string(i);
                const bool cav = (lane % 3) == 0;
                units.push_back({{"id", id},
                                 {"name", id},
                                 {"type", cav ? "dragoons" : "infantry"},
                                 {"figures", cav ? 12 : 24},
                                 {"formation", cav ? "line" : "column"},
                                 {"at", {x, y}},
                                 {"facing", s == 0 ? 0 : 180}});
                for (int t = 1; t <= turns; ++t) {
                    if (row == 0 && s == (t % 2)) {
                        orders.push_back({{"turn", t},
                                          {"unit", id},
                                          {"charge", (s == 0 ? "b" : "a") + std::to_string(i)}});
                    } else {
                        orders.push_back({{"turn", t},
                                          {"unit", id},
                                          {"move", {x, s == 0 ? y + 0.2 * t : y - 0.2 * t}}});
                    }
                }
            }
            const double gx = 14 + lane * lane_cm;
            brigades.push_back({{"id", (s == 0 ? "ba" : "bb") + std::to_string(lane)},
                                {"general",
                                 {{"id", (s == 0 ? "ga" : "gb") + std::to_string(lane)},
                                  {"skill", "average"},
                                  {"attached_to", (s == 0 ? "a" : "b") + std::to_string(lane)},
                                  {"at", {gx, depth / 2}}}},
                                {"units", units}});
        }
        sides.push_back({{"id", s == 0 ? "red" : "blue"},
                         {"commander",
                          {{"id", s == 0 ? "ca" : "cb"},
                           {"skill", "average"},
                           {"at", {1, s == 0 ? 1 : depth - 1}}}},
                         {"brigades", brigades}});
    }
    return {{"format", "vedette-scenario"},
            {"version", 1},
            {"title", "generated"},
            {"seed", 99},
            {"turns", turns},
            {"table", {{"width", 14 + lanes * lane_cm}, {"depth", depth}}},
            {"sides", sides},
            {"orders", orders}};
}

void BM_Simulate(benchmark::State& state) {
    const int units = static_cast<int>(state.range(0));
    const Scenario scenario =
        parse_scenario(generated_battle(units / 2, 12), "generated.json", battle_rules());
    std::size_t events = 0;
    for (auto _ : state) {
        const replay::Recorded r = run_battle(gdb_ruleset(), scenario);
        events = r.events.size();
        benchmark::DoNotOptimize(events);
    }
    state.counters["events"] = static_cast<double>(events);
}
BENCHMARK(BM_Simulate)->Arg(200)->Arg(400)->Unit(benchmark::kMillisecond);

const std::string& big_replay_text() {
    static const std::string text = [] {
        const Scenario scenario =
            parse_scenario(generated_battle(500, 100), "generated.json", battle_rules());
        return replay::write_replay_text(run_battle(gdb_ruleset(), scenario));
    }();
    return text;
}

void BM_LoadReplay(benchmark::State& state) {
    const std::string& text = big_replay_text();
    std::size_t events = 0;
    for (auto _ : state) {
        const replay::Replay r = replay::parse_replay(text, "big.replay.json");
        events = r.events.size();
        benchmark::DoNotOptimize(events);
    }
    state.counters["events"] = static_cast<double>(events);
    state.counters["MB"] = static_cast<double>(text.size()) / 1e6;
}
BENCHMARK(BM_LoadReplay)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_SeekFromKeyframe(benchmark::State& state) {
    static const replay::Replay r = replay::parse_replay(big_replay_text(), "big.replay.json");
    Prng prng(5);
    for (auto _ : state) {
        const int seq = static_cast<int>(prng.below(r.events.size()));
        const auto units = replay::state_after(r, seq);
        benchmark::DoNotOptimize(units.data());
    }
}
BENCHMARK(BM_SeekFromKeyframe)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();

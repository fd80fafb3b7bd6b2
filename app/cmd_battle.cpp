// `vedette simulate SCENARIO -o REPLAY`, `vedette verify REPLAY`, `vedette events REPLAY`:
// battles from scenario to replay, re-verification, and the readable event log.

#include <cstdio>
#include <iostream>
#include <map>

#include "app/cli.h"
#include "sim/battle/battle_engine.h"
#include "sim/core/atomic_file.h"
#include "sim/replay/replay.h"
#include "sim/rules/ruleset_files.h"

namespace vedette::app {

namespace {

struct LoadedRules {
    sim::gdb::GdbRules melee;
    sim::battle::BattleRules battle;
};

LoadedRules load_all_rules(const std::string& dir) {
    const std::string path = sim::ruleset_path(sim::find_rules_dir(dir), "gdb");
    return {sim::gdb::load_gdb_rules(path), sim::battle::load_battle_rules(path)};
}

std::string seconds(std::int64_t ms) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%lld.%01lld", static_cast<long long>(ms / 1000),
                  static_cast<long long>((ms % 1000) / 100));
    return buf;
}

}  // namespace

int run_simulate(const Args& in) {
    Args args = in;
    const std::string out = take_option(args, "-o");
    const std::string rules_dir = take_option(args, "--rules");
    expect_no_more_options(args);
    if (args.size() != 1) throw UsageError{"expected one scenario file"};
    if (out.empty()) throw UsageError{"-o REPLAY is required"};
    sim::check_output_path(out, "-o");
    const LoadedRules rules = load_all_rules(rules_dir);
    const sim::battle::Scenario scenario = sim::battle::read_scenario_file(args[0], rules.battle);
    const sim::battle::BattleResult result =
        sim::battle::run_battle(rules.melee, rules.battle, scenario);
    sim::write_file_atomically(out,
                               sim::replay::write_replay_text(scenario, rules.melee.hash, result));
    std::map<std::string, int> kinds;
    for (const auto& e : result.events) ++kinds[e.kind];
    std::printf("%s: %s\n  %d turns, %zu units, %zu events over %s s of replay time\n",
                args[0].c_str(), scenario.title.c_str(), scenario.turns, scenario.units.size(),
                result.events.size(),
                seconds(result.events.empty() ? 0 : result.events.back().t1_ms).c_str());
    std::printf("  events:");
    for (const auto& [k, n] : kinds) std::printf(" %s %d,", k.c_str(), n);
    std::printf("\n  wrote %s\n", out.c_str());
    return 0;
}

int run_verify(const Args& in) {
    Args args = in;
    const std::string rules_dir = take_option(args, "--rules");
    expect_no_more_options(args);
    if (args.size() != 1) throw UsageError{"expected one replay file"};
    const LoadedRules rules = load_all_rules(rules_dir);
    const sim::replay::Replay replay = sim::replay::read_replay(args[0]);
    const auto report = sim::replay::verify_replay(replay, rules.melee, rules.battle);
    std::printf("%s: %s\n", args[0].c_str(), report.message.c_str());
    return report.identical && report.rules_match ? 0 : 1;
}

int run_events(const Args& in) {
    Args args = in;
    expect_no_more_options(args);
    if (args.size() != 1) throw UsageError{"expected one replay file"};
    const sim::replay::Replay replay = sim::replay::read_replay(args[0]);
    int turn = -1;
    for (const auto& e : replay.events) {
        if (e.turn != turn) {
            turn = e.turn;
            if (turn > 0) std::printf("\n== Turn %d\n", turn);
        }
        std::printf("%5d  %7ss  %-9s %-18s %s\n", e.seq, seconds(e.t0_ms).c_str(), e.phase.c_str(),
                    e.kind.c_str(), e.text.c_str());
        std::printf("%35s[%s]\n", "", e.rule.c_str());
    }
    return 0;
}

}  // namespace vedette::app

// `vedette simulate SCENARIO -o REPLAY`, `vedette verify REPLAY`, `vedette events REPLAY`,
// `vedette migrate REPLAY [-o OUT]`: battles from scenario to replay, re-verification, the readable
// event log, and old replays rewritten in the current format. Each picks the ruleset named in the
// file's "ruleset" field.

#include <cstdio>
#include <iostream>
#include <map>

#include "app/cli.h"
#include "app/cli_files.h"
#include "sim/core/atomic_file.h"
#include "sim/core/input_error.h"
#include "sim/core/json_reader.h"
#include "sim/record/explanation_checks.h"
#include "sim/replay/replay.h"
#include "sim/ruleset/registry.h"
#include "sim/ruleset/verify.h"

namespace vedette::app {

namespace {

std::string seconds(std::int64_t ms) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%lld.%01lld", static_cast<long long>(ms / 1000),
                  static_cast<long long>((ms % 1000) / 100));
    return buf;
}

// A replay's explanations are held to docs/LIMITS.md when it is read, and the rule systems quote
// the scenario's names in them: names within limits::kMaxNameBytes keep every shipped battle's
// texts short enough, but a text that lists many of them could still pass 4,096 bytes. Such a
// battle is refused here, before anything is written, rather than written as a replay that
// `vedette verify` and the viewer refuse.
void refuse_unreadable_explanations(const sim::replay::Recorded& result,
                                    const std::string& scenario_file) {
    for (std::size_t i = 0; i < result.events.size(); ++i) {
        if (!result.events[i].explanation) continue;
        try {
            sim::record::check_explanation(*result.events[i].explanation, "REPLAY",
                                           "$.events[" + std::to_string(i) + "].explanation");
        } catch (const sim::InputError& e) {
            throw sim::InputError(scenario_file, "$",
                                  "the battle it plays explains an event in more than a replay may "
                                  "hold (" +
                                      e.where() + ": " + e.message() +
                                      "): shorten the names that explanation quotes");
        }
    }
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
    const sim::Json json = sim::read_json_file(args[0]);
    const std::string ruleset = sim::ruleset::ruleset_of(json, args[0]);
    sim::refuse_clashing_outputs({{"SCENARIO", args[0]}, ruleset_input(rules_dir, ruleset)},
                                 {{"-o", out}});
    const auto rules = sim::ruleset::make_ruleset(ruleset, rules_dir, args[0]);
    const auto scenario = rules->read_scenario(json, args[0]);
    const sim::replay::Recorded result = rules->run(*scenario, scenario->seed);
    refuse_unreadable_explanations(result, args[0]);
    sim::write_file_atomically(out, sim::replay::write_replay_text(result));
    std::map<std::string, int> kinds;
    for (const auto& e : result.events) ++kinds[e.kind];
    std::printf("%s: %s\n  %zu turns, %zu units, %zu events over %s s of replay time\n",
                args[0].c_str(), result.header.title.c_str(), result.turn_hashes.size(),
                result.header.units.size(), result.events.size(),
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
    const sim::replay::Replay replay = sim::replay::read_replay(args[0], rules_dir);
    // Only verify needs the rules: the ruleset the header names, with its data.
    const auto rules =
        sim::ruleset::make_ruleset(replay.header.ruleset, rules_dir, args[0], "$.ruleset");
    const auto report = sim::ruleset::verify_replay(replay, *rules);
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

int run_migrate(const Args& in) {
    Args args = in;
    std::string out = take_option(args, "-o");
    // A version 1 file is converted by its ruleset, with the data from --rules (its footprints
    // and tables; use the data the replay was made with).
    const std::string rules_dir = take_option(args, "--rules");
    expect_no_more_options(args);
    if (args.size() != 1) throw UsageError{"expected one replay file"};
    if (out.empty()) out = args[0];
    sim::check_output_path(out, "-o");
    const sim::replay::Replay replay = sim::replay::read_replay(args[0], rules_dir);
    // OUT may be REPLAY itself (the default): it is read in full before it is replaced. Its
    // notes file may not be.
    sim::refuse_clashing_outputs({ruleset_input(rules_dir, replay.header.ruleset),
                                  {"the notes file of REPLAY", sim::notes_file_for(args[0])}},
                                 {{"-o", out}});
    sim::write_file_atomically(out, sim::replay::write_replay_text(replay));
    std::printf("%s: format version %d -> %d, %zu events; wrote %s\n", args[0].c_str(),
                replay.version, sim::replay::kReplayFormatVersion, replay.events.size(),
                out.c_str());
    return 0;
}

}  // namespace vedette::app

// `vedette odds SCENARIO --runs N [--jobs J] [--json] [--replay R] [--png FILE] [--rules DIR]`:
// the odds of a whole battle. The scenario is played under N seeds from a fixed sequence (run k
// plays the first output of the PRNG seeded with the scenario's seed + k), on J threads, and the
// ruleset's summary of each run (every unit's fate, each side's losses, who holds the field) is
// counted into a distribution; --replay says where one recorded battle of the same scenario falls
// in it. The output depends only on the arguments, never on J: the runs are counted in seed order.
// A progress bar goes to stderr when it is a terminal; the first Ctrl-C stops the runs and prints
// what the first M of them gave, then exits 130 without writing --png (an existing file is left as
// it was).

#include <unistd.h>
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <thread>

#include "app/cli.h"
#include "app/cli_files.h"
#include "app/cmd_odds_report.h"
#include "app/interrupt.h"
#include "sim/core/atomic_file.h"
#include "sim/core/input_error.h"
#include "sim/core/json_reader.h"
#include "sim/core/output_clash.h"
#include "sim/replay/replay.h"
#include "sim/ruleset/odds_runs.h"
#include "sim/ruleset/registry.h"

namespace vedette::app {

namespace {

int default_jobs() {
    return static_cast<int>(
        std::clamp(std::thread::hardware_concurrency(), 1u, unsigned(sim::ruleset::kMaxOddsJobs)));
}

// "\r  [##########----------] 512 of 1000 runs" on a terminal; nothing otherwise.
class ProgressBar {
public:
    explicit ProgressBar(int total) : total_(total), on_(::isatty(2) == 1) {}
    void show(int done) {
        if (!on_ || total_ <= 0) return;
        const int width = 30;
        const int filled = static_cast<int>(std::int64_t(done) * width / total_);
        std::fprintf(stderr, "\r  [%s%s] %d of %d runs", std::string(filled, '#').c_str(),
                     std::string(width - filled, '-').c_str(), done, total_);
        std::fflush(stderr);
    }
    void clear() {
        if (!on_) return;
        std::fprintf(stderr, "\r%60s\r", "");
        std::fflush(stderr);
    }

private:
    int total_;
    bool on_;
};

// The replay of --replay, which must be a battle of the same scenario: the same ruleset and the
// same units in the same order.
OddsReport::Replay read_odds_replay(const std::string& file, const std::string& rules_dir,
                                    const sim::ruleset::Ruleset& rules,
                                    const sim::ruleset::Scenario& scenario) {
    const sim::replay::Replay replay = sim::replay::read_replay(file, rules_dir);
    if (replay.header.ruleset != rules.id())
        throw sim::InputError(file, "$.ruleset",
                              "the replay is of ruleset '" + replay.header.ruleset +
                                  "', the scenario of '" + rules.id() + "'");
    if (replay.unit_ids != scenario.unit_ids)
        throw sim::InputError(file, "$.header.units",
                              "the replay's units are not the scenario's (another scenario, or "
                              "an edited one)");
    return {file, replay.seed, rules.summarize(replay.header, replay.events)};
}

// Plays the runs with the progress bar and Ctrl-C as a request to stop; `interrupted` says
// whether one came (the runs may all be done even so).
sim::ruleset::OddsRuns play_with_progress(const sim::ruleset::Ruleset& rules,
                                          const sim::ruleset::Scenario& scenario, int runs,
                                          int jobs, bool& interrupted) {
    static std::atomic<bool> stop{false};
    ProgressBar bar(runs);
    sim::ruleset::OddsOptions options;
    options.runs = runs;
    options.jobs = jobs;
    options.stop = &stop;
    options.progress = [&bar](int done) { bar.show(done); };
    stop_on_interrupt(&stop);
    sim::ruleset::OddsRuns result;
    try {
        result = sim::ruleset::play_odds_runs(rules, scenario, options);
    } catch (...) {
        stop_on_interrupt(nullptr);
        bar.clear();
        throw;
    }
    stop_on_interrupt(nullptr);
    bar.clear();
    // Read after unregistering: a Ctrl-C from here on quits at once (app/interrupt.h).
    interrupted = stop.load();
    return result;
}

}  // namespace

int run_odds(const Args& in) {
    Args args = in;
    const bool json = take_flag(args, "--json");
    const std::string runs_text = take_option(args, "--runs");
    const std::string jobs_text = take_option(args, "--jobs");
    const std::string replay_file = take_option(args, "--replay");
    const std::string rules_dir = take_option(args, "--rules");
    const std::string png = take_option(args, "--png");
    expect_no_more_options(args);
    if (args.size() != 1) throw UsageError{"expected one scenario file"};
    if (runs_text.empty()) throw UsageError{"--runs N is required"};
#ifdef VEDETTE_SIM_ONLY
    if (!png.empty()) throw UsageError{"--png: this build has no renderer (VEDETTE_SIM_ONLY)"};
#endif
    if (!png.empty()) {
        check_png_output(png, "--png");
        std::vector<sim::NamedPath> inputs = {{"SCENARIO", args[0]}};
        if (!replay_file.empty()) inputs.push_back({"--replay", replay_file});
        sim::refuse_clashing_outputs(inputs, {{"--png", png}});
    }
    const int runs =
        static_cast<int>(whole_number(runs_text, "--runs", 1, sim::ruleset::kMaxOddsRuns));
    const int jobs =
        jobs_text.empty()
            ? default_jobs()
            : static_cast<int>(whole_number(jobs_text, "--jobs", 1, sim::ruleset::kMaxOddsJobs));

    const std::string& file = args[0];
    const sim::Json scenario_json = sim::read_json_file(file);
    const auto rules =
        sim::ruleset::make_ruleset(sim::ruleset::ruleset_of(scenario_json, file), rules_dir, file);
    const auto scenario = rules->read_scenario(scenario_json, file);
    OddsReport report;
    report.scenario_file = file;
    report.ruleset_name = rules->name();
    report.ruleset_id = rules->id();
    report.scenario_seed = scenario->seed;
    if (!replay_file.empty())
        report.replay = read_odds_replay(replay_file, rules_dir, *rules, *scenario);

    bool stopped = false;
    const sim::ruleset::OddsRuns played =
        play_with_progress(*rules, *scenario, runs, jobs, stopped);
    const bool interrupted = stopped || int(played.runs.size()) < runs;
    report.runs = &played;
    report.title = played.header.title;
    report.table =
        sim::ruleset::tabulate(played.runs, played.header.sides.size(), played.header.units.size());
    if (json)
        std::cout << odds_json(report).dump(2) << "\n";
    else
        std::cout << odds_text(report);
#ifndef VEDETTE_SIM_ONLY
    // Interrupted: no picture. The graph of a run the user stopped is not the one asked for, and
    // a file already at --png (an earlier complete run's) is left as it was.
    if (!png.empty() && interrupted) {
        std::cout.flush();
        std::fprintf(stderr,
                     "interrupted: the odds graph %s was not written (a file already there is "
                     "left as it was)\n",
                     png.c_str());
    } else if (!png.empty() && !played.runs.empty()) {
        write_odds_graph(report, png);
        if (!json) std::cout << "wrote the odds graph " << png << "\n";
    }
#endif
    std::cout.flush();
    // Interrupted: what the first runs gave is printed; the exit code says it is not all.
    return interrupted ? 130 : 0;
}

}  // namespace vedette::app

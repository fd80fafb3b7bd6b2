// `vedette check SCENARIO [--png FILE] [--rules DIR]`: is a hand-written scenario ready? It is
// read by its ruleset (any mistake: the file, the JSON path and what was expected, exit 2), played
// once, and looked at: bases that overlap (both units named, by how much) are an error, exit 2;
// orders that are legal but probably not meant, and orders the play refuses (with the reason the
// replay gives), are warnings; forced dice the play does not use, or sets aside for their count,
// are errors, exit 2; and the dice the seed throws because nothing forces them are listed. With
// --png, a map of the start to measure on: a grid, the units with their names, the generals'
// command radii and every turn's moves (cmd_check_map.cpp).

#include <cstdio>

#include "app/cli.h"
#include "app/cli_files.h"
#include "sim/core/atomic_file.h"
#include "sim/core/input_error.h"
#include "sim/core/json_reader.h"
#include "sim/replay/check_dice.h"
#include "sim/replay/deployment.h"
#include "sim/replay/replay.h"
#include "sim/ruleset/registry.h"

namespace vedette::app {

#ifndef VEDETTE_SIM_ONLY
// cmd_check_map.cpp: the deployment map (needs the renderer).
void write_deployment_map(const sim::replay::Recorded& recorded, const std::string& file,
                          const std::string& png);
#endif

namespace {

// The forced dice left unused (errors, on stderr) and the dice the seed throws; whether any
// forced dice were wrong.
bool report_dice(const sim::replay::Recorded& recorded, const std::string& file) {
    const auto& units = recorded.header.units;
    const auto report = sim::replay::describe_dice(recorded.dice, [&](int u) {
        return u >= 0 && std::size_t(u) < units.size() ? units[std::size_t(u)].name
                                                       : std::string("?");
    });
    for (const auto& e : report.errors)
        std::fprintf(stderr, "error: %s: %s\n", file.c_str(), e.c_str());
    if (report.from_seed.empty()) {
        std::printf("  every die is forced by the scenario\n");
    } else {
        std::printf("  dice the seed throws (the scenario does not force them):\n");
        for (const auto& line : report.from_seed) std::printf("    %s\n", line.c_str());
    }
    return !report.errors.empty();
}

}  // namespace

int run_check(const Args& in) {
    Args args = in;
    const std::string png = take_option(args, "--png");
    const std::string rules_dir = take_option(args, "--rules");
    expect_no_more_options(args);
    if (args.size() != 1) throw UsageError{"expected one scenario file"};
#ifdef VEDETTE_SIM_ONLY
    if (!png.empty()) throw UsageError{"--png: this build has no renderer (VEDETTE_SIM_ONLY)"};
#endif
    if (!png.empty()) check_png_output(png, "--png");
    const std::string& file = args[0];
    const sim::Json json = sim::read_json_file(file);
    const std::string ruleset = sim::ruleset::ruleset_of(json, file);
    std::vector<sim::NamedPath> reads = {{"SCENARIO", file}, ruleset_input(rules_dir, ruleset)};
#ifndef VEDETTE_SIM_ONLY
    if (!png.empty())
        for (auto& asset : asset_inputs()) reads.push_back(std::move(asset));
#endif
    sim::refuse_clashing_outputs(reads, {{"--png", png}});
    const auto rules = sim::ruleset::make_ruleset(ruleset, rules_dir, file);
    const auto scenario = rules->read_scenario(json, file);
    const sim::replay::Recorded recorded = rules->run(*scenario, scenario->seed);
    const auto& units = recorded.header.units;
    std::printf("%s: %s (%s)\n  %zu units; played once: %zu events in %zu turns\n", file.c_str(),
                recorded.header.title.c_str(), rules->name().c_str(), units.size(),
                recorded.events.size(), recorded.turn_hashes.size());
    const auto warnings = rules->scenario_warnings(*scenario);
    for (const auto& w : warnings) std::printf("warning: %s: %s\n", file.c_str(), w.c_str());
    const auto overlaps = sim::replay::overlapping_bases(recorded);
    std::fflush(stdout);  // the errors below come after the lines above, also in a pipe
    for (const auto& o : overlaps) {
        const auto& a = units[std::size_t(o.a)];
        const auto& b = units[std::size_t(o.b)];
        std::fprintf(stderr,
                     "error: %s: %s (%s) and %s (%s) overlap by %lld mm at the start: move them "
                     "apart\n",
                     file.c_str(), a.name.c_str(), a.id.c_str(), b.name.c_str(), b.id.c_str(),
                     static_cast<long long>(o.depth_mm));
    }
    const bool dice_wrong = report_dice(recorded, file);
#ifndef VEDETTE_SIM_ONLY
    if (!png.empty()) {
        write_deployment_map(recorded, file, png);
        std::printf("  wrote the deployment map %s\n", png.c_str());
    }
#endif
    if (!overlaps.empty() || dice_wrong) return sim::kExitBadInput;
    std::printf("  ok%s\n", warnings.empty() ? "" : " (with warnings)");
    return 0;
}

}  // namespace vedette::app

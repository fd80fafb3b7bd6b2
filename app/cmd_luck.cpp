// `vedette luck REPLAY [--json] [--png FILE]`: how lucky each side was over a whole battle, from
// the exact odds the replay's explanations record (sim/replay/luck.h, docs/LUCK_AND_ODDS.md). It
// prints each side's final luck and the five luckiest and five unluckiest moments with what they
// decided; --json writes the same, with every event that counts, as one document (docs/CLI.md);
// --png draws the battle's luck graph (cmd_luck_graph.cpp). No rules are loaded.

#include <cmath>
#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli.h"
#include "app/cli_files.h"
#include "sim/core/atomic_file.h"
#include "sim/core/output_clash.h"
#include "sim/replay/luck.h"
#include "sim/replay/replay.h"

namespace vedette::app {

#ifndef VEDETTE_SIM_ONLY
// cmd_luck_graph.cpp: the graph (the renderer's text and PNG writer).
void write_luck_graph(const sim::replay::BattleLuck& luck, const std::string& title,
                      const std::string& png);
#endif

namespace {

constexpr std::size_t kMoments = 5;

// Six decimals: enough to tell any two outcomes of a replay apart, short enough to read.
double rounded(double x) {
    const double r = std::round(x * 1e6) / 1e6;
    return r == 0 ? 0.0 : r;  // never "-0"
}

nlohmann::ordered_json numbers(const std::vector<double>& xs) {
    auto j = nlohmann::ordered_json::array();
    for (const double x : xs) j.push_back(rounded(x));
    return j;
}

nlohmann::ordered_json picks_json(const sim::replay::BattleLuck& luck,
                                  const std::vector<sim::replay::LuckPick>& picks) {
    auto j = nlohmann::ordered_json::array();
    for (const auto& p : picks) {
        const auto& m = luck.moments[p.moment];
        j.push_back({{"seq", m.seq},
                     {"turn", m.turn},
                     {"side", luck.sides[std::size_t(p.side)]},
                     {"luck", rounded(p.luck)},
                     {"decided", m.decided},
                     {"text", m.text}});
    }
    return j;
}

nlohmann::ordered_json luck_json(const sim::replay::Replay& replay,
                                 const sim::replay::BattleLuck& luck) {
    nlohmann::ordered_json j;
    j["replay"] = replay.file;
    j["title"] = replay.header.title;
    j["events"] = luck.moments.size();
    auto sides = nlohmann::ordered_json::array();
    for (std::size_t s = 0; s < luck.sides.size(); ++s)
        sides.push_back({{"id", replay.header.sides[s].id},
                         {"name", luck.sides[s]},
                         {"luck", rounded(luck.total[s])}});
    j["sides"] = sides;
    j["luckiest"] = picks_json(luck, sim::replay::luckiest(luck, kMoments));
    j["unluckiest"] = picks_json(luck, sim::replay::unluckiest(luck, kMoments));
    auto moments = nlohmann::ordered_json::array();
    for (const auto& m : luck.moments)
        moments.push_back({{"seq", m.seq},
                           {"turn", m.turn},
                           {"odds_sides", m.odds_sides},
                           {"sections", m.sections},
                           {"luck", numbers(m.luck)},
                           {"running", numbers(m.running)},
                           {"decided", m.decided},
                           {"text", m.text}});
    j["moments"] = moments;
    return j;
}

std::string signed_value(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.3f", rounded(x) == 0 ? 0.0 : x);
    return buf;
}

void print_picks(const char* heading, const sim::replay::BattleLuck& luck,
                 const std::vector<sim::replay::LuckPick>& picks) {
    std::printf("%s\n", heading);
    if (picks.empty()) std::printf("  none\n");
    for (const auto& p : picks) {
        const auto& m = luck.moments[p.moment];
        std::printf("  event %4d  turn %2d  %-12s %s  %s\n    %s\n", m.seq, m.turn,
                    luck.sides[std::size_t(p.side)].c_str(), signed_value(p.luck).c_str(),
                    m.decided.c_str(), m.text.c_str());
    }
}

void print_luck(const sim::replay::Replay& replay, const sim::replay::BattleLuck& luck) {
    std::printf("%s: %s\n", replay.file.c_str(), replay.header.title.c_str());
    std::printf(
        "  %zu events with exact odds; a side's luck in one: the chance of a worse outcome for "
        "it minus the chance of a better one (-1..+1)\n",
        luck.moments.size());
    std::printf("final luck (the sum over the battle):\n");
    for (std::size_t s = 0; s < luck.sides.size(); ++s)
        std::printf("  %-12s %s\n", luck.sides[s].c_str(), signed_value(luck.total[s]).c_str());
    print_picks("the luckiest moments:", luck, sim::replay::luckiest(luck, kMoments));
    print_picks("the unluckiest moments:", luck, sim::replay::unluckiest(luck, kMoments));
}

}  // namespace

int run_luck(const Args& in) {
    Args args = in;
    const bool json = take_flag(args, "--json");
    const std::string png = take_option(args, "--png");
    expect_no_more_options(args);
    if (args.size() != 1) throw UsageError{"expected one replay file"};
#ifdef VEDETTE_SIM_ONLY
    if (!png.empty()) throw UsageError{"--png: this build has no renderer (VEDETTE_SIM_ONLY)"};
#endif
    if (!png.empty()) {
        check_png_output(png, "--png");
        sim::refuse_clashing_outputs({{"REPLAY", args[0]}}, {{"--png", png}});
    }
    const sim::replay::Replay replay = sim::replay::read_replay(args[0]);
    const sim::replay::BattleLuck luck = sim::replay::battle_luck(replay.header, replay.events);
#ifndef VEDETTE_SIM_ONLY
    if (!png.empty()) write_luck_graph(luck, replay.header.title, png);
#endif
    if (json) {
        std::cout << luck_json(replay, luck).dump(2) << "\n";
    } else {
        print_luck(replay, luck);
        if (!png.empty()) std::printf("wrote the luck graph %s\n", png.c_str());
    }
    return 0;
}

}  // namespace vedette::app

#pragma once
// `vedette odds`: the distribution of a battle's outcomes written as text for a terminal and as a
// JSON document (docs/CLI.md). Counts only: every value printed is an integer count or a ratio
// of counts, so the same runs give the same bytes.

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "sim/ruleset/odds_runs.h"

namespace vedette::app {

struct OddsReport {
    std::string scenario_file;
    std::string title;
    std::string ruleset_name;
    std::string ruleset_id;
    std::uint64_t scenario_seed = 0;
    const sim::ruleset::OddsRuns* runs = nullptr;
    sim::ruleset::OddsTable table;
    // --replay: the replay's file, seed and summary.
    struct Replay {
        std::string file;
        std::uint64_t seed = 0;
        sim::ruleset::BattleSummary summary;
    };
    std::optional<Replay> replay;
};

std::string odds_text(const OddsReport& report);
nlohmann::ordered_json odds_json(const OddsReport& report);
// `--png`: the picture of the same counts (cmd_odds_graph.cpp; not in a VEDETTE_SIM_ONLY build).
void write_odds_graph(const OddsReport& report, const std::string& png);

}  // namespace vedette::app

#include "app/cmd_odds_report.h"

#include <cinttypes>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace vedette::app {

namespace {

using sim::ruleset::Fate;
using sim::ruleset::OddsTable;
using sim::ruleset::SideOdds;

// Ratios as text from integers alone (rounded half up), so no floating point reaches the bytes.
std::string percent(std::int64_t n, std::int64_t runs) {
    if (runs <= 0) return "-";
    const std::int64_t tenths = (n * 1000 + runs / 2) / runs;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%" PRId64 ".%" PRId64 "%%", tenths / 10, tenths % 10);
    return buf;
}

std::string mean(std::int64_t total, std::int64_t runs) {
    if (runs <= 0) return "-";
    const std::int64_t hundredths = (total * 100 + runs / 2) / runs;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%" PRId64 ".%02" PRId64, hundredths / 100, hundredths % 100);
    return buf;
}

std::string plural(std::int64_t n, const std::string& word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

std::string runs_word(std::int64_t n) {
    return plural(n, "run");
}

const sim::record::Header& header_of(const OddsReport& r) {
    return r.runs->header;
}

std::string side_name(const OddsReport& r, std::size_t s) {
    const auto& sides = header_of(r).sides;
    return s < sides.size() ? sides[s].name : "side " + std::to_string(s);
}

// "  broken       0.40   0: 12 (60.0%)  1: 6 (30.0%)"
std::string count_row(const std::string& label, const sim::ruleset::CountDistribution& d,
                      int runs) {
    char head[64];
    std::snprintf(head, sizeof head, "    %-13s %7s  ", label.c_str(), mean(d.total, runs).c_str());
    std::string line = head;
    for (std::size_t n = 0; n < d.runs_with.size(); ++n) {
        if (d.runs_with[n] == 0) continue;
        line += " " + std::to_string(n) + ": " + std::to_string(d.runs_with[n]) + " (" +
                percent(d.runs_with[n], runs) + ")";
    }
    return line + "\n";
}

std::string figures_row(const SideOdds& side, int runs) {
    if (side.figures_lost.empty()) return "";
    char line[200];
    std::snprintf(
        line, sizeof line, "    %-13s %7s   min %d, 10%% %d, median %d, 90%% %d, max %d\n",
        "figures lost", mean(side.figures_lost_total, runs).c_str(),
        side.figures_lost.begin()->first, sim::ruleset::figures_lost_at(side, runs, 100),
        sim::ruleset::figures_lost_at(side, runs, 500),
        sim::ruleset::figures_lost_at(side, runs, 900), side.figures_lost.rbegin()->first);
    return line;
}

std::string side_text(const OddsReport& r, std::size_t s) {
    const SideOdds& side = r.table.sides[s];
    const int runs = r.table.runs;
    std::string out = side_name(r, s) + ": " + plural(side.units, "unit") + ", " +
                      plural(side.figures_start, "figure") + " at the start\n";
    out += "                      mean   in how many runs each count came up\n";
    // A fate no run gave (a rule system without routs, say) is one line at the end, not a row.
    const auto& names = sim::ruleset::fate_names();
    std::string never;
    for (std::size_t f = 1; f < sim::ruleset::kFateCount; ++f) {
        if (side.fates[f].total == 0)
            never += (never.empty() ? "" : ", ") + names[f];
        else
            out += count_row(names[f], side.fates[f], runs);
    }
    out += count_row("survived", side.fates[std::size_t(Fate::standing)], runs);
    out += figures_row(side, runs);
    if (!never.empty()) out += "    in no run: " + never + "\n";
    return out;
}

std::string field_text(const OddsReport& r) {
    const OddsTable& t = r.table;
    std::string out = "Who holds the field at the end:\n";
    char line[200];
    for (std::size_t s = 0; s < t.sides.size(); ++s) {
        std::snprintf(line, sizeof line, "  %-24s %10s  %6s\n", side_name(r, s).c_str(),
                      runs_word(t.sides[s].held).c_str(), percent(t.sides[s].held, t.runs).c_str());
        out += line;
    }
    std::snprintf(line, sizeof line, "  %-24s %10s  %6s\n", "neither", runs_word(t.neither).c_str(),
                  percent(t.neither, t.runs).c_str());
    return out + line;
}

std::string units_text(const OddsReport& r) {
    const auto& units = header_of(r).units;
    std::string out =
        "How often each unit survived (on the table and not broken, routed, withdrawn or "
        "eliminated at the end):\n";
    char line[400];
    for (std::size_t s = 0; s < r.table.sides.size(); ++s) {
        out += "  " + side_name(r, s) + "\n";
        for (std::size_t u = 0; u < units.size() && u < r.table.survived.size(); ++u) {
            if (units[u].side != static_cast<int>(s)) continue;
            std::snprintf(line, sizeof line, "    %-16s %6s  %d of %d  %s\n", units[u].id.c_str(),
                          percent(r.table.survived[u], r.table.runs).c_str(), r.table.survived[u],
                          r.table.runs, units[u].name.c_str());
            out += line;
        }
    }
    return out;
}

std::string holder_name(const OddsReport& r, int holder) {
    return holder < 0 ? std::string("neither side") : side_name(r, std::size_t(holder));
}

std::string replay_text(const OddsReport& r) {
    const auto& rp = *r.replay;
    const auto placements = sim::ruleset::place_battle(r.runs->runs, rp.summary);
    std::string out = "Where the replay " + rp.file + " (seed " + std::to_string(rp.seed) +
                      ") falls among the runs:\n";
    const int holder = rp.summary.holder;
    out += "  it left the field to " + holder_name(r, holder) + "; ";
    const int held = holder < 0 ? r.table.neither : r.table.sides[std::size_t(holder)].held;
    out += "so did " + percent(held, r.table.runs) + " of the runs\n";
    for (std::size_t s = 0; s < placements.size() && s < r.table.sides.size(); ++s) {
        const auto& p = placements[s];
        out += "  " + side_name(r, s) + " did this well or better in " +
               percent(p.as_good, r.table.runs) + " of runs (" + std::to_string(p.as_good) +
               " of " + std::to_string(r.table.runs) + "): " + plural(p.lost_units, "unit") +
               " lost, " + plural(p.figures_lost, "figure") + " lost\n";
    }
    return out +
           "  (a side did as well when it lost fewer units, or as many and no more figures)\n";
}

}  // namespace

std::string odds_text(const OddsReport& r) {
    const int done = r.table.runs;
    const int asked = r.runs->requested;
    std::string out = "Odds of " + r.scenario_file + ": " + r.title + " (" + r.ruleset_name + ")\n";
    out += "  " + runs_word(done) +
           (done < asked ? " of the " + std::to_string(asked) + " asked for (interrupted)" : "") +
           "; run k plays the seed the PRNG first draws from " + std::to_string(r.scenario_seed) +
           " + k (the scenario's seed + k)\n";
    if (done == 0) return out;
    out += "\n" + field_text(r);
    for (std::size_t s = 0; s < r.table.sides.size(); ++s) out += "\n" + side_text(r, s);
    out += "\n" + units_text(r);
    if (r.replay) out += "\n" + replay_text(r);
    return out;
}

namespace {

nlohmann::ordered_json distribution_json(const sim::ruleset::CountDistribution& d, int runs) {
    nlohmann::ordered_json j;
    j["mean"] = runs > 0 ? double(d.total) / runs : 0.0;
    j["runs_with"] = d.runs_with;
    return j;
}

nlohmann::ordered_json figures_json(const SideOdds& side, int runs) {
    nlohmann::ordered_json j;
    j["mean"] = runs > 0 ? double(side.figures_lost_total) / runs : 0.0;
    j["min"] = side.figures_lost.empty() ? 0 : side.figures_lost.begin()->first;
    j["p10"] = sim::ruleset::figures_lost_at(side, runs, 100);
    j["median"] = sim::ruleset::figures_lost_at(side, runs, 500);
    j["p90"] = sim::ruleset::figures_lost_at(side, runs, 900);
    j["max"] = side.figures_lost.empty() ? 0 : side.figures_lost.rbegin()->first;
    auto pairs = nlohmann::ordered_json::array();
    for (const auto& [lost, n] : side.figures_lost) pairs.push_back({lost, n});
    j["runs_with"] = pairs;
    return j;
}

nlohmann::ordered_json side_json(const OddsReport& r, std::size_t s) {
    const auto& sides = header_of(r).sides;
    const SideOdds& side = r.table.sides[s];
    nlohmann::ordered_json j;
    j["id"] = s < sides.size() ? sides[s].id : std::to_string(s);
    j["name"] = side_name(r, s);
    j["units"] = side.units;
    j["figures_start"] = side.figures_start;
    j["held_field"] = side.held;
    const auto& names = sim::ruleset::fate_names();
    for (std::size_t f = 0; f < sim::ruleset::kFateCount; ++f)
        j[names[f]] = distribution_json(side.fates[f], r.table.runs);
    j["figures_lost"] = figures_json(side, r.table.runs);
    return j;
}

nlohmann::ordered_json replay_json(const OddsReport& r) {
    const auto& rp = *r.replay;
    const auto& sides = header_of(r).sides;
    nlohmann::ordered_json j;
    j["file"] = rp.file;
    j["seed"] = rp.seed;
    j["holder"] = rp.summary.holder >= 0 && std::size_t(rp.summary.holder) < sides.size()
                      ? nlohmann::ordered_json(sides[std::size_t(rp.summary.holder)].id)
                      : nlohmann::ordered_json(nullptr);
    auto out = nlohmann::ordered_json::array();
    const auto placements = sim::ruleset::place_battle(r.runs->runs, rp.summary);
    for (std::size_t s = 0; s < placements.size() && s < sides.size(); ++s)
        out.push_back({{"id", sides[s].id},
                       {"lost_units", placements[s].lost_units},
                       {"figures_lost", placements[s].figures_lost},
                       {"as_good_or_better", placements[s].as_good}});
    j["sides"] = out;
    return j;
}

}  // namespace

nlohmann::ordered_json odds_json(const OddsReport& r) {
    nlohmann::ordered_json j;
    j["scenario"] = r.scenario_file;
    j["title"] = r.title;
    j["ruleset"] = r.ruleset_id;
    j["seeds"] = {
        {"scenario_seed", r.scenario_seed},
        {"rule", "run k plays the first output of the PRNG seeded with scenario_seed + k"}};
    j["runs_requested"] = r.runs->requested;
    j["runs"] = r.table.runs;
    j["complete"] = r.table.runs == r.runs->requested;
    auto field = nlohmann::ordered_json::object();
    const auto& sides = header_of(r).sides;
    for (std::size_t s = 0; s < r.table.sides.size() && s < sides.size(); ++s)
        field[sides[s].id] = r.table.sides[s].held;
    field["neither"] = r.table.neither;
    j["field"] = field;
    auto side_list = nlohmann::ordered_json::array();
    for (std::size_t s = 0; s < r.table.sides.size(); ++s) side_list.push_back(side_json(r, s));
    j["sides"] = side_list;
    auto unit_list = nlohmann::ordered_json::array();
    const auto& units = header_of(r).units;
    for (std::size_t u = 0; u < units.size() && u < r.table.survived.size(); ++u)
        unit_list.push_back({{"id", units[u].id},
                             {"name", units[u].name},
                             {"side", units[u].side},
                             {"survived", r.table.survived[u]}});
    j["units"] = unit_list;
    if (r.replay) j["replay"] = replay_json(r);
    return j;
}

}  // namespace vedette::app

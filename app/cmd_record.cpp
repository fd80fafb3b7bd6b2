// `vedette record GAME.game -o REPLAY`: a game as it was played, typed as a game record
// (docs/GAME_RECORD.md), played by its ruleset into a replay that embeds the record;
// `vedette record --from REPLAY_OR_SCENARIO -o GAME.game`: any scenario or replay as a record.

#include <algorithm>
#include <cstdio>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli.h"
#include "app/cli_files.h"
#include "sim/core/atomic_file.h"
#include "sim/core/input_error.h"
#include "sim/core/json_reader.h"
#include "sim/core/output_clash.h"
#include "sim/gamerecord/dice_use.h"
#include "sim/gamerecord/game_record.h"
#include "sim/gamerecord/play_record.h"
#include "sim/replay/replay.h"
#include "sim/ruleset/registry.h"

namespace vedette::app {

namespace {

int record_from(const std::string& input, const std::string& out) {
    const sim::Json json = sim::read_json_file(input);
    const bool replay = json.is_object() && json.value("format", "") == "vedette-replay";
    if (replay && !(json.contains("scenario") && json["scenario"].is_object()))
        throw sim::InputError(input, "$.scenario", "the replay's scenario (an object)");
    const sim::Json& scenario = replay ? json["scenario"] : json;
    if (!scenario.is_object() || scenario.value("format", "") != "vedette-scenario")
        throw sim::InputError(input, "$.format",
                              "a scenario (\"vedette-scenario\") or a replay (\"vedette-replay\")");
    // The record plays this scenario: names it could not keep in a replay are refused here.
    sim::ruleset::check_scenario_names(scenario, input, replay ? "$.scenario" : "$");
    sim::refuse_clashing_outputs({{"--from", input}}, {{"-o", out}});
    std::string text;
    try {
        text = sim::gamerecord::record_of_scenario(scenario);
    } catch (const nlohmann::json::exception& e) {
        throw sim::InputError(input, "$", std::string("a scenario a record can say: ") + e.what());
    }
    sim::write_file_atomically(out, text);
    std::printf("%s: wrote the game record %s\n", input.c_str(), out.c_str());
    return 0;
}

std::string line_at(const std::string& game, int line) {
    return game + ":" + std::to_string(line) + ":1";
}

// An order of the record the rules refused, at its line.
struct Refused {
    int line = 0;
    int turn = 0;
    int unit = -1;
    std::string what;
};

// The record's orders that the play `result` did not carry out (Ruleset::order_notes), at their
// lines: one that answers nothing (a reaction by a unit no charge reached) is a mistake; one the
// rules refuse is a warning naming why (a charge out of range), a mistake under --strict (the
// players want an umpire). Returns the refusals.
std::vector<Refused> report_order_notes(const sim::ruleset::Ruleset& rules,
                                        const sim::gamerecord::ReadRecord& record,
                                        const sim::replay::Recorded& result,
                                        const std::string& game, bool strict) {
    std::vector<sim::ruleset::Ruleset::OrderNote> notes;
    try {
        const auto scenario = rules.parse_scenario(record.scenario, game);
        notes = rules.order_notes(*scenario, result);
    } catch (const sim::InputError&) {
        sim::gamerecord::rethrow_at_record_line(record, game);
    }
    const auto line_of = [&](const std::string& path) {
        const int line = sim::gamerecord::record_line_of(record, path);
        return line == 0 ? 1 : line;
    };
    const sim::ruleset::Ruleset::OrderNote* mistake = nullptr;  // the first, by line
    for (const auto& n : notes)
        if (!n.refused && (!mistake || line_of(n.path) < line_of(mistake->path))) mistake = &n;
    if (mistake) throw sim::InputError(line_at(game, line_of(mistake->path)), "", mistake->what);
    std::vector<Refused> out;
    for (const auto& n : notes) out.push_back({line_of(n.path), n.turn, n.unit, n.what});
    std::stable_sort(out.begin(), out.end(),
                     [](const Refused& a, const Refused& b) { return a.line < b.line; });
    if (strict && !out.empty())
        throw sim::InputError(line_at(game, out.front().line), "",
                              "an order the rules refuse (--strict): " + out.front().what);
    std::fflush(stdout);  // in the order they come, also in a pipe
    for (const auto& r : out)
        std::fprintf(stderr, "warning: %s: %s\n", line_at(game, r.line).c_str(), r.what.c_str());
    return out;
}

// The dice a record gives must be the dice the play throws. Every mistake is listed in one run,
// by line: an entry the play did not use in full, at its line (naming the refused order of its
// unit and turn that left it unused, if any); a test the record gives no dice for, at the line of
// the order that causes it, naming the unit, the test and the dice it needs, unless
// --roll-missing (then each is listed as rolled).
void check_dice(const sim::ruleset::Ruleset& rules, const sim::gamerecord::ReadRecord& record,
                const sim::replay::Recorded& result, const std::string& game, bool roll_missing,
                const std::vector<Refused>& refused) {
    const auto unit_of = [&](int unit) -> const sim::record::RosterUnit* {
        return unit >= 0 && std::size_t(unit) < result.header.units.size()
                   ? &result.header.units[std::size_t(unit)]
                   : nullptr;
    };
    const auto name = [&](int unit) { return unit_of(unit) ? unit_of(unit)->name : "a unit"; };
    std::vector<std::pair<int, std::string>> mistakes;  // line, what
    for (const auto& f : result.dice.forced) {
        if (!sim::replay::DiceAudit::is_error(f)) continue;
        const auto at = record.lines.find(f.path);
        std::string why;
        for (const auto& r : refused)
            if (f.problem.empty() && why.empty() && r.unit == f.unit &&
                (f.turn == 0 || f.turn == r.turn))
                why = ": the rules refuse the order at line " + std::to_string(r.line) +
                      " that would have thrown them (the warning above says why)";
        mistakes.emplace_back(at == record.lines.end() ? 1 : at->second,
                              sim::replay::describe_forced_error(f, name(f.unit)) + why);
    }
    const sim::ruleset::Ruleset::Die faces = rules.die();
    const std::string die =
        "d" + std::to_string(faces.high - faces.low + 1) +
        (faces.low == 1 ? ""
                        : " read " + std::to_string(faces.low) + "-" + std::to_string(faces.high));
    for (const auto& s : result.dice.from_seed) {
        const std::string what =
            sim::replay::describe_seed_dice(s, name(s.unit)) + " (" + die + ")";
        if (roll_missing) {
            std::printf("rolled: %s\n", what.c_str());
            continue;
        }
        const int line =
            sim::gamerecord::line_of_test(record.scenario, record.lines, record.turn_lines, s.turn,
                                          unit_of(s.unit) ? unit_of(s.unit)->id : "");
        mistakes.emplace_back(line, what +
                                        " needed, and the record gives none (a `dice` line "
                                        "for the test, or --roll-missing to have them rolled)");
    }
    if (mistakes.empty()) return;
    std::stable_sort(mistakes.begin(), mistakes.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    // One error, every mistake on a line of its own ("error: FILE:LINE:COL: ..." each).
    std::string all = mistakes.front().second;
    for (std::size_t k = 1; k < mistakes.size(); ++k)
        all += "\nerror: " + line_at(game, mistakes[k].first) + ": " + mistakes[k].second;
    throw sim::InputError(line_at(game, mistakes.front().first), "", all);
}

// Where the record made the play go against the rules as Vedette reads them (an event's
// `as_played`): listed for the player; with --strict (the players want an umpire) the first is a
// mistake at the line of the order that asked for it.
void report_disagreements(const sim::gamerecord::ReadRecord& record,
                          const sim::replay::Recorded& result, const std::string& game,
                          bool strict) {
    std::vector<const sim::record::Event*> found;
    for (const auto& e : result.events)
        if (!e.as_played.empty()) found.push_back(&e);
    if (found.empty()) return;
    if (strict) {
        // The line that asked for it: the first order or dice line with as_played for the
        // event's unit in its turn.
        const sim::record::Event& e = *found.front();
        // (A melee's event names all its units: any of them, the first unit's line first.)
        int line = 0;
        for (std::size_t k = 0; k < e.units.size() && line == 0; ++k) {
            const std::string unit = result.header.units.at(std::size_t(e.units[k])).id;
            for (const char* list : {"orders", "dice"}) {
                const sim::Json& entries = record.scenario.value(list, sim::Json::array());
                for (std::size_t i = 0; i < entries.size(); ++i) {
                    const sim::Json& o = entries[i];
                    if (!o.is_object() || !o.contains("as_played") || o.value("unit", "") != unit ||
                        (o.contains("turn") && o["turn"] != e.turn))
                        continue;
                    const auto at =
                        record.lines.find("$." + std::string(list) + "[" + std::to_string(i) + "]");
                    if (at != record.lines.end() && (line == 0 || at->second < line))
                        line = at->second;
                }
            }
        }
        if (line == 0) line = 1;
        throw sim::InputError(line_at(game, line), "",
                              "a rule disagreement (--strict): " + found.front()->text +
                                  "; as played: " + found.front()->as_played);
    }
    std::printf("%zu rule disagreement%s (the game as played, against the rules):\n", found.size(),
                found.size() == 1 ? "" : "s");
    for (const auto* e : found)
        std::printf("  event %d, turn %d: %s\n    as played: %s\n", e->seq, e->turn,
                    e->text.c_str(), e->as_played.c_str());
}

int record_game(const std::string& game, const std::string& out, const std::string& rules_dir,
                bool roll_missing, bool strict) {
    sim::gamerecord::ReadRecord record = sim::gamerecord::read_record_file(game);
    const std::string ruleset = sim::gamerecord::ruleset_of(record);
    sim::refuse_clashing_outputs({{"GAME", game}, ruleset_input(rules_dir, ruleset)},
                                 {{"-o", out}});
    std::unique_ptr<sim::ruleset::Ruleset> rules;
    try {
        rules = sim::ruleset::make_ruleset(ruleset, rules_dir, game, "$.ruleset");
    } catch (const sim::InputError&) {
        sim::gamerecord::rethrow_at_record_line(record, game);  // at the `ruleset` line
    }
    sim::replay::Recorded result;
    try {
        result = sim::gamerecord::play_record(*rules, record, game);
    } catch (const sim::InputError&) {
        // Dice written alone for a test that never comes (`dice 5 4` for a charge the rules
        // refuse): the refusal is said at its own line first.
        std::optional<sim::replay::Recorded> trial;
        try {
            const auto scenario = rules->parse_scenario(record.scenario, game);
            trial = rules->run(*scenario, scenario->seed);
        } catch (const std::exception&) {
        }
        if (trial) report_order_notes(*rules, record, *trial, game, strict);
        throw;
    }
    const auto refused = report_order_notes(*rules, record, result, game, strict);
    check_dice(*rules, record, result, game, roll_missing, refused);
    report_disagreements(record, result, game, strict);
    sim::write_file_atomically(out, sim::replay::write_replay_text(result));
    std::printf("%s: %s\n  %zu turns, %zu units, %zu events\n  wrote %s\n", game.c_str(),
                result.header.title.c_str(), result.turn_hashes.size(), result.header.units.size(),
                result.events.size(), out.c_str());
    return 0;
}

}  // namespace

int run_record_live(const std::string& game, const std::string& rules_dir);

int run_record(const Args& in) {
    Args args = in;
    const std::string out = take_option(args, "-o");
    const std::string from = take_option(args, "--from");
    const std::string rules_dir = take_option(args, "--rules");
    const bool roll_missing = take_flag(args, "--roll-missing");
    const bool strict = take_flag(args, "--strict");
    const bool live = take_flag(args, "--live");
    expect_no_more_options(args);
    if (live) {
        if (args.size() != 1 || !out.empty() || !from.empty() || roll_missing || strict)
            throw UsageError{"--live takes one game record and nothing else"};
        return run_record_live(args[0], rules_dir);
    }
    if (out.empty()) throw UsageError{"-o FILE is required"};
    sim::check_output_path(out, "-o");
    if (!from.empty()) {
        if (!args.empty()) throw UsageError{"--from takes the place of the game record"};
        return record_from(from, out);
    }
    if (args.size() != 1) throw UsageError{"expected one game record (GAME.game)"};
    return record_game(args[0], out, rules_dir, roll_missing, strict);
}

}  // namespace vedette::app

// `vedette record GAME.game -o REPLAY`: a game as it was played, typed as a game record
// (docs/GAME_RECORD.md), played by its ruleset into a replay that embeds the record;
// `vedette record --from REPLAY_OR_SCENARIO -o GAME.game`: any scenario or replay as a record.

#include <cstdio>

#include <nlohmann/json.hpp>

#include "app/cli.h"
#include "app/cli_files.h"
#include "sim/core/atomic_file.h"
#include "sim/core/input_error.h"
#include "sim/core/json_reader.h"
#include "sim/core/output_clash.h"
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

// The dice a record gives must be the dice the play throws: an entry the play did not use in
// full is a mistake at its line; a test the record gives no dice for is a mistake at its turn's
// line, naming the unit, the test and the dice it needs, unless --roll-missing (then each is
// listed). Their order within a turn is the play's.
void check_dice(const sim::ruleset::Ruleset& rules, const sim::gamerecord::ReadRecord& record,
                const sim::replay::Recorded& result, const std::string& game, bool roll_missing) {
    const auto name = [&](int unit) {
        return unit >= 0 && std::size_t(unit) < result.header.units.size()
                   ? result.header.units[std::size_t(unit)].name
                   : std::string("a unit");
    };
    for (const auto& f : result.dice.forced)
        if (!f.problem.empty() || f.used < f.given) {
            const auto at = record.lines.find(f.path);
            throw sim::InputError(line_at(game, at == record.lines.end() ? 1 : at->second), "",
                                  sim::replay::describe_forced_error(f, name(f.unit)));
        }
    const sim::ruleset::Ruleset::Die faces = rules.die();
    const int sides = faces.high - faces.low + 1;
    const std::string die =
        "d" + std::to_string(sides) +
        (faces.low == 1 ? ""
                        : " read " + std::to_string(faces.low) + "-" + std::to_string(faces.high));
    for (const auto& s : result.dice.from_seed) {
        const std::string what =
            sim::replay::describe_seed_dice(s, name(s.unit)) + " (" + die + ")";
        if (roll_missing) {
            std::printf("rolled: %s\n", what.c_str());
            continue;
        }
        const auto at = record.turn_lines.find(s.turn);
        throw sim::InputError(
            line_at(game, at == record.turn_lines.end() ? 1 : at->second), "",
            what +
                " needed, and the record gives none (a `dice` line for the test, or "
                "--roll-missing to have them rolled)");
    }
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
        const std::string unit =
            e.units.empty() ? "" : result.header.units.at(std::size_t(e.units.front())).id;
        int line = 0;
        for (const char* list : {"orders", "dice"}) {
            const sim::Json& entries = record.scenario.value(list, sim::Json::array());
            for (std::size_t i = 0; i < entries.size(); ++i) {
                const sim::Json& o = entries[i];
                if (!o.is_object() || !o.contains("as_played") || o.value("unit", "") != unit ||
                    (o.contains("turn") && o["turn"] != e.turn))
                    continue;
                const auto at =
                    record.lines.find("$." + std::string(list) + "[" + std::to_string(i) + "]");
                if (at != record.lines.end() && (line == 0 || at->second < line)) line = at->second;
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
    const sim::replay::Recorded result = sim::gamerecord::play_record(*rules, record, game);
    check_dice(*rules, record, result, game, roll_missing);
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

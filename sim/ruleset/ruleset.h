#pragma once
// The seam between the core and a rule system. A ruleset is a plug-in: it reads its own data file
// and scenarios, runs a battle into ruleset-neutral records (sim/record), and resolves a single
// situation for `vedette melee`. Everything else (replays, the viewer, the renderer, the
// exporter) works from the records alone. Rulesets are found by id in the registry
// (registry.h); the id is the "ruleset" field of every scenario, replay and melee file.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sim/core/json_fwd.h"
#include "sim/record/explanation.h"
#include "sim/replay/replay.h"
#include "sim/ruleset/summary.h"

namespace vedette::sim::ruleset {

// A scenario as the ruleset read it. The core sees only what every ruleset has; the ruleset keeps
// its own parsed form in a subclass.
class Scenario {
public:
    virtual ~Scenario() = default;
    std::string file;
    // The seed and the turns, read by the core for every rule system (scenario_fields.h).
    std::uint64_t seed = 1;
    int turns = 1;
    std::vector<std::string> unit_ids;  // in roster order
    // The scenario as read, as compact JSON text: embedded in replays as it is.
    std::string json_text;
    // Set by `branch` and `verify` (never read from the scenario): the dice a branch changes.
    std::optional<replay::DiceBranch> branch;
};

// `vedette melee FILE`: one resolution, as text for a terminal, as JSON, and explained.
struct ResolveOptions {
    bool odds = false;
    std::optional<std::uint64_t> seed;
};
struct Resolution {
    std::string text;
    std::string json_text;  // `melee --json`: the resolution as JSON, indented by 2
    record::Explanation explanation;
};

// Every "name", "id", "short_name", "nation" and "title" anywhere in a scenario is at most
// limits::kMaxNameBytes long, and its "description" at most limits::kMaxDescriptionBytes: names
// are quoted in the explanations a battle records, so a longer one would make a replay that
// `vedette verify` refuses, and `vedette odds` copies all of them into every run on every thread.
// An InputError naming `file` and the JSON path ($.sides[0].brigades[1].units[0].name)
// otherwise; `path` is the scenario's own ("$.scenario" for one inside a replay).
void check_scenario_names(const Json& json, const std::string& file, const std::string& path = "$");

class Ruleset {
public:
    virtual ~Ruleset() = default;
    virtual std::string id() const = 0;
    virtual std::string name() const = 0;       // "General de Brigade"
    virtual std::string data_file() const = 0;  // the ruleset data file it loaded
    virtual std::string data_hash() const = 0;  // FNV-1a 64 of that file's bytes
    // The die its players throw, as they read its faces (a game record's dice are checked
    // against it), and whether its scenarios' forced dice name their turn.
    struct Die {
        int low = 1, high = 6;
    };
    virtual Die die() const { return {}; }
    virtual bool dice_name_turns() const { return true; }
    virtual nlohmann::json data() const = 0;  // the data file as loaded (rules panel, `rules`)
    // `vedette rules`: the tables as loaded, with the values the seeds do not give marked.
    virtual std::string describe_tables() const = 0;

    // A scenario's JSON (already read through the JSON guard) into the ruleset's form; errors are
    // InputErrors naming `file` and the JSON path.
    virtual std::unique_ptr<Scenario> parse_scenario(const Json& json,
                                                     const std::string& file) const = 0;
    // parse_scenario after the checks every rule system shares (check_scenario_names): what the
    // commands that read a scenario file call.
    std::unique_ptr<Scenario> read_scenario(const Json& json, const std::string& file) const;
    // Runs the scenario with `seed` into records, deterministically.
    virtual replay::Recorded run(const Scenario& scenario, std::uint64_t seed) const = 0;

    // `vedette check`: what is legal but probably not what the writer meant (two orders for one
    // unit in a turn, of which only one can be carried out), each "JSON path: what". None by
    // default.
    virtual std::vector<std::string> scenario_warnings(const Scenario& scenario) const;

    // `vedette record` (docs/GAME_RECORD.md): the scenario's orders that its play `played` did
    // not carry out, each naming why. An order the rules refuse (`refused`: a charge out of range,
    // a move of a unit that charged) is a warning, an error under --strict; any other is a
    // mistake of the writer's (a reaction by a unit that no charge reached in its turn). None by
    // default.
    struct OrderNote {
        std::string path;  // the order's JSON path ("$.orders[3]")
        int turn = 0;
        int unit = -1;  // roster index
        std::string what;
        bool refused = true;
    };
    virtual std::vector<OrderNote> order_notes(const Scenario& scenario,
                                               const replay::Recorded& played) const;

    // `vedette odds`: a battle's outcome in ruleset-neutral words (summary.h), from the records of
    // a run or a replay: each unit's fate, each side's losses and who holds the field, as this
    // rule system defines them. The default takes a unit off the table as eliminated and gives
    // the field to the side that keeps the larger share of its figures.
    virtual BattleSummary summarize(const record::Header& header,
                                    const std::vector<record::Event>& events) const;

    // One situation (a melee file, a shock) resolved and explained.
    virtual Resolution resolve(const Json& json, const std::string& file,
                               const ResolveOptions& options) const = 0;

    // A replay in a format version older than 2, converted to records (only rulesets that
    // existed before version 2 have one; the default refuses).
    virtual replay::Replay upgrade_replay(const std::string& text, const std::string& file,
                                          int version) const;
};

}  // namespace vedette::sim::ruleset

// fuzz_ruleset: each rule system's data file reader (sim/rulesets/ID/ID.json: GdB's
// parse_gdb_rules and parse_battle_rules, Borodino's parse_borodino_rules, the dice pool's
// parse_dp_rules), through the registry as the CLI loads them (make_ruleset with --rules DIR).
// The file's "ruleset" field picks the reader (none, or an unknown one: GdB's, the default). A
// data file is something a user edits ("edit a value and the program uses it at the next start"),
// so when it loads, the harness goes on to use it: `vedette rules` (describe_tables), a shipped
// melee file of that system resolved with its odds, and a shipped scenario played for a few
// turns. Expected for bad input: sim::InputError from the reader, and from the melee file and
// scenario readers (a table may drop a unit type they name) and from a battle that finds a
// scenario's mistake in play. Whatever a loaded file makes the engine do otherwise is a finding:
// the reader should have refused the file.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "sim/core/json_reader.h"
#include "sim/ruleset/registry.h"
#include "sim/rulesets/borodino/battle.h"
#include "sim/rulesets/dicepool/dp_scenario.h"
#include "sim/rulesets/gdb/gdb_ruleset.h"
#include "tests/fuzz/fuzz_common.h"

namespace {

using namespace vedette;

constexpr int kMaxTurnsPlayed = 4;

struct System {
    const char* id;
    const char* melee;     // a shipped melee file of that system
    const char* scenario;  // a small shipped scenario of that system
};
constexpr System kSystems[] = {
    {"gdb", "replays/examples/melee_example_a.json",
     "replays/seed000/01_young_guard_vs_landwehr.scenario.json"},
    {"borodino", "replays/examples/borodino_shock_two_hexes.json",
     "replays/borodino/clause_9_21_who_may_shock.scenario.json"},
    {"dicepool", "replays/examples/dicepool_melee_charge.json",
     "replays/dicepool/01_charge_reaches.scenario.json"},
};

const System& system_of(const std::string& text) {
    try {
        const std::string id =
            sim::ruleset::ruleset_of(sim::parse_json_text(text, "fuzz-rules.json"), "");
        for (const auto& s : kSystems)
            if (id == s.id) return s;
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);  // not JSON: GdB's reader says so in its own words
    }
    return kSystems[0];
}

void cut_turns(sim::ruleset::Scenario& scenario) {
    if (auto* s = dynamic_cast<sim::gdb::GdbScenario*>(&scenario))
        s->scenario.turns = std::min(s->scenario.turns, kMaxTurnsPlayed);
    else if (auto* s = dynamic_cast<sim::borodino::BattleScenario*>(&scenario))
        s->turns = std::min(s->turns, kMaxTurnsPlayed);
    else if (auto* s = dynamic_cast<sim::dicepool::DpScenario*>(&scenario))
        s->turns = std::min(s->turns, kMaxTurnsPlayed);
}

void resolve_melee(const sim::ruleset::Ruleset& rules, const System& system) {
    const std::string file = system.melee;
    try {
        const sim::Json json = sim::parse_json_text(fuzz::source_file(file), file);
        sim::ruleset::ResolveOptions options;
        options.odds = true;
        (void)rules.resolve(json, file, options);
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);  // the melee file names what these tables no longer have
    }
}

void play_scenario(const sim::ruleset::Ruleset& rules, const System& system) {
    const std::string file = system.scenario;
    std::unique_ptr<sim::ruleset::Scenario> scenario;
    try {
        scenario = rules.parse_scenario(sim::parse_json_text(fuzz::source_file(file), file), file);
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);
        return;
    }
    cut_turns(*scenario);
    try {
        (void)rules.run(*scenario, scenario->seed);
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);  // a scenario mistake found in play under these tables (Borodino)
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text = fuzz::as_text(data, size);
    const System& system = system_of(text);
    static const std::string dir = [] {
        // The loader's --rules folder, holding the input under the name it looks for.
        const std::string d = fuzz::scratch_dir() + "/rules";
        std::filesystem::create_directories(d);
        return d;
    }();
    fuzz::write_scratch_file(std::string("rules/") + system.id + ".json", text);
    std::unique_ptr<sim::ruleset::Ruleset> rules;
    try {
        rules = sim::ruleset::make_ruleset(system.id, dir);
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);
        return 0;  // bad input: every command that loads the rules exits 2
    }
    (void)rules->describe_tables();
    (void)rules->data().dump();
    resolve_melee(*rules, system);
    play_scenario(*rules, system);
    return 0;
}

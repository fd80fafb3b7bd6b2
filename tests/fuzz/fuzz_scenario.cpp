// fuzz_scenario: the scenario readers of every rule system and, when a scenario reads, the battle
// it describes, the replay written from it and that replay read back. The file's "ruleset" field
// picks the rule system, as `vedette simulate` does (none: General de Brigade): GdB's reader
// (sim/rulesets/gdb/battle/scenario parse_scenario, then run_battle), Borodino's
// (sim/rulesets/borodino/battle_scenario) and the dice pool's (sim/rulesets/dicepool/dp_scenario),
// those two through their ruleset's parse_scenario and run. Expected for bad input:
// sim::InputError from the reader, and for Borodino and the dice pool from their run too (Borodino
// finds some of a scenario's mistakes only in play). GdB's battle, the writer and the reader of
// our own replay have no expected errors: a scenario that reads must play.
//
// One input must not take seconds, so only small battles are played: at most kMaxTurnsPlayed
// turns (orders for later turns are simply not reached) and kMaxUnitsPlayed units. The bounds
// are the harness's, not the program's (sim/core/limits.h holds those).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim/core/json_reader.h"
#include "sim/replay/replay.h"
#include "sim/ruleset/registry.h"
#include "sim/rulesets/borodino/battle.h"
#include "sim/rulesets/dicepool/dp_scenario.h"
#include "sim/rulesets/gdb/battle/battle_engine.h"
#include "sim/rulesets/gdb/battle/scenario.h"
#include "tests/fuzz/fuzz_common.h"

namespace {

using namespace vedette;

constexpr int kMaxTurnsPlayed = 6;
constexpr std::size_t kMaxUnitsPlayed = 24;

// A scenario may name a heightfield image beside it: give mutants a small one to find.
constexpr const char* kHeightImage = "P2\n4 3\n255\n0 10 20 30\n40 50 60 70\n80 90 100 110\n";

const std::string& scenario_path() {
    static const std::string path = [] {
        fuzz::write_scratch_file("height.pgm", kHeightImage);
        return fuzz::scratch_dir() +
               "/scenario.json";  // never written: names resolve against its folder
    }();
    return path;
}

// What the CLI writes must read back as the same events (any rule system).
void check_written(const sim::replay::Recorded& recorded, const std::vector<std::string>& units) {
    const std::string text = sim::replay::write_replay_text(recorded);
    const sim::replay::Replay back =
        sim::replay::parse_replay(text, fuzz::scratch_dir() + "/written.replay.json");
    fuzz::expect(back.events.size() == recorded.events.size(),
                 "the written replay reads back with other events");
    fuzz::expect(back.events_hash == sim::replay::events_hash(recorded.events, units),
                 "the written replay's events_hash is not the hash of its events");
}

void play(sim::battle::Scenario scenario) {
    if (scenario.units.size() > kMaxUnitsPlayed) return;
    scenario.turns = std::min(scenario.turns, kMaxTurnsPlayed);
    const sim::replay::Recorded result = sim::battle::run_battle(fuzz::ruleset(), scenario);
    fuzz::expect(static_cast<int>(result.turn_hashes.size()) <= scenario.turns,
                 "more turn hashes than turns");
    for (std::size_t i = 0; i < result.events.size(); ++i)
        fuzz::expect(result.events[i].seq == static_cast<int>(i),
                     "event seqs are not 0, 1, 2, ...");

    // What `vedette simulate` writes must read back as the same events.
    check_written(result, sim::battle::unit_ids(scenario));
}

// Borodino and the dice pool keep their turns in the ruleset's own scenario class; the harness
// cuts them like GdB's. False for a battle too large to play here.
template <typename Own>
bool cut_to_size(sim::ruleset::Scenario& scenario) {
    auto* own = dynamic_cast<Own*>(&scenario);
    fuzz::expect(own != nullptr, "a ruleset parsed a scenario into another ruleset's class");
    if (own->units.size() > kMaxUnitsPlayed) return false;
    own->turns = std::min(own->turns, kMaxTurnsPlayed);
    return true;
}

void play_other(const std::string& id, const sim::Json& json) {
    const sim::ruleset::Ruleset& rules = fuzz::shipped_ruleset(id);
    std::unique_ptr<sim::ruleset::Scenario> scenario;
    try {
        scenario = rules.parse_scenario(json, scenario_path());
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);
        return;  // bad input, reported as the CLI reports it (exit 2)
    }
    const bool small = id == "borodino" ? cut_to_size<sim::borodino::BattleScenario>(*scenario)
                                        : cut_to_size<sim::dicepool::DpScenario>(*scenario);
    if (!small) return;
    sim::replay::Recorded recorded;
    try {
        // `vedette check` plays the battle too, so it meets the same mistakes found in play.
        (void)rules.scenario_warnings(*scenario);
        recorded = rules.run(*scenario, scenario->seed);
    } catch (const sim::InputError& e) {
        // Borodino finds some mistakes of a scenario only in play (an order to move through an
        // enemy where the enemy then stands): `vedette simulate` and `vedette check` report them
        // as bad input too.
        fuzz::rejected(e);
        return;
    }
    for (std::size_t i = 0; i < recorded.events.size(); ++i)
        fuzz::expect(recorded.events[i].seq == static_cast<int>(i),
                     "event seqs are not 0, 1, 2, ...");
    check_written(recorded, scenario->unit_ids);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string& file = scenario_path();
    sim::Json json;
    std::string id;
    sim::battle::Scenario scenario;
    try {
        json = sim::parse_json_text(fuzz::as_text(data, size), file);
        id = sim::ruleset::ruleset_of(json, file);
        if (id == "gdb")
            scenario = sim::battle::parse_scenario(json, file, fuzz::rules().battle);
        else
            (void)fuzz::shipped_ruleset(id);  // the registry's InputError for an unknown id
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);
        return 0;  // bad input, reported as the CLI reports it (exit 2)
    }
    // Outside the try: the battle of a scenario that reads has no expected errors.
    if (id == "gdb")
        play(std::move(scenario));
    else
        play_other(id, json);
    return 0;
}

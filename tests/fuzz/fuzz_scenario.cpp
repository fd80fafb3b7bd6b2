// fuzz_scenario: the scenario reader (sim/rulesets/gdb/battle/scenario parse_scenario) and, when a
// scenario reads, the battle it describes (run_battle), the replay written from it and that replay
// read back. Expected for bad input: sim::InputError from the reader. The battle, the writer and
// the reader of our own replay have no expected errors: a scenario that reads must play.
//
// One input must not take seconds, so only small battles are played: at most kMaxTurnsPlayed
// turns (orders for later turns are simply not reached) and kMaxUnitsPlayed units. The bounds
// are the harness's, not the program's (sim/core/limits.h holds those).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "sim/core/json_reader.h"
#include "sim/replay/replay.h"
#include "sim/rulesets/gdb/battle/battle_engine.h"
#include "sim/rulesets/gdb/battle/scenario.h"
#include "sim/rulesets/gdb/gdb_record.h"
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

void play(sim::battle::Scenario scenario) {
    if (scenario.units.size() > kMaxUnitsPlayed) return;
    scenario.turns = std::min(scenario.turns, kMaxTurnsPlayed);
    const fuzz::Rules& rules = fuzz::rules();
    const sim::battle::BattleResult result =
        sim::battle::run_battle(rules.melee, rules.battle, scenario);
    fuzz::expect(static_cast<int>(result.turn_hashes.size()) <= scenario.turns,
                 "more turn hashes than turns");
    for (std::size_t i = 0; i < result.events.size(); ++i)
        fuzz::expect(result.events[i].seq == static_cast<int>(i),
                     "event seqs are not 0, 1, 2, ...");

    // What `vedette simulate` writes must read back as the same events.
    const sim::battle::RecordContext context{scenario, rules.battle, fuzz::ruleset().data(),
                                             rules.melee.hash};
    const sim::replay::Recorded recorded = sim::battle::to_record(result, context);
    const std::string text = sim::replay::write_replay_text(recorded);
    const sim::replay::Replay back =
        sim::replay::parse_replay(text, fuzz::scratch_dir() + "/written.replay.json");
    fuzz::expect(back.events.size() == result.events.size(),
                 "the written replay reads back with other events");
    fuzz::expect(back.events_hash ==
                     sim::replay::events_hash(recorded.events, sim::battle::unit_ids(scenario)),
                 "the written replay's events_hash is not the hash of its events");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string& file = scenario_path();
    sim::battle::Scenario scenario;
    try {
        const sim::Json json = sim::parse_json_text(fuzz::as_text(data, size), file);
        scenario = sim::battle::parse_scenario(json, file, fuzz::rules().battle);
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);
        return 0;  // bad input, reported as the CLI reports it (exit 2)
    }
    play(std::move(scenario));
    return 0;
}

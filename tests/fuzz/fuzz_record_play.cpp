// fuzz_record_play: a game record played by its rule system, as `vedette record GAME.game -o R`
// does (app/cmd_record.cpp record_game): the record read (sim/gamerecord read_record), its ruleset
// made from the registry (an unknown one refused at the record's `ruleset` line), the record
// played (sim/gamerecord/play_record.h: its dice fitted to the die, the unlabelled ones labelled,
// the scenario played), then its dice checked (dice_use.h refuse_unused_dice) and the orders the
// play did not carry out listed (Ruleset::order_notes). Expected for bad
// input: sim::InputError only, from any of these steps. A record that plays must write a replay
// (write_replay_text) that reads back with the same events and events hash, and that replay must
// verify (`vedette verify` plays it again to the same events).
//
// One input must not take seconds, so only small games are played: at most kMaxTurnsPlayed turns
// (the record's `turns` is cut, so orders and dice for later turns are left unused, which the
// dice check refuses as it would) and kMaxUnitsPlayed units. The bounds are the harness's.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/core/input_error.h"
#include "sim/gamerecord/dice_use.h"
#include "sim/gamerecord/game_record.h"
#include "sim/gamerecord/play_record.h"
#include "sim/replay/replay.h"
#include "sim/ruleset/registry.h"
#include "sim/ruleset/verify.h"
#include "tests/fuzz/fuzz_common.h"

namespace {

using namespace vedette;

constexpr int kMaxTurnsPlayed = 6;
constexpr std::size_t kMaxUnitsPlayed = 24;

// Units anywhere in a scenario: GdB's under sides' brigades, Borodino's under sides' groups, the
// dice pool's at the top.
std::size_t units_in(const sim::Json& json) {
    std::size_t n = 0;
    if (json.is_object()) {
        for (auto it = json.begin(); it != json.end(); ++it) {
            if (it.key() == "units" && it.value().is_array()) n += it.value().size();
            n += units_in(it.value());
        }
    } else if (json.is_array()) {
        for (const auto& v : json) n += units_in(v);
    }
    return n;
}

// Cuts the game to the harness's size; false for one too large to play here.
bool cut_to_size(sim::gamerecord::ReadRecord& record) {
    if (units_in(record.scenario) > kMaxUnitsPlayed) return false;
    sim::Json& turns = record.scenario["turns"];
    if (turns.is_number_integer() && turns.get<std::int64_t>() > kMaxTurnsPlayed)
        turns = kMaxTurnsPlayed;
    return true;
}

// What `vedette record -o` writes must read back as the same events, and verify.
void check_written(const sim::ruleset::Ruleset& rules, const sim::replay::Recorded& result) {
    std::vector<std::string> ids;
    for (const auto& u : result.header.units) ids.push_back(u.id);
    const std::string text = sim::replay::write_replay_text(result);
    sim::replay::Replay back;
    try {
        back = sim::replay::parse_replay(text, fuzz::scratch_dir() + "/played.replay.json");
    } catch (const sim::InputError& e) {
        std::fprintf(stderr, "%s\n", e.what());
        fuzz::expect(false, "the replay of a record that plays does not read back");
    }
    fuzz::expect(back.events.size() == result.events.size(),
                 "the written replay reads back with other events");
    fuzz::expect(back.events_hash == sim::replay::events_hash(result.events, ids),
                 "the written replay's events_hash is not the hash of the played events");
    const sim::ruleset::VerifyReport v = sim::ruleset::verify_replay(back, rules);
    if (!v.identical || !v.rules_match) std::fprintf(stderr, "verify: %s\n", v.message.c_str());
    fuzz::expect(v.identical && v.rules_match, "the replay of a record does not verify");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string game = "fuzz.game";
    sim::gamerecord::ReadRecord record;
    const sim::ruleset::Ruleset* rules = nullptr;
    try {
        record = sim::gamerecord::read_record(fuzz::as_text(data, size), game);
        const std::string id = sim::gamerecord::ruleset_of(record);
        try {
            rules = &fuzz::shipped_ruleset(id);
        } catch (const sim::InputError&) {
            sim::gamerecord::rethrow_at_record_line(record, game);  // at the `ruleset` line
        }
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);
        return 0;  // bad input: `vedette record` reports it (exit 2)
    }
    if (!cut_to_size(record)) return 0;
    sim::replay::Recorded result;
    try {
        result = sim::gamerecord::play_record(*rules, record, game);
        sim::gamerecord::refuse_unused_dice(record.lines, result, game);
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);
        return 0;  // a record the rules refuse, at its line (exit 2)
    }
    for (std::size_t i = 0; i < result.events.size(); ++i)
        fuzz::expect(result.events[i].seq == static_cast<int>(i),
                     "event seqs are not 0, 1, 2, ...");
    // The orders the play did not carry out, which `vedette record` lists (or refuses, --strict).
    std::unique_ptr<sim::ruleset::Scenario> scenario;
    try {
        scenario = rules->parse_scenario(record.scenario, game);
    } catch (const sim::InputError& e) {
        std::fprintf(stderr, "%s\n", e.what());
        fuzz::expect(false, "the scenario of a record that played does not read again");
    }
    for (const auto& note : rules->order_notes(*scenario, result))
        fuzz::expect(note.unit >= -1 && note.unit < static_cast<int>(result.header.units.size()) &&
                         !note.what.empty(),
                     "an order note names no unit of the game, or says nothing");
    check_written(*rules, result);
    return 0;
}

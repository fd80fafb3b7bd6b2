// fuzz_replay: the replay reader (sim/replay parse_replay, both its fast line reader and its
// document reader), seeking (state_after) and verification (verify_replay). Expected for bad
// input: sim::InputError. Where the renderer's headers are installed (VEDETTE_FUZZ_SCENE), a
// replay that reads is then shown as the viewer and the exporter show it, without Vulkan
// (fuzz_scene.h): the scene at several moments, its geometry and every text built from it.
//
// A replay's events are guarded by events_hash, so a mutant would almost never get past it: the
// harness recomputes the hash of the mutated events and writes it into the header first (the way
// replay.cpp's hash_lines does for the layout the writer uses, and from the reader's own message
// for any other layout), so the mutations reach the event and keyframe readers.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sim/core/json_reader.h"
#include "sim/replay/replay.h"
#include "sim/replay/replay_lines.h"
#include "sim/rules/ruleset_files.h"
#include "sim/ruleset/verify.h"
#include "sim/rulesets/borodino/battle.h"
#include "sim/rulesets/dicepool/dp_scenario.h"
#include "sim/rulesets/gdb/gdb_ruleset.h"
#include "tests/fuzz/fuzz_common.h"
#if VEDETTE_FUZZ_SCENE
#include "tests/fuzz/fuzz_scene.h"
#endif

namespace {

using namespace vedette;

// Verification re-plays the embedded scenario: only small ones, so one input stays quick.
constexpr int kMaxTurnsVerified = 6;
constexpr std::size_t kMaxUnitsVerified = 24;

constexpr std::string_view kEventsStart = "\n\"events\": [\n";
constexpr std::string_view kHashKey = "\"events_hash\"";
constexpr std::string_view kComputed = "computed ";

const std::string& replay_path() {
    static const std::string path = [] {
        // The embedded scenario may name a heightfield image beside the replay.
        fuzz::write_scratch_file("height.pgm", "P2\n2 2\n255\n0 64\n128 255\n");
        return fuzz::scratch_dir() + "/fuzz.replay.json";
    }();
    return path;
}

// The version 2 events_hash of the event lines as the fast reader sees them: from the line after
// `"events": [` up to a line starting with `]`, each without its trailing comma. (Other layouts and
// version 1 files get the hash the reader says it computed: read_with_fixed_hash.)
std::string hash_event_lines(std::string_view text, std::size_t from) {
    bool closed = false;
    std::size_t closed_at = 0;
    return sim::replay::events_hash_of_lines(
        sim::replay::section_lines(text, from, closed, closed_at));
}

// Replaces the string value of the first "events_hash" key; false when there is none to replace.
bool patch_events_hash(std::string& text, const std::string& hash) {
    const std::size_t key = text.find(kHashKey);
    if (key == std::string::npos) return false;
    std::size_t p = key + kHashKey.size();
    while (p < text.size() &&
           (text[p] == ' ' || text[p] == '\n' || text[p] == '\t' || text[p] == '\r'))
        ++p;
    if (p >= text.size() || text[p] != ':') return false;
    p = text.find('"', p);
    if (p == std::string::npos) return false;
    const std::size_t close = text.find('"', p + 1);
    if (close == std::string::npos) return false;
    text.replace(p + 1, close - p - 1, hash);
    return true;
}

sim::replay::Replay read_with_fixed_hash(std::string text) {
    if (const std::size_t ev = text.find(kEventsStart); ev != std::string::npos)
        patch_events_hash(text, hash_event_lines(text, ev + kEventsStart.size()));
    try {
        return sim::replay::parse_replay(text, replay_path());
    } catch (const sim::InputError& e) {
        // Another layout (say, pretty-printed): the document reader hashes the events as it
        // re-serialises them and says what it computed. Take that and read once more.
        const std::string& msg = e.message();
        const std::size_t at = msg.find(kComputed);
        if (msg.find("events_hash") == std::string::npos || at == std::string::npos) throw;
        if (!patch_events_hash(text, msg.substr(at + kComputed.size(), 16))) throw;
        return sim::replay::parse_replay(text, replay_path());
    }
}

void seek(const sim::replay::Replay& replay) {
    const int n = static_cast<int>(replay.events.size());
    std::vector<int> seqs{0, n / 2, n - 1};
    for (const auto& k : replay.keyframes) seqs.push_back(std::min(k.seq, n - 1));
    for (int seq : seqs) {
        if (seq < 0) continue;  // the viewer asks for 0 to n - 1 (0 when there are no events)
        for (const auto& s : sim::replay::state_after(replay, seq))
            fuzz::expect(
                s.unit >= -1 && s.unit < static_cast<int>(replay.unit_ids.size()),
                "state_after gave a unit that is not in the scenario (the viewer indexes with it)");
    }
}

// The turns a ruleset's own scenario plays (each keeps them in its own class).
int turns_of(const sim::ruleset::Scenario& scenario) {
    if (const auto* s = dynamic_cast<const sim::gdb::GdbScenario*>(&scenario))
        return s->scenario.turns;
    if (const auto* s = dynamic_cast<const sim::borodino::BattleScenario*>(&scenario))
        return s->turns;
    if (const auto* s = dynamic_cast<const sim::dicepool::DpScenario*>(&scenario)) return s->turns;
    return kMaxTurnsVerified + 1;  // a ruleset the harness does not know: not played
}

// `vedette verify`: with the ruleset the header names, as the CLI picks it.
void verify(const sim::replay::Replay& replay) {
    try {
        const sim::ruleset::Ruleset& rules = fuzz::shipped_ruleset(replay.header.ruleset);
        const auto scenario = sim::ruleset::replay_scenario(replay, rules);
        if (scenario->unit_ids.size() > kMaxUnitsVerified ||
            turns_of(*scenario) > kMaxTurnsVerified)
            return;
        (void)sim::ruleset::verify_replay(replay, rules);
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);  // the embedded scenario is bad input too: `vedette verify` exits 2.
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    sim::replay::Replay replay;
    try {
        replay = read_with_fixed_hash(fuzz::as_text(data, size));
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);
        return 0;  // bad input, reported as the CLI reports it (exit 2)
    }
    seek(replay);
    verify(replay);
#if VEDETTE_FUZZ_SCENE
    fuzz::show_replay(replay);
#endif
    return 0;
}

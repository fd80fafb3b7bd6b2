// `vedette verify` against edits that used to pass it (issue 25): everything a viewer shows must
// be covered by a hash or by re-simulation, so an edited `looks` section, an embedded scenario
// whose seed is not the replay's and a turn hash left out all fail verify, for every rule system;
// a replay whose keys a JSON tool sorted (`jq -S .`) is the same replay and still verifies. Each
// test edits a shipped replay and writes it into a folder of its own, as a user would.

#include <filesystem>
#include <fstream>
#include <functional>

#include <gtest/gtest.h>

#include "sim/core/json_reader.h"
#include "sim/replay/replay.h"
#include "sim/rules/ruleset_files.h"
#include "sim/ruleset/registry.h"
#include "sim/ruleset/verify.h"

namespace vedette::sim::verify_edits_test {
namespace {

namespace fs = std::filesystem;
const std::string kSource = VEDETTE_SOURCE_DIR;
const std::string kReplays = kSource + "/replays/";
// One small replay of each rule system.
const std::vector<std::string> kShipped = {
    kReplays + "seed000/01_young_guard_vs_landwehr.replay.json",
    kReplays + "borodino/clause_9_21_who_may_shock.replay.json",
    kReplays + "dicepool/01_charge_reaches.replay.json"};

// Verifies `text` as a replay file in a folder of its own: one per test and replay, since CTest
// runs the tests side by side in processes of their own.
ruleset::VerifyReport verify_text(const std::string& text, const std::string& name) {
    const std::string test = testing::UnitTest::GetInstance()->current_test_info()->name();
    const fs::path dir = fs::path(testing::TempDir()) / ("vedette_verify_" + test + "_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string path = (dir / "edited.replay.json").string();
    std::ofstream(path, std::ios::binary) << text;
    const replay::Replay r = replay::read_replay(path);
    const auto rules = ruleset::make_ruleset(r.header.ruleset, kSource + "/sim/rulesets", path);
    return ruleset::verify_replay(r, *rules);
}

// A shipped replay read, edited and written again (the writer computes the events hash afresh).
std::string rewritten(const std::string& path, const std::function<void(replay::Replay&)>& edit) {
    replay::Replay r = replay::read_replay(path);
    edit(r);
    return replay::write_replay_text(r);
}

std::string name_of(const std::string& path) {
    return fs::path(path).stem().stem().string();
}

TEST(VerifyEdits, TheUneditedReplaysVerify) {
    for (const auto& path : kShipped) {
        const auto v = verify_text(rewritten(path, [](replay::Replay&) {}), name_of(path));
        EXPECT_TRUE(v.identical && v.rules_match) << path << ": " << v.message;
    }
}

TEST(VerifyEdits, AnEditedLooksSectionFails) {
    for (const auto& path : kShipped) {
        const auto changed = verify_text(rewritten(path,
                                                   [](replay::Replay& r) {
                                                       ASSERT_FALSE(r.header.looks.empty());
                                                       auto& arrows = r.header.looks.arrows;
                                                       arrows.begin()->second = "none";
                                                       r.header.looks.statuses["formed"] = "broken";
                                                   }),
                                         name_of(path));
        EXPECT_FALSE(changed.identical) << path;
        EXPECT_NE(changed.message.find("looks"), std::string::npos) << changed.message;
        const auto removed = verify_text(
            rewritten(path, [](replay::Replay& r) { r.header.looks = {}; }), name_of(path));
        EXPECT_FALSE(removed.identical) << path;
    }
}

TEST(VerifyEdits, AnEmbeddedScenarioWithAnotherSeedFails) {
    for (const auto& path : kShipped) {
        const auto v = verify_text(rewritten(path,
                                             [](replay::Replay& r) {
                                                 auto s =
                                                     nlohmann::ordered_json::parse(r.scenario_text);
                                                 s["seed"] = r.seed + 1;
                                                 r.scenario_text = s.dump();
                                             }),
                                   name_of(path));
        EXPECT_FALSE(v.identical) << path;
        EXPECT_NE(v.message.find("is not its scenario's"), std::string::npos) << v.message;
    }
}

TEST(VerifyEdits, ATurnHashLeftOutFails) {
    for (const auto& path : kShipped) {
        const auto v = verify_text(rewritten(path,
                                             [](replay::Replay& r) {
                                                 ASSERT_FALSE(r.turn_hashes.empty());
                                                 r.turn_hashes.pop_back();
                                             }),
                                   name_of(path));
        EXPECT_FALSE(v.identical) << path;
        EXPECT_NE(v.message.find("turn hashes"), std::string::npos) << v.message;
    }
}

TEST(VerifyEdits, AReplayWithItsKeysSortedStillVerifies) {
    for (const auto& path : kShipped) {
        // nlohmann::json keeps objects sorted by key, as `jq -S .` writes them.
        const nlohmann::json sorted = nlohmann::json::parse(read_text_file(path));
        for (const std::string& text : {sorted.dump(2), sorted.dump()}) {
            const auto v = verify_text(text, name_of(path));
            EXPECT_TRUE(v.identical) << path << ": " << v.message;
        }
    }
}

}  // namespace
}  // namespace vedette::sim::verify_edits_test

// The ruleset-neutral record and the version 2 replay: the field tables read back what they
// write (both readers), refuse what they do not know with the JSON path, version 1 replays and
// scenarios still load and play, a version 3 file is refused, and `migrate` writes version 2.

#include <gtest/gtest.h>

#include "sim/core/input_error.h"
#include "sim/core/json_reader.h"
#include "sim/record/record_json.h"
#include "sim/replay/replay.h"
#include "sim/rules/ruleset_files.h"
#include "sim/ruleset/registry.h"
#include "sim/ruleset/verify.h"

namespace vedette::sim {
namespace {

const std::string kSource = VEDETTE_SOURCE_DIR;
const std::string kV1 = kSource + "/tests/data/v1/";

record::Event full_event() {
    record::Event e;
    e.seq = 3;
    e.turn = 2;
    e.phase = "melee";
    e.category = record::Category::melee;
    e.kind = "melee";
    e.units = {1, 0};
    e.rule = "Test 1.2";
    e.text = "b and a fight";
    e.t0_ms = 1000;
    e.t1_ms = 2500;
    e.episode = 4;
    e.motion = record::Motion{{{0, 0}, {10, -20}}, {0, 65536}, "gallop"};
    record::Look square{12, "square", 60, 60, true, false, false, {{"disorder", std::nullopt}}};
    e.effects = {{record::EffectKind::clash, {0, 1}, std::nullopt, 0, 0},
                 {record::EffectKind::formation_change, {1}, square, 9000, 0},
                 {record::EffectKind::figures_fall, {0}, std::nullopt, 0, 2}};
    record::Section dice{record::SectionKind::dice, "Dice", "Test 1.3"};
    dice.dice = {{"a", {{6, "hit"}, {2, "miss"}}, "6 + 2 = 8", ""}};
    record::Section mods{record::SectionKind::modifiers, "Modifiers", ""};
    mods.columns = {"a", "b"};
    mods.rows = {{"charging", "1.4", {"+1", ""}, true, ""},
                 {"in cover", "1.5", {"", ""}, false, "not in cover"}};
    record::Section odds{record::SectionKind::odds, "Odds", ""};
    odds.denominator = "36";
    odds.outcomes = {{"a wins", "21", 21.0 / 36.0, true}, {"b wins", "15", 15.0 / 36.0, false}};
    record::Section lines{record::SectionKind::lines};
    lines.lines = {{"score", "8 against 5"}};
    lines.notes = {"a note"};
    e.explanation = record::Explanation{"Melee", "Test 1", {dice, mods, odds, lines}};
    e.after = {{0, {{5, 6}, {0, -65536}}, {10, "line", 120, 30, false, true, false, {}}, "routed"},
               {1, {{7, 8}, {65536, 0}}, square, "formed"}};
    return e;
}

struct Roster {
    std::vector<std::string> ids{"a", "b"};
    record::UnitIndex index = record::make_unit_index(ids);
    record::UnitNames names() const { return {ids, index}; }
};

std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

TEST(RecordFields, BothReadersGiveBackWhatTheWriterWrote) {
    const Roster r;
    const record::Event e = full_event();
    const auto j = record::to_json(e, r.names());
    EXPECT_EQ(j["units"], nlohmann::ordered_json::array({"b", "a"})) << "units are written as ids";
    EXPECT_EQ(j["category"], "melee");
    const record::Event doc = record::from_json<record::Event>(nlohmann::json::parse(j.dump()),
                                                               r.names(), "t.json", "$.events[3]");
    EXPECT_EQ(record::to_json(doc, r.names()), j);
    record::Event fast;
    ASSERT_TRUE(record::from_text(j.dump(), r.names(), fast));
    EXPECT_EQ(record::to_json(fast, r.names()), j);
    EXPECT_EQ(fast.explanation, e.explanation);
    EXPECT_EQ(fast.after, e.after);
    EXPECT_EQ(fast.effects, e.effects);
}

TEST(RecordFields, DefaultsAreLeftOutAndComeBack) {
    const Roster r;
    record::Event e;
    e.after = {{0, {{1, 2}, {0, 65536}}, {4, "line", 40, 20}, "formed"}};
    const auto j = record::to_json(e, r.names());
    EXPECT_FALSE(j.contains("episode")) << j.dump();
    EXPECT_FALSE(j.contains("motion")) << j.dump();
    EXPECT_FALSE(j["after"][0]["look"].contains("layout")) << "line is the default layout";
    record::Event back;
    ASSERT_TRUE(record::from_text(j.dump(), r.names(), back));
    EXPECT_EQ(back.episode, -1);
    EXPECT_EQ(back.after[0].look.layout, "line");
}

TEST(RecordFields, UnknownMissingAndWrongValuesNameThePath) {
    const Roster r;
    auto j = nlohmann::json::parse(record::to_json(full_event(), r.names()).dump());
    auto read = [&](const nlohmann::json& v) {
        return error_of([&] { record::from_json<record::Event>(v, r.names(), "t.json", "$.e"); });
    };
    auto typo = j;
    typo["after"][0]["look"]["figurs"] = 3;
    EXPECT_NE(read(typo).find("$.e.after[0].look.figurs: unknown field"), std::string::npos)
        << read(typo);
    auto missing = j;
    missing.erase("t1");
    EXPECT_NE(read(missing).find("missing \"t1\""), std::string::npos) << read(missing);
    auto category = j;
    category["category"] = "charge";
    EXPECT_NE(read(category).find("$.e.category: expected one of declare, react"),
              std::string::npos)
        << read(category);
    auto unit = j;
    unit["units"][0] = "ghost";
    EXPECT_NE(read(unit).find("$.e.units[0]: expected the id of a unit"), std::string::npos);
    record::Event fast;
    EXPECT_FALSE(record::from_text(typo.dump(), r.names(), fast));
    EXPECT_FALSE(record::from_text(unit.dump(), r.names(), fast));
}

// Conversion, not re-simulation: the version 1 events are the rules of the day they were
// recorded, so the converted record is compared with the file itself, field by field.
TEST(ReplayVersions, AVersion1ReplayLoadsAsTheSameEventsAndMigrates) {
    const std::string path = kV1 + "demo_battle.v1.replay.json";
    const replay::Replay v1 = replay::read_replay(path);
    EXPECT_EQ(v1.version, 1);
    EXPECT_EQ(v1.header.ruleset, "gdb");
    ASSERT_EQ(v1.header.units.size(), v1.unit_ids.size());
    EXPECT_FALSE(v1.header.phases.empty());
    const nlohmann::json raw = nlohmann::json::parse(read_text_file(path));
    ASSERT_EQ(v1.events.size(), raw["events"].size());
    bool explained = false;
    for (std::size_t i = 0; i < v1.events.size(); ++i) {
        const auto& e = v1.events[i];
        const auto& w = raw["events"][i];
        EXPECT_EQ(e.kind, w["kind"]) << i;
        EXPECT_EQ(e.text, w["text"]) << i;
        EXPECT_EQ(e.rule, w["rule"]) << i;
        EXPECT_EQ(e.t1_ms, w["t1"].get<std::int64_t>()) << i;
        ASSERT_EQ(e.after.size(), w["after"].size()) << i;
        for (std::size_t a = 0; a < e.after.size(); ++a) {
            EXPECT_EQ(v1.unit_ids[static_cast<std::size_t>(e.after[a].unit)],
                      w["after"][a]["unit"]);
            EXPECT_EQ(e.after[a].look.figures, w["after"][a]["figures"]) << i;
            EXPECT_EQ(e.after[a].look.layout, w["after"][a]["formation"]) << i;
            EXPECT_EQ(e.after[a].state, w["after"][a]["status"]) << i;
            EXPECT_EQ(e.after[a].pose.pos.x, w["after"][a]["pos"][0].get<std::int64_t>()) << i;
        }
        EXPECT_EQ(e.explanation.has_value(), w.contains("details") && !w["details"].empty()) << i;
        explained = explained || e.explanation.has_value();
    }
    EXPECT_TRUE(explained) << "the GdB details become typed explanations";
    // migrate: the version 2 form reads back as the same record.
    const std::string text = replay::write_replay_text(v1);
    const replay::Replay v2 = replay::parse_replay(text, "migrated.replay.json");
    EXPECT_EQ(v2.version, 2);
    EXPECT_EQ(v2.events_hash, v1.events_hash);
    EXPECT_EQ(v2.header.units, v1.header.units);
    EXPECT_EQ(replay::write_replay_text(v2), text) << "migrating twice changes nothing";
}

TEST(ReplayVersions, AVersion1ScenarioStillSimulatesToTheShippedReplay) {
    const std::string path = kV1 + "demo_battle.v1.scenario.json";
    const Json json = read_json_file(path);
    const auto rules =
        ruleset::make_ruleset(ruleset::ruleset_of(json, path), kSource + "/sim/rulesets");
    const auto scenario = rules->parse_scenario(json, path);
    const std::string written = replay::write_replay_text(rules->run(*scenario, scenario->seed));
    EXPECT_EQ(written, read_text_file(kSource + "/replays/demo/demo_battle.replay.json"))
        << "the shipped demo replay is this scenario re-recorded";
}

TEST(ReplayVersions, AVersion3FileIsRefusedClearly) {
    std::string text = read_text_file(kSource + "/replays/demo/demo_battle.replay.json");
    text.replace(text.find("\"version\":2"), 11, "\"version\":3");
    const std::string error = error_of([&] { replay::parse_replay(text, "new.replay.json"); });
    EXPECT_NE(error.find("new.replay.json: $.version: replay format version 3 is newer than this "
                         "program reads (2)"),
              std::string::npos)
        << error;
}

TEST(ReplayVersions, AScenarioGivenAsAReplaySaysWhatToDo) {
    const std::string error =
        error_of([&] { replay::read_replay(kSource + "/replays/demo/demo_battle.scenario.json"); });
    EXPECT_NE(error.find("vedette simulate"), std::string::npos) << error;
}

TEST(Registry, UnknownRulesetsAreNamedWithTheKnownOnes) {
    const std::string error =
        error_of([&] { ruleset::make_ruleset("chess", "", "game.json", "$.ruleset"); });
    EXPECT_NE(error.find("game.json: $.ruleset: unknown ruleset \"chess\""), std::string::npos)
        << error;
    EXPECT_NE(error.find("gdb"), std::string::npos) << error;
    EXPECT_TRUE(ruleset::has_ruleset("gdb"));
}

}  // namespace
}  // namespace vedette::sim

// The battle runner and replays: the narrated examples of seed 000 and example A of seed 004
// produce their events in order; simulation is deterministic; replays verify, seek, and reject
// damaged files; scenarios with mistakes get clear errors.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>

#include <gtest/gtest.h>

#include "sim/core/input_error.h"
#include "sim/replay/replay.h"
#include "sim/rules/ruleset_files.h"
#include "sim/ruleset/verify.h"
#include "sim/rulesets/gdb/battle/battle_engine.h"
#include "sim/rulesets/gdb/gdb_ruleset.h"
#include "tests/sim/rulesets/gdb/gdb_probe.h"

namespace vedette::sim::battle {
namespace {

const std::string kRules = std::string(VEDETTE_SOURCE_DIR) + "/sim/rulesets/gdb/gdb.json";
const std::string kReplays = std::string(VEDETTE_SOURCE_DIR) + "/replays/";

const gdb::GdbRuleset& gdb_ruleset() {
    static const gdb::GdbRuleset r(std::string(VEDETTE_SOURCE_DIR) + "/sim/rulesets");
    return r;
}
const BattleRules& battle_rules() {
    return gdb_ruleset().battle_rules();
}

using explained::line_of;
using explained::section_of;
using record::SectionKind;

using probe::melee_modifier;

struct BattleRun {
    Scenario scenario;
    replay::Recorded result;
};

BattleRun run(const std::string& relative) {
    BattleRun r{read_scenario_file(kReplays + relative, battle_rules()), {}};
    r.result = run_battle(gdb_ruleset(), r.scenario);
    return r;
}

struct Expect {
    const char* kind;
    const char* unit;       // first unit of the event
    const char* text = "";  // a fragment of its text
};

// Each expected event must appear after the one before it.
void expect_in_order(const BattleRun& r, const std::vector<Expect>& expected) {
    std::size_t at = 0;
    for (const auto& e : expected) {
        bool found = false;
        for (; at < r.result.events.size() && !found; ++at) {
            const record::Event& ev = r.result.events[at];
            found = ev.kind == e.kind && !ev.units.empty() &&
                    r.scenario.units[static_cast<std::size_t>(ev.units[0])].id == e.unit &&
                    ev.text.find(e.text) != std::string::npos;
        }
        EXPECT_TRUE(found) << "missing, in order: " << e.kind << " " << e.unit << " \"" << e.text
                           << "\"";
        if (!found) return;
    }
}

TEST(NarratedExamples, YoungGuardAgainstLandwehr) {
    expect_in_order(run("seed000/01_young_guard_vs_landwehr.scenario.json"),
                    {{"charge_declared", "yg_1", "general"},
                     {"reaction", "lw_1", "stands and fires"},
                     {"charge_move", "yg_1", "half"},
                     {"volley", "lw_1", "2 figures"},
                     {"casualties", "yg_1", "2 figures"},
                     {"morale_test", "yg_1", "charges home"},
                     {"morale_test", "lw_1", "retreat"},
                     {"retreat", "lw_1"},
                     {"charge_move", "yg_1", "halts on the position"}});
}

TEST(NarratedExamples, HeavyDragoonsAgainstAColumnFormingSquare) {
    expect_in_order(run("seed000/02_dragoons_vs_square.scenario.json"),
                    {{"charge_declared", "scots_greys", "20"},
                     {"reaction", "ligne_54", "forms square"},
                     {"charge_move", "scots_greys", "half"},
                     {"form_square", "ligne_54", "complete before contact"},
                     {"morale_test", "scots_greys", "charges home"},
                     {"morale_test", "ligne_54", "stands"},
                     {"contact", "scots_greys"},
                     {"melee", "scots_greys"}});
}

TEST(NarratedExamples, UhlansAgainstTheBatteryAndTheColumnBehind) {
    expect_in_order(run("seed000/03_uhlans_vs_battery.scenario.json"),
                    {{"charge_declared", "uhlans"},
                     {"volley", "battery_8pdr", "canister"},
                     {"morale_test", "uhlans", "charges home"},
                     {"morale_test", "battery_8pdr", "retreat"},
                     {"guns_abandoned", "battery_8pdr", "1D6 = 1"},
                     {"retreat", "battery_8pdr", "10 cm"},
                     {"interpenetration", "ligne_33", "unformed"},
                     {"charge_declared", "uhlans", "charges another"},
                     {"volley", "ligne_33", "no loss"},
                     {"morale_test", "uhlans", "charges home"},
                     {"morale_test", "ligne_33"},
                     {"contact", "uhlans"},
                     {"melee", "uhlans"}});
}

TEST(NarratedExamples, CuirassiersAgainstCounterchargingDragoons) {
    const BattleRun r = run("seed000/04_cuirassiers_vs_dragoons.scenario.json");
    expect_in_order(r, {{"charge_declared", "cuir_5", "18 cm"},
                        {"charge_move", "cuir_5", "9 cm"},
                        {"countercharge", "kargopol", "wheel"},
                        {"morale_test", "cuir_5", "charges home"},
                        {"morale_test", "kargopol", "charges home"},
                        {"countercharge", "kargopol", "no charge bonus"},
                        {"contact", "cuir_5"},
                        {"melee", "cuir_5"}});
    // In the melee the dragoons have no charge bonus and the cuirassiers no flank bonus.
    for (const auto& e : r.result.events)
        if (e.kind == "melee" && e.explanation) {
            EXPECT_EQ(melee_modifier(*e.explanation, "charging").values.at(1), "");
            EXPECT_EQ(melee_modifier(*e.explanation, "flank_or_rear").values.at(1), "");
        }
}

// "Французский игрок ... объявляет атаку на британскую пехоту. Британский игрок ... объявляет
// атаку гусарами на французских егерей. Для начала британский игрок должен проверить, все ли
// требования для проведения атаки соблюдены: Командующий Бригадой находится в 15см от гусар, враг
// видим, дистанция удовлетворяющая и цель входит в сектор 22º ... начинает движение первыми ...
// Затем французы реагируют на атаку британских гусар (проходят тест)".
TEST(NarratedExamples, HussarsOpportunityCharge) {
    const BattleRun r = run("seed000/05_hussars_opportunity_charge.scenario.json");
    expect_in_order(r, {{"charge_declared", "chasseurs_6", "declares a charge on 52nd Foot"},
                        {"charge_declared", "hussars_10", "opportunity"},
                        {"reaction", "chasseurs_6"},
                        {"charge_move", "hussars_10", "half"},
                        {"morale_test", "hussars_10"},
                        {"morale_test", "chasseurs_6"},
                        {"contact", "hussars_10"},
                        {"charge_refused", "chasseurs_6", "third unit"},
                        {"melee", "hussars_10"}});
    // The checks the narrative makes, in its order: the brigade commander within 15 cm, the
    // enemy visible, in range, within 22 degrees.
    for (const auto& e : r.result.events)
        if (e.kind == "charge_declared" && e.text.find("opportunity") != std::string::npos) {
            const std::string& t = e.text;
            const auto general = t.find("general"), allowed = t.find("(15 cm allowed)"),
                       visible = t.find("visible"), sector = t.find("within 22 degrees");
            EXPECT_NE(allowed, std::string::npos) << t;
            EXPECT_TRUE(general < visible && visible < sector) << t;
            ASSERT_TRUE(e.explanation);
            const record::Section* checks =
                section_of(*e.explanation, SectionKind::lines, "Declaration");
            ASSERT_NE(checks, nullptr);
            EXPECT_EQ(line_of(*checks, "target"), "visible");
            EXPECT_EQ(line_of(*checks, "sector"), "within the 22-degree sector");
            EXPECT_TRUE(line_of(*checks, "command radius").ends_with("(within)"));
            EXPECT_EQ(line_of(*checks, "in reach"), "yes");
        }
}

// Every shipped GdB replay: nobody who won is lost off the table; only losers flee off it.
TEST(ShippedReplays, NoWinningUnitIsLostOffTheTable) {
    for (const char* scenario :
         {"demo/demo_battle.scenario.json", "seed000/01_young_guard_vs_landwehr.scenario.json",
          "seed000/02_dragoons_vs_square.scenario.json",
          "seed000/03_uhlans_vs_battery.scenario.json",
          "seed000/04_cuirassiers_vs_dragoons.scenario.json",
          "seed000/05_hussars_opportunity_charge.scenario.json",
          "seed000/06_lancers_vs_spanish_battery.scenario.json",
          "seed000/07_village_skirmishers_and_guns.scenario.json",
          "seed004/melee_example_a.scenario.json"}) {
        const BattleRun r = run(scenario);
        for (const auto& e : r.result.events)
            if (e.kind == "removed" && e.text.find("off the table") != std::string::npos) {
                EXPECT_TRUE(e.text.find("flees") != std::string::npos ||
                            e.text.find("retreats") != std::string::npos)
                    << scenario << ": " << e.text;
                EXPECT_NE(e.after.empty() ? std::string() : e.after[0].state, "blown")
                    << scenario << ": " << e.text;
            }
    }
}

TEST(NarratedExamples, LancersAgainstTheSpanishBatteryThenTheLine) {
    expect_in_order(run("seed000/06_lancers_vs_spanish_battery.scenario.json"),
                    {{"charge_declared", "lancers_vistula", "18 cm"},
                     {"reaction", "battery_sp", "evades"},
                     {"charge_move", "lancers_vistula", "9 cm"},
                     {"guns_abandoned", "battery_sp"},
                     {"evade", "battery_sp", "5 cm"},
                     {"evade", "battery_sp", "shelter"},
                     {"charge_declared", "lancers_vistula", "charges another"},
                     {"charge_declared", "lancers_vistula", "visible, within 22 degrees"},
                     {"reaction", "irlanda"},
                     {"charge_move", "lancers_vistula", "half the distance"},
                     {"morale_test", "lancers_vistula", "charges home"},
                     {"morale_test", "irlanda"},
                     {"contact", "lancers_vistula"}});
}

TEST(Seed000Rules, SkirmishersInThePathOccupyingBuildingsAndRemanningGuns) {
    const BattleRun r = run("seed000/07_village_skirmishers_and_guns.scenario.json");
    expect_in_order(r, {{"move", "voltigeurs_2", "behind 2e léger"},
                        {"evade", "rifles_95", "in the path"},
                        {"charge_declared", "ligne_2"},
                        {"retreat", "foot_32"},
                        {"charge_move", "ligne_2", "occupies Papelotte"},
                        {"guns_abandoned", "battery_6"},
                        {"evade", "battery_6", "shelter"},
                        {"move", "hussars_7"},
                        {"guns_remanned", "battery_6"}});
    // No re-manning while the hussars still stand by the guns (turn 1).
    for (const auto& e : r.result.events)
        if (e.kind == "guns_remanned") {
            EXPECT_EQ(e.turn, 2);
        }
}

TEST(NarratedExamples, MeleeExampleAOfSeed004) {
    const BattleRun r = run("seed004/melee_example_a.scenario.json");
    expect_in_order(r, {{"countercharge", "dragoons_1"},
                        {"contact", "hussars_7"},
                        {"melee", "hussars_7", "defender wins by 6"},
                        {"casualties", "hussars_7", "3 figures"},
                        {"casualties", "dragoons_1", "1 figure"},
                        {"retreat", "hussars_7"},
                        {"pursue", "dragoons_1"}});
    for (const auto& e : r.result.events)
        if (e.kind == "melee" && e.explanation) {
            const record::Explanation& x = *e.explanation;
            EXPECT_NE(section_of(x, SectionKind::dice, "Defender: score 15"), nullptr);
            EXPECT_NE(section_of(x, SectionKind::dice, "Attacker: score 9"), nullptr);
            const std::string& dragoons = r.scenario.units[std::size_t(e.units.back())].unit.name;
            const record::Section* test = section_of(x, SectionKind::dice, dragoons + ": ");
            ASSERT_NE(test, nullptr);
            EXPECT_TRUE(test->dice.at(0).total.ends_with("= total 5")) << test->dice[0].total;
        }
}

TEST(DemoBattle, FortyUnitsSixTurnsEveryEventKind) {
    const BattleRun r = run("demo/demo_battle.scenario.json");
    EXPECT_GE(r.scenario.units.size(), 40u);
    EXPECT_GE(r.scenario.turns, 6);
    std::vector<std::string> kinds;
    for (const auto& e : r.result.events) kinds.push_back(e.kind);
    for (const char* k : {"charge_declared",
                          "charge_move",
                          "reaction",
                          "evade",
                          "countercharge",
                          "volley",
                          "form_square",
                          "morale_test",
                          "contact",
                          "melee",
                          "push_back",
                          "retreat",
                          "rout",
                          "pursue",
                          "uncontrolled_charge",
                          "blown",
                          "rally",
                          "casualties",
                          "dispersed",
                          "guns_abandoned",
                          "formation_change",
                          "move"})
        EXPECT_NE(std::find(kinds.begin(), kinds.end(), k), kinds.end()) << k;
    for (const auto& k : kinds)
        EXPECT_NE(std::find(event_kinds().begin(), event_kinds().end(), k), event_kinds().end())
            << "undocumented kind " << k;
}

TEST(Replay, SameScenarioTwiceGivesTheSameBytes) {
    const BattleRun a = run("demo/demo_battle.scenario.json");
    const BattleRun b = run("demo/demo_battle.scenario.json");
    EXPECT_EQ(replay::write_replay_text(a.result), replay::write_replay_text(b.result));
}

TEST(Replay, ShippedDemoReplayVerifiesAndSeeksFromKeyframes) {
    const replay::Replay rp = replay::read_replay(kReplays + "demo/demo_battle.replay.json");
    EXPECT_EQ(rp.version, replay::kReplayFormatVersion) << "re-record the shipped replays";
    const auto report = ruleset::verify_replay(rp, gdb_ruleset());
    EXPECT_TRUE(report.identical) << report.message;
    EXPECT_TRUE(report.rules_match) << report.message;
    // Seeking from the nearest keyframe gives the same state as applying every event.
    std::vector<record::Snapshot> full(rp.unit_ids.size());
    for (std::size_t i = 0; i < rp.events.size(); ++i) {
        for (const auto& s : rp.events[i].after) full[static_cast<std::size_t>(s.unit)] = s;
        if (i % 17 == 0 || i + 1 == rp.events.size()) {
            EXPECT_EQ(replay::state_after(rp, static_cast<int>(i)), full) << i;
        }
    }
    // Every change of state is carried by an event: the last state in the replay is the
    // engine's own final state.
    const Scenario scenario =
        read_scenario_file(kReplays + "demo/demo_battle.scenario.json", battle_rules());
    Battle battle(gdb_ruleset(), scenario);
    battle.run();
    for (std::size_t u = 0; u < full.size(); ++u) {
        EXPECT_EQ(full[u].pose.pos, battle.units()[u].pos) << scenario.units[u].id;
        EXPECT_EQ(full[u].look.figures, battle.units()[u].figures) << scenario.units[u].id;
        EXPECT_EQ(full[u].state, status_name(battle.units()[u])) << scenario.units[u].id;
    }
}

std::string text_of(const std::string& path) {
    return read_text_file(path);
}

std::string replay_error(const std::string& text) {
    try {
        replay::parse_replay(text, "bad.replay.json");
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

std::string replace_once(std::string s, const std::string& from, const std::string& to) {
    const auto pos = s.find(from);
    EXPECT_NE(pos, std::string::npos) << from;
    if (pos != std::string::npos) s.replace(pos, from.size(), to);
    return s;
}

TEST(Replay, DamagedFilesGetClearErrors) {
    const std::string good = text_of(kReplays + "seed000/01_young_guard_vs_landwehr.replay.json");
    EXPECT_NE(replay_error(replace_once(good, "\"version\":3,", "\"version\":4,"))
                  .find("newer than this program reads"),
              std::string::npos);
    EXPECT_NE(replay_error(good.substr(0, good.size() / 2)).find("bad.replay.json: line"),
              std::string::npos);
    EXPECT_NE(replay_error(replace_once(good, "loses 2 figures", "loses 9 figures"))
                  .find("do not match events_hash"),
              std::string::npos);
}

TEST(Replay, VerifySaysPlainlyWhenTheRulesDiffer) {
    const replay::Replay rp = replay::read_replay(kReplays + "seed004/melee_example_a.replay.json");
    std::string text = text_of(kRules);
    text = replace_once(text, R"("label": "Heavy cavalry", "value": 4)",
                        R"("label": "Heavy cavalry", "value": 1)");
    // The edited tables in a folder of their own, as a user would pass with --rules.
    const std::string dir = testing::TempDir() + "/edited-rules";
    std::filesystem::create_directories(dir);
    std::ofstream(dir + "/gdb.json") << text;
    const gdb::GdbRuleset changed(dir);
    const auto report = ruleset::verify_replay(rp, changed);
    EXPECT_FALSE(report.rules_match);
    EXPECT_FALSE(report.identical);
    EXPECT_NE(report.message.find("recorded with rules data"), std::string::npos) << report.message;
    EXPECT_NE(report.message.find("event"), std::string::npos) << report.message;
}

std::string scenario_error(const std::function<void(nlohmann::json&)>& edit) {
    nlohmann::json j = nlohmann::json::parse(
        text_of(kReplays + "seed000/01_young_guard_vs_landwehr.scenario.json"));
    edit(j);
    try {
        parse_scenario(j, kReplays + "seed000/test.scenario.json", battle_rules());
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

TEST(Scenario, MistakesGetClearErrorsNamingThePlace) {
    EXPECT_EQ(scenario_error([](nlohmann::json&) {}), "no error");
    EXPECT_NE(scenario_error([](nlohmann::json& j) {
                  j["orders"][0]["charge"] = "lw_9";
              }).find("$.orders[0].charge: unknown unit \"lw_9\""),
              std::string::npos);
    EXPECT_NE(scenario_error([](nlohmann::json& j) {
                  j["sides"][1]["brigades"][0]["units"][0]["at"] = {60, 21};
              })
                  .find("$.sides[1].brigades[0].units[0].at: unit \"lw_1\" overlaps unit \"yg_1\" "
                        "by 19 mm: move them apart"),  // half-depths 22 + 7, 10 mm apart
              std::string::npos);
    EXPECT_NE(
        scenario_error(
            [](nlohmann::json& j) { j["sides"][0]["commander"]["attached_to"] = "nobody"; })
            .find("$.sides[0].commander.attached_to: \"napoleon\" is attached to unknown unit "
                  "\"nobody\""),
        std::string::npos);
    EXPECT_NE(scenario_error([](nlohmann::json& j) {
                  j["terrain"]["heightfield"] = {{"kind", "image"}, {"file", "missing.pgm"}};
              }).find("$.terrain.heightfield.file: cannot read the heightfield image"),
              std::string::npos);
    EXPECT_NE(scenario_error([](nlohmann::json& j) {
                  j["terrain"]["features"] =
                      nlohmann::json::parse(R"([{"kind": "woods", "polygon": [[1, 1], [2, 2]]}])");
              }).find("$.terrain.features[0].polygon: a polygon needs at least 3 points"),
              std::string::npos);
    EXPECT_NE(scenario_error([](nlohmann::json& j) { j["version"] = 7; }).find("newer"),
              std::string::npos);
    EXPECT_NE(scenario_error([](nlohmann::json& j) {
                  j["sides"][0]["brigades"][0]["units"][0]["at"] = {1, 1};
              }).find("does not fit on the table"),
              std::string::npos);
}

}  // namespace
}  // namespace vedette::sim::battle

namespace vedette::sim::battle {
namespace {

// A small scenario built in the test: one French column charging north at (x, 20).
nlohmann::json terrain_scenario(const nlohmann::json& features, const nlohmann::json& defenders) {
    nlohmann::json j = {
        {"format", "vedette-scenario"},
        {"version", 1},
        {"title", "terrain test"},
        {"seed", 3},
        {"turns", 1},
        {"table", {{"width", 120}, {"depth", 80}}},
        {"terrain", {{"features", features}}},
        {"sides",
         {{{"id", "fr"},
           {"commander", {{"id", "c1"}, {"skill", "average"}, {"at", {5, 5}}}},
           {"brigades",
            {{{"id", "b1"},
              {"general", {{"id", "g1"}, {"skill", "average"}, {"at", {60, 12}}}},
              {"units",
               {{{"id", "col"},
                 {"name", "column"},
                 {"type", "infantry"},
                 {"figures", 24},
                 {"formation", "column"},
                 {"at", {60, 20}},
                 {"facing", 0}}}}}}}},
          {{"id", "br"},
           {"commander", {{"id", "c2"}, {"skill", "average"}, {"at", {115, 75}}}},
           {"brigades",
            {{{"id", "b2"},
              {"general", {{"id", "g2"}, {"skill", "average"}, {"at", {100, 70}}}},
              {"units", defenders}}}}}}},
        {"orders", {{{"turn", 1}, {"unit", "col"}, {"charge", "d1"}, {"after_contact", "halt"}}}},
        {"dice",
         {{{"turn", 1}, {"unit", "col"}, {"purpose", "charge_test"}, {"values", {5, 5}}},
          {{"turn", 1}, {"unit", "d1"}, {"purpose", "stand_test"}, {"values", {5, 5}}}}}};
    return j;
}

BattleRun run_json(const nlohmann::json& j) {
    BattleRun r{parse_scenario(j, kReplays + "seed000/terrain-test.json", battle_rules()), {}};
    r.result = run_battle(gdb_ruleset(), r.scenario);
    return r;
}

TEST(Terrain, ChargingOverAHedgeCostsMoveDisordersAndGivesTheDefenderCover) {
    const nlohmann::json hedge = {
        {{"kind", "hedge"}, {"name", "the hedge"}, {"path", {{30, 31}, {90, 31}}}}};
    const nlohmann::json line = {{{"id", "d1"},
                                  {"name", "line"},
                                  {"type", "infantry"},
                                  {"figures", 24},
                                  {"formation", "line"},
                                  {"at", {60, 32.5}},
                                  {"facing", 180}}};
    const BattleRun r = run_json(terrain_scenario(hedge, line));
    expect_in_order(r, {{"charge_declared", "col"},
                        {"charge_move", "col", "crossing the hedge: it arrives unformed"},
                        {"contact", "col"},
                        {"melee", "col"}});
    for (const auto& e : r.result.events)
        if (e.kind == "melee" && e.explanation) {
            EXPECT_NE(melee_modifier(*e.explanation, "cover").values.at(1), "");
            EXPECT_NE(melee_modifier(*e.explanation, "unformed_or_wavering").values.at(0), "");
        }
    // Out of range once the hedge's cost is counted.
    nlohmann::json far = line;
    far[0]["at"] = {60, 36.8};
    const BattleRun refused = run_json(terrain_scenario(hedge, far));
    expect_in_order(refused, {{"charge_refused", "col", "after crossing the hedge"}});
}

TEST(Terrain, AChargeOnAVillageFightsEveryUnitHoldingIt) {  // 12.9 A
    const nlohmann::json village = {{{"kind", "built_up"},
                                     {"name", "Hougoumont"},
                                     {"capacity", 2},
                                     {"polygon", {{40, 30}, {80, 30}, {80, 50}, {40, 50}}}}};
    const nlohmann::json holders = {{{"id", "d1"},
                                     {"name", "first"},
                                     {"type", "infantry"},
                                     {"figures", 24},
                                     {"formation", "line"},
                                     {"at", {60, 33}},
                                     {"facing", 180}},
                                    {{"id", "d2"},
                                     {"name", "second"},
                                     {"type", "infantry"},
                                     {"figures", 24},
                                     {"formation", "column"},
                                     {"at", {60, 45}},
                                     {"facing", 180}}};
    const BattleRun r = run_json(terrain_scenario(village, holders));
    bool both = false;
    for (const auto& e : r.result.events)
        if (e.kind == "melee" && e.explanation)
            both = section_of(*e.explanation, SectionKind::dice, "Defender")->dice.size() == 2;
    EXPECT_TRUE(both) << "the melee should include both units holding the village";
    // With sectors, only the sector of the unit charged fights.
    nlohmann::json split = village;
    split[0]["sectors"] = {{{40, 30}, {80, 30}, {80, 40}, {40, 40}},
                           {{40, 40}, {80, 40}, {80, 50}, {40, 50}}};
    const BattleRun s = run_json(terrain_scenario(split, holders));
    for (const auto& e : s.result.events)
        if (e.kind == "melee" && e.explanation) {
            EXPECT_EQ(section_of(*e.explanation, SectionKind::dice, "Defender")->dice.size(), 1u);
        }
}

}  // namespace
}  // namespace vedette::sim::battle

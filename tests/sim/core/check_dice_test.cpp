// Where a play's dice came from (sim/replay/check_dice.h), for `vedette check`: the audit the one
// dice source (sim/replay/dice_source.h) keeps while every rule system plays, the words it is
// reported in, and each shipped rule system filling it: forced dice taken, set aside for their
// count or left over, dice thrown by the seed, and every forced die marked in the replay's
// explanations.
#include "sim/replay/check_dice.h"
#include "sim/replay/dice_source.h"

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "sim/core/json_reader.h"
#include "sim/replay/replay.h"
#include "sim/ruleset/registry.h"

namespace vedette::sim::replay {
namespace check_dice_test {

const std::string kSource = VEDETTE_SOURCE_DIR;

std::string name_of(int u) {
    return "unit " + std::to_string(u);
}

// The dice source's entries: `values` dice of `purpose` for `unit`, entry i at "$.dice[i]".
DiceSource source_of(std::vector<GivenDice> given) {
    for (std::size_t i = 0; i < given.size(); ++i)
        given[i].path = "$.dice[" + std::to_string(i) + "]";
    return DiceSource(std::move(given), {});
}

void take(DiceSource& s, int turn, int unit, const std::string& purpose, int n) {
    for (int k = 0; k < n; ++k) ASSERT_TRUE(s.take(turn, unit, purpose)) << purpose << " " << k;
}

TEST(DiceAudit, GivenDiceFillTheScenarioEntriesInOrder) {
    DiceSource s = source_of({{1, 0, "melee", {1, 2}, "", ""},
                              {1, 0, "melee", {3}, "", ""},
                              {2, 0, "melee", {4, 5}, "", ""}});
    take(s, 1, 0, "melee", 3);
    take(s, 2, 0, "melee", 1);
    const DiceAudit a = s.audit();
    ASSERT_EQ(a.forced.size(), 3u);
    EXPECT_EQ(a.forced[0].used, 2);
    EXPECT_EQ(a.forced[1].used, 1);
    EXPECT_EQ(a.forced[2].used, 1);
    EXPECT_EQ(a.forced[2].path, "$.dice[2]");
    EXPECT_TRUE(a.has_errors()) << "one value of turn 2 is left over";
    const DiceReport r = describe_dice(a, name_of);
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_EQ(r.errors[0],
              "$.dice[2]: turn 2, unit 0: 2 melee dice forced, but the play throws only 1: 1 "
              "left unused");
}

TEST(DiceAudit, AnEntryWithoutATurnServesEveryTurn) {
    DiceSource s = source_of({{0, 3, "shock", {7}, "", ""}});
    take(s, 2, 3, "shock", 1);
    EXPECT_FALSE(s.audit().has_errors());
    EXPECT_EQ(describe_forced_error(s.audit().forced[0], "Cuirassiers").find("turn"),
              std::string::npos)
        << "an entry without a turn names none";
}

TEST(DiceAudit, DiceSetAsideAreAnErrorInPlainWords) {
    DiceSource s = source_of({{1, 1, "melee_test", {1, 2, 3}, "", ""}});
    s.set_aside(1, 1, "melee_test", "a test after a melee takes exactly 2 dice");
    s.from_seed(1, 1, "melee_test", 2);
    const DiceAudit a = s.audit();
    EXPECT_TRUE(a.has_errors());
    const DiceReport r = describe_dice(a, name_of);
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_EQ(r.errors[0],
              "$.dice[0]: turn 1, unit 1: 3 melee test dice forced, but a test after a melee "
              "takes exactly 2 dice: none used, the seed throws them");
    ASSERT_EQ(r.from_seed.size(), 1u);
    EXPECT_EQ(r.from_seed[0], "turn 1, unit 1: 2 melee test dice");
}

TEST(DiceAudit, SeedDiceOfOnePurposeAddUpAndForcedOnesAreNotListed) {
    DiceSource s = source_of({{1, 0, "charge_test", {4, 4}, "", ""}});
    take(s, 1, 0, "charge_test", 2);
    s.from_seed(1, 0, "closing_fire");
    s.from_seed(1, 1, "closing_fire");
    s.from_seed(1, 0, "closing_fire");
    const DiceAudit a = s.audit();
    EXPECT_FALSE(a.has_errors());
    ASSERT_EQ(a.from_seed.size(), 2u);
    EXPECT_EQ(a.from_seed[0].count, 2);
    EXPECT_EQ(describe_seed_dice(a.from_seed[1], "Landwehr"),
              "turn 1, Landwehr: 1 closing fire die");
}

// A scenario played by the ruleset it names, as `vedette check` plays it.
Recorded play(const std::string& relative) {
    const std::string path = kSource + "/" + relative;
    const Json json = read_json_file(path);
    const auto rules =
        ruleset::make_ruleset(ruleset::ruleset_of(json, path), kSource + "/sim/rulesets");
    const auto scenario = rules->parse_scenario(json, path);
    return rules->run(*scenario, scenario->seed);
}

int forced_dice_marked(const Recorded& r) {
    int n = 0;
    for (const auto& e : r.events)
        if (e.explanation)
            for (const auto& s : e.explanation->sections)
                for (const auto& g : s.dice)
                    for (const auto& d : g.dice) n += d.forced ? 1 : 0;
    return n;
}

int forced_dice_used(const DiceAudit& a) {
    int n = 0;
    for (const auto& f : a.forced) n += f.used;
    return n;
}

TEST(DiceAudit, MeleeDiceOfTheWrongCountAreSetAsideAndTheSeedThrowsThem) {
    const Recorded r = play("tests/data/check/forced_dice_wrong.scenario.json");
    ASSERT_EQ(r.dice.forced.size(), 4u);
    const ForcedDiceUse& guard = r.dice.forced[2];
    EXPECT_EQ(guard.purpose, "melee");
    EXPECT_EQ(guard.used, 0);
    EXPECT_FALSE(guard.problem.empty());
    EXPECT_EQ(r.dice.forced[3].used, 2) << "the Landwehr's two melee dice are taken";
    EXPECT_TRUE(r.dice.has_errors());
    bool melee_from_seed = false, charge_test_from_seed = false;
    for (const auto& s : r.dice.from_seed) {
        melee_from_seed |= s.purpose == "melee" && s.unit == guard.unit && s.count == 2;
        charge_test_from_seed |= s.purpose == "charge_test" && s.count == 2;
    }
    EXPECT_TRUE(melee_from_seed);
    EXPECT_TRUE(charge_test_from_seed) << "the charge test is not forced";
}

TEST(DiceAudit, TheRightCountIsTakenAndMarkedForcedInTheReplay) {
    const Recorded r = play("tests/data/check/forced_dice_ok.scenario.json");
    EXPECT_FALSE(r.dice.has_errors());
    EXPECT_EQ(forced_dice_used(r.dice), 8);
    EXPECT_EQ(forced_dice_marked(r), 8) << "closing fire, stand test and melee dice";
}

// Every shipped scenario of every rule system: each die its forced entries gave is marked forced
// in an explanation, and no shipped scenario forces dice it does not use (`vedette check` would
// stop its writer with exit 2).
TEST(DiceAudit, ShippedScenariosUseEveryForcedDieAndMarkIt) {
    int scenarios = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(kSource + "/replays")) {
        const std::string p = entry.path().string();
        if (p.size() < 14 || p.compare(p.size() - 14, 14, ".scenario.json") != 0) continue;
        const std::string relative = p.substr(kSource.size() + 1);
        const Recorded r = play(relative);
        ++scenarios;
        EXPECT_FALSE(r.dice.has_errors()) << relative;
        EXPECT_EQ(forced_dice_marked(r), forced_dice_used(r.dice)) << relative;
    }
    EXPECT_GT(scenarios, 20);
}

}  // namespace check_dice_test
}  // namespace vedette::sim::replay

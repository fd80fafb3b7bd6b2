// The one dice source (sim/replay/dice_source.h): given dice are taken in the order written, over
// several entries of one test; loose dice go to the next test that has none; each die is marked
// forced at the roll; the audit says what became of every entry.

#include <gtest/gtest.h>

#include "sim/core/input_error.h"
#include "sim/core/json_reader.h"
#include "sim/replay/dice_source.h"

namespace dice_source_test {

using vedette::sim::replay::DiceSource;
using vedette::sim::replay::DiceTape;
using vedette::sim::replay::GivenDice;
using vedette::sim::replay::LooseDice;

DiceTape plain_tape() {
    return DiceTape(std::nullopt, [] { return 0; });
}

TEST(DiceSource, ATestsDiceOverSeveralEntriesAreTakenInOrderThenTheSeed) {
    DiceSource source({{1, 3, "cohesion", {4}, "", "$.dice[0]"},
                       {1, 2, "cohesion", {9}, "", "$.dice[1]"},
                       {1, 3, "cohesion", {7}, "passes", "$.dice[2]"}},
                      {});
    DiceTape tape = plain_tape();
    int seed_calls = 0;
    const auto prng = [&] { return ++seed_calls; };
    const auto a = source.roll(1, 3, "cohesion", 0, 9, tape, prng);
    const auto b = source.roll(1, 3, "cohesion", 0, 9, tape, prng);
    const auto c = source.roll(1, 3, "cohesion", 0, 9, tape, prng);
    EXPECT_EQ(a.value, 4);
    EXPECT_TRUE(a.forced);
    EXPECT_EQ(a.as_played, "");
    EXPECT_EQ(b.value, 7);  // the unit's second entry, not unit 2's
    EXPECT_EQ(b.as_played, "passes");
    EXPECT_EQ(c.value, 1);  // then the seed
    EXPECT_FALSE(c.forced);
    EXPECT_EQ(seed_calls, 1);
    const auto audit = source.audit();
    ASSERT_EQ(audit.forced.size(), 3u);
    EXPECT_EQ(audit.forced[0].used, 1);
    EXPECT_EQ(audit.forced[1].used, 0);  // unit 2 never tested: an error
    EXPECT_TRUE(audit.has_errors());
    ASSERT_EQ(audit.from_seed.size(), 1u);
    EXPECT_EQ(audit.from_seed[0].count, 1);
    EXPECT_EQ(tape.dice().size(), 3u);
}

TEST(DiceSource, LooseDiceGoToTheNextTestWithoutDiceInTheirTurnAndAreLabelled) {
    DiceSource source({{1, 0, "charge_test", {5, 4}, "", "$.dice[0]"}},
                      {{1, {6, 6}, "$.loose_dice[0]"}, {2, {1, 2}, "$.loose_dice[1]"}});
    // Unit 0's own dice first; unit 1's test in turn 1 takes the first loose set.
    EXPECT_EQ(source.take(1, 0, "charge_test")->value, 5);
    EXPECT_EQ(source.take(1, 0, "charge_test")->value, 4);
    EXPECT_EQ(source.take(1, 1, "stand_test")->value, 6);
    EXPECT_EQ(source.take(1, 1, "stand_test")->value, 6);
    // The turn-2 set waits for a test of turn 2; the stand test ran past its set: the seed.
    EXPECT_FALSE(source.take(1, 1, "stand_test"));
    source.from_seed(1, 1, "stand_test");
    EXPECT_FALSE(source.take(1, 0, "melee"));
    EXPECT_EQ(source.take(2, 0, "melee")->value, 1);
    const auto audit = source.audit();
    ASSERT_EQ(audit.labels.size(), 2u);
    EXPECT_EQ(audit.labels[0].unit, 1);
    EXPECT_EQ(audit.labels[0].purpose, "stand_test");
    EXPECT_EQ(audit.labels[1].turn, 2);
    ASSERT_EQ(audit.forced.size(), 3u);
    EXPECT_EQ(audit.forced[1].path, "$.loose_dice[0]");
    EXPECT_EQ(audit.forced[1].needed, 3);  // the test took a third die from the seed
    EXPECT_EQ(audit.forced[2].used, 1);    // one of the turn-2 set left
    EXPECT_TRUE(audit.has_errors());
}

TEST(DiceSource, LooseDiceNoTestTookAreDiceForNoTest) {
    DiceSource source({}, {{1, {3}, "$.loose_dice[0]"}});
    const auto audit = source.audit();
    ASSERT_EQ(audit.forced.size(), 1u);
    EXPECT_EQ(audit.forced[0].unit, -1);
    EXPECT_NE(vedette::sim::replay::describe_forced_error(audit.forced[0], "")
                  .find("dice for no test in turn 1"),
              std::string::npos);
}

TEST(DiceSource, SetAsideEntriesAreNotTakenAndSayWhy) {
    DiceSource source({{1, 0, "melee", {3}, "", "$.dice[0]"}}, {});
    EXPECT_EQ(source.remaining(1, 0, "melee"), 1);
    source.set_aside(1, 0, "melee", "a unit throws exactly 2 melee dice");
    EXPECT_EQ(source.remaining(1, 0, "melee"), 0);
    EXPECT_FALSE(source.take(1, 0, "melee"));
    EXPECT_EQ(source.audit().forced[0].problem, "a unit throws exactly 2 melee dice");
}

TEST(DiceSource, TheCoreReadsTheDiceListOnceForEveryRuleSystem) {
    const auto json = vedette::sim::parse_json_text(
        R"({"dice": [{"turn": 1, "unit": "a", "purpose": "stand_test", "values": [5, 4],
                      "as_played": "stand"}],
            "loose_dice": [{"turn": 1, "values": [2, 2]}]})",
        "s.json");
    vedette::sim::replay::DiceRules rules;
    rules.purposes = {"charge_test", "stand_test"};
    rules.as_played_results = [](const std::string&) {
        return std::vector<std::string>{"stand", "retreat"};
    };
    rules.dice_of_test = [](const std::string&) { return 2; };
    const auto unit_of = [](const vedette::sim::JsonNode& n) {
        return n.as_string() == "a" ? 0 : 1;
    };
    const vedette::sim::JsonNode root(json, "s.json", "$");
    const auto lists = vedette::sim::replay::read_given_dice(root, rules, 2, unit_of);
    ASSERT_EQ(lists.given.size(), 1u);
    EXPECT_EQ(lists.given[0].as_played, "stand");
    EXPECT_EQ(lists.given[0].path, "$.dice[0]");
    ASSERT_EQ(lists.loose.size(), 1u);
    EXPECT_EQ(lists.loose[0].values, (std::vector<int>{2, 2}));
    // A face off the die, and as_played on a line that is not one test's dice, are refused.
    const auto bad = vedette::sim::parse_json_text(
        R"({"dice": [{"turn": 1, "unit": "a", "purpose": "stand_test", "values": [5, 4, 3],
                      "as_played": "stand"}]})",
        "s.json");
    EXPECT_THROW(vedette::sim::replay::read_given_dice(vedette::sim::JsonNode(bad, "s.json", "$"),
                                                       rules, 2, unit_of),
                 vedette::sim::InputError);
}

}  // namespace dice_source_test

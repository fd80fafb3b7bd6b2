// The "why" on the result card (renderer/scene/result_card.h), on explanations built here: the
// modifiers that applied, by column, with their rule; the result table's lit row; and the luck
// sentence a class reads instead of two percentages.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "renderer/scene/result_card.h"
#include "sim/replay/replay.h"

namespace vedette::render {
namespace result_card_why_test {

using sim::record::Explanation;
using sim::record::Section;
using sim::record::SectionKind;

// A melee of two columns: two modifiers applied to the attacker, one to the defender, one dim row,
// a base value ("5+") and a sum line, then the result table and a follow-up test's table after it.
Explanation melee() {
    Explanation e{"Melee: A against B", "Rule 1", {}};
    Section mods = sim::record::section(SectionKind::modifiers, "Modifiers", "Rule 17 (seed 000)");
    mods.columns = {"attacker", "defender"};
    mods.rows = {{"Light cavalry", "Rule 17 (2)", {"+2", ""}, true, ""},
                 {"Charging", "", {"+1", ""}, true, ""},
                 {"In cover", "Rule 17", {"", ""}, false, "not in cover"},
                 {"Unformed", "Rule 17", {"", "-1"}, true, ""},
                 {"Value on the sheet", "Sheet", {"5+", "5+"}, true, ""},
                 {"Total", "Rule 17", {"+3", "-1"}, true, ""}};
    e.sections.push_back(mods);
    Section result = sim::record::section(SectionKind::results, "Result", "Rule 18");
    result.results = {{"3 or more: loser retreats", "", true}, {"0: draw", "", false}};
    e.sections.push_back(result);
    Section test = sim::record::section(SectionKind::dice, "Pursuit test", "Rule 23");
    test.dice = {{"A", {{3, ""}, {4, ""}}, "7", ""}};
    e.sections.push_back(test);
    Section after = sim::record::section(SectionKind::modifiers, "Test modifiers", "Rule 23");
    after.columns = {"value"};
    after.rows = {{"Guard", "", {"+1"}, true, ""}};
    e.sections.push_back(after);
    Section test_result = sim::record::section(SectionKind::results, "Test result", "Rule 18");
    test_result.results = {{"7+: stays", "", true}};
    e.sections.push_back(test_result);
    return e;
}

TEST(ResultCardWhy, NamesEveryAppliedModifierOfEachSideWithItsRule) {
    const auto card = result_card_of(melee());
    ASSERT_TRUE(card);
    ASSERT_EQ(card->modifiers.size(), 2u) << "attacker and defender; not the follow-up test's";
    EXPECT_EQ(card->modifiers[0].side, "attacker");
    ASSERT_EQ(card->modifiers[0].modifiers.size(), 2u) << "no dim row, base value or total";
    EXPECT_EQ(card->modifiers[0].modifiers[0].text, "Light cavalry +2 (Rule 17 (2))");
    // A row without a rule cites its table's; the project's seed numbers are not for readers.
    EXPECT_EQ(card->modifiers[0].modifiers[1].rule, "Rule 17");
    EXPECT_EQ(card->modifiers[0].modifiers[1].value, "+1");
    EXPECT_EQ(card->modifiers[1].side, "defender");
    ASSERT_EQ(card->modifiers[1].modifiers.size(), 1u);
    EXPECT_EQ(card->modifiers[1].modifiers[0].text, "Unformed -1 (Rule 17)");
}

TEST(ResultCardWhy, AOneColumnTableIsOneUnitsAndNamesNoSide) {
    Explanation e{"Charge test", "Rule 5", {}};
    Section mods = sim::record::section(SectionKind::modifiers, "Modifiers", "Rule 5");
    mods.columns = {"value"};
    mods.rows = {{"Class: guard", "", {"+2"}, true, ""}};
    e.sections.push_back(mods);
    Section result = sim::record::section(SectionKind::results, "Result", "Rule 5");
    result.results = {{"7+: charges home", "", true}};
    e.sections.push_back(result);
    const auto card = result_card_of(e);
    ASSERT_TRUE(card);
    ASSERT_EQ(card->modifiers.size(), 1u);
    EXPECT_EQ(card->modifiers[0].side, "");
    const auto lines = card_lines(*card);
    EXPECT_NE(std::find(lines.begin(), lines.end(), "Class: guard +2 (Rule 5)"), lines.end());
}

TEST(ResultCardWhy, GivesTheLitRowOfTheResultTableNotOfAFollowUpTest) {
    const auto card = result_card_of(melee());
    ASSERT_TRUE(card);
    ASSERT_EQ(card->table_rows.size(), 1u);
    EXPECT_EQ(card->table_rows[0].row, "3 or more: loser retreats");
    EXPECT_EQ(card->table_rows[0].text, "Result: 3 or more: loser retreats (Rule 18)");
}

TEST(ResultCardWhy, ATableOfTheSameRulePerHexGivesOneRowEach) {
    Explanation e{"Shock", "Rule 9", {}};
    for (const char* hex : {"hex 1", "hex 2"}) {
        Section r =
            sim::record::section(SectionKind::results, std::string("Result, ") + hex, "Rule 9");
        r.results = {{"0-4: attacker disordered", "", hex[4] == '1'},
                     {"5-9: defender disordered", "", hex[4] == '2'}};
        e.sections.push_back(r);
    }
    const auto card = result_card_of(e);
    ASSERT_TRUE(card);
    ASSERT_EQ(card->table_rows.size(), 2u);
    EXPECT_EQ(card->table_rows[1].text, "Result, hex 2: 5-9: defender disordered (Rule 9)");
}

TEST(ResultCardWhy, CardLinesCarryTheWhyAndTheLuck) {
    Explanation e = melee();
    Section odds = sim::record::section(SectionKind::odds, "Odds", "Rule 6");
    odds.sides = {"attacker", "defender"};
    odds.outcomes = {{"attacker wins", "2", 0.2, true, 1}, {"defender wins", "8", 0.8, false, -1}};
    e.sections.push_back(odds);
    const auto card = result_card_of(e);
    ASSERT_TRUE(card);
    const auto lines = card_lines(*card);
    const auto has = [&](const std::string& line) {
        return std::find(lines.begin(), lines.end(), line) != lines.end();
    };
    EXPECT_TRUE(has("attacker: Light cavalry +2 (Rule 17 (2)), Charging +1 (Rule 17)"));
    EXPECT_TRUE(has("defender: Unformed -1 (Rule 17)"));
    EXPECT_TRUE(has("Result: 3 or more: loser retreats (Rule 18)"));
    ASSERT_EQ(card->luck.size(), 2u);
    EXPECT_EQ(card->luck[1].sentence, "1 roll in 5 gives this result or worse for the defender");
    // The attacker won against the odds: said from its rare tail, the results this good.
    EXPECT_EQ(card->luck[0].sentence, "1 roll in 5 gives this result or better for the attacker");
    EXPECT_TRUE(has(card->luck[0].sentence));
    EXPECT_TRUE(has(card->luck[1].sentence));
}

TEST(LuckSentence, SaysOneRollInNForTheUnlikely) {
    EXPECT_EQ(luck_sentence(0.2, "French"),
              "1 roll in 5 gives this result or worse for the French");
    EXPECT_EQ(luck_sentence(0.5, "attacker"),
              "1 roll in 2 gives this result or worse for the attacker");
    EXPECT_EQ(luck_sentence(0.07, "the Guard"),
              "1 roll in 14 gives this result or worse for the Guard");
    EXPECT_EQ(luck_sentence(1.0 / 6, "x"), "1 roll in 6 gives this result or worse for the x");
    EXPECT_EQ(luck_sentence(0.6, "attacker", true),
              "6 in 10 rolls give this result or better for the attacker");
    // Large numbers keep two significant digits and are grouped.
    EXPECT_EQ(luck_sentence(0.00347, ""), "1 roll in 290 gives this result or worse");
    EXPECT_EQ(luck_sentence(1.0 / 2345.0, ""), "1 roll in 2,300 gives this result or worse");
    EXPECT_EQ(luck_sentence(1e-9, ""), "fewer than 1 roll in a million gives this result or worse");
}

TEST(LuckSentence, SaysNInTenWhereOneInNWouldMislead) {
    // 0.42 is not "1 in 2": tenths instead.
    EXPECT_EQ(luck_sentence(0.42, "defender"),
              "4 in 10 rolls give this result or worse for the defender");
    EXPECT_EQ(luck_sentence(0.3, "a"), "3 in 10 rolls give this result or worse for the a");
    EXPECT_EQ(luck_sentence(0.7, "a"), "7 in 10 rolls give this result or worse for the a");
    EXPECT_EQ(luck_sentence(0.97, "a"), "97 in 100 rolls give this result or worse for the a");
    EXPECT_EQ(luck_sentence(0.9999, "a"), "nearly every roll gives this result or worse for the a");
    EXPECT_EQ(luck_sentence(1.0, "a"), "every roll gives this result or worse for the a");
}

TEST(LuckSentence, OutOfRangeIsClamped) {
    EXPECT_EQ(luck_sentence(1.5, ""), "every roll gives this result or worse");
    EXPECT_EQ(luck_sentence(-0.1, ""), "no roll gives this result or worse");
    EXPECT_EQ(luck_sentence(std::nan(""), ""), "no roll gives this result or worse");
}

}  // namespace result_card_why_test
}  // namespace vedette::render

namespace vedette::render {
namespace charge_card_test {

// During a charge's approach (the demo's lancers on Bull's troop: declared at event 2, the
// battery evades at 3) the card is the charge's: who and whom, then the reach; not after a melee
// of its episode, nor outside an episode.
TEST(ChargeCard, ShowsWhoChargesWhomAndTheReachDuringTheApproach) {
    const auto replay = sim::replay::read_replay(std::string(VEDETTE_SOURCE_DIR) +
                                                 "/replays/demo/demo_battle.replay.json");
    const auto& events = replay.events;
    int declared = -1;
    for (std::size_t i = 0; i < events.size() && declared < 0; ++i)
        if (events[i].category == sim::record::Category::declare && events[i].episode >= 0)
            declared = int(i);
    ASSERT_GE(declared, 0);
    const auto card = charge_card_of(events, declared + 1);
    ASSERT_TRUE(card);
    EXPECT_EQ(card->title, "Charge");
    EXPECT_NE(events[std::size_t(declared)].text.find(card->outcome), std::string::npos);
    EXPECT_EQ(card->outcome.find(':'), std::string::npos) << "the reach goes under the headline";
    ASSERT_FALSE(card->table_rows.empty());
    EXPECT_NE(card->table_rows[0].text.find("cm"), std::string::npos) << card->table_rows[0].text;
    EXPECT_FALSE(charge_card_of(events, 0)) << "the setup is no charge";
    for (std::size_t i = 0; i < events.size(); ++i)
        if (events[i].category == sim::record::Category::melee) {
            EXPECT_FALSE(charge_card_of(events, int(i))) << "a melee shows its own card";
            break;
        }
}

}  // namespace charge_card_test
}  // namespace vedette::render

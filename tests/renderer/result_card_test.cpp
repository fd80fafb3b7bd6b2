// The result card (renderer/scene/result_card.h) on a melee or shock of each rule system, read
// from the shipped replays without any rules code: the outcome in words, every side's dice before
// the result (not the follow-up tests' after it), and the luck meter: for each side, how likely
// this outcome or a worse one was, added up from the exact odds by the outcomes' ranks.

#include <gtest/gtest.h>

#include "renderer/scene/result_card.h"
#include "tests/renderer/demo_fixture.h"

namespace vedette::render {
namespace {

using sim::record::Category;
using sim::record::Section;
using sim::record::SectionKind;

// The first melee (or shock) with an explanation whose card has a luck meter.
ResultCard first_card(const ReplayScene& scene, const Section** odds_out = nullptr) {
    for (const auto& e : scene.replay.events) {
        if (e.category != Category::melee || !e.explanation) continue;
        const auto card = result_card_of(*e.explanation);
        if (!card || card->luck.empty()) continue;
        for (const auto& s : e.explanation->sections)
            if (s.kind == SectionKind::odds && odds_out) {
                *odds_out = &s;
                break;
            }
        return *card;
    }
    ADD_FAILURE() << "no melee with a luck meter";
    return {};
}

// "This or worse" for the first side, added up by hand from the odds.
double attacker_this_or_worse(const Section& odds) {
    int actual = 0;
    for (const auto& o : odds.outcomes)
        if (o.actual) actual = *o.rank;
    double p = 0;
    for (const auto& o : odds.outcomes)
        if (*o.rank <= actual) p += o.probability;
    return p;
}

TEST(ResultCard, AGdbMeleeHasBothSidesDiceAndEachSidesLuck) {
    const Section* odds = nullptr;
    const ResultCard card = first_card(demo(), &odds);
    ASSERT_NE(odds, nullptr);
    EXPECT_NE(card.outcome.find(" wins; the "), std::string::npos) << card.outcome;
    ASSERT_EQ(card.dice.size(), 2u) << "the attacker's and the defender's, no follow-up test";
    EXPECT_EQ(card.dice[0].heading.rfind("Attacker: score ", 0), 0u) << card.dice[0].heading;
    EXPECT_EQ(card.dice[1].heading.rfind("Defender: score ", 0), 0u) << card.dice[1].heading;
    ASSERT_EQ(card.luck.size(), 2u);
    EXPECT_EQ(card.luck[0].side, "attacker");
    EXPECT_EQ(card.luck[1].side, "defender");
    EXPECT_NEAR(card.luck[0].this_or_worse, attacker_this_or_worse(*odds), 1e-9);
    // The actual outcome counts for both sides, so the two add up to 1 and its probability.
    EXPECT_NEAR(card.luck[0].this_or_worse + card.luck[0].this_or_better, 1.0 + card.probability,
                1e-9);
    EXPECT_NEAR(card.luck[0].this_or_better, card.luck[1].this_or_worse, 1e-9);
}

TEST(ResultCard, BorodinoAndDicePoolCardsReadAndRankTheirOutcomes) {
    const std::string dir = kSource + "/replays/";
    for (const char* file :
         {"borodino/shevardino_demo.replay.json", "dicepool/14_action.replay.json"}) {
        const ReplayScene scene = load_replay_scene(dir + file);
        const Section* odds = nullptr;
        const ResultCard card = first_card(scene, &odds);
        ASSERT_NE(odds, nullptr) << file;
        EXPECT_EQ(card.outcome.find('_'), std::string::npos)
            << file << ": an id, not words: " << card.outcome;
        ASSERT_EQ(card.luck.size(), 2u) << file;
        EXPECT_NEAR(card.luck[0].this_or_worse, attacker_this_or_worse(*odds), 1e-9) << file;
        EXPECT_FALSE(card.luck[0].verdict.empty());
    }
}

TEST(ResultCard, OddsWithoutRanksGiveNoLuckMeter) {
    Section odds;
    odds.kind = SectionKind::odds;
    odds.sides = {"attacker", "defender"};
    odds.outcomes = {{"attacker wins", "3", 0.3, true, 1}, {"defender wins", "7", 0.7, false, {}}};
    EXPECT_TRUE(luck_of(odds).empty()) << "an outcome without a rank";
    odds.outcomes[1].rank = -1;
    const auto luck = luck_of(odds);
    ASSERT_EQ(luck.size(), 2u);
    EXPECT_DOUBLE_EQ(luck[0].this_or_worse, 1.0);  // the attacker's best outcome
    EXPECT_DOUBLE_EQ(luck[1].this_or_worse, 0.3);  // the defender's worst
    EXPECT_EQ(luck[1].verdict, "as expected");
    odds.outcomes = {{"attacker wins", "1", 0.1, true, 1}, {"defender wins", "9", 0.9, false, -1}};
    const auto upset = luck_of(odds);
    EXPECT_EQ(upset[1].verdict, "unlucky") << "10% of rolls were this bad for the defender";
    EXPECT_EQ(upset[0].verdict, "lucky");
    // Ranks at the ends of int32 (a replay may say so): no overflow, the same order.
    odds.outcomes = {{"best", "1", 0.25, true, 2147483647},
                     {"worst", "3", 0.75, false, -2147483647 - 1}};
    const auto extreme = luck_of(odds);
    ASSERT_EQ(extreme.size(), 2u);
    EXPECT_DOUBLE_EQ(extreme[0].this_or_worse, 1.0);
    EXPECT_DOUBLE_EQ(extreme[1].this_or_worse, 0.25);
    odds.sides.clear();
    EXPECT_TRUE(luck_of(odds).empty()) << "nobody to be lucky";
}

}  // namespace
}  // namespace vedette::render

// Table 12.20 row by row, with the halving of note (2) and the spreading rules.

#include "tests/sim/rulesets/gdb/melee_test_util.h"

namespace vedette::sim::gdb::test {
namespace {

// Returns the casualty group of `side` in `m` (asserting there is exactly one).
const CasualtyGroup& group_of(const Melee& m, int side) {
    const CasualtyGroup* found = nullptr;
    for (const auto& g : m.decision().groups)
        if (g.inflicting_side == side) {
            EXPECT_EQ(found, nullptr) << "more than one group";
            found = &g;
        }
    EXPECT_NE(found, nullptr);
    return *found;
}

TEST(MeleeCasualties, CavalryRows) {
    // Winning cavalry against retreating/broken cavalry 1 per 4; losing cavalry 1 per 8.
    Melee m = resolve({with_dice(make_unit("A", TroopType::dragoons, 24), 6, 6)},
                      {with_dice(make_unit("D", TroopType::dragoons, 24), 1, 1)});
    EXPECT_EQ(group_of(m, kAttacker).rate, Rate::cav_win_vs_broken_cav);
    EXPECT_EQ(m.outcome(kDefender).casualties, 24 / 4);
    EXPECT_EQ(group_of(m, kDefender).rate, Rate::cav_lose_vs_cav);
    EXPECT_EQ(m.outcome(kAttacker).casualties, 24 / 8);
    // Winning cavalry against pushed-back cavalry 1 per 6.
    m = resolve({with_dice(make_unit("A", TroopType::dragoons, 24), 2, 2)},
                {with_dice(make_unit("D", TroopType::dragoons, 24), 1, 2)});
    EXPECT_EQ(m.decision().result, Result::pushed_back);
    EXPECT_EQ(group_of(m, kAttacker).rate, Rate::cav_win_vs_pushed_cav);
    EXPECT_EQ(m.outcome(kDefender).casualties, 24 / 6);
}

TEST(MeleeCasualties, CavalryAgainstFoot) {
    // Winning cavalry against retreating foot: 1 per 1; losing foot against cavalry: 1 per 12,
    // halved.
    Melee m = resolve({with_dice(make_unit("A", TroopType::heavy_cavalry, 8), 6, 6)},
                      {with_dice(make_unit("D", TroopType::infantry, 24), 1, 1)});
    EXPECT_EQ(group_of(m, kAttacker).rate, Rate::cav_win_vs_broken_foot);
    EXPECT_EQ(m.outcome(kDefender).casualties, 8);
    EXPECT_EQ(group_of(m, kDefender).rate, Rate::foot_lose_vs_all);
    EXPECT_TRUE(group_of(m, kDefender).halved);
    EXPECT_EQ(m.outcome(kAttacker).casualties, (24 / 12) / 2);
    // Cossacks: 1 per 4.
    m = resolve({with_dice(make_unit("A", TroopType::cossacks, 12), 6, 6)},
                {with_dice(make_unit("D", TroopType::infantry, 24), 1, 1)});
    EXPECT_EQ(group_of(m, kAttacker).rate, Rate::cossack_win_vs_broken_foot);
    EXPECT_EQ(m.outcome(kDefender).casualties, 12 / 4);
    // Losing cavalry against foot: 1 per 12; winning foot against retreating cavalry 1 per 6,
    // halved.
    m = resolve({with_dice(make_unit("A", TroopType::light_cavalry, 12), 1, 1)},
                {with_dice(make_unit("D", TroopType::infantry, 24), 6, 6)});
    EXPECT_EQ(group_of(m, kAttacker).rate, Rate::cav_lose_vs_foot);
    EXPECT_EQ(m.outcome(kDefender).casualties, 12 / 12);
    EXPECT_EQ(group_of(m, kDefender).rate, Rate::foot_win_vs_broken);
    EXPECT_EQ(m.outcome(kAttacker).casualties, (24 / 6) / 2);
}

TEST(MeleeCasualties, InfantryRowsAndNoHalvingInRoughTerrain) {
    // Foot against foot: winning 1 per 6 against retreating, 1 per 8 against pushed back,
    // losing 1 per 12.
    Melee m = resolve({with_dice(make_unit("A", TroopType::infantry, 24), 4, 4)},
                      {with_dice(make_unit("D", TroopType::infantry, 24), 1, 2)});
    EXPECT_EQ(group_of(m, kAttacker).rate, Rate::foot_win_vs_broken);
    EXPECT_EQ(m.outcome(kDefender).casualties, 4);
    EXPECT_EQ(m.outcome(kAttacker).casualties, 2);
    m = resolve({with_dice(make_unit("A", TroopType::infantry, 24), 2, 2)},
                {with_dice(make_unit("D", TroopType::infantry, 24), 1, 2)});
    EXPECT_EQ(group_of(m, kAttacker).rate, Rate::foot_win_vs_pushed);
    EXPECT_EQ(m.outcome(kDefender).casualties, 3);
    // Infantry against cavalry in rough terrain: not halved.
    m = resolve({with_dice(make_unit("A", TroopType::light_cavalry, 12), 1, 1)},
                {with_dice(make_unit("D", TroopType::infantry, 24), 6, 6)}, Terrain::rough);
    EXPECT_FALSE(group_of(m, kDefender).halved);
    EXPECT_EQ(m.outcome(kAttacker).casualties, 24 / 6);
    // Artillery is never halved.
    m = resolve({with_dice(make_unit("A", TroopType::light_cavalry, 12), 1, 1)},
                {with_dice(make_unit("D", TroopType::artillery, 12), 6, 6)});
    EXPECT_FALSE(group_of(m, kDefender).halved);
}

TEST(MeleeCasualties, DrawUsesLoserRatesForBoth) {
    // 36 against 24 is 3:2, so the defender has +1: its dice are one lower for the draw.
    const Melee d = resolve({with_dice(make_unit("A", TroopType::infantry, 24), 3, 3)},
                            {with_dice(make_unit("D", TroopType::infantry, 36), 2, 3)});
    ASSERT_EQ(d.decision().result, Result::draw);
    EXPECT_EQ(group_of(d, kAttacker).rate, Rate::foot_lose_vs_all);
    EXPECT_EQ(group_of(d, kDefender).rate, Rate::foot_lose_vs_all);
    EXPECT_EQ(d.outcome(kDefender).casualties, 24 / 12);
    EXPECT_EQ(d.outcome(kAttacker).casualties, 36 / 12);
}

TEST(MeleeCasualties, PooledByRateAndSpreadEvenlyRemainderToTheLargest) {
    // Two winning battalions of 18 and 12 (pooled: 30 / 6 = 5) against two losers of 12 and 20:
    // 5 spread evenly is 2 each, the remainder 1 to the larger (20).
    const Melee m = resolve({with_dice(make_unit("A1", TroopType::infantry, 18), 6, 6),
                             with_dice(make_unit("A2", TroopType::infantry, 12), 1, 1)},
                            {with_dice(make_unit("D1", TroopType::infantry, 12), 1, 1),
                             with_dice(make_unit("D2", TroopType::infantry, 20), 1, 1)});
    ASSERT_EQ(m.decision().winner, kAttacker);
    const CasualtyGroup& g = group_of(m, kAttacker);
    EXPECT_EQ(g.figures, 30);
    EXPECT_EQ(g.inflicted, 5);
    EXPECT_EQ(m.outcome(kDefender, 0).casualties, 2);
    EXPECT_EQ(m.outcome(kDefender, 1).casualties, 3);
}

TEST(MeleeCasualties, CavalryWinningAgainstPushedBackFootUsesTheDefaultRow) {
    const auto& row = shipped_rules().rate(Rate::cav_win_vs_pushed_foot);
    EXPECT_TRUE(row.is_default);
    EXPECT_EQ(row.value, 6);
}

}  // namespace
}  // namespace vedette::sim::gdb::test

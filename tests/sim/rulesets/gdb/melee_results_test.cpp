// Table 12.18, the results of 12.19 and their exceptions, 12.12-12.14, the follow-up tests
// 12.22-12.24, the double six 12.15, the sapper 12.10, and the seed's worked examples.

#include "tests/sim/rulesets/gdb/melee_test_util.h"

namespace vedette::sim::gdb::test {
namespace {

// Two equal infantry battalions (each +2): the difference is the attacker's dice minus the
// defender's dice.
Melee infantry_melee(int a1, int a2, int d1, int d2) {
    return resolve({with_dice(make_unit("A", TroopType::infantry), a1, a2)},
                   {with_dice(make_unit("D", TroopType::infantry), d1, d2)});
}

TEST(MeleeResultTable, EveryRowOf12_18) {
    struct Case {
        int a1, a2, d1, d2;
        Result result;
        int winner;
    };
    const Case cases[] = {
        {6, 6, 1, 1, Result::broken, kAttacker},       // 10
        {5, 4, 1, 1, Result::broken, kAttacker},       // 7
        {4, 4, 1, 1, Result::retreat, kAttacker},      // 6
        {2, 3, 1, 1, Result::retreat, kAttacker},      // 3
        {2, 2, 1, 1, Result::pushed_back, kAttacker},  // 2
        {2, 1, 1, 1, Result::pushed_back, kAttacker},  // 1
        {3, 3, 2, 4, Result::draw, -1},                // 0
        {1, 1, 2, 1, Result::pushed_back, kDefender},  // -1
        {1, 1, 3, 3, Result::retreat, kDefender},      // -4
        {1, 1, 6, 6, Result::broken, kDefender},       // -10
    };
    for (const auto& c : cases) {
        const Melee m = infantry_melee(c.a1, c.a2, c.d1, c.d2);
        EXPECT_EQ(m.decision().result, c.result) << c.a1 + c.a2 - c.d1 - c.d2;
        EXPECT_EQ(m.decision().winner, c.winner) << c.a1 + c.a2 - c.d1 - c.d2;
        EXPECT_EQ(m.out.difference, c.a1 + c.a2 - c.d1 - c.d2);
    }
    const Melee broken = infantry_melee(6, 6, 1, 1);
    EXPECT_EQ(broken.outcome(kDefender).status, StatusAfter::broken);
    const Melee retreat = infantry_melee(4, 4, 1, 1);
    EXPECT_EQ(retreat.outcome(kDefender).status, StatusAfter::retreating);
    const Melee pushed = infantry_melee(2, 2, 1, 1);
    EXPECT_EQ(pushed.outcome(kDefender).status, StatusAfter::pushed_back);
}

TEST(MeleeDraw, InfantryAgainstInfantryBothUnformedAndContinues) {
    const Melee m = infantry_melee(3, 3, 3, 3);
    EXPECT_EQ(m.decision().result, Result::draw);
    EXPECT_TRUE(m.decision().continues);
    EXPECT_EQ(m.outcome(kAttacker).status, StatusAfter::unformed);
    EXPECT_EQ(m.outcome(kDefender).status, StatusAfter::unformed);
    EXPECT_EQ(m.outcome(kAttacker).test.kind, TestKind::none);
}

TEST(MeleeDraw, CavalryAgainstCavalryContinues) {
    const Melee m = resolve({with_dice(make_unit("A", TroopType::dragoons), 3, 3)},
                            {with_dice(make_unit("D", TroopType::dragoons), 4, 2)});
    EXPECT_EQ(m.decision().result, Result::draw);
    EXPECT_TRUE(m.decision().continues);
    EXPECT_EQ(m.outcome(kDefender).status, StatusAfter::unformed);
}

TEST(MeleeDraw, CavalryAgainstInfantryCavalryPushedBackInfantryTests) {
    // Light cavalry +2 against infantry in line +2.
    MeleeUnit inf = with_dice(make_unit("D", TroopType::infantry), 3, 3);
    inf.test_dice = {4, 4};
    const Melee m = resolve({with_dice(make_unit("A", TroopType::light_cavalry), 3, 3)}, {inf});
    EXPECT_EQ(m.decision().result, Result::draw);
    EXPECT_FALSE(m.decision().continues);
    EXPECT_EQ(m.outcome(kAttacker).status, StatusAfter::pushed_back);
    EXPECT_EQ(m.outcome(kDefender).test.kind, TestKind::formation);
    EXPECT_EQ(m.outcome(kDefender).status, StatusAfter::formed);  // 8 passes for line troops
}

TEST(MeleeSquare, CavalryMustWinBySevenToBreakASquare) {
    MeleeUnit square = make_unit("square", TroopType::infantry);
    square.formation = Formation::square;  // +2 +4 = 6
    MeleeUnit cuirassiers = make_unit("cuirassiers", TroopType::cuirassiers);
    cuirassiers.charging = true;  // +5 +2 = 7
    // 7 + 12 = 19 against 6 + 2 = 8: wins by 11, the square breaks.
    Melee m = resolve({with_dice(cuirassiers, 6, 6)}, {with_dice(square, 1, 1)});
    EXPECT_EQ(m.decision().result, Result::broken);
    EXPECT_EQ(m.outcome(kDefender).status, StatusAfter::broken);
    // 7 + 6 = 13 against 6 + 2 = 8: wins by 5 < 7, the square holds, the cavalry is pushed back.
    m = resolve({with_dice(cuirassiers, 3, 3)}, {with_dice(square, 1, 1)});
    EXPECT_EQ(m.decision().result, Result::square_holds);
    EXPECT_EQ(m.decision().winner, kDefender);
    EXPECT_EQ(m.outcome(kAttacker).status, StatusAfter::pushed_back);
    EXPECT_EQ(m.outcome(kDefender).status, StatusAfter::formed);
    EXPECT_EQ(m.outcome(kDefender).test.kind, TestKind::none);
    // Casualties: the cavalry pays as a loser against foot (1 per 12); the square inflicts as a
    // winner against pushed-back troops (1 per 8), halved against cavalry.
    EXPECT_EQ(m.outcome(kDefender).casualties, 12 / 12);
    EXPECT_EQ(m.outcome(kAttacker).casualties, (12 / 8) / 2);
    // Exactly 7 breaks it.
    m = resolve({with_dice(cuirassiers, 4, 4)}, {with_dice(square, 1, 2)});  // 15 - 9 = 6
    EXPECT_EQ(m.decision().result, Result::square_holds);
    m = resolve({with_dice(cuirassiers, 4, 4)}, {with_dice(square, 1, 1)});  // 15 - 8 = 7
    EXPECT_EQ(m.decision().result, Result::broken);
}

TEST(MeleeResults, InfantryPushedBackByCavalryRetreats) {  // 12.19 f
    // Hussars +2 against infantry in line +2, wins by 2.
    const Melee m = resolve({with_dice(make_unit("hussars", TroopType::light_cavalry), 3, 3)},
                            {with_dice(make_unit("line", TroopType::infantry), 2, 2)});
    EXPECT_EQ(m.decision().table_result, Result::pushed_back);
    EXPECT_EQ(m.outcome(kDefender).status, StatusAfter::retreating);
    EXPECT_EQ(m.decision().result, Result::retreat);
}

TEST(MeleeResults, ArtilleryIsAlwaysDispersed) {  // 12.19 h
    const Melee m = resolve({with_dice(make_unit("A", TroopType::infantry), 2, 1)},
                            {with_dice(make_unit("battery", TroopType::artillery, 4), 1, 1)});
    EXPECT_EQ(m.outcome(kDefender).status, StatusAfter::dispersed);
    EXPECT_EQ(m.decision().result, Result::dispersed);
}

TEST(MeleeResults, BuiltUpAreaPushBackAndSecondPushBackRetreats) {  // 12.19 i, j
    MeleeUnit house = make_unit("village", TroopType::infantry);
    house.cover = Cover::building;  // +2 +2 = 4
    // Attacker +2: 2 + 10 = 12 against 4 + 7 = 11: pushed back.
    Melee m = resolve({with_dice(make_unit("A", TroopType::infantry), 5, 5)},
                      {with_dice(house, 3, 4)}, Terrain::built_up);
    EXPECT_EQ(m.outcome(kDefender).status, StatusAfter::pushed_back);
    house.pushed_back_before = true;
    m = resolve({with_dice(make_unit("A", TroopType::infantry), 5, 5)}, {with_dice(house, 3, 4)},
                Terrain::built_up);
    EXPECT_EQ(m.outcome(kDefender).status, StatusAfter::retreating);
}

TEST(MeleeFollowUp, FormationTestTargetsByClass) {  // 12.22
    const std::pair<UnitClass, int> targets[] = {
        {UnitClass::guard, 7},    {UnitClass::elite, 7},       {UnitClass::veteran, 8},
        {UnitClass::line, 8},     {UnitClass::second_rate, 8}, {UnitClass::garrison, 9},
        {UnitClass::conscript, 9}};
    for (auto [klass, target] : targets) {
        MeleeUnit winner = with_dice(make_unit("W", TroopType::infantry), 6, 6);
        winner.klass = klass;
        winner.formation = Formation::column;
        winner.test_dice = {target / 2, target - target / 2};  // exactly the target: passes
        Melee m = resolve({winner}, {with_dice(make_unit("L", TroopType::infantry), 1, 1)});
        ASSERT_EQ(m.outcome(kAttacker).test.kind, TestKind::formation);
        EXPECT_EQ(m.outcome(kAttacker).test.target, target);
        EXPECT_TRUE(m.outcome(kAttacker).test.passed);
        EXPECT_EQ(m.outcome(kAttacker).status, StatusAfter::formed);
        winner.test_dice = {1, target - 2};  // one short: fails, unformed
        m = resolve({winner}, {with_dice(make_unit("L", TroopType::infantry), 1, 1)});
        EXPECT_FALSE(m.outcome(kAttacker).test.passed);
        EXPECT_EQ(m.outcome(kAttacker).status, StatusAfter::unformed);
    }
}

TEST(MeleeFollowUp, ExcellentGeneralAddsOneToTheFormationTest) {
    MeleeUnit winner = with_dice(make_unit("W", TroopType::infantry), 6, 6);
    winner.general = General::excellent;
    winner.test_dice = {3, 4};  // 7 + 1 = 8 passes for line
    const Melee m = resolve({winner}, {with_dice(make_unit("L", TroopType::infantry), 1, 1)});
    EXPECT_EQ(m.outcome(kAttacker).test.total, 8);
    EXPECT_TRUE(m.outcome(kAttacker).test.passed);
}

TEST(MeleeFollowUp, NoFormationTestForSquaresFortifiedDefendersOrTheAlreadyUnformed) {
    MeleeUnit square = with_dice(make_unit("square", TroopType::infantry), 6, 6);
    square.formation = Formation::square;
    Melee m = resolve({with_dice(make_unit("hussars", TroopType::light_cavalry), 1, 1)}, {square});
    EXPECT_EQ(m.outcome(kDefender).test.kind, TestKind::none);
    EXPECT_EQ(m.outcome(kDefender).status, StatusAfter::formed);

    MeleeUnit church = with_dice(make_unit("church", TroopType::infantry), 6, 6);
    church.cover = Cover::fortified;
    m = resolve({with_dice(make_unit("A", TroopType::infantry), 1, 1)}, {church},
                Terrain::fortified);
    EXPECT_EQ(m.outcome(kDefender).test.kind, TestKind::none);
    EXPECT_EQ(m.outcome(kDefender).status, StatusAfter::formed);

    MeleeUnit unformed = with_dice(make_unit("unformed", TroopType::infantry), 6, 6);
    unformed.status = Status::unformed;
    m = resolve({unformed}, {with_dice(make_unit("L", TroopType::infantry), 1, 1)});
    EXPECT_EQ(m.outcome(kAttacker).test.kind, TestKind::none);
    EXPECT_EQ(m.outcome(kAttacker).status, StatusAfter::unformed);
}

MeleeOutcome pursuit_after_win(MeleeUnit winner) {
    winner.dice = {6, 6};
    static Melee keep;
    keep = resolve({winner}, {with_dice(make_unit("L", TroopType::light_cavalry), 1, 1)});
    return keep.out;
}

TEST(MeleePursuitTest, RowsAndModifiers) {  // 12.23, 12.24
    MeleeUnit cav = make_unit("W", TroopType::dragoons);
    const std::tuple<int, int, const char*, StatusAfter> rows[] = {
        {5, 5, "superb", StatusAfter::formed},
        {4, 5, "unformed", StatusAfter::unformed},
        {4, 4, "blown", StatusAfter::blown},
        {3, 3, "blown", StatusAfter::blown},
        {2, 3, "pursue", StatusAfter::pursuing}};
    for (auto [a, b, outcome, status] : rows) {
        cav.test_dice = {a, b};
        const MeleeOutcome out = pursuit_after_win(cav);
        ASSERT_EQ(out.units[0].test.kind, TestKind::pursuit);
        EXPECT_EQ(out.units[0].test.row->outcome, outcome) << a + b;
        EXPECT_EQ(out.units[0].status, status) << a + b;
    }
    // +1 commander attached (not inept), +1 guard or elite.
    cav.test_dice = {4, 4};
    cav.general = General::average;
    cav.klass = UnitClass::guard;
    EXPECT_EQ(pursuit_after_win(cav).units[0].test.total, 10);
    cav.general = General::inept;
    EXPECT_EQ(pursuit_after_win(cav).units[0].test.total, 9);
}

TEST(MeleePursuitTest, PenaltiesNeverExceedMinusTwo) {
    MeleeUnit cav = make_unit("W", TroopType::light_cavalry);
    cav.test_dice = {4, 4};
    cav.klass = UnitClass::conscript;
    EXPECT_EQ(pursuit_after_win(cav).units[0].test.total, 7);  // -1
    cav.nation = "british";
    EXPECT_EQ(pursuit_after_win(cav).units[0].test.total, 6);  // -1 -2 capped at -2
    MeleeUnit cossacks = make_unit("Cossacks", TroopType::cossacks);
    cossacks.test_dice = {4, 4};
    EXPECT_EQ(pursuit_after_win(cossacks).units[0].test.total, 6);
}

TEST(MeleePursuitTest, SuperbCountsAsNineAfterPursuingOrWhenUnformed) {
    MeleeUnit cav = make_unit("W", TroopType::heavy_cavalry);
    cav.test_dice = {6, 6};
    cav.pursued_last_turn = true;
    const MeleeOutcome out = pursuit_after_win(cav);
    EXPECT_TRUE(out.units[0].test.downgraded);
    EXPECT_EQ(out.units[0].test.row->outcome, "unformed");
}

TEST(MeleeAutomatic, SkirmishersContactedByFormedUnitsAreRemoved) {  // 12.12
    Melee m = resolve({make_unit("line", TroopType::infantry)},
                      {make_unit("screen", TroopType::skirmishers)});
    EXPECT_TRUE(m.prepared.automatic);
    EXPECT_EQ(m.decision().result, Result::removed);
    EXPECT_EQ(m.decision().winner, kAttacker);
    EXPECT_EQ(m.outcome(kDefender).status, StatusAfter::removed);
    EXPECT_TRUE(m.out.dice.empty());
    // Not by Cossacks or other skirmishers.
    m = resolve({make_unit("Cossacks", TroopType::cossacks)},
                {make_unit("screen", TroopType::skirmishers)});
    EXPECT_FALSE(m.prepared.automatic);
}

TEST(MeleeAutomatic, RetreatingUnitsLoseWithoutDiceAndPayAsLosers) {  // 12.13
    MeleeUnit retreating = make_unit("retreating", TroopType::infantry, 12);
    retreating.status = Status::retreating;
    MeleeUnit hussars = make_unit("hussars", TroopType::light_cavalry, 8);
    hussars.test_dice = {4, 4};
    const Melee m = resolve({hussars}, {retreating});
    EXPECT_TRUE(m.prepared.automatic);
    EXPECT_EQ(m.decision().result, Result::retreat);
    EXPECT_EQ(m.outcome(kDefender).status, StatusAfter::retreating);
    EXPECT_EQ(m.outcome(kDefender).casualties, 8);  // cavalry vs retreating foot: 1 per 1
    EXPECT_EQ(m.outcome(kAttacker).casualties, (12 / 12) / 2);  // losing foot vs cavalry, halved
    EXPECT_EQ(m.outcome(kAttacker).test.kind, TestKind::pursuit);
}

TEST(MeleeAutomatic, BrokenUnitsAreRemovedAndTheWinnerTests) {  // 12.14
    MeleeUnit broken = make_unit("broken", TroopType::infantry);
    broken.status = Status::broken;
    MeleeUnit winner = make_unit("W", TroopType::infantry);
    winner.test_dice = {6, 6};
    const Melee m = resolve({winner}, {broken});
    EXPECT_EQ(m.decision().result, Result::removed);
    EXPECT_EQ(m.outcome(kDefender).status, StatusAfter::removed);
    EXPECT_EQ(m.outcome(kAttacker).test.kind, TestKind::formation);
    EXPECT_EQ(m.outcome(kDefender).casualties, 0);
}

TEST(MeleeAutomatic, LimberedArtilleryIsDispersed) {  // 12.16
    MeleeUnit limbered = make_unit("limbered guns", TroopType::artillery, 4);
    limbered.formation = Formation::limbered;
    const Melee m = resolve({make_unit("uhlans", TroopType::lancers)}, {limbered});
    EXPECT_EQ(m.decision().result, Result::dispersed);
    EXPECT_EQ(m.outcome(kDefender).status, StatusAfter::dispersed);
}

TEST(MeleeSeveralUnits, BestTotalIsTheSideScoreAndEveryLoserTakesTheResult) {  // 12.6
    const Melee m = resolve({with_dice(make_unit("A1", TroopType::infantry), 1, 1),
                             with_dice(make_unit("A2", TroopType::infantry), 6, 5)},
                            {with_dice(make_unit("D1", TroopType::infantry, 12), 2, 2),
                             with_dice(make_unit("D2", TroopType::infantry, 12), 1, 2)});
    EXPECT_EQ(m.out.score[kAttacker], 13);
    EXPECT_EQ(m.out.score[kDefender], 6);
    EXPECT_EQ(m.decision().result, Result::broken);
    EXPECT_EQ(m.outcome(kDefender, 0).status, StatusAfter::broken);
    EXPECT_EQ(m.outcome(kDefender, 1).status, StatusAfter::broken);
    EXPECT_EQ(m.outcome(kAttacker, 0).test.kind, TestKind::formation);  // both winners test
    EXPECT_EQ(m.outcome(kAttacker, 1).test.kind, TestKind::formation);
}

TEST(MeleeDoubleSix, DoubleSixAndGeneralAtRiskEvents) {  // 12.15
    MeleeUnit sixes = with_dice(make_unit("A", TroopType::infantry), 6, 6);
    sixes.event_dice = {6, 1, 1};  // double-six table 6, then the general-at-risk 2D6 = 2
    MeleeUnit led = with_dice(make_unit("D", TroopType::infantry), 1, 2);
    led.general = General::average;
    led.general_leads = true;
    const Melee m = resolve({sixes}, {led});
    ASSERT_EQ(m.out.events.size(), 2u);
    EXPECT_EQ(m.out.events[0].kind, DiePurpose::double_six);
    EXPECT_EQ(m.out.events[0].row->outcome, "enemy_colours_taken");
    EXPECT_EQ(m.out.events[1].kind, DiePurpose::general_at_risk);
    EXPECT_EQ(m.out.events[1].row->outcome, "killed");
    // Any other double only puts the leading general at risk.
    sixes.dice = {3, 3};
    const Melee m2 = resolve({sixes}, {led});
    ASSERT_EQ(m2.out.events.size(), 1u);
    EXPECT_EQ(m2.out.events[0].kind, DiePurpose::general_at_risk);
}

TEST(MeleeSapper, SeedExampleOneAndSixRerollOneIntoFour) {  // 12.10
    MeleeUnit stormers = with_dice(make_unit("French column", TroopType::infantry), 1, 6);
    stormers.sapper = true;
    stormers.sapper_die = {4};
    stormers.formation = Formation::column;
    MeleeUnit church = with_dice(make_unit("Prussians in the church", TroopType::infantry), 3, 3);
    church.cover = Cover::fortified;
    const Melee m = resolve({stormers}, {church}, Terrain::fortified);
    EXPECT_EQ(m.outcome(kAttacker).sapper_from, 1);
    EXPECT_EQ(m.outcome(kAttacker).sapper_to, 4);
    EXPECT_EQ(m.outcome(kAttacker).dice[0] + m.outcome(kAttacker).dice[1], 10);
    // The default policy re-rolls the lower die when it shows 3 or less, never a 4.
    stormers.dice = {3, 5};
    stormers.sapper_die = {6};
    EXPECT_EQ(resolve({stormers}, {church}, Terrain::fortified).outcome(kAttacker).sapper_from, 3);
    stormers.dice = {4, 5};
    EXPECT_EQ(resolve({stormers}, {church}, Terrain::fortified).outcome(kAttacker).sapper_from, 0);
    stormers.dice = {1, 6};
    stormers.sapper_die = {4};
    // Not against an ordinary enemy.
    const Melee open = resolve({stormers}, {with_dice(make_unit("D", TroopType::infantry), 3, 3)});
    EXPECT_EQ(open.outcome(kAttacker).sapper_from, 0);
}

TEST(MeleeExamples, ExampleAOfSeed004) {
    MeleeUnit hussars = with_dice(make_unit("French hussars", TroopType::light_cavalry, 8), 3, 2);
    hussars.charging = true;
    MeleeUnit dragoons =
        with_dice(make_unit("British heavy dragoons", TroopType::heavy_cavalry, 12), 4, 4);
    dragoons.countercharging = true;
    dragoons.nation = "british";
    dragoons.test_dice = {3, 4};
    const Melee m = resolve({hussars}, {dragoons});
    EXPECT_EQ(m.out.score[kDefender], 15);
    EXPECT_EQ(m.out.score[kAttacker], 9);
    EXPECT_EQ(m.decision().winner, kDefender);
    EXPECT_EQ(m.decision().result, Result::retreat);
    EXPECT_EQ(m.outcome(kAttacker).casualties, 3);
    EXPECT_EQ(m.outcome(kDefender).casualties, 1);
    EXPECT_EQ(m.outcome(kDefender).test.total, 5);
    EXPECT_EQ(m.outcome(kDefender).test.row->outcome, "pursue");
    EXPECT_EQ(m.outcome(kDefender).status, StatusAfter::pursuing);
}

TEST(MeleeBonusMoves, WinnersTurnOccupyAndSuperbCavalryMoves) {  // 12.21
    MeleeUnit house = with_dice(make_unit("village", TroopType::infantry), 1, 1);
    house.cover = Cover::building;
    MeleeUnit stormers = with_dice(make_unit("stormers", TroopType::infantry), 6, 6);
    stormers.test_dice = {6, 6};
    Melee m = resolve({stormers}, {house}, Terrain::built_up);
    EXPECT_TRUE(m.outcome(kAttacker).bonus_moves & kBonusTurn45);
    EXPECT_TRUE(m.outcome(kAttacker).bonus_moves & kBonusOccupy);
    EXPECT_EQ(m.outcome(kDefender).bonus_moves, 0);
    m = infantry_melee(6, 6, 1, 1);  // open ground: nothing to occupy
    EXPECT_FALSE(m.outcome(kAttacker).bonus_moves & kBonusOccupy);
    MeleeUnit cav = make_unit("W", TroopType::dragoons);
    cav.test_dice = {6, 6};
    EXPECT_TRUE(pursuit_after_win(cav).units[0].bonus_moves & kBonusHalfChargeMove);
    cav.test_dice = {1, 1};
    EXPECT_FALSE(pursuit_after_win(cav).units[0].bonus_moves & kBonusHalfChargeMove);
}

TEST(MeleeDice, EveryDieIsLoggedWithItsPurpose) {
    const Melee m = resolve({make_unit("A", TroopType::infantry)},
                            {make_unit("D", TroopType::infantry)}, Terrain::open, 99);
    int melee_dice = 0;
    for (const auto& d : m.out.dice) {
        EXPECT_GE(d.value, 1);
        EXPECT_LE(d.value, 6);
        EXPECT_FALSE(d.forced);
        melee_dice += d.purpose == DiePurpose::melee;
    }
    EXPECT_EQ(melee_dice, 4);
}

}  // namespace
}  // namespace vedette::sim::gdb::test

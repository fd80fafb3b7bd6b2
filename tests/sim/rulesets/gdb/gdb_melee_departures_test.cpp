// The melee engine as seed 004 writes it (issue 13): retreating units on a winning side, note (3)
// for conscripts attacking a built-up area, masses against cavalry, limbered artillery. Each test
// quotes the rule and fails on the engine that departed from it.

#include "tests/sim/rulesets/gdb/melee_test_util.h"

namespace vedette::sim::gdb::test {
namespace {

// 12.13: "Отступающие подразделения, вошедшие в «базовый» контакт с подразделением противника,
// автоматически проигрывают рукопашную схватку и продолжают Отступать ... а Отступающий
// автоматически наносит урон Атакующим как Проигравший".
TEST(MeleeRetreating, ARetreatingUnitLosesEvenWhenItsSideWins) {
    MeleeUnit fresh = with_dice(make_unit("fresh", TroopType::infantry, 24), 6, 6);
    MeleeUnit running = make_unit("running", TroopType::infantry, 24);
    running.status = Status::retreating;
    const Melee m =
        resolve({with_dice(make_unit("A", TroopType::infantry, 12), 1, 1)}, {fresh, running});
    ASSERT_EQ(m.decision().winner, kDefender);
    EXPECT_NE(m.outcome(kDefender, 0).status, StatusAfter::retreating);
    EXPECT_EQ(m.outcome(kDefender, 1).status, StatusAfter::retreating);
    EXPECT_EQ(
        m.decision().units[static_cast<std::size_t>(m.prepared.side_units[kDefender][1])].test,
        TestKind::none);
    // Its 24 figures inflict as a loser (1 per 12), the fresh unit's as a winner.
    bool loser_rate = false;
    for (const auto& g : m.decision().groups)
        if (g.inflicting_side == kDefender && g.rate == Rate::foot_lose_vs_all) loser_rate = true;
    EXPECT_TRUE(loser_rate);
}

// Note (3): "Модификатор -2 не применяется в том случае, если Новобранцы находятся в редуте или в
// застроенной области" - conscripts inside; conscripts in line attacking a village take the -2.
TEST(MeleeConscripts, ConscriptsInLineAttackingABuiltUpAreaTakeTheMinusTwo) {
    MeleeUnit attacker = with_dice(make_unit("A", TroopType::infantry, 24), 3, 3);
    attacker.klass = UnitClass::conscript;
    attacker.formation = Formation::line;
    MeleeUnit defender = with_dice(make_unit("D", TroopType::infantry, 24), 3, 3);
    defender.klass = UnitClass::conscript;
    defender.formation = Formation::line;
    defender.cover = Cover::building;
    const Melee m = resolve({attacker}, {defender}, Terrain::built_up);
    EXPECT_TRUE(has_mod(m.unit(kAttacker), Mod::class_conscript_line));
    EXPECT_FALSE(has_mod(m.unit(kDefender), Mod::class_conscript_line));
    EXPECT_TRUE(is_denied(m.unit(kDefender), Mod::class_conscript_line));
}

// RULINGS, masses are not squares: "Cavalry beats a mass like any other infantry (12.18, 12.19):
// "must win by 7" is for squares alone".
TEST(MeleeMass, CavalryNeedNotWinBySevenAgainstAMass) {
    auto against = [](Formation f) {
        MeleeUnit foot = with_dice(make_unit("foot", TroopType::infantry, 24), 1, 2);
        foot.formation = f;
        foot.nation = "austrian";
        return resolve({with_dice(make_unit("cav", TroopType::heavy_cavalry, 12), 6, 6)}, {foot});
    };
    const Melee square = against(Formation::square);
    const Melee mass = against(Formation::mass);  // 16 against 11 both times
    ASSERT_EQ(square.decision().result, Result::square_holds);
    EXPECT_EQ(mass.decision().winner, kAttacker);
    EXPECT_NE(mass.outcome(kDefender).status, StatusAfter::formed);
}

// 12.16: "Примечание: Артиллерия на Передках не сражается в рукопашной схватке".
TEST(MeleeArtillery, LimberedArtilleryNeverRollsEvenAgainstCossacks) {
    MeleeUnit guns = with_dice(make_unit("guns", TroopType::artillery, 8), 6, 6);
    guns.formation = Formation::limbered;
    const Melee m =
        resolve({with_dice(make_unit("cossacks", TroopType::cossacks, 8), 1, 1)}, {guns});
    EXPECT_NE(m.unit(kDefender).fate, Fate::fights);
    EXPECT_EQ(m.decision().winner, kAttacker);
}

// 12.19 i: "Если какая-либо часть Оттесненного подразделения осталась в пределах застроенной
// области, то рукопашная схватка продолжается в следующем ходу. Ни Атакующее, ни Защищающееся
// подразделения не получают модификаторы за оборону зданий." (If any part of the pushed-back unit
// is still inside the built-up area, the melee goes on next turn. Neither the attacking nor the
// defending units get the modifiers for defending buildings.) RULINGS, turn 3:
// `pushed_back_before: true` means this continued melee.
TEST(MeleeBuiltUpArea, NoBuildingModifiersOnceTheMeleeGoesOnAfterAPushBack) {
    MeleeUnit house = with_dice(make_unit("British line", TroopType::infantry, 24), 3, 4);
    house.nation = "british";  // +2 infantry, +1 British line, +2 building before 12.19 i
    house.cover = Cover::building;
    house.pushed_back_before = true;
    const Melee m = resolve({with_dice(make_unit("French line", TroopType::infantry, 24), 4, 5)},
                            {house}, Terrain::built_up);
    EXPECT_FALSE(has_mod(m.unit(kDefender), Mod::building));
    EXPECT_TRUE(is_denied(m.unit(kDefender), Mod::building));
    // 11 against 10 without the +2: the French win; the second push back in this melee is a retreat
    // (12.19 j).
    EXPECT_EQ(m.decision().winner, kAttacker);
    EXPECT_EQ(m.outcome(kDefender).status, StatusAfter::retreating);
}

}  // namespace
}  // namespace vedette::sim::gdb::test

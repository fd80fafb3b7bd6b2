// Table 12.17, row by row, with notes (1)-(8), 12.3, 12.4 and 12.7.

#include "tests/sim/rulesets/gdb/melee_test_util.h"

namespace vedette::sim::gdb::test {
namespace {

const PreparedUnit& first_attacker(const Melee& m) {
    return m.unit(kAttacker);
}

TEST(MeleeModifiers, TroopTypeRows) {
    const std::pair<TroopType, int> rows[] = {
        {TroopType::cuirassiers, 5},   {TroopType::heavy_cavalry, 4}, {TroopType::dragoons, 3},
        {TroopType::light_cavalry, 2}, {TroopType::cossacks, 0},      {TroopType::infantry, 2},
        {TroopType::open_order, 0},    {TroopType::artillery, 0}};
    for (auto [type, value] : rows) {
        const Melee m = resolve({make_unit("a", type)}, {make_unit("d", TroopType::infantry)});
        const Mod id =
            static_cast<Mod>(static_cast<int>(Mod::type_cuirassiers) + static_cast<int>(type));
        EXPECT_TRUE(has_mod(first_attacker(m), id)) << to_string(type);
        EXPECT_EQ(mod_value(first_attacker(m), id), value) << to_string(type);
    }
    // Skirmishers fight only against Cossacks or skirmishers (12.12): there their row is 0.
    const Melee s =
        resolve({make_unit("a", TroopType::skirmishers)}, {make_unit("d", TroopType::skirmishers)});
    EXPECT_TRUE(has_mod(first_attacker(s), Mod::type_skirmishers));
    EXPECT_EQ(first_attacker(s).modifier_total, 0);
}

TEST(MeleeModifiers, LancersNote1) {
    MeleeUnit lancers = make_unit("uhlans", TroopType::lancers);
    lancers.charging = true;
    Melee m = resolve({lancers}, {make_unit("d", TroopType::light_cavalry)});
    EXPECT_EQ(mod_value(first_attacker(m), Mod::type_lancers), 3);

    lancers.charging = false;  // not charging: light cavalry
    m = resolve({lancers}, {make_unit("d", TroopType::light_cavalry)});
    EXPECT_FALSE(has_mod(first_attacker(m), Mod::type_lancers));
    EXPECT_EQ(mod_value(first_attacker(m), Mod::type_light_cavalry), 2);
    EXPECT_TRUE(is_denied(first_attacker(m), Mod::type_lancers));

    lancers.charging = true;  // unformed: light cavalry
    lancers.status = Status::unformed;
    m = resolve({lancers}, {make_unit("d", TroopType::light_cavalry)});
    EXPECT_EQ(first_attacker(m).effective_type, TroopType::light_cavalry);

    lancers.status = Status::formed;  // against cuirassiers: light cavalry
    m = resolve({lancers}, {make_unit("d", TroopType::cuirassiers)});
    EXPECT_EQ(first_attacker(m).effective_type, TroopType::light_cavalry);
}

TEST(MeleeModifiers, LancersAgainstInfantry) {
    MeleeUnit lancers = make_unit("uhlans", TroopType::lancers);
    lancers.charging = true;
    Melee m = resolve({lancers}, {make_unit("d", TroopType::infantry)});
    EXPECT_EQ(mod_value(first_attacker(m), Mod::lancers_vs_infantry), 2);
    m = resolve({lancers}, {make_unit("d", TroopType::dragoons)});
    EXPECT_FALSE(has_mod(first_attacker(m), Mod::lancers_vs_infantry));
}

TEST(MeleeModifiers, ClassRows) {
    const std::pair<UnitClass, int> rows[] = {
        {UnitClass::guard, 2},    {UnitClass::elite, 1},       {UnitClass::veteran, 0},
        {UnitClass::line, 0},     {UnitClass::second_rate, 0}, {UnitClass::conscript, -1},
        {UnitClass::garrison, -1}};
    for (auto [klass, value] : rows) {
        MeleeUnit u = make_unit("a", TroopType::infantry);
        u.klass = klass;
        u.formation = Formation::column;
        const Melee m = resolve({u}, {make_unit("d", TroopType::infantry)});
        EXPECT_EQ(first_attacker(m).modifier_total, 2 + value) << to_string(klass);
    }
    EXPECT_TRUE(shipped_rules().mod(Mod::class_garrison).is_default);
}

TEST(MeleeModifiersNote3, ConscriptsInLineTakeMinusTwoExceptInBuiltUpArea) {
    MeleeUnit u = make_unit("conscripts", TroopType::infantry);
    u.klass = UnitClass::conscript;
    u.formation = Formation::line;
    Melee m = resolve({u}, {make_unit("d", TroopType::infantry)});
    EXPECT_EQ(mod_value(first_attacker(m), Mod::class_conscript_line), -2);
    // Also for cavalry.
    MeleeUnit cav = make_unit("conscript hussars", TroopType::light_cavalry);
    cav.klass = UnitClass::conscript;
    m = resolve({cav}, {make_unit("d", TroopType::light_cavalry)});
    EXPECT_EQ(mod_value(first_attacker(m), Mod::class_conscript_line), -2);
    // Not in a built-up area.
    m = resolve({make_unit("d", TroopType::infantry)}, {u}, Terrain::built_up);
    EXPECT_EQ(mod_value(m.unit(kDefender), Mod::class_conscript), -1);
    EXPECT_TRUE(is_denied(m.unit(kDefender), Mod::class_conscript_line));
}

TEST(MeleeModifiers, BritishInfantryInLineAndBritishGuardCap) {
    MeleeUnit u = make_unit("redcoats", TroopType::infantry);
    u.nation = "british";
    Melee m = resolve({make_unit("a", TroopType::infantry)}, {u});
    EXPECT_EQ(mod_value(m.unit(kDefender), Mod::british_infantry_line), 1);
    u.klass = UnitClass::guard;  // +2 guard, +1 line would be 3: capped at +2
    m = resolve({make_unit("a", TroopType::infantry)}, {u});
    EXPECT_EQ(mod_value(m.unit(kDefender), Mod::class_guard), 2);
    EXPECT_FALSE(has_mod(m.unit(kDefender), Mod::british_infantry_line));
    EXPECT_TRUE(is_denied(m.unit(kDefender), Mod::british_infantry_line));
    u.nation = "french";  // French guard in line: no British bonus at all
    m = resolve({make_unit("a", TroopType::infantry)}, {u});
    EXPECT_FALSE(is_denied(m.unit(kDefender), Mod::british_infantry_line));
}

TEST(MeleeModifiersNote4, GeneralLeadsUnlessInept) {
    MeleeUnit u = make_unit("a", TroopType::infantry);
    u.general = General::average;
    u.general_leads = true;
    Melee m = resolve({u}, {make_unit("d", TroopType::infantry)});
    EXPECT_EQ(mod_value(first_attacker(m), Mod::general_leads), 1);
    u.general = General::inept;
    m = resolve({u}, {make_unit("d", TroopType::infantry)});
    EXPECT_FALSE(has_mod(first_attacker(m), Mod::general_leads));
    EXPECT_TRUE(is_denied(first_attacker(m), Mod::general_leads));
}

TEST(MeleeModifiers, HorsesForCavalryOnly) {
    MeleeUnit u = make_unit("a", TroopType::dragoons);
    u.horses = Horses::good;
    Melee m = resolve({u}, {make_unit("d", TroopType::dragoons)});
    EXPECT_EQ(mod_value(first_attacker(m), Mod::good_horses), 1);
    u.horses = Horses::poor;
    m = resolve({u}, {make_unit("d", TroopType::dragoons)});
    EXPECT_EQ(mod_value(first_attacker(m), Mod::poor_horses), -1);
    MeleeUnit inf = make_unit("a", TroopType::infantry);
    inf.horses = Horses::poor;
    m = resolve({inf}, {make_unit("d", TroopType::infantry)});
    EXPECT_FALSE(has_mod(first_attacker(m), Mod::poor_horses));
}

TEST(MeleeModifiers, UnformedOrWavering) {
    for (Status s : {Status::unformed, Status::wavering}) {
        MeleeUnit u = make_unit("a", TroopType::infantry);
        u.status = s;
        const Melee m = resolve({u}, {make_unit("d", TroopType::infantry)});
        EXPECT_EQ(mod_value(first_attacker(m), Mod::unformed_or_wavering), -2);
    }
}

TEST(MeleeModifiersNote5, FlankOrRearExceptAustrianMassAgainstCavalry) {
    MeleeUnit u = make_unit("Austrians", TroopType::infantry);
    u.flank_or_rear = true;
    Melee m = resolve({make_unit("a", TroopType::infantry)}, {u});
    EXPECT_EQ(mod_value(m.unit(kDefender), Mod::flank_or_rear), -4);
    u.nation = "austrian";
    u.formation = Formation::mass;
    m = resolve({make_unit("hussars", TroopType::light_cavalry)}, {u});
    EXPECT_FALSE(has_mod(m.unit(kDefender), Mod::flank_or_rear));
    EXPECT_TRUE(is_denied(m.unit(kDefender), Mod::flank_or_rear));
    m = resolve({make_unit("line", TroopType::infantry)}, {u});  // against infantry: the penalty
    EXPECT_EQ(mod_value(m.unit(kDefender), Mod::flank_or_rear), -4);
}

TEST(MeleeModifiersNote6, ChargeBonusAndItsExceptions) {
    MeleeUnit cav = make_unit("a", TroopType::dragoons);
    cav.charging = true;
    Melee m = resolve({cav}, {make_unit("d", TroopType::dragoons)});
    EXPECT_EQ(mod_value(first_attacker(m), Mod::charging), 2);
    cav.formation = Formation::squadron_column;
    m = resolve({cav}, {make_unit("d", TroopType::dragoons)});
    EXPECT_FALSE(has_mod(first_attacker(m), Mod::charging));
    EXPECT_TRUE(is_denied(first_attacker(m), Mod::charging));

    MeleeUnit inf = make_unit("a", TroopType::infantry);
    inf.charging = true;
    inf.uphill = true;
    m = resolve({inf}, {make_unit("d", TroopType::infantry)});
    EXPECT_FALSE(has_mod(first_attacker(m), Mod::charging));

    MeleeUnit countercharger = make_unit("d", TroopType::light_cavalry);
    countercharger.countercharging = true;
    m = resolve({make_unit("a", TroopType::light_cavalry)}, {countercharger});
    EXPECT_EQ(mod_value(m.unit(kDefender), Mod::charging), 2);
}

TEST(MeleeModifiers, PursuingCavalryGetsPlusTwoButCountsUnformed) {
    MeleeUnit u = make_unit("pursuers", TroopType::heavy_cavalry);
    u.pursuing = true;
    const Melee m = resolve({u}, {make_unit("d", TroopType::light_cavalry)});
    EXPECT_EQ(mod_value(first_attacker(m), Mod::charging), 2);
    EXPECT_EQ(mod_value(first_attacker(m), Mod::unformed_or_wavering), -2);
}

TEST(MeleeModifiers, ReinforcementsNoChargeBonusInterpenetratedUnformed) {  // 12.8
    MeleeUnit r = make_unit("reinforcement", TroopType::infantry);
    r.charging = true;
    r.reinforcement = true;
    r.status = Status::unformed;
    Melee m =
        resolve({make_unit("a", TroopType::infantry), r}, {make_unit("d", TroopType::infantry)});
    const PreparedUnit& p = m.unit(kAttacker, 1);
    EXPECT_FALSE(has_mod(p, Mod::charging));
    EXPECT_TRUE(is_denied(p, Mod::charging));
    EXPECT_FALSE(has_mod(p, Mod::unformed_or_wavering));  // counts as formed
    r.interpenetrated = true;
    m = resolve({make_unit("a", TroopType::infantry), r}, {make_unit("d", TroopType::infantry)});
    EXPECT_TRUE(has_mod(m.unit(kAttacker, 1), Mod::unformed_or_wavering));
}

TEST(MeleeModifiersNote7, InfantryColumnChargingAgainstFootAndThroughBreach) {
    MeleeUnit col = make_unit("column", TroopType::infantry);
    col.formation = Formation::attack_column;
    col.charging = true;
    Melee m = resolve({col}, {make_unit("d", TroopType::infantry)});
    EXPECT_EQ(mod_value(first_attacker(m), Mod::infantry_column_charging), 1);
    EXPECT_EQ(mod_value(first_attacker(m), Mod::charging), 2);
    MeleeUnit house = make_unit("in a house", TroopType::infantry);
    house.cover = Cover::building;
    m = resolve({col}, {house}, Terrain::built_up);
    EXPECT_FALSE(has_mod(first_attacker(m), Mod::infantry_column_charging));
    col.breach = true;
    m = resolve({col}, {house}, Terrain::built_up);
    EXPECT_TRUE(has_mod(first_attacker(m), Mod::infantry_column_charging));
    m = resolve({col}, {make_unit("hussars", TroopType::light_cavalry)});
    EXPECT_FALSE(has_mod(first_attacker(m), Mod::infantry_column_charging));
}

TEST(MeleeModifiers, ColumnOrSquareAgainstCavalry) {
    for (Formation f :
         {Formation::column, Formation::attack_column, Formation::square, Formation::mass}) {
        MeleeUnit u = make_unit("foot", TroopType::infantry);
        u.formation = f;
        Melee m = resolve({make_unit("cav", TroopType::cuirassiers)}, {u});
        EXPECT_EQ(mod_value(m.unit(kDefender), Mod::column_or_square_vs_cavalry), 4)
            << to_string(f);
        m = resolve({make_unit("inf", TroopType::infantry)}, {u});
        EXPECT_FALSE(has_mod(m.unit(kDefender), Mod::column_or_square_vs_cavalry));
    }
    MeleeUnit line = make_unit("foot", TroopType::infantry);
    const Melee m = resolve({make_unit("cav", TroopType::cuirassiers)}, {line});
    EXPECT_FALSE(has_mod(m.unit(kDefender), Mod::column_or_square_vs_cavalry));
}

TEST(MeleeModifiersNote8, CoverBuildingFortifiedOnlyWhileTheEnemyIsOutside) {
    const std::pair<Cover, Mod> rows[] = {{Cover::cover, Mod::cover},
                                          {Cover::building, Mod::building},
                                          {Cover::fortified, Mod::fortified}};
    int expected = 1;
    for (auto [cover, id] : rows) {
        MeleeUnit u = make_unit("defenders", TroopType::infantry);
        u.cover = cover;
        Melee m = resolve({make_unit("a", TroopType::infantry)}, {u});
        EXPECT_EQ(mod_value(m.unit(kDefender), id), expected++);
        MeleeUnit inside = make_unit("attackers inside", TroopType::infantry);
        inside.cover = cover;
        m = resolve({inside}, {u});
        EXPECT_FALSE(has_mod(m.unit(kDefender), id));
        EXPECT_TRUE(is_denied(m.unit(kDefender), id));
    }
}

TEST(MeleeModifiers, FortifiedBuildingsDenyTheChargeBonus) {  // 12.9.A
    MeleeUnit church = make_unit("church", TroopType::infantry);
    church.cover = Cover::fortified;
    MeleeUnit a = make_unit("stormers", TroopType::infantry);
    a.charging = true;
    const Melee m = resolve({a}, {church}, Terrain::fortified);
    EXPECT_FALSE(has_mod(first_attacker(m), Mod::charging));
    EXPECT_TRUE(is_denied(first_attacker(m), Mod::charging));
}

TEST(MeleeModifiers, CossacksInRoughTerrainNoChargeBonus) {  // 12.11
    MeleeUnit c = make_unit("Cossacks", TroopType::cossacks);
    c.charging = true;
    Melee m = resolve({c}, {make_unit("d", TroopType::infantry)}, Terrain::rough);
    EXPECT_FALSE(has_mod(first_attacker(m), Mod::charging));
    m = resolve({c}, {make_unit("d", TroopType::infantry)}, Terrain::open);
    EXPECT_TRUE(has_mod(first_attacker(m), Mod::charging));
}

TEST(MeleeModifiers, Example12_7NumbersGoToTheLargestUnitOnly) {
    MeleeUnit big = make_unit("French 36", TroopType::infantry, 36);
    MeleeUnit small = make_unit("French 24", TroopType::infantry, 24);
    MeleeUnit brit = make_unit("British 24", TroopType::infantry, 24);
    brit.nation = "british";
    const Melee m = resolve({big, small}, {brit});
    EXPECT_EQ(mod_value(m.unit(kAttacker, 0), Mod::numbers_2_1), 2);
    EXPECT_FALSE(has_mod(m.unit(kAttacker, 0), Mod::numbers_3_2));
    EXPECT_FALSE(has_mod(m.unit(kAttacker, 1), Mod::numbers_2_1));
    EXPECT_FALSE(has_mod(m.unit(kAttacker, 1), Mod::numbers_3_2));
    EXPECT_FALSE(has_mod(m.unit(kDefender), Mod::numbers_2_1));
}

TEST(MeleeModifiers, NumbersThreeToTwoAndBelow) {
    Melee m = resolve({make_unit("a", TroopType::infantry, 18)},
                      {make_unit("d", TroopType::infantry, 12)});
    EXPECT_EQ(mod_value(m.unit(kAttacker), Mod::numbers_3_2), 1);
    m = resolve({make_unit("a", TroopType::infantry, 17)},
                {make_unit("d", TroopType::infantry, 12)});
    EXPECT_FALSE(has_mod(m.unit(kAttacker), Mod::numbers_3_2));
    EXPECT_FALSE(has_mod(m.unit(kDefender), Mod::numbers_3_2));
    // Ties between equal largest units: the first listed.
    m = resolve(
        {make_unit("first", TroopType::infantry, 12), make_unit("second", TroopType::infantry, 12)},
        {make_unit("d", TroopType::infantry, 12)});
    EXPECT_TRUE(has_mod(m.unit(kAttacker, 0), Mod::numbers_2_1));
    EXPECT_FALSE(has_mod(m.unit(kAttacker, 1), Mod::numbers_2_1));
}

TEST(MeleeFirstRound, OnlyFourRanksOfCavalryFight) {  // 12.3
    MeleeUnit deep = make_unit("column of squadrons", TroopType::heavy_cavalry, 24);
    deep.ranks = 8;  // 3 a rank, 4 ranks fight: 12
    Melee m = resolve({deep}, {make_unit("d", TroopType::infantry, 12)});
    EXPECT_EQ(m.unit(kAttacker).fighting_figures, 12);
    EXPECT_FALSE(has_mod(m.unit(kAttacker), Mod::numbers_2_1));  // 12 against 12
    m.setup->first_round = false;
    const PreparedMelee later = prepare_melee(shipped_rules(), *m.setup);
    EXPECT_EQ(later.units[0].fighting_figures, 24);
    // Infantry is never limited.
    MeleeUnit inf = make_unit("deep infantry", TroopType::infantry, 24);
    inf.ranks = 8;
    m = resolve({inf}, {make_unit("d", TroopType::infantry, 12)});
    EXPECT_EQ(m.unit(kAttacker).fighting_figures, 24);
}

}  // namespace
}  // namespace vedette::sim::gdb::test

// The dice-pool melee (seed 003, DP Melee / DP Casualties): pools, the value needed, hits,
// casualties, the winner, exact odds against a brute-force count, and the melee file's refusals.

#include <gtest/gtest.h>

#include "sim/core/input_error.h"
#include "sim/core/json_reader.h"
#include "sim/rules/ruleset_files.h"
#include "sim/rulesets/dicepool/dp_melee_io.h"

namespace vedette::sim::dicepool {
namespace {

const DpRules& rules() {
    static const DpRules r = [] {
        const std::string path =
            std::string(VEDETTE_SOURCE_DIR) + "/sim/rulesets/dicepool/dicepool.json";
        return parse_dp_rules(read_text_file(path), path);
    }();
    return r;
}

MeleeSide side(const std::string& name, UnitType type, int models = 12) {
    MeleeSide s;
    s.name = name;
    s.type = type;
    s.models = models;
    s.melee = rules().sheet(type).melee;
    s.armour = rules().sheet(type).armour;
    s.formation = rules().sheet(type).formation;
    return s;
}

TEST(DicepoolMelee, PoolIsTwelveDiceOrSixWithADisorderMarker) {
    // "12 кубиков, если у подразделения нет маркеров расстройства. 6 кубиков, если ... есть."
    MeleeSide a = side("A", UnitType::line_infantry), d = side("D", UnitType::line_infantry);
    d.disorder_markers = 2;
    const MeleePlan p = plan_melee(rules(), {a, d});
    EXPECT_EQ(p.plan[kAttacker].dice, 12);
    EXPECT_EQ(p.plan[kDefender].dice, 6);
}

TEST(DicepoolMelee, SuccessfulChargeImprovesTheValueByOne) {
    // "получает наступательный бонус и его рукопашная улучшается ... на 1 (5+ становится 4+)".
    MeleeSide a = side("A", UnitType::line_infantry), d = side("D", UnitType::line_infantry);
    a.charged = true;
    const MeleePlan p = plan_melee(rules(), {a, d});
    EXPECT_EQ(p.plan[kAttacker].needs, 4);
    EXPECT_EQ(p.plan[kDefender].needs, 5);
}

TEST(DicepoolMelee, SquareWorsensCavalryAndLooseWorsensItself) {
    // Rulings: "square against cavalry: cavalry's value worsens by 1; a unit in loose formation
    // worsens by 1" (defaults).
    MeleeSide cav = side("C", UnitType::heavy_cavalry, 8), sq = side("S", UnitType::line_infantry);
    sq.formation = Formation::square;
    EXPECT_EQ(plan_melee(rules(), {cav, sq}).plan[kAttacker].needs, 5);  // 4+ worsened to 5+
    sq.formation = Formation::loose;
    const MeleePlan p = plan_melee(rules(), {cav, sq});
    EXPECT_EQ(p.plan[kAttacker].needs, 4);
    EXPECT_EQ(p.plan[kDefender].needs, 6);
    // Light infantry in loose order would need 7+: kept at 6+ (a 6 always hits, our default).
    const MeleePlan light = plan_melee(rules(), {side("L", UnitType::light_infantry), sq});
    EXPECT_EQ(light.plan[kAttacker].needs, 6);
    EXPECT_TRUE(light.plan[kAttacker].clamped);
}

TEST(DicepoolMelee, HitsAtOrAboveTheValueAndCasualtiesByArmour) {
    // "Любой результат равный или больше значения рукопашная это попадание."
    MeleeSide a = side("A", UnitType::heavy_cavalry, 8), d = side("D", UnitType::line_infantry);
    a.charged = true;  // 4+ -> 3+
    a.dice = {6, 5, 3, 3, 2, 1, 4, 6, 3, 2, 5, 1};
    d.dice = {5, 6, 1, 2, 3, 4, 2, 1, 3, 6, 2, 1};
    Prng prng(1);
    const MeleeResult r = resolve_melee(plan_melee(rules(), {a, d}), prng);
    EXPECT_EQ(r.side[kAttacker].hits, 8);            // 6,5,3,3,4,6,3,5
    EXPECT_EQ(r.side[kDefender].hits, 3);            // 5,6,6
    EXPECT_EQ(r.side[kAttacker].models_removed, 4);  // 8 hits / armour 2
    EXPECT_EQ(r.side[kDefender].models_removed, 1);  // 3 / 2 rounded down
    EXPECT_EQ(r.result, MeleeResultKind::attacker_wins);
    EXPECT_EQ(r.winner, kAttacker);
}

TEST(DicepoolMelee, EqualRemovalsAreADrawAndRemovalsStopAtTheUnitsModels) {
    EXPECT_EQ(result_of(2, 2), MeleeResultKind::draw);
    EXPECT_EQ(result_of(1, 2), MeleeResultKind::defender_wins);
    const MeleeSide small = side("S", UnitType::skirmishers, 2);
    EXPECT_EQ(models_removed(12, 0, small), 2);
    EXPECT_EQ(models_removed(1, 3, side("L", UnitType::line_infantry)), 3);  // 1/2 + 3 fire
}

TEST(DicepoolMelee, VolleyingDefenderRollsNoDiceAndItsFireCountsAsRemovals) {
    // "обороняющийся кубики за ближний бой уже не бросает, потери нанесённые им считаются как
    // при стрельбе".
    MeleeSide a = side("A", UnitType::line_infantry), d = side("D", UnitType::line_infantry);
    d.rolls = false;
    d.fire_removed = 3;
    a.dice = std::vector<int>(12, 1);  // no hits
    const MeleePlan p = plan_melee(rules(), {a, d});
    EXPECT_EQ(p.plan[kDefender].dice, 0);
    Prng prng(1);
    const MeleeResult r = resolve_melee(p, prng);
    EXPECT_TRUE(r.side[kDefender].rolls.empty());
    EXPECT_EQ(r.side[kDefender].models_removed, 3);
    EXPECT_EQ(r.result, MeleeResultKind::defender_wins);
}

TEST(DicepoolOdds, HitDistributionIsTheBinomialCount) {
    // 3 dice at 5+: C(3,k) 2^k 4^(3-k) of 216.
    const HitDistribution h = hit_distribution(3, 5);
    EXPECT_EQ(h.denominator, 216u);
    EXPECT_EQ(h.counts, (std::vector<std::uint64_t>{64, 96, 48, 8}));
}

// Brute force: every roll of both pools, resolved by resolve_melee itself with forced dice.
void expect_odds_match_brute_force(MeleeSide a, MeleeSide d, int pool) {
    DpRules small = rules();
    small.pool.value = pool;
    small.pool_disordered.value = pool - 1;
    const MeleePlan base = plan_melee(small, {a, d});
    const MeleeOdds odds = melee_odds(base);
    const int na = base.plan[kAttacker].dice, nd = base.plan[kDefender].dice, n = na + nd;
    std::array<std::uint64_t, 3> brute{};
    std::uint64_t total = 1;
    for (int i = 0; i < n; ++i) total *= 6;
    for (std::uint64_t code = 0; code < total; ++code) {
        std::uint64_t c = code;
        MeleePlan m = base;
        m.sides[kAttacker].dice.clear();
        m.sides[kDefender].dice.clear();
        for (int i = 0; i < n; ++i, c /= 6)
            m.sides[i < na ? kAttacker : kDefender].dice.push_back(static_cast<int>(c % 6) + 1);
        Prng unused(1);
        ++brute[static_cast<std::size_t>(resolve_melee(m, unused).result)];
    }
    EXPECT_EQ(odds.denominator, total);
    EXPECT_EQ(odds.results, brute);
}

TEST(DicepoolOdds, MatchesABruteForceCountOverSmallPools) {
    MeleeSide a = side("A", UnitType::heavy_cavalry, 3), d = side("D", UnitType::light_infantry, 4);
    a.charged = true;
    expect_odds_match_brute_force(a, d, 3);  // 3 + 3 dice: 46,656 rolls
    a.armour = 1;
    d.disorder_markers = 1;  // 4 against 3 dice: 279,936 rolls
    expect_odds_match_brute_force(d, a, 4);
    MeleeSide v = side("V", UnitType::line_infantry, 6);
    v.rolls = false;
    v.fire_removed = 1;
    expect_odds_match_brute_force(side("L", UnitType::line_infantry, 6), v, 5);
}

TEST(DicepoolOdds, TwelveAgainstTwelveSumsExactly) {
    MeleeSide a = side("A", UnitType::line_infantry), d = side("D", UnitType::shock_infantry);
    const MeleeOdds o = melee_odds(plan_melee(rules(), {a, d}));
    std::uint64_t six24 = 1;
    for (int i = 0; i < 24; ++i) six24 *= 6;
    EXPECT_EQ(o.denominator, six24);
    EXPECT_EQ(o.results[0] + o.results[1] + o.results[2], six24);
    EXPECT_GT(o.results[1], o.results[0]);  // shock infantry (4+) beats line (5+) more often
}

void expect_refused(const std::string& name, const std::string& where, const std::string& what) {
    const std::string file = std::string(VEDETTE_SOURCE_DIR) + "/tests/data/dicepool/" + name;
    const Json json = read_json_file(file);
    try {
        parse_melee_file(rules(), JsonNode(json, file, "$"));
        ADD_FAILURE() << name << " was accepted";
    } catch (const InputError& e) {
        EXPECT_EQ(e.where(), where) << e.what();
        EXPECT_NE(e.message().find(what), std::string::npos) << e.what();
    }
}

TEST(DicepoolMeleeInput, RefusesBadFilesNamingThePlace) {
    expect_refused("bad_pool_size.json", "$.attacker.dice", "rolls 6");
    expect_refused("bad_melee_value.json", "$.attacker.melee", "2 to 6");
    expect_refused("bad_no_models.json", "$.attacker.models", "no models");
    expect_refused("bad_unknown_type.json", "$.attacker.type", "line_infantry");
    expect_refused("bad_square_cavalry.json", "$.attacker.formation", "square");
}

TEST(DicepoolMeleeExplain, ShowsDiceNeedsResultAndOdds) {
    MeleeSide a = side("Cuirassiers", UnitType::heavy_cavalry, 8),
              d = side("Line", UnitType::line_infantry);
    a.charged = true;
    const MeleePlan p = plan_melee(rules(), {a, d});
    Prng prng(7);
    const MeleeResult r = resolve_melee(p, prng);
    const record::Explanation e = explain_melee(rules(), p, r, melee_odds(p));
    ASSERT_EQ(e.sections.size(), 8u);
    EXPECT_EQ(e.sections[2].kind, record::SectionKind::dice);
    EXPECT_EQ(e.sections[2].dice[0].dice.size(), 12u);
    EXPECT_NE(e.sections[2].dice[0].label.find("needs 3+"), std::string::npos);
    int lit = 0;
    for (const auto& row : e.sections[3].results) lit += row.lit;
    EXPECT_EQ(lit, 1);
    EXPECT_EQ(e.sections[5].outcomes.size(), 13u);  // 0..12 hits of the attacker
    int actual = 0;
    for (const auto& o : e.sections[5].outcomes) actual += o.actual;
    EXPECT_EQ(actual, 1);
}

}  // namespace
}  // namespace vedette::sim::dicepool

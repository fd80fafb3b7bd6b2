// Exact odds: integer counts that sum to the denominator, agreement with a 10^6-roll sampling
// run, and several units a side.

#include <map>

#include "tests/sim/rulesets/gdb/melee_test_util.h"

namespace vedette::sim::gdb::test {
namespace {

Count sum_of_counts(const MeleeOdds& odds) {
    Count c = 0;
    for (const auto& o : odds.outcomes) c += o.count;
    return c;
}

TEST(MeleeOdds, OneOnOneSumsExactlyToOne) {
    const Melee m =
        resolve({make_unit("A", TroopType::infantry)}, {make_unit("D", TroopType::infantry)});
    const MeleeOdds odds = melee_odds(m.prepared);
    EXPECT_EQ(count_to_string(odds.denominator), "1296");
    EXPECT_TRUE(sum_of_counts(odds) == odds.denominator);
    // Equal units: symmetric; the draw is P(equal 2D6 totals) = 146/1296.
    for (const auto& o : odds.outcomes)
        if (o.result == Result::draw) {
            EXPECT_EQ(count_to_string(o.count), "146");
        }
    EXPECT_NEAR(odds.probability_of_winner(kAttacker), odds.probability_of_winner(kDefender),
                1e-12);
}

TEST(MeleeOdds, ThreeAgainstThreeWithSapperSumsExactly) {
    MeleeUnit sapper = make_unit("A3", TroopType::infantry, 20);
    sapper.sapper = true;
    MeleeUnit church = make_unit("D1", TroopType::infantry, 20);
    church.cover = Cover::fortified;
    const Melee m = resolve({make_unit("A1", TroopType::infantry, 24),
                             make_unit("A2", TroopType::infantry, 18), sapper},
                            {church, make_unit("D2", TroopType::infantry, 12),
                             make_unit("D3", TroopType::artillery, 4)},
                            Terrain::fortified);
    const MeleeOdds odds = melee_odds(m.prepared);
    EXPECT_EQ(count_to_string(odds.denominator),
              count_to_string(Count(36) * 36 * 216 * 36 * 36 * 36));
    EXPECT_TRUE(sum_of_counts(odds) == odds.denominator);
}

TEST(MeleeOdds, AutomaticMeleeIsCertain) {
    const Melee m = resolve({make_unit("line", TroopType::infantry)},
                            {make_unit("screen", TroopType::skirmishers)});
    const MeleeOdds odds = melee_odds(m.prepared);
    ASSERT_EQ(odds.outcomes.size(), 1u);
    EXPECT_DOUBLE_EQ(odds.probability(odds.outcomes[0]), 1.0);
}

// A million resolutions with random dice must land within 0.3 percentage points of the exact
// probability of every outcome, and near the expected casualties.
TEST(MeleeOdds, AgreesWithAMillionSampledRolls) {
    MeleeUnit cuirassiers = make_unit("cuirassiers", TroopType::cuirassiers, 12);
    cuirassiers.charging = true;
    MeleeUnit square = make_unit("square", TroopType::infantry, 24);
    square.formation = Formation::square;
    MeleeUnit lancers = make_unit("lancers", TroopType::lancers, 8);
    lancers.charging = true;
    Melee m =
        resolve({cuirassiers, lancers}, {square, make_unit("battery", TroopType::artillery, 4)});
    const MeleeOdds odds = melee_odds(m.prepared);

    Prng prng(2024);
    MeleeOutcome out;
    const int n = 1000000;
    std::map<std::tuple<int, Result, bool>, int> seen;
    std::vector<double> casualties(m.prepared.units.size(), 0.0);
    for (int i = 0; i < n; ++i) {
        resolve_melee(m.prepared, prng, out);
        ++seen[{out.decision->winner, out.decision->result, out.decision->continues}];
        for (std::size_t u = 0; u < out.units.size(); ++u) casualties[u] += out.units[u].casualties;
    }
    int total_seen = 0;
    for (const auto& o : odds.outcomes) {
        const double sampled = double(seen[{o.winner, o.result, o.continues}]) / n;
        total_seen += seen[{o.winner, o.result, o.continues}];
        EXPECT_NEAR(sampled, odds.probability(o), 0.003)
            << "winner " << o.winner << " result " << result_names()[static_cast<int>(o.result)];
    }
    EXPECT_EQ(total_seen, n) << "the sampler produced an outcome the odds did not list";
    for (std::size_t u = 0; u < casualties.size(); ++u)
        EXPECT_NEAR(casualties[u] / n, odds.expected_casualties[u], 0.02);
}

}  // namespace
}  // namespace vedette::sim::gdb::test

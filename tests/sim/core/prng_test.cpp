#include <array>
#include <set>

#include <gtest/gtest.h>

#include "sim/core/prng.h"

namespace vedette::sim {
namespace {

// The exact output sequence is part of the replay format: a change here changes every replay.
// These values were produced by this implementation of xoshiro256** seeded through splitmix64
// and by an independent Python transcription of the same algorithms (docs/DETERMINISM.md).
TEST(Prng, ExactSequenceForSeed42) {
    Prng p(42);
    const std::array<std::uint64_t, 4> expected = {0x15780b2e0c2ec716ULL, 0x6104d9866d113a7eULL,
                                                   0xae17533239e499a1ULL, 0xecb8ad4703b360a1ULL};
    for (auto e : expected) EXPECT_EQ(p.next(), e);
}

TEST(Prng, ExactDiceForSeed1) {
    Prng p(1);
    std::string dice;
    for (int i = 0; i < 20; ++i) dice += char('0' + p.d6());
    EXPECT_EQ(dice, "25366534252546426652");
}

TEST(Prng, SameSeedSameSequenceDifferentSeedDifferent) {
    Prng a(7), b(7), c(8);
    bool any_diff = false;
    for (int i = 0; i < 100; ++i) {
        const auto va = a.next();
        EXPECT_EQ(va, b.next());
        any_diff = any_diff || (va != c.next());
    }
    EXPECT_TRUE(any_diff);
}

TEST(Prng, DiceAreInRangeAndRoughlyUniform) {
    Prng p(123);
    std::array<int, 7> counts{};
    const int n = 600000;
    for (int i = 0; i < n; ++i) {
        const int d = p.d6();
        ASSERT_GE(d, 1);
        ASSERT_LE(d, 6);
        ++counts[d];
    }
    for (int f = 1; f <= 6; ++f) EXPECT_NEAR(counts[f], n / 6, n / 6 / 50) << "face " << f;
}

TEST(Prng, BelowCoversSmallRanges) {
    Prng p(5);
    std::set<std::uint64_t> seen;
    for (int i = 0; i < 1000; ++i) {
        const auto v = p.below(3);
        ASSERT_LT(v, 3u);
        seen.insert(v);
    }
    EXPECT_EQ(seen.size(), 3u);
    EXPECT_EQ(p.below(1), 0u);
}

}  // namespace
}  // namespace vedette::sim

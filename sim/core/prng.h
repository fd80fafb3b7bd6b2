#pragma once
// The rules engine's own pseudo-random number generator. xoshiro256** seeded through
// splitmix64, with our own unbiased range reduction (rejection sampling), so the dice sequence
// for a seed is the same on every compiler, standard library and optimisation level.
// std::*_distribution is deliberately not used: its output is implementation-defined.

#include <cstdint>

namespace vedette::sim {

class Prng {
public:
    explicit Prng(std::uint64_t seed);

    // The raw 64-bit output of xoshiro256**.
    std::uint64_t next();

    // A uniform integer in [0, n), n > 0, with no modulo bias.
    std::uint64_t below(std::uint64_t n);

    // One six-sided die: 1..6.
    int d6() { return static_cast<int>(below(6)) + 1; }

private:
    std::uint64_t s_[4];
};

}  // namespace vedette::sim

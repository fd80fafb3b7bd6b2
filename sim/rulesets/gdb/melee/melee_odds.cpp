#include "sim/rulesets/gdb/melee/melee_odds.h"

#include <algorithm>
#include <stdexcept>

namespace vedette::sim::gdb {

double MeleeOdds::probability(const OddsOutcome& o) const {
    return static_cast<double>(static_cast<long double>(o.count) /
                               static_cast<long double>(denominator));
}

double MeleeOdds::probability_of_winner(int winner) const {
    Count c = 0;
    for (const auto& o : outcomes)
        if (o.winner == winner) c += o.count;
    return static_cast<double>(static_cast<long double>(c) / static_cast<long double>(denominator));
}

namespace {

// The distribution of one unit's total: count[t - lo] over `denominator` outcomes.
struct Distribution {
    int lo = 0;
    std::vector<Count> count;
    Count denominator = 1;
    int hi() const { return lo + static_cast<int>(count.size()) - 1; }
    Count cdf(int t) const {  // outcomes with total <= t
        if (t < lo) return 0;
        Count c = 0;
        for (int v = lo; v <= std::min(t, hi()); ++v) c += count[static_cast<std::size_t>(v - lo)];
        return c;
    }
};

Distribution unit_distribution(const PreparedMelee& m, const PreparedUnit& p) {
    Distribution d;
    d.lo = 2 + p.modifier_total;
    d.count.assign(11, 0);
    const int threshold = m.rules->sapper_reroll_if_at_most.value;
    if (!p.sapper_usable) {
        d.denominator = 36;
        for (int a = 1; a <= 6; ++a)
            for (int b = 1; b <= 6; ++b) d.count[static_cast<std::size_t>(a + b - 2)] += 1;
        return d;
    }
    // With a sapper: the lower die is re-rolled when it shows `threshold` or less.
    d.denominator = 216;
    for (int a = 1; a <= 6; ++a)
        for (int b = 1; b <= 6; ++b) {
            const int low = std::min(a, b), high = std::max(a, b);
            if (low <= threshold) {
                for (int r = 1; r <= 6; ++r) d.count[static_cast<std::size_t>(high + r - 2)] += 1;
            } else {
                d.count[static_cast<std::size_t>(a + b - 2)] += 6;
            }
        }
    return d;
}

// Distribution of the side's score, the best total of its rolling units (12.6).
Distribution side_distribution(const PreparedMelee& m, int side, double& bits) {
    std::vector<Distribution> units;
    for (int id : m.fighters[side]) units.push_back(unit_distribution(m, m.units[id]));
    Distribution s;
    s.lo = -1000;
    int hi = -1000;
    for (const auto& u : units) {
        s.lo = std::max(s.lo, u.lo);
        hi = std::max(hi, u.hi());
        s.denominator *= u.denominator;
        bits += u.denominator == 36 ? 5.1699 : 7.7549;
    }
    if (bits > 125.0)
        throw std::invalid_argument(
            "too many units for exact odds (at most about 20 rolling units in all)");
    Count previous = 0;
    for (int t = s.lo; t <= hi; ++t) {
        Count product = 1;
        for (const auto& u : units) product *= u.cdf(t);
        s.count.push_back(product - previous);
        previous = product;
    }
    return s;
}

void add_outcome(MeleeOdds& odds, const Decision& d, Count c) {
    for (auto& o : odds.outcomes)
        if (o.winner == d.winner && o.result == d.result && o.continues == d.continues) {
            o.count += c;
            return;
        }
    odds.outcomes.push_back({d.winner, d.result, d.continues, c});
}

}  // namespace

MeleeOdds melee_odds(const PreparedMelee& m) {
    MeleeOdds odds;
    odds.casualty_numerators.assign(m.units.size(), 0);
    if (m.automatic) {
        odds.denominator = 1;
        add_outcome(odds, m.automatic_decision, 1);
        for (std::size_t id = 0; id < m.units.size(); ++id)
            odds.casualty_numerators[id] =
                static_cast<Count>(m.automatic_decision.units[id].casualties);
    } else {
        double bits = 0;
        const Distribution a = side_distribution(m, kAttacker, bits);
        const Distribution b = side_distribution(m, kDefender, bits);
        odds.denominator = a.denominator * b.denominator;
        for (int sa = a.lo; sa <= a.hi(); ++sa) {
            const Count ca = a.count[static_cast<std::size_t>(sa - a.lo)];
            if (ca == 0) continue;
            for (int sb = b.lo; sb <= b.hi(); ++sb) {
                const Count c = ca * b.count[static_cast<std::size_t>(sb - b.lo)];
                if (c == 0) continue;
                const Decision& d = m.decision_for(sa - sb);
                add_outcome(odds, d, c);
                for (std::size_t id = 0; id < m.units.size(); ++id)
                    odds.casualty_numerators[id] += c * static_cast<Count>(d.units[id].casualties);
            }
        }
    }
    for (const Count n : odds.casualty_numerators)
        odds.expected_casualties.push_back(static_cast<double>(
            static_cast<long double>(n) / static_cast<long double>(odds.denominator)));
    return odds;
}

}  // namespace vedette::sim::gdb

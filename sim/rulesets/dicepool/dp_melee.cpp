#include "sim/rulesets/dicepool/dp_melee.h"

#include <algorithm>
#include <stdexcept>

namespace vedette::sim::dicepool {

const std::vector<std::string>& melee_result_names() {
    static const std::vector<std::string> n = {"attacker_wins", "defender_wins", "draw"};
    return n;
}

int pool_for(const DpRules& rules, int disorder_markers) {
    // "12 кубиков, если у подразделения нет маркеров расстройства. 6 кубиков, если ... есть".
    return disorder_markers > 0 ? rules.pool_disordered.value : rules.pool.value;
}

namespace {

bool is_cavalry(const DpRules& rules, const MeleeSide& s) {
    return rules.sheet(s.type).cavalry;
}

SidePlan plan_side(const DpRules& rules, const MeleeSide& self, const MeleeSide& enemy) {
    SidePlan p;
    p.base = self.melee;
    p.dice = self.rolls ? pool_for(rules, self.disorder_markers) : 0;
    // Forced dice are the first of the pool (the battle engine rolls the rest).
    if (static_cast<int>(self.dice.size()) > p.dice)
        throw std::logic_error("more forced dice than the pool holds");
    p.modifiers.push_back({&rules.charged, self.charged,
                           self.charged ? "" : "did not charge or countercharge successfully"});
    const bool loose = self.formation == Formation::loose;
    p.modifiers.push_back({&rules.loose, loose, loose ? "" : "not in loose formation"});
    const bool vs_square = is_cavalry(rules, self) && enemy.formation == Formation::square;
    p.modifiers.push_back(
        {&rules.cavalry_vs_square, vs_square,
         vs_square ? ""
                   : (is_cavalry(rules, self) ? "the enemy is not in square" : "not cavalry")});
    int needs = p.base;
    for (const auto& m : p.modifiers)
        if (m.lit) needs += m.row->value;
    const int kept = std::clamp(needs, rules.needs_min.value, rules.needs_max.value);
    p.clamped = kept != needs;
    p.needs = kept;
    return p;
}

}  // namespace

MeleePlan plan_melee(const DpRules& rules, const std::array<MeleeSide, 2>& sides) {
    MeleePlan m;
    m.sides = sides;
    m.plan[kAttacker] = plan_side(rules, sides[kAttacker], sides[kDefender]);
    m.plan[kDefender] = plan_side(rules, sides[kDefender], sides[kAttacker]);
    return m;
}

int models_removed(int hits, int fire_removed, const MeleeSide& target) {
    // DP Casualties: hits / armour rounded down; reaction fire added at the end of the charge.
    return std::min(target.models, hits / target.armour + fire_removed);
}

MeleeResultKind result_of(int removed_by_attacker, int removed_by_defender) {
    if (removed_by_attacker > removed_by_defender) return MeleeResultKind::attacker_wins;
    if (removed_by_defender > removed_by_attacker) return MeleeResultKind::defender_wins;
    return MeleeResultKind::draw;
}

MeleeResult resolve_melee(const MeleePlan& m, Prng& prng, replay::DiceTape* tape) {
    MeleeResult r;
    for (int s = 0; s < 2; ++s) {
        SideResult& out = r.side[static_cast<std::size_t>(s)];
        const SidePlan& p = m.plan[static_cast<std::size_t>(s)];
        const MeleeSide& self = m.sides[static_cast<std::size_t>(s)];
        for (int d = 0; d < p.dice; ++d) {
            const bool forced = d < static_cast<int>(self.dice.size());
            int v = forced ? self.dice[static_cast<std::size_t>(d)] : prng.d6();
            if (tape) v = tape->take(v, 1, 6, self.unit, "melee");
            out.forced += forced ? 1 : 0;
            out.rolls.push_back(v);
            // "Любой результат равный или больше значения рукопашная это попадание."
            if (v >= p.needs) ++out.hits;
        }
    }
    for (int s = 0; s < 2; ++s) {
        const auto self = static_cast<std::size_t>(s), enemy = static_cast<std::size_t>(1 - s);
        r.side[self].models_removed =
            models_removed(r.side[self].hits, m.sides[self].fire_removed, m.sides[enemy]);
    }
    r.result = result_of(r.side[kAttacker].models_removed, r.side[kDefender].models_removed);
    r.winner = r.result == MeleeResultKind::attacker_wins   ? kAttacker
               : r.result == MeleeResultKind::defender_wins ? kDefender
                                                            : -1;
    return r;
}

HitDistribution hit_distribution(int dice, int needs) {
    HitDistribution h;
    const std::uint64_t hit_faces = static_cast<std::uint64_t>(std::clamp(7 - needs, 0, 6));
    const std::uint64_t miss_faces = 6 - hit_faces;
    // Pascal's triangle row by row, weighting each new die by its hit and miss faces: after n
    // dice, counts[k] = C(n, k) s^k (6-s)^(n-k), all integers, no division.
    h.counts = {1};
    for (int d = 0; d < dice; ++d) {
        std::vector<std::uint64_t> next(h.counts.size() + 1, 0);
        for (std::size_t k = 0; k < h.counts.size(); ++k) {
            next[k] += h.counts[k] * miss_faces;
            next[k + 1] += h.counts[k] * hit_faces;
        }
        h.counts = std::move(next);
        h.denominator *= 6;
    }
    return h;
}

MeleeOdds melee_odds(const MeleePlan& m) {
    MeleeOdds o;
    for (int s = 0; s < 2; ++s)
        o.hits[static_cast<std::size_t>(s)] = hit_distribution(
            m.plan[static_cast<std::size_t>(s)].dice, m.plan[static_cast<std::size_t>(s)].needs);
    o.denominator = o.hits[kAttacker].denominator * o.hits[kDefender].denominator;
    const auto& a = o.hits[kAttacker].counts;
    const auto& d = o.hits[kDefender].counts;
    for (std::size_t ha = 0; ha < a.size(); ++ha) {
        const int by_attacker = models_removed(static_cast<int>(ha),
                                               m.sides[kAttacker].fire_removed, m.sides[kDefender]);
        for (std::size_t hd = 0; hd < d.size(); ++hd) {
            const int by_defender = models_removed(
                static_cast<int>(hd), m.sides[kDefender].fire_removed, m.sides[kAttacker]);
            o.results[static_cast<std::size_t>(result_of(by_attacker, by_defender))] +=
                a[ha] * d[hd];
        }
    }
    return o;
}

}  // namespace vedette::sim::dicepool

// What a GdB melee's score difference means (12.18, 12.19), who tests afterwards (12.22, 12.23),
// and the casualties (12.20). Everything here is a pure function of the prepared melee, so the
// odds and the resolution share it.

#include <algorithm>

#include "sim/rulesets/gdb/melee/melee_decide.h"

namespace vedette::sim::gdb::detail {

namespace {

bool in_melee(const PreparedUnit& p) {
    return p.fate == Fate::fights || p.fate == Fate::retreating_auto;
}

bool square_like(const MeleeUnit& u) {
    return u.type == TroopType::infantry &&
           (u.formation == Formation::square || u.formation == Formation::mass);
}

// Only a square makes cavalry win by 7: an Austrian mass gets what the text gives it and no more
// (RULINGS: masses are not squares).
bool is_square(const MeleeUnit& u) {
    return u.type == TroopType::infantry && u.formation == Formation::square;
}

bool defends_fortified(const MeleeSetup& s, const PreparedUnit& p) {
    return p.unit->cover == Cover::fortified ||
           (s.terrain == Terrain::fortified && p.side == kDefender);
}

bool defends_built_up(const MeleeSetup& s, const PreparedUnit& p) {
    return p.unit->cover == Cover::building || p.unit->cover == Cover::fortified ||
           ((s.terrain == Terrain::built_up || s.terrain == Terrain::fortified) &&
            p.side == kDefender);
}

Decision start_decision(const PreparedMelee& m) {
    Decision d;
    d.units.resize(m.units.size());
    for (std::size_t i = 0; i < m.units.size(); ++i) {
        const PreparedUnit& p = m.units[i];
        UnitDecision& u = d.units[i];
        u.status = p.unformed_at_start ? StatusAfter::unformed : StatusAfter::formed;
        if (p.unit->status == Status::wavering && !p.unit->pursuing)
            u.status = StatusAfter::wavering;
        if (p.fate == Fate::removed) u.status = StatusAfter::removed;
        if (p.fate == Fate::dispersed) u.status = StatusAfter::dispersed;
        if (p.fate == Fate::retreating_auto) u.status = StatusAfter::retreating;
        if (p.fate != Fate::fights) u.why = p.fate_why;
    }
    return d;
}

// 12.19 b/c, 12.22: winning cavalry tests for pursuit; winning foot tests its formation unless
// it is a square, an Austrian mass, a defender of a fortified building, or was already unformed.
void winner_follow_up(const PreparedMelee& m, Decision& d, int side) {
    for (int id : m.side_units[side]) {
        const PreparedUnit& p = m.units[id];
        if (!in_melee(p)) continue;
        UnitDecision& u = d.units[id];
        if (p.fate == Fate::retreating_auto) {
            // 12.13: it loses automatically and keeps retreating, whoever wins beside it.
            u.status = StatusAfter::retreating;
            u.why = p.fate_why;
            continue;
        }
        if (p.cavalry) {
            u.test = TestKind::pursuit;
            u.why = "winning cavalry always takes a pursuit test (GdB 12.22 a, 12.23)";
        } else if (defends_fortified(*m.setup, p)) {
            u.status = StatusAfter::formed;
            u.why =
                "defenders of a castle, church or fortified building stay formed after winning "
                "(GdB 12.9.A, 12.22 c)";
        } else if (square_like(*p.unit)) {
            u.status = StatusAfter::formed;
            u.why =
                "a winning square or Austrian mass stays formed, no formation test (GdB 12.22 d)";
        } else if (p.unformed_at_start) {
            u.status = StatusAfter::unformed;
            u.why = "already unformed at the start of the melee: stays unformed (GdB 12.19 b)";
        } else {
            u.test = TestKind::formation;
            u.why = "winning infantry and artillery take a formation test (GdB 12.19 b, 12.22 b)";
        }
    }
}

Rate pick_rate(const PreparedUnit& inflictor, bool won, bool enemy_broken, bool enemy_cavalry) {
    if (inflictor.cavalry) {
        if (!won) return enemy_cavalry ? Rate::cav_lose_vs_cav : Rate::cav_lose_vs_foot;
        if (enemy_broken) {
            if (enemy_cavalry) return Rate::cav_win_vs_broken_cav;
            return inflictor.unit->type == TroopType::cossacks ? Rate::cossack_win_vs_broken_foot
                                                               : Rate::cav_win_vs_broken_foot;
        }
        return enemy_cavalry ? Rate::cav_win_vs_pushed_cav : Rate::cav_win_vs_pushed_foot;
    }
    if (!won) return Rate::foot_lose_vs_all;
    return enemy_broken ? Rate::foot_win_vs_broken : Rate::foot_win_vs_pushed;
}

// 12.20 with the rulings: pool the figures of a side's units that use the same rate, divide and
// round down, halve for infantry against cavalry outside rough terrain; spread the loss evenly
// over the enemy units in the melee, the remainder to the largest first.
void apply_casualties(const PreparedMelee& m, Decision& d, std::array<bool, 2> won,
                      std::array<bool, 2> enemy_broken) {
    const GdbRules& r = *m.rules;
    for (int side = 0; side < 2; ++side) {
        const int enemy = 1 - side;
        std::vector<CasualtyGroup> groups;
        for (int id : m.side_units[side]) {
            const PreparedUnit& p = m.units[id];
            if (!in_melee(p)) continue;
            // A retreating unit inflicts as a loser even when its side wins (12.13).
            const bool unit_won = won[side] && p.fate != Fate::retreating_auto;
            const Rate rate = pick_rate(p, unit_won, enemy_broken[side], m.side_cavalry[enemy]);
            const bool halved = is_infantry(p.unit->type) && m.side_cavalry[enemy] &&
                                m.setup->terrain != Terrain::rough;
            auto g = std::find_if(groups.begin(), groups.end(), [&](const CasualtyGroup& x) {
                return x.rate == rate && x.halved == halved;
            });
            if (g == groups.end()) {
                groups.push_back({});
                g = groups.end() - 1;
                g->inflicting_side = side;
                g->rate = rate;
                g->per = r.rate(rate).value;
                g->halved = halved;
            }
            g->units.push_back(id);
            g->figures += p.fighting_figures;
        }
        int total = 0;
        for (auto& g : groups) {
            g.inflicted = g.figures / g.per;
            if (g.halved) g.inflicted /= r.infantry_vs_cavalry_divisor.value;
            total += g.inflicted;
        }
        d.inflicted[enemy] = total;
        for (auto& g : groups) d.groups.push_back(std::move(g));

        std::vector<int> targets;
        for (int id : m.side_units[enemy])
            if (in_melee(m.units[id])) targets.push_back(id);
        if (targets.empty()) continue;
        std::stable_sort(targets.begin(), targets.end(), [&](int a, int b) {
            return m.units[a].unit->figures > m.units[b].unit->figures;
        });
        const int n = static_cast<int>(targets.size());
        for (int k = 0; k < n; ++k) {
            const int share = total / n + (k < total % n ? 1 : 0);
            d.units[targets[k]].casualties = std::min(share, m.units[targets[k]].unit->figures);
        }
    }
}

int largest_in_melee(const PreparedMelee& m, int side) {
    int best = -1;
    for (int id : m.side_units[side])
        if (in_melee(m.units[id]) &&
            (best < 0 || m.units[id].unit->figures > m.units[best].unit->figures))
            best = id;
    return best;
}

bool status_is_broken_or_retreating(StatusAfter s) {
    return s == StatusAfter::broken || s == StatusAfter::retreating ||
           s == StatusAfter::dispersed || s == StatusAfter::removed;
}

Result result_of_status(StatusAfter s, Result fallback) {
    switch (s) {
        case StatusAfter::broken:
            return Result::broken;
        case StatusAfter::retreating:
            return Result::retreat;
        case StatusAfter::pushed_back:
            return Result::pushed_back;
        case StatusAfter::dispersed:
            return Result::dispersed;
        case StatusAfter::removed:
            return Result::removed;
        default:
            return fallback;
    }
}

Result table_result(const std::string& outcome) {
    if (outcome == "broken") return Result::broken;
    if (outcome == "retreat") return Result::retreat;
    if (outcome == "pushed_back") return Result::pushed_back;
    return Result::draw;
}

Decision decide_draw(const PreparedMelee& m, Decision d) {
    d.winner = -1;
    d.result = Result::draw;
    d.table_result = Result::draw;
    if (m.side_cavalry[kAttacker] != m.side_cavalry[kDefender]) {
        const int cav = m.side_cavalry[kAttacker] ? kAttacker : kDefender;
        for (int id : m.side_units[cav]) {
            if (m.units[id].fate != Fate::fights) continue;
            d.units[id].status = StatusAfter::pushed_back;
            d.units[id].why =
                "a draw between cavalry and foot counts as the cavalry pushed back (GdB 12.18, "
                "12.19 draw c)";
        }
        winner_follow_up(m, d, 1 - cav);
        d.continues = false;
        d.why =
            "draw, cavalry against foot: the cavalry is pushed back, the foot tests its formation";
    } else {
        for (std::size_t id = 0; id < m.units.size(); ++id) {
            if (m.units[id].fate != Fate::fights) continue;
            d.units[id].status = StatusAfter::unformed;
            d.units[id].why =
                "draw: both sides become unformed, the melee continues next turn (GdB 12.19 draw "
                "a, b)";
        }
        d.continues = true;
        d.why = "draw, stubborn lads: the melee continues next turn";
    }
    apply_casualties(m, d, {false, false}, {false, false});
    return d;
}

// What became of one losing unit in the melee: dispersed, holding (a square the cavalry did not
// beat by enough) or giving way (broken, retreating or pushed back).
enum class LoserFate { dispersed, holds, gives_way };

// 12.18 and 12.19 for one unit of the losing side: its status after the melee and why.
LoserFate decide_loser(const PreparedMelee& m, const PreparedUnit& p, Result base,
                       bool winner_cavalry, int margin, UnitDecision& u) {
    const GdbRules& r = *m.rules;
    const MeleeUnit& unit = *p.unit;
    if (unit.type == TroopType::artillery) {
        u.status = StatusAfter::dispersed;
        u.why = "artillery that loses a melee is always dispersed (GdB 12.18, 12.19 h)";
        return LoserFate::dispersed;
    }
    if (is_square(unit) && winner_cavalry && margin < r.square_breaks_at.value) {
        // 12.19 g: «Каре устояло ... а пехота остается Построенной (Не проходит Тест на
        // Построение)». A square that holds stays formed and takes no formation test, even if it
        // fought wavering (its stand test) or unformed: the -2 of 12.17 counted in the melee, but
        // 12.19 b's "already unformed stays unformed" belongs to the formation test it does not
        // take (as a square winning on the dice, 12.22 d, and a draw, 12.19 draw c).
        u.status = StatusAfter::formed;
        u.why = "cavalry must win by " + std::to_string(r.square_breaks_at.value) +
                " or more to break a square: the square holds";
        if (p.unformed_at_start)
            u.why += std::string(" and stays formed, with no formation test, though it fought ") +
                     (unit.status == Status::wavering ? "wavering" : "unformed");
        u.why += " (GdB 12.18 *, 12.19 g)";
        return LoserFate::holds;
    }
    if (base == Result::broken) {
        u.status = StatusAfter::broken;
        u.why = square_like(unit) ? "the square is broken and flees (GdB 12.18)"
                                  : "loser broken (GdB 12.18, 12.19)";
    } else if (base == Result::retreat || p.fate == Fate::retreating_auto) {
        u.status = StatusAfter::retreating;
        u.why =
            "loser retreats a full retreat move in the next mandatory move phase (GdB 12.18, "
            "12.19)";
    } else if (is_infantry(unit.type) && winner_cavalry) {
        u.status = StatusAfter::retreating;
        u.why = "infantry pushed back by cavalry retreats instead (GdB 12.18, 12.19 f)";
    } else if (defends_built_up(*m.setup, p) && unit.pushed_back_before) {
        u.status = StatusAfter::retreating;
        u.why =
            "pushed back a second time in the same built-up-area melee: must retreat (GdB "
            "12.19 j)";
    } else if (defends_built_up(*m.setup, p)) {
        u.status = StatusAfter::pushed_back;
        u.why =
            "defender of a built-up area pushed back 10 cm (6 in) from the front line of bases "
            "(GdB 12.19 i)";
    } else {
        u.status = StatusAfter::pushed_back;
        u.why = "loser pushed back the full retreat distance, then rallies (GdB 12.18, 12.19)";
    }
    return LoserFate::gives_way;
}

// How many losing units were in the melee, and how many of them held or were dispersed: all
// holding means the square won; all dispersed names the result.
struct LoserTally {
    int in_melee = 0, holding = 0, dispersed = 0;
};

LoserTally decide_losers(const PreparedMelee& m, Decision& d, int winner, Result base, int margin) {
    LoserTally t;
    for (int id : m.side_units[1 - winner]) {
        const PreparedUnit& p = m.units[id];
        if (!in_melee(p)) continue;
        ++t.in_melee;
        const LoserFate fate =
            decide_loser(m, p, base, m.side_cavalry[winner], margin, d.units[id]);
        if (fate == LoserFate::holds) ++t.holding;
        if (fate == LoserFate::dispersed) ++t.dispersed;
    }
    return t;
}

// 12.18 *, 12.19 g: the cavalry that scored higher is pushed back and the square wins.
Decision decide_square_holds(const PreparedMelee& m, Decision d, int winner, int margin) {
    const int loser = 1 - winner;
    d.result = Result::square_holds;
    d.winner = loser;
    for (int id : m.side_units[winner]) {
        if (!in_melee(m.units[id])) continue;
        d.units[id].status = StatusAfter::pushed_back;
        d.units[id].why = "the square held: the cavalry is pushed back (GdB 12.18 *, 12.19 g)";
    }
    // The square is the winner: the cavalry's higher score falls short of what breaks it.
    d.why = "the square holds: the cavalry is " + std::to_string(margin) + " ahead, " +
            std::to_string(m.rules->square_breaks_at.value) + " breaks a square";
    apply_casualties(m, d, {winner == kDefender, winner == kAttacker}, {false, false});
    return d;
}

}  // namespace

Decision decide_by_difference(const PreparedMelee& m, int difference) {
    const GdbRules& r = *m.rules;
    Decision d = start_decision(m);
    const int margin = difference < 0 ? -difference : difference;
    d.row = &row_for(r.result_rows, margin);
    if (difference == 0) return decide_draw(m, std::move(d));

    const int winner = difference > 0 ? kAttacker : kDefender;
    const int loser = 1 - winner;
    const Result base = table_result(d.row->outcome);
    d.winner = winner;
    d.table_result = base;
    const LoserTally losers = decide_losers(m, d, winner, base, margin);
    if (losers.in_melee > 0 && losers.holding == losers.in_melee)
        return decide_square_holds(m, std::move(d), winner, margin);

    // The result is the one of the largest losing unit, unless every loser was dispersed.
    const int largest = largest_in_melee(m, loser);
    d.result = losers.dispersed == losers.in_melee
                   ? Result::dispersed
                   : result_of_status(d.units[largest].status, base);
    d.why =
        std::string(side_name(winner)) + " wins by " + std::to_string(margin) + ": " + d.row->label;
    winner_follow_up(m, d, winner);
    std::array<bool, 2> won{false, false};
    won[winner] = true;
    std::array<bool, 2> enemy_broken{false, false};
    enemy_broken[winner] = status_is_broken_or_retreating(d.units[largest].status);
    apply_casualties(m, d, won, enemy_broken);
    return d;
}

Decision decide_automatic(const PreparedMelee& m) {
    Decision d = start_decision(m);
    const bool a = !m.fighters[kAttacker].empty(), b = !m.fighters[kDefender].empty();
    if (!a && !b) {
        d.winner = -1;
        d.result = Result::removed;
        d.why = "no unit on either side can fight";
        return d;
    }
    const int winner = a ? kAttacker : kDefender;
    const int loser = 1 - winner;
    d.winner = winner;
    bool any_retreating = false, any_tests = false, all_dispersed = true;
    for (int id : m.side_units[loser]) {
        const Fate f = m.units[id].fate;
        any_retreating |= f == Fate::retreating_auto;
        any_tests |= f == Fate::retreating_auto || f == Fate::dispersed ||
                     (f == Fate::removed && m.units[id].unit->status == Status::broken);
        all_dispersed &= f == Fate::dispersed;
    }
    if (any_retreating) {
        d.result = Result::retreat;
        d.table_result = Result::retreat;
        d.why = "retreating units lose automatically (GdB 12.13)";
        std::array<bool, 2> won{false, false}, broken{false, false};
        won[winner] = true;
        broken[winner] = true;
        winner_follow_up(m, d, winner);
        apply_casualties(m, d, won, broken);
        return d;
    }
    d.result = all_dispersed ? Result::dispersed : Result::removed;
    d.table_result = d.result;
    d.why = m.units[m.side_units[loser][0]].fate_why;
    if (any_tests) winner_follow_up(m, d, winner);
    return d;
}

}  // namespace vedette::sim::gdb::detail

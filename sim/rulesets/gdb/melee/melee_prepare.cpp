// prepare_melee: everything about a GdB melee that does not depend on the dice.

#include <algorithm>

#include "sim/rulesets/gdb/melee/melee_decide.h"
#include "sim/rulesets/gdb/melee/melee_engine.h"

namespace vedette::sim::gdb {

namespace {

bool counts_as_charging(const MeleeUnit& u) {
    return u.charging || u.countercharging || u.pursuing;
}

// Note (3) spares conscripts who are inside a redoubt or built-up area: its defenders, not the
// conscripts attacking it.
bool in_built_up_or_redoubt(const MeleeSetup& s, const PreparedUnit& p) {
    return ((s.terrain == Terrain::built_up || s.terrain == Terrain::fortified) &&
            p.side == kDefender) ||
           p.unit->cover == Cover::building || p.unit->cover == Cover::fortified;
}

Mod type_mod(TroopType t) {
    return static_cast<Mod>(static_cast<int>(Mod::type_cuirassiers) + static_cast<int>(t));
}

struct EnemyView {
    bool any_cavalry = false;
    bool all_cavalry = true;
    bool any_infantry = false;  // closed or open order foot
    bool any_cuirassiers = false;
    bool any_closed_order = false;  // anything but Cossacks and skirmishers (12.12)
    Cover max_cover = Cover::none;
    bool general_leads = false;
};

EnemyView view_of(const MeleeSetup& s, int side) {
    EnemyView v;
    for (const auto& e : s.sides[side]) {
        const bool cav = is_cavalry(e.type);
        v.any_cavalry |= cav;
        v.all_cavalry &= cav;
        v.any_infantry |= (e.type == TroopType::infantry || e.type == TroopType::open_order);
        v.any_cuirassiers |= e.type == TroopType::cuirassiers;
        v.any_closed_order |= !(e.type == TroopType::cossacks || e.type == TroopType::skirmishers);
        v.max_cover = std::max(v.max_cover, e.cover);
    }
    return v;
}

// 12.12-12.14 and the limbered-artillery note of 12.16: units that do not roll.
void decide_fate(PreparedUnit& p, const EnemyView& enemy) {
    const MeleeUnit& u = *p.unit;
    if (u.status == Status::broken) {
        p.fate = Fate::removed;
        p.fate_why =
            "broken units contacted lose automatically and are removed, no dice (GdB 12.14)";
    } else if (u.type == TroopType::skirmishers && enemy.any_closed_order) {
        p.fate = Fate::removed;
        p.fate_why =
            "skirmishers contacted by a formed enemy unit are removed without a melee (GdB 12.12)";
    } else if (u.type == TroopType::artillery && u.formation == Formation::limbered) {
        // 12.16: "Артиллерия на Передках не сражается в рукопашной схватке".
        p.fate = enemy.any_closed_order ? Fate::dispersed : Fate::retreating_auto;
        p.fate_why = enemy.any_closed_order
                         ? "limbered artillery does not fight: contacted by a formed enemy it is "
                           "dispersed (GdB 12.16)"
                         : "limbered artillery does not fight: it loses and limbers away, no dice "
                           "(GdB 12.16)";
    } else if (u.status == Status::retreating) {
        p.fate = Fate::retreating_auto;
        p.fate_why =
            "retreating units contacted lose automatically and keep retreating, no dice (GdB "
            "12.13)";
    }
}

void compute_fighting_figures(PreparedUnit& p, const MeleeSetup& s, const GdbRules& r) {
    const MeleeUnit& u = *p.unit;
    p.fighting_figures = u.figures;
    if (!s.first_round || !p.cavalry) return;
    const int ranks =
        u.ranks > 0 ? u.ranks : r.cavalry_ranks_by_formation[static_cast<std::size_t>(u.formation)];
    if (ranks <= r.cavalry_ranks_fighting) return;
    const int frontage = (u.figures + ranks - 1) / ranks;
    p.fighting_figures = std::min(u.figures, frontage * r.cavalry_ranks_fighting);
    p.figures_why = "first round: only the first " + std::to_string(r.cavalry_ranks_fighting) +
                    " ranks of cavalry fight; " + std::to_string(u.figures) + " figures in " +
                    std::to_string(ranks) + " ranks = " + std::to_string(frontage) + " a rank, " +
                    std::to_string(p.fighting_figures) + " fight (" + r.first_round_rule + ")";
}

void add(PreparedUnit& p, const GdbRules& r, Mod m) {
    p.mods.push_back({m, r.mod(m).value});
}
void deny(PreparedUnit& p, Mod m, std::string why) {
    p.denied.push_back({m, std::move(why)});
}

// Troop type, with note (1): regular lancers count as light cavalry when not charging,
// unformed, or fighting cuirassiers.
void add_type_mod(PreparedUnit& p, const GdbRules& r, bool charging, const EnemyView& enemy) {
    const MeleeUnit& u = *p.unit;
    p.effective_type = u.type;
    if (u.type == TroopType::lancers) {
        std::string why;
        if (!charging)
            why = "not charging";
        else if (p.unformed_at_start)
            why = "unformed";
        else if (enemy.any_cuirassiers)
            why = "fighting cuirassiers";
        if (!why.empty()) {
            p.effective_type = TroopType::light_cavalry;
            deny(p, Mod::type_lancers,
                 "lancers count as light cavalry: " + why + " (GdB 12.17 (1))");
        }
    }
    add(p, r, type_mod(p.effective_type));
}

// Class, with note (3) for conscripts in line. Returns the class row that applies, which the
// British Guard cap needs.
Mod add_class_mod(PreparedUnit& p, const MeleeSetup& s, const GdbRules& r) {
    const MeleeUnit& u = *p.unit;
    Mod class_mod = Mod::class_line;
    switch (u.klass) {
        case UnitClass::guard:
            class_mod = Mod::class_guard;
            break;
        case UnitClass::elite:
            class_mod = Mod::class_elite;
            break;
        case UnitClass::veteran:
            class_mod = Mod::class_veteran;
            break;
        case UnitClass::line:
            class_mod = Mod::class_line;
            break;
        case UnitClass::second_rate:
            class_mod = Mod::class_second_rate;
            break;
        case UnitClass::garrison:
            class_mod = Mod::class_garrison;
            break;
        case UnitClass::conscript:
            class_mod = Mod::class_conscript;
            if (u.formation == Formation::line) {
                if (in_built_up_or_redoubt(s, p))
                    deny(p, Mod::class_conscript_line,
                         "conscripts in line: the -2 does not apply in a redoubt or built-up area "
                         "(GdB 12.17 (3))");
                else
                    class_mod = Mod::class_conscript_line;
            }
            break;
    }
    if (r.mod(class_mod).value != 0) add(p, r, class_mod);
    return class_mod;
}

// 12.4 and note (4): a general leading the charge, unless inept; then British infantry in line,
// with the British Guard cap.
void add_general_and_nation_mods(PreparedUnit& p, const GdbRules& r, Mod class_mod) {
    const MeleeUnit& u = *p.unit;
    if (u.general_leads) {
        if (u.general == General::inept)
            deny(p, Mod::general_leads,
                 "an inept general cannot lead the charge (GdB 12.4, 12.17 (4))");
        else
            add(p, r, Mod::general_leads);
    }

    const bool british = u.nation == "british";
    if (british && u.type == TroopType::infantry && u.formation == Formation::line) {
        int class_and_nation = r.mod(class_mod).value + r.mod(Mod::british_infantry_line).value;
        if (u.klass == UnitClass::guard && class_and_nation > r.mod(Mod::british_guard_cap).value)
            deny(p, Mod::british_infantry_line,
                 "British Guard: class bonus +" +
                     std::to_string(r.mod(Mod::british_guard_cap).value) + " at most (GdB 12.17)");
        else
            add(p, r, Mod::british_infantry_line);
    }
}

void add_flank_or_rear_mod(PreparedUnit& p, const GdbRules& r, const EnemyView& enemy) {
    const MeleeUnit& u = *p.unit;
    if (!u.flank_or_rear) return;
    if (u.nation == "austrian" && u.formation == Formation::mass && enemy.all_cavalry)
        deny(p, Mod::flank_or_rear,
             "Austrian masses take no flank or rear penalty against cavalry (GdB 12.17 (5))");
    else
        add(p, r, Mod::flank_or_rear);
}

// Charge bonus, with its exceptions.
void add_charge_mod(PreparedUnit& p, const MeleeSetup& s, const GdbRules& r,
                    const EnemyView& enemy) {
    const MeleeUnit& u = *p.unit;
    std::string why;
    if (u.reinforcement)
        why = "reinforcements get no charge bonus (GdB 12.8 c)";
    else if (p.cavalry && u.formation == Formation::squadron_column)
        why = "cavalry in squadron or platoon column gets no charge bonus (GdB 12.17 (6))";
    else if (!p.cavalry && u.uphill)
        why = "infantry charging uphill gets no charge bonus (GdB 12.17 (6))";
    else if (enemy.max_cover == Cover::fortified ||
             (s.terrain == Terrain::fortified && p.side == kAttacker))
        why = "no charge bonus against a castle, church or fortified building (GdB 12.9.A)";
    else if (u.type == TroopType::cossacks && s.terrain == Terrain::rough)
        why = "Cossacks charging in rough terrain get no charge bonus (GdB 12.11)";
    if (why.empty())
        add(p, r, Mod::charging);
    else
        deny(p, Mod::charging, why);
}

// The rows that depend on formation against the enemy's arm: columns, squares and lancers.
void add_formation_mods(PreparedUnit& p, const GdbRules& r, const EnemyView& enemy) {
    const MeleeUnit& u = *p.unit;
    // Infantry charging in column: +1 in addition, against foot; against cover only through a
    // breach.
    if (u.type == TroopType::infantry && u.charging &&
        (u.formation == Formation::column || u.formation == Formation::attack_column) &&
        !enemy.any_cavalry) {
        if (u.reinforcement)
            deny(p, Mod::infantry_column_charging,
                 "reinforcements get no charge modifier, and this one is in addition to it (GdB "
                 "12.8 c, 12.17 (7))");
        else if (enemy.max_cover != Cover::none && !u.breach)
            deny(p, Mod::infantry_column_charging,
                 "against cover, a building or a fortification only through a breach or gate (GdB "
                 "12.17 (7))");
        else
            add(p, r, Mod::infantry_column_charging);
    }

    if (u.type == TroopType::infantry && enemy.any_cavalry &&
        (u.formation == Formation::column || u.formation == Formation::attack_column ||
         u.formation == Formation::square || u.formation == Formation::mass))
        add(p, r, Mod::column_or_square_vs_cavalry);

    if (p.effective_type == TroopType::lancers && enemy.any_infantry)
        add(p, r, Mod::lancers_vs_infantry);
}

// A defender already pushed back once in this melee means the fight has gone on into the streets
// (RULINGS, turn 3: `pushed_back_before` marks this continued melee).
bool continued_built_up_melee(const MeleeSetup& s) {
    for (const auto& side : s.sides)
        for (const auto& u : side)
            if (u.pushed_back_before) return true;
    return false;
}

// Note (8): cover counts only while the enemy is outside it. Once a push back has carried the
// melee on inside a built-up area, no one has the building rows any more (12.19 i).
void add_cover_mod(PreparedUnit& p, const MeleeSetup& s, const GdbRules& r,
                   const EnemyView& enemy) {
    const MeleeUnit& u = *p.unit;
    if (u.cover == Cover::none) return;
    const Mod m = u.cover == Cover::cover      ? Mod::cover
                  : u.cover == Cover::building ? Mod::building
                                               : Mod::fortified;
    if (u.cover != Cover::cover && continued_built_up_melee(s))
        deny(p, m,
             "the melee goes on after a push back: neither side gets a modifier for defending "
             "buildings (GdB 12.19 i)");
    else if (enemy.max_cover >= u.cover)
        deny(p, m,
             "the enemy is inside it too: cover counts only while the enemy is outside (GdB "
             "12.17 (8))");
    else
        add(p, r, m);
}

// The 12.17 rows for one unit, in the table's order; each row withheld by a note is recorded
// as denied with the reason.
void compute_modifiers(PreparedUnit& p, const MeleeSetup& s, const GdbRules& r,
                       const EnemyView& enemy) {
    const MeleeUnit& u = *p.unit;
    const bool charging = counts_as_charging(u);
    const bool reinforcement_formed = u.reinforcement && !u.interpenetrated;
    const bool unformed =
        (u.status == Status::unformed || u.status == Status::wavering) && !reinforcement_formed;
    p.unformed_at_start = unformed || u.pursuing || (u.reinforcement && u.interpenetrated);

    add_type_mod(p, r, charging, enemy);
    const Mod class_mod = add_class_mod(p, s, r);
    add_general_and_nation_mods(p, r, class_mod);
    if (p.cavalry) {
        if (u.horses == Horses::good) add(p, r, Mod::good_horses);
        if (u.horses == Horses::poor) add(p, r, Mod::poor_horses);
    }
    // Pursuing cavalry counts as unformed but keeps its +2 (12.24 b); interpenetrating
    // reinforcements arrive unformed (12.8 c).
    if (p.unformed_at_start) add(p, r, Mod::unformed_or_wavering);
    add_flank_or_rear_mod(p, r, enemy);
    if (charging) add_charge_mod(p, s, r, enemy);
    add_formation_mods(p, r, enemy);
    add_cover_mod(p, s, r, enemy);
}

void prepare_tests(PreparedUnit& p, const GdbRules& r) {
    const MeleeUnit& u = *p.unit;
    p.formation_target = r.formation_pass_on[static_cast<std::size_t>(u.klass)];
    if (u.general == General::excellent)
        p.formation_mods.push_back(
            {&r.formation_excellent_general, r.formation_excellent_general.value});

    if (u.general == General::average || u.general == General::excellent)
        p.pursuit_mods.push_back({&r.pursuit_commander, r.pursuit_commander.value});
    if (u.klass == UnitClass::guard || u.klass == UnitClass::elite)
        p.pursuit_mods.push_back({&r.pursuit_guard_elite, r.pursuit_guard_elite.value});
    std::vector<TestMod> penalties;
    if (u.klass == UnitClass::conscript)
        penalties.push_back({&r.pursuit_conscripts, r.pursuit_conscripts.value});
    if ((u.nation == "british" && p.cavalry) || u.type == TroopType::cossacks)
        penalties.push_back({&r.pursuit_british_cossack, r.pursuit_british_cossack.value});
    int penalty_sum = 0;
    for (const auto& t : penalties) penalty_sum += t.value;
    const int floor = r.pursuit_penalty_floor.value;
    if (penalty_sum < floor) {
        // Keep the rows, trimming the last so that together they come to the floor.
        int excess = floor - penalty_sum;
        for (auto it = penalties.rbegin(); it != penalties.rend() && excess > 0; ++it) {
            const int take = std::min(excess, -it->value);
            it->value += take;
            excess -= take;
        }
        p.pursuit_floor_note = r.pursuit_penalty_floor.label + " (" + r.pursuit_rule + ")";
    }
    for (const auto& t : penalties) p.pursuit_mods.push_back(t);
    p.pursuit_superb_downgrade = u.pursued_last_turn || p.unformed_at_start;
}

int largest_unit(const PreparedMelee& m, const std::vector<int>& ids) {
    int best = -1;
    for (int id : ids)
        if (best < 0 || m.units[id].fighting_figures > m.units[best].fighting_figures) best = id;
    return best;
}

}  // namespace

PreparedMelee prepare_melee(const GdbRules& rules, const MeleeSetup& setup) {
    PreparedMelee m;
    m.rules = &rules;
    m.setup = &setup;
    for (int side = 0; side < 2; ++side) {
        const EnemyView enemy = view_of(setup, 1 - side);
        for (std::size_t i = 0; i < setup.sides[side].size(); ++i) {
            PreparedUnit p;
            p.side = side;
            p.index = static_cast<int>(i);
            p.unit = &setup.sides[side][i];
            p.cavalry = is_cavalry(p.unit->type);
            decide_fate(p, enemy);
            compute_fighting_figures(p, setup, rules);
            compute_modifiers(p, setup, rules, enemy);
            prepare_tests(p, rules);
            p.sapper_usable =
                p.unit->sapper && p.side == kAttacker &&
                (enemy.max_cover == Cover::fortified || setup.terrain == Terrain::fortified);
            const int id = static_cast<int>(m.units.size());
            m.side_units[side].push_back(id);
            if (p.fate == Fate::fights) m.fighters[side].push_back(id);
            m.units.push_back(std::move(p));
        }
    }
    for (int side = 0; side < 2; ++side) {
        for (int id : m.fighters[side]) m.fighting_figures[side] += m.units[id].fighting_figures;
        const int largest = largest_unit(m, m.side_units[side]);
        m.side_cavalry[side] = m.units[largest].cavalry;
    }

    // 12.7: numerical superiority, for the largest unit of the superior side only.
    for (int side = 0; side < 2; ++side) {
        const int mine = m.fighting_figures[side], theirs = m.fighting_figures[1 - side];
        if (m.fighters[side].empty() || theirs == 0) continue;
        Mod bonus = Mod::count;
        if (mine >= 2 * theirs)
            bonus = Mod::numbers_2_1;
        else if (2 * mine >= 3 * theirs)
            bonus = Mod::numbers_3_2;
        if (bonus == Mod::count) continue;
        m.numbers_unit = largest_unit(m, m.fighters[side]);
        PreparedUnit& p = m.units[m.numbers_unit];
        p.mods.push_back({bonus, rules.mod(bonus).value});
        m.numbers_why = std::to_string(mine) + " figures against " + std::to_string(theirs) +
                        ": the bonus goes to the side's largest unit only (GdB 12.7)";
    }
    for (auto& p : m.units) {
        p.modifier_total = 0;
        for (const auto& a : p.mods) p.modifier_total += a.value;
    }

    m.automatic = m.fighters[kAttacker].empty() || m.fighters[kDefender].empty();
    if (m.automatic) {
        m.automatic_decision = detail::decide_automatic(m);
        return m;
    }
    std::array<int, 2> lo{-1000, -1000}, hi{-1000, -1000};
    for (int side = 0; side < 2; ++side)
        for (int id : m.fighters[side]) {
            lo[side] = std::max(lo[side], 2 + m.units[id].modifier_total);
            hi[side] = std::max(hi[side], 12 + m.units[id].modifier_total);
        }
    m.min_difference = lo[kAttacker] - hi[kDefender];
    m.max_difference = hi[kAttacker] - lo[kDefender];
    for (int d = m.min_difference; d <= m.max_difference; ++d)
        m.decisions.push_back(detail::decide_by_difference(m, d));
    return m;
}

}  // namespace vedette::sim::gdb

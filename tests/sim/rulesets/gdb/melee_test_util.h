#pragma once
// Helpers for the GdB melee tests: build units tersely, resolve with forced dice, inspect rows.

#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "sim/rulesets/gdb/melee/gdb_rules.h"
#include "sim/rulesets/gdb/melee/melee_engine.h"
#include "sim/rulesets/gdb/melee/melee_odds.h"

namespace vedette::sim::gdb::test {

inline const GdbRules& shipped_rules() {
    static const GdbRules r =
        load_gdb_rules(std::string(VEDETTE_SOURCE_DIR) + "/sim/rulesets/gdb/gdb.json");
    return r;
}

inline MeleeUnit make_unit(const std::string& name, TroopType type, int figures = 12) {
    MeleeUnit u;
    u.name = name;
    u.type = type;
    u.figures = figures;
    if (type == TroopType::artillery) u.formation = Formation::unlimbered;
    if (type == TroopType::skirmishers) u.formation = Formation::skirmish;
    if (type == TroopType::open_order) u.formation = Formation::open_order;
    return u;
}

inline MeleeUnit with_dice(MeleeUnit u, int a, int b) {
    u.dice = {a, b};
    return u;
}

// Owns the setup so the prepared melee's pointers stay valid.
struct Melee {
    std::unique_ptr<MeleeSetup> setup;
    PreparedMelee prepared;
    MeleeOutcome out;

    const PreparedUnit& unit(int side, int index = 0) const {
        return prepared.units[static_cast<std::size_t>(
            prepared.side_units[side][static_cast<std::size_t>(index)])];
    }
    const UnitOutcome& outcome(int side, int index = 0) const {
        return out.units[static_cast<std::size_t>(
            prepared.side_units[side][static_cast<std::size_t>(index)])];
    }
    const Decision& decision() const { return *out.decision; }
};

inline Melee resolve(std::vector<MeleeUnit> attackers, std::vector<MeleeUnit> defenders,
                     Terrain terrain = Terrain::open, std::uint64_t seed = 1,
                     const GdbRules& rules = shipped_rules()) {
    Melee m;
    m.setup = std::make_unique<MeleeSetup>();
    m.setup->terrain = terrain;
    m.setup->sides[kAttacker] = std::move(attackers);
    m.setup->sides[kDefender] = std::move(defenders);
    m.prepared = prepare_melee(rules, *m.setup);
    Prng prng(seed);
    resolve_melee(m.prepared, prng, m.out);
    return m;
}

inline bool has_mod(const PreparedUnit& p, Mod id) {
    for (const auto& a : p.mods)
        if (a.id == id) return true;
    return false;
}
inline int mod_value(const PreparedUnit& p, Mod id) {
    for (const auto& a : p.mods)
        if (a.id == id) return a.value;
    return 0;
}
inline bool is_denied(const PreparedUnit& p, Mod id) {
    for (const auto& d : p.denied)
        if (d.id == id) return true;
    return false;
}

}  // namespace vedette::sim::gdb::test

// Reading a dice-pool melee file (docs/RULES_DICEPOOL.md, "vedette melee").

#include "sim/rulesets/dicepool/dp_melee_io.h"

#include <nlohmann/json.hpp>

#include "sim/core/json_reader.h"

namespace vedette::sim::dicepool {

namespace {

// DP Melee: 12 dice without a disorder marker, 6 with one; a file that forces a pool of any
// other size is refused so a teaching example cannot silently roll the wrong number of dice.
std::vector<int> read_forced_dice(const JsonNode& dice, int pool, int markers) {
    const auto items = dice.items();
    if (static_cast<int>(items.size()) != pool)
        dice.fail("a pool of " + std::to_string(items.size()) + " dice, but a unit with " +
                  std::to_string(markers) + " disorder marker" + (markers == 1 ? "" : "s") +
                  " rolls " + std::to_string(pool) + " (DP Melee)");
    std::vector<int> out;
    for (const auto& d : items) out.push_back(static_cast<int>(d.as_int(1, 6)));
    return out;
}

}  // namespace

MeleeSide parse_melee_side(const DpRules& rules, const JsonNode& n) {
    n.expect_only_keys({"name", "type", "models", "melee", "armour", "disorder_markers", "charged",
                        "formation", "dice"});
    MeleeSide s;
    s.name = n.required("name").as_string();
    s.type = static_cast<UnitType>(n.required("type").as_choice(unit_type_names()));
    const UnitSheet& sheet = rules.sheet(s.type);
    const auto models = n.required("models");
    if (models.raw().is_number_integer() && models.raw().get<std::int64_t>() <= 0)
        models.fail("a unit with no models cannot fight (expected 1 to " +
                    std::to_string(rules.max_models.value) + ")");
    s.models = static_cast<int>(models.as_int(1, rules.max_models.value));
    s.melee = sheet.melee;
    if (const auto melee = n.optional("melee")) {
        const std::int64_t v = melee->as_int();
        if (v < 2 || v > 6)
            melee->fail("a melee value must be 2 to 6 (the number a die must reach), got " +
                        std::to_string(v));
        s.melee = static_cast<int>(v);
    }
    s.armour = static_cast<int>(n.int_or("armour", sheet.armour, 1, 12));
    s.disorder_markers = static_cast<int>(n.int_or("disorder_markers", 0, 0, 10));
    s.charged = n.bool_or("charged", false);
    s.formation = sheet.formation;
    if (const auto f = n.optional("formation")) {
        s.formation = static_cast<Formation>(f->as_choice(formation_names()));
        if (s.formation == Formation::square && !sheet.infantry)
            f->fail("only infantry forms square (DP Square); " + sheet.label + " cannot");
    }
    if (const auto dice = n.optional("dice"))
        s.dice = read_forced_dice(*dice, pool_for(rules, s.disorder_markers), s.disorder_markers);
    return s;
}

std::array<MeleeSide, 2> parse_melee_file(const DpRules& rules, const JsonNode& root) {
    root.expect_only_keys({"ruleset", "about", "attacker", "defender"});
    return {parse_melee_side(rules, root.required("attacker")),
            parse_melee_side(rules, root.required("defender"))};
}

}  // namespace vedette::sim::dicepool

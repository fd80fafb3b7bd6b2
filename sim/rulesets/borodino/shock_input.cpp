#include "sim/rulesets/borodino/shock_input.h"

#include <map>

namespace vedette::sim::borodino {

namespace {

const UnitType* read_type(const JsonNode& n, const BorodinoRules& rules) {
    const std::vector<std::string> ids = rules.type_ids();
    return rules.type(ids[n.required("type").as_choice(ids)]);
}

// Strength and cohesion: artillery has no shock strength (9.25); cohesion is 1-9 (rulings).
void read_ratings(const JsonNode& n, ShockUnit& u) {
    if (u.type->arm == Arm::artillery) {
        u.strength = static_cast<int>(n.int_or("strength", 0, 0, 0));
    } else {
        u.strength = static_cast<int>(n.required("strength").as_int(1, 99));
    }
    u.cohesion = static_cast<int>(n.required("cohesion").as_int(0, 9));
    u.disordered = n.bool_or("disordered", false);
}

ShockUnit read_attacker(const JsonNode& n, const BorodinoRules& rules) {
    n.expect_only_keys(
        {"name", "type", "strength", "cohesion", "disordered", "charging", "position"});
    ShockUnit u;
    u.name = n.required("name").as_string();
    u.type = read_type(n, rules);
    read_ratings(n, u);
    u.charging = n.bool_or("charging", false);
    if (const auto p = n.optional("position")) u.rear = p->as_choice({"front", "rear"}) == 1;
    return u;
}

ShockUnit read_defender(const JsonNode& n, const BorodinoRules& rules) {
    n.expect_only_keys({"name", "type", "strength", "cohesion", "disordered", "square", "hex",
                        "terrain", "flank_open"});
    ShockUnit u;
    u.name = n.required("name").as_string();
    u.type = read_type(n, rules);
    read_ratings(n, u);
    u.square = n.bool_or("square", false);
    if (u.square && u.type->arm != Arm::infantry)
        n.required("square").fail("only infantry forms square (" + u.type->label + " cannot)");
    u.hex = n.required("hex").as_string();
    if (const auto t = n.optional("terrain"))
        u.terrain = rules.terrain_ids()[t->as_choice(rules.terrain_ids())];
    u.flank_open = n.bool_or("flank_open", false);
    return u;
}

// Defenders sharing a hex label share a hex: at most the stacking limit, one terrain.
void check_hexes(const JsonNode& list, const ShockSituation& s, const BorodinoRules& rules) {
    std::map<std::string, std::vector<std::size_t>> by_hex;
    for (std::size_t d = 0; d < s.defenders.size(); ++d) by_hex[s.defenders[d].hex].push_back(d);
    const std::vector<JsonNode> items = list.items();
    for (const auto& [hex, members] : by_hex) {
        if (static_cast<int>(members.size()) > rules.stack_limit.value)
            items[members.back()].required("hex").fail(
                "hex \"" + hex + "\" holds " + std::to_string(members.size()) + " units; at most " +
                std::to_string(rules.stack_limit.value) + " may stack in a hex (" +
                rules.stack_limit.rule + ")");
        for (std::size_t m : members)
            if (s.defenders[m].terrain != s.defenders[members.front()].terrain)
                items[m].required("terrain").fail("units in hex \"" + hex +
                                                  "\" stand on different terrain");
    }
}

}  // namespace

ShockFile parse_shock_file(const JsonNode& root, const BorodinoRules& rules) {
    root.expect_only_keys({"ruleset", "about", "attackers", "defenders", "dice"});
    ShockFile f;
    const JsonNode attackers = root.required("attackers");
    for (const auto& n : attackers.items())
        f.situation.attackers.push_back(read_attacker(n, rules));
    if (f.situation.attackers.empty()) attackers.fail("expected at least one attacker");
    const JsonNode defenders = root.required("defenders");
    for (const auto& n : defenders.items())
        f.situation.defenders.push_back(read_defender(n, rules));
    if (f.situation.defenders.empty()) defenders.fail("expected at least one defender");
    if (f.situation.attackers.size() > 12 || f.situation.defenders.size() > 12)
        root.fail("at most 12 units a side");
    check_hexes(defenders, f.situation, rules);
    if (const auto d = root.optional("dice")) f.dice = static_cast<int>(d->as_int(0, 9));
    if (const auto refusal = check_shock(f.situation)) {
        const std::string where = refusal->attacker >= 0
                                      ? attackers.items()[std::size_t(refusal->attacker)].path()
                                      : attackers.path();
        throw InputError(root.file(), where, "refused by " + refusal->rule + ": " + refusal->text);
    }
    return f;
}

}  // namespace vedette::sim::borodino

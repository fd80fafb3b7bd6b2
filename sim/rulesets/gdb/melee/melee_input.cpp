#include "sim/rulesets/gdb/melee/melee_input.h"

#include "sim/core/limits.h"

namespace vedette::sim::gdb {

namespace {

std::vector<int> read_dice(const JsonNode& n, std::size_t min_count, std::size_t max_count) {
    const auto items = n.items();
    if (items.size() < min_count || items.size() > max_count) {
        if (min_count == max_count)
            n.fail("expected " + std::to_string(min_count) + " dice, found " +
                   std::to_string(items.size()));
        n.fail("expected " + std::to_string(min_count) + " to " + std::to_string(max_count) +
               " dice, found " + std::to_string(items.size()));
    }
    std::vector<int> out;
    for (const auto& d : items) out.push_back(static_cast<int>(d.as_int(1, 6)));
    return out;
}

template <typename E>
E read_enum(const JsonNode& unit, std::string_view key, const std::vector<std::string>& names,
            E fallback) {
    auto n = unit.optional(key);
    return n ? static_cast<E>(n->as_choice(names)) : fallback;
}

}  // namespace

MeleeUnit parse_melee_unit(const JsonNode& n) {
    return parse_melee_unit(n, {});
}

MeleeUnit parse_melee_unit(const JsonNode& n, const std::vector<std::string_view>& extra_keys) {
    std::vector<std::string_view> keys = {"name",
                                          "type",
                                          "class",
                                          "figures",
                                          "ranks",
                                          "formation",
                                          "status",
                                          "charging",
                                          "countercharging",
                                          "pursuing",
                                          "pursued_last_turn",
                                          "flank_or_rear",
                                          "general",
                                          "general_leads",
                                          "nation",
                                          "horses",
                                          "cover",
                                          "breach",
                                          "reinforcement",
                                          "interpenetrated",
                                          "sapper",
                                          "uphill",
                                          "pushed_back_before",
                                          "dice",
                                          "sapper_die",
                                          "test_dice",
                                          "event_dice"};
    keys.insert(keys.end(), extra_keys.begin(), extra_keys.end());
    n.expect_only_keys(keys);
    MeleeUnit u;
    u.name = n.required("name").as_string();
    if (u.name.empty()) n.required("name").fail("expected a non-empty name");
    u.type = static_cast<TroopType>(n.required("type").as_choice(troop_type_names()));
    u.klass = read_enum(n, "class", unit_class_names(), UnitClass::line);
    u.figures = static_cast<int>(n.required("figures").as_int(1, limits::kMaxFiguresPerUnit));
    u.ranks = static_cast<int>(n.int_or("ranks", 0, 0, 100));
    const Formation default_formation = u.type == TroopType::artillery     ? Formation::unlimbered
                                        : u.type == TroopType::skirmishers ? Formation::skirmish
                                        : u.type == TroopType::open_order  ? Formation::open_order
                                                                           : Formation::line;
    u.formation = read_enum(n, "formation", formation_names(), default_formation);
    u.status = read_enum(n, "status", status_names(), Status::formed);
    u.charging = n.bool_or("charging", false);
    u.countercharging = n.bool_or("countercharging", false);
    u.pursuing = n.bool_or("pursuing", false);
    u.pursued_last_turn = n.bool_or("pursued_last_turn", false);
    u.flank_or_rear = n.bool_or("flank_or_rear", false);
    u.general = read_enum(n, "general", general_names(), General::none);
    u.general_leads = n.bool_or("general_leads", false);
    if (u.general_leads && u.general == General::none)
        n.required("general_leads").fail("a general must be attached (\"general\") to lead");
    u.nation = n.string_or("nation", "french");
    u.horses = read_enum(n, "horses", horses_names(), Horses::average);
    u.cover = read_enum(n, "cover", cover_names(), Cover::none);
    u.breach = n.bool_or("breach", false);
    u.reinforcement = n.bool_or("reinforcement", false);
    u.interpenetrated = n.bool_or("interpenetrated", false);
    u.sapper = n.bool_or("sapper", false);
    u.uphill = n.bool_or("uphill", false);
    u.pushed_back_before = n.bool_or("pushed_back_before", false);
    if (u.sapper && !is_infantry(u.type))
        n.required("sapper").fail("only infantry can lead sappers (GdB 12.10)");
    if (auto d = n.optional("dice")) u.dice = read_dice(*d, 2, 2);
    if (auto d = n.optional("sapper_die")) u.sapper_die = read_dice(*d, 1, 1);
    if (auto d = n.optional("test_dice")) u.test_dice = read_dice(*d, 2, 2);
    if (auto d = n.optional("event_dice")) u.event_dice = read_dice(*d, 0, 16);
    return u;
}

MeleeSetup parse_melee(const JsonNode& root) {
    root.expect_only_keys({"ruleset", "terrain", "first_round", "attacker", "defender", "about"});
    MeleeSetup s;
    s.source = root.file();
    if (auto r = root.optional("ruleset"); r && r->as_string() != "gdb")
        r->fail("unknown ruleset \"" + r->as_string() + "\" (the melee calculator supports gdb)");
    s.terrain = read_enum(root, "terrain", terrain_names(), Terrain::open);
    s.first_round = root.bool_or("first_round", true);
    for (int side = 0; side < 2; ++side) {
        const auto list = root.required(side_name(side));
        const auto items = list.items();
        if (items.empty()) list.fail("expected at least one unit");
        if (items.size() > 12) list.fail("expected at most 12 units a side");
        for (const auto& item : items) s.sides[side].push_back(parse_melee_unit(item));
    }
    return s;
}

}  // namespace vedette::sim::gdb

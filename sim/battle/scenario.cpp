#include "sim/battle/scenario.h"

#include <cctype>
#include <cmath>
#include <filesystem>
#include <sstream>

#include "sim/battle/battle_rules.h"
#include "sim/battle/formation_geometry.h"
#include "sim/battle/overlap_grid.h"
#include "sim/core/input_file.h"
#include "sim/core/limits.h"
#include "sim/gdb/melee_input.h"
#include "sim/rules/ruleset_files.h"

namespace vedette::sim::battle {

using geom::i64;

const std::vector<std::string>& feature_kind_names() {
    static const std::vector<std::string> n = {"woods", "rough", "built_up", "fortified", "water",
                                               "road",  "wall",  "hedge",    "stream",    "hill"};
    return n;
}
const std::vector<std::string>& reaction_names() {
    static const std::vector<std::string> n = {
        "stand", "stand_and_fire", "form_square", "change_formation", "countercharge", "evade"};
    return n;
}
const std::vector<std::string>& after_contact_names() {
    static const std::vector<std::string> n = {"halt", "continue", "charge_another", "move_on"};
    return n;
}
const std::vector<std::string>& forced_dice_purposes() {
    static const std::vector<std::string> n = {"charge_test", "stand_test", "closing_fire",
                                               "limbering",   "melee",      "melee_test",
                                               "melee_event", "sapper"};
    return n;
}

i64 parse_length_mm(const JsonNode& n) {
    // Every length ends up in mm within +-limits::kMaxLengthMm, so no geometry can overflow.
    auto bounded = [&](double mm) {
        const double max = static_cast<double>(limits::kMaxLengthMm);
        if (!(mm >= -max && mm <= max))
            n.fail("length out of range (at most " + std::to_string(limits::kMaxLengthMm / 1000) +
                   " m either way, docs/LIMITS.md)");
        return static_cast<i64>(std::llround(mm));
    };
    const Json& v = n.raw();
    if (v.is_number()) return bounded(v.get<double>() * 10.0);
    if (!v.is_string())
        n.fail(
            "expected a length: a number of cm, or a string like \"15cm\", \"6in\" or \"150mm\"");
    const std::string s = v.get<std::string>();
    // A plain decimal number and a unit: no spaces, hex, "inf" or "nan".
    std::size_t used = 0;
    while (used < s.size() &&
           (std::isdigit(static_cast<unsigned char>(s[used])) || s[used] == '.' ||
            (used == 0 && (s[used] == '-' || s[used] == '+')) ||
            ((s[used] == 'e' || s[used] == 'E') && used > 0 &&
             std::isdigit(static_cast<unsigned char>(s[used - 1]))) ||
            ((s[used] == '-' || s[used] == '+') && used > 0 &&
             (s[used - 1] == 'e' || s[used - 1] == 'E'))))
        ++used;
    double number = 0;
    try {
        std::size_t parsed = 0;
        number = std::stod(s.substr(0, used), &parsed);
        if (parsed != used) throw std::invalid_argument("trailing");
    } catch (...) {
        n.fail("expected a length like \"15cm\", \"6in\" or \"150mm\", found \"" + s + "\"");
    }
    const std::string unit = s.substr(used);
    if (unit == "cm") return bounded(number * 10.0);
    if (unit == "mm") return bounded(number);
    if (unit == "in") return bounded(number * 25.4);
    n.fail("unknown length unit \"" + unit + "\" (expected cm, mm or in)");
}

namespace {

Vec parse_point(const JsonNode& n) {
    const auto items = n.items();
    if (items.size() != 2) n.fail("expected a point [x, y]");
    return {parse_length_mm(items[0]), parse_length_mm(items[1])};
}

std::vector<Vec> parse_points(const JsonNode& n) {
    const auto items = n.items();
    if (items.size() > static_cast<std::size_t>(limits::kMaxShapePoints))
        n.fail("more than " + std::to_string(limits::kMaxShapePoints) + " points (docs/LIMITS.md)");
    std::vector<Vec> pts;
    for (const auto& item : items) pts.push_back(parse_point(item));
    return pts;
}

Commander parse_commander(const JsonNode& n) {
    n.expect_only_keys({"id", "name", "skill", "at", "attached_to"});
    Commander c;
    c.id = n.required("id").as_string();
    c.name = n.string_or("name", c.id);
    if (auto s = n.optional("skill"))
        c.skill = static_cast<gdb::General>(s->as_choice(gdb::general_names()));
    if (c.skill == gdb::General::none)
        n.required("skill").fail("a commander needs a skill: inept, average or excellent");
    c.at = parse_point(n.required("at"));
    c.attached_to = n.string_or("attached_to", "");
    return c;
}

// A binary (P5) or text (P2) PGM grayscale image.
void read_pgm(const JsonNode& where, const std::string& path, Heightfield& h) {
    std::string bytes;
    try {
        bytes = read_input_file(path, limits::kMaxImageFileBytes);
    } catch (const InputError& e) {
        where.fail("cannot read the heightfield image \"" + path + "\": " + e.message());
    }
    std::istringstream in(bytes);
    std::string magic;
    in >> magic;
    auto next_int = [&]() {
        std::string tok;
        while (in >> tok) {
            if (tok[0] == '#') {
                std::string rest;
                std::getline(in, rest);
                continue;
            }
            try {
                return std::stoi(tok);
            } catch (...) {
                break;
            }
        }
        where.fail("\"" + path + "\" is not a valid PGM image (bad header)");
    };
    if (magic != "P5" && magic != "P2")
        where.fail("\"" + path + "\" is not a PGM image (expected P2 or P5)");
    h.image_width = next_int();
    h.image_height = next_int();
    const int maxval = next_int();
    if (h.image_width < 2 || h.image_height < 2 || h.image_width > 4096 || h.image_height > 4096 ||
        maxval < 1 || maxval > 255)
        where.fail("\"" + path + "\": PGM must be 2..4096 pixels a side with 8-bit samples");
    const std::size_t count = std::size_t(h.image_width) * std::size_t(h.image_height);
    h.samples.resize(count);
    if (magic == "P5") {
        in.get();
        in.read(reinterpret_cast<char*>(h.samples.data()), static_cast<std::streamsize>(count));
        if (static_cast<std::size_t>(in.gcount()) != count)
            where.fail("\"" + path + "\": PGM data is truncated");
    } else {
        for (auto& s : h.samples) s = static_cast<std::uint8_t>(next_int());
    }
}

Terrain parse_terrain(const JsonNode& root, const std::string& file) {
    Terrain t;
    const auto table = root.required("table");
    table.expect_only_keys({"width", "depth"});
    t.width_mm = parse_length_mm(table.required("width"));
    t.depth_mm = parse_length_mm(table.required("depth"));
    if (t.width_mm < 100 || t.depth_mm < 100 || t.width_mm > 100000 || t.depth_mm > 100000)
        table.fail("the table must be between 10 cm and 100 m a side");
    const auto terrain = root.optional("terrain");
    if (!terrain) return t;
    terrain->expect_only_keys({"heightfield", "features"});
    if (auto h = terrain->optional("heightfield")) {
        h->expect_only_keys({"kind", "seed", "relief", "file"});
        t.height.kind = static_cast<Heightfield::Kind>(
            h->required("kind").as_choice({"flat", "procedural", "image"}));
        t.height.seed = static_cast<std::uint64_t>(h->int_or("seed", 1, 0, INT64_MAX));
        if (auto r = h->optional("relief")) t.height.relief_mm = parse_length_mm(*r);
        if (t.height.kind == Heightfield::Kind::image) {
            const auto f = h->required("file");
            const std::string rel = f.as_string();
            t.height.image = rel;
            read_pgm(f, resolve_relative_input(file, f.path(), rel), t.height);
        }
    }
    if (auto features = terrain->optional("features")) {
        for (const auto& fn : features->items()) {
            fn.expect_only_keys({"kind", "name", "polygon", "path", "capacity", "sectors"});
            TerrainFeature f;
            f.kind = static_cast<FeatureKind>(fn.required("kind").as_choice(feature_kind_names()));
            f.name = fn.string_or("name", feature_kind_names()[static_cast<std::size_t>(f.kind)]);
            if (f.is_area()) {
                const auto poly = fn.required("polygon");
                f.points = parse_points(poly);
                if (f.points.size() < 3) poly.fail("a polygon needs at least 3 points");
            } else {
                const auto path = fn.required("path");
                f.points = parse_points(path);
                if (f.points.size() < 2) path.fail("a path needs at least 2 points");
            }
            f.capacity = static_cast<int>(
                fn.int_or("capacity", f.kind == FeatureKind::built_up ? 2 : 0, 0, 100));
            if (auto sectors = fn.optional("sectors")) {
                if (f.kind != FeatureKind::built_up && f.kind != FeatureKind::fortified)
                    sectors->fail("only built-up areas have sectors");
                for (const auto& sn : sectors->items()) {
                    f.sectors.push_back(parse_points(sn));
                    if (f.sectors.back().size() < 3) sn.fail("a sector needs at least 3 points");
                }
            }
            t.features.push_back(std::move(f));
        }
    }
    return t;
}

// format, version, title and the other single settings at the top level.
void parse_settings(const JsonNode& root, Scenario& s, const BattleRules& rules) {
    if (root.required("format").as_string() != "vedette-scenario")
        root.required("format").fail("expected \"vedette-scenario\"");
    const auto version = root.required("version");
    if (version.as_int() > kScenarioFormatVersion)
        version.fail("scenario format version " + std::to_string(version.as_int()) +
                     " is newer than this program reads (" +
                     std::to_string(kScenarioFormatVersion) + ")");
    version.as_int(1, kScenarioFormatVersion);
    s.title = root.string_or("title", "");
    s.description = root.string_or("description", "");
    s.source = root.string_or("source", "");
    s.ruleset = root.string_or("ruleset", "gdb");
    if (s.ruleset != "gdb")
        root.required("ruleset").fail("unknown ruleset (the battle runner supports gdb)");
    s.scale = root.string_or("scale", "15mm");
    if (!rules.scales.count(s.scale))
        root.required("scale").fail("unknown scale preset (expected 15mm or 25mm)");
    s.seed = static_cast<std::uint64_t>(root.int_or("seed", 1, 0, INT64_MAX));
    s.turns = static_cast<int>(root.int_or("turns", 1, 1, 100));
}

// What placing the units so far has used up: room on the table and the figure budget.
struct Placement {
    OverlapGrid overlaps;
    std::int64_t total_figures = 0;
};

// One unit of a brigade: parsed, then checked to fit on the table beside the units before it.
void parse_unit(const JsonNode& un, const Side& side, int side_index, int brigade_index,
                const BattleRules& rules, Placement& placed, Scenario& s) {
    ScenarioUnit u;
    u.unit = gdb::parse_melee_unit(un, {"id", "at", "facing"});
    u.id = un.required("id").as_string();
    if (s.unit_index.count(u.id)) un.required("id").fail("unit id \"" + u.id + "\" is used twice");
    if (!un.has("nation")) u.unit.nation = side.nation;
    u.side = side_index;
    u.brigade = brigade_index;
    u.at = parse_point(un.required("at"));
    u.facing_deg = static_cast<int>(un.int_or("facing", 0, -360, 720));
    const auto rect = unit_rect(rules, u.unit.type, u.unit.formation, u.unit.figures, u.at,
                                geom::direction_of_degrees(u.facing_deg));
    for (const auto& c : rect.corners())
        if (c.x < 0 || c.y < 0 || c.x > s.terrain.width_mm || c.y > s.terrain.depth_mm)
            un.required("at").fail("unit \"" + u.id + "\" does not fit on the table");
    if (s.units.size() >= static_cast<std::size_t>(limits::kMaxUnits))
        un.fail("more than " + std::to_string(limits::kMaxUnits) + " units (docs/LIMITS.md)");
    placed.total_figures += u.unit.figures;
    if (placed.total_figures > limits::kMaxTotalFigures)
        un.required("figures").fail("more than " + std::to_string(limits::kMaxTotalFigures) +
                                    " figures on the table (docs/LIMITS.md)");
    if (const int other = placed.overlaps.add(rect); other >= 0)
        un.required("at").fail("unit \"" + u.id + "\" overlaps unit \"" +
                               s.units[static_cast<std::size_t>(other)].id + "\"");
    s.unit_index[u.id] = static_cast<int>(s.units.size());
    s.units.push_back(std::move(u));
}

// A side with its commander and brigades; its units go into s.units as they are read.
Side parse_side(const JsonNode& sn, int side_index, const BattleRules& rules, Placement& placed,
                Scenario& s) {
    sn.expect_only_keys({"id", "name", "nation", "commander", "brigades"});
    Side side;
    side.id = sn.required("id").as_string();
    side.name = sn.string_or("name", side.id);
    side.nation = sn.string_or("nation", side.id);
    side.commander = parse_commander(sn.required("commander"));
    const auto brigades = sn.required("brigades");
    for (const auto& bn : brigades.items()) {
        bn.expect_only_keys({"id", "name", "general", "units"});
        Brigade b;
        b.id = bn.required("id").as_string();
        b.name = bn.string_or("name", b.id);
        b.general = parse_commander(bn.required("general"));
        const int brigade_index = static_cast<int>(side.brigades.size());
        for (const auto& un : bn.required("units").items())
            parse_unit(un, side, side_index, brigade_index, rules, placed, s);
        side.brigades.push_back(std::move(b));
    }
    if (side.brigades.empty()) brigades.fail("expected at least one brigade");
    return side;
}

// Both sides, which moves first, and the units generals are attached to.
void parse_sides(const JsonNode& root, Scenario& s, const BattleRules& rules) {
    const auto sides = root.required("sides");
    const auto side_items = sides.items();
    Placement placed;
    if (side_items.size() != 2) sides.fail("expected exactly two sides");
    for (std::size_t si = 0; si < side_items.size(); ++si)
        s.sides.push_back(parse_side(side_items[si], static_cast<int>(si), rules, placed, s));
    const std::string first = root.string_or("first_side", s.sides[0].id);
    if (first == s.sides[0].id)
        s.first_side = 0;
    else if (first == s.sides[1].id)
        s.first_side = 1;
    else
        root.required("first_side").fail("unknown side \"" + first + "\"");
    // Generals attached to units must name real units.
    for (std::size_t si = 0; si < s.sides.size(); ++si)
        for (const auto& b : s.sides[si].brigades)
            if (!b.general.attached_to.empty() && !s.unit_index.count(b.general.attached_to))
                root.fail("general \"" + b.general.id + "\" is attached to unknown unit \"" +
                          b.general.attached_to + "\"");
}

int unit_ref(const Scenario& s, const JsonNode& n) {
    const std::string id = n.as_string();
    auto it = s.unit_index.find(id);
    if (it == s.unit_index.end()) n.fail("unknown unit \"" + id + "\"");
    return it->second;
}

Order parse_order(const JsonNode& on, const Scenario& s) {
    on.expect_only_keys({"turn", "unit", "charge", "opportunity_charge", "reaction", "move",
                         "formation", "general_leads", "after_contact", "next_target", "note"});
    Order o;
    o.path = on.path();
    o.turn = static_cast<int>(on.required("turn").as_int(1, s.turns));
    o.unit = unit_ref(s, on.required("unit"));
    int kinds = 0;
    if (auto c = on.optional("charge")) {
        o.kind = OrderKind::charge;
        o.target = unit_ref(s, *c);
        ++kinds;
    }
    if (auto c = on.optional("opportunity_charge")) {
        o.kind = OrderKind::opportunity_charge;
        o.target = unit_ref(s, *c);
        ++kinds;
        if (!gdb::is_cavalry(s.units[o.unit].unit.type))
            c->fail("only cavalry may make an opportunity charge (seed 000)");
    }
    if (auto r = on.optional("reaction")) {
        o.kind = OrderKind::reaction;
        o.reaction = static_cast<Reaction>(r->as_choice(reaction_names()));
        ++kinds;
    }
    if (auto m = on.optional("move")) {
        o.kind = OrderKind::move;
        o.to = parse_point(*m);
        ++kinds;
    }
    if (auto f = on.optional("formation")) {
        o.formation = static_cast<gdb::Formation>(f->as_choice(gdb::formation_names()));
        if (kinds == 0) {
            o.kind = OrderKind::formation;
            ++kinds;
        }
    }
    if (kinds != 1)
        on.fail(
            "an order needs exactly one of charge, opportunity_charge, reaction, move, "
            "formation");
    if ((o.kind == OrderKind::charge || o.kind == OrderKind::opportunity_charge) &&
        s.units[o.target].side == s.units[o.unit].side)
        on.fail("a unit cannot charge a unit of its own side");
    o.general_leads = on.bool_or("general_leads", false);
    if (auto a = on.optional("after_contact"))
        o.after_contact = static_cast<AfterContact>(a->as_choice(after_contact_names()));
    if (auto nt = on.optional("next_target")) o.next_target = unit_ref(s, *nt);
    return o;
}

ForcedDice parse_forced_dice(const JsonNode& dn, const Scenario& s) {
    dn.expect_only_keys({"turn", "unit", "purpose", "values"});
    ForcedDice f;
    f.turn = static_cast<int>(dn.required("turn").as_int(1, s.turns));
    f.unit = unit_ref(s, dn.required("unit"));
    f.purpose = forced_dice_purposes()[dn.required("purpose").as_choice(forced_dice_purposes())];
    for (const auto& v : dn.required("values").items())
        f.values.push_back(static_cast<int>(v.as_int(1, 6)));
    return f;
}

}  // namespace

Scenario parse_scenario(const Json& json, const std::string& file, const BattleRules& rules) {
    const JsonNode root(json, file, "$");
    root.expect_only_keys({"format", "version", "title", "description", "source", "ruleset",
                           "scale", "seed", "turns", "first_side", "table", "terrain", "sides",
                           "orders", "dice"});
    Scenario s;
    s.file = file;
    s.json = json;
    parse_settings(root, s, rules);
    s.terrain = parse_terrain(root, file);
    parse_sides(root, s, rules);
    if (auto orders = root.optional("orders"))
        for (const auto& on : orders->items()) s.orders.push_back(parse_order(on, s));
    if (auto dice = root.optional("dice"))
        for (const auto& dn : dice->items()) s.dice.push_back(parse_forced_dice(dn, s));
    return s;
}

Scenario read_scenario_file(const std::string& path, const BattleRules& rules) {
    return parse_scenario(read_json_file(path), path, rules);
}

}  // namespace vedette::sim::battle

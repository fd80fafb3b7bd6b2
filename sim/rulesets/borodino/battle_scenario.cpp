#include <algorithm>
#include <map>
#include <set>

#include "sim/board/terrain.h"
#include "sim/core/json_reader.h"
#include "sim/record/record_json.h"
#include "sim/ruleset/scenario_fields.h"
#include "sim/rulesets/borodino/battle.h"

namespace vedette::sim::borodino {

const Hexside* BoardHexes::hexside(Hex h, int direction) const {
    const Hex other = neighbour(h, direction);
    for (const auto& f : sides)
        if ((f.hex == h && f.direction == direction) ||
            (f.hex == other && f.direction == opposite(direction)))
            return f.kind;
    return nullptr;
}

const replay::DiceRules& dice_rules() {
    static const replay::DiceRules rules = [] {
        replay::DiceRules r;
        r.purposes = {"commitment", "shock", "cohesion", "reaction_fire"};
        r.low = 0;
        r.high = 9;
        r.names_turns = false;
        r.as_played_results = [](const std::string& purpose) {
            // A shock's die: the result band the table applied to its target hexes (the bands'
            // result ids in borodino.json, Hex 9.22).
            if (purpose == "shock")
                return std::vector<std::string>{"attacker_disordered_counter_shock",
                                                "attacker_disordered", "defender_disordered",
                                                "defender_retreats"};
            return purpose == "commitment" || purpose == "cohesion"
                       ? std::vector<std::string>{"passes", "fails"}
                       : std::vector<std::string>{};
        };
        r.dice_of_test = [](const std::string&) { return 1; };
        r.as_played_goes_with =
            "the die of a commitment or a cohesion check, or of a shock (its result band)";
        r.test_word = "check";
        return r;
    }();
    return rules;
}

namespace {

Hex read_hex(const JsonNode& n) {
    const auto items = n.items();
    if (items.size() != 2) n.fail("expected a hex [q, r]");
    return {static_cast<int>(items[0].as_int(-1000, 1000)),
            static_cast<int>(items[1].as_int(-1000, 1000))};
}

Hex read_board_hex(const JsonNode& n, const BoardHexes& b) {
    const Hex h = read_hex(n);
    if (!b.on_board(h)) n.fail("hex " + to_string(h) + " is off the board");
    return h;
}

// The hex board: `columns` x `rows` hexes in offset rows (row r shifted left by r / 2 so the
// board is a rectangle on the table), terrain by hex, and hexside features.
void read_hex_board(const JsonNode& n, const BorodinoRules& rules, BattleScenario& s) {
    n.expect_only_keys({"origin", "size_mm", "columns", "rows", "terrain", "hexsides"});
    BoardHexes& b = s.board;
    b.size_mm = n.int_or("size_mm", rules.hex_size_mm.value, 10, 1000);
    if (const auto o = n.optional("origin")) {
        const auto xy = o->items();
        if (xy.size() != 2) o->fail("expected [x_mm, y_mm]");
        b.origin = {xy[0].as_int(0, 1000000), xy[1].as_int(0, 1000000)};
    } else {
        b.origin = {b.size_mm * 866 / 1000 + 20, b.size_mm + 20};
    }
    const int cols = static_cast<int>(n.required("columns").as_int(1, 60));
    const int rows = static_cast<int>(n.required("rows").as_int(1, 60));
    const Terrain* clear = rules.terrain_of("clear");
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) b.hexes[{c - r / 2, r}] = clear;
    if (const auto t = n.optional("terrain")) {
        for (const auto& [name, list] : t->raw().items()) {
            const JsonNode node(list, n.file(), t->path() + "." + name);
            const Terrain* kind = rules.terrain_of(name);
            if (!kind) node.fail("unknown terrain \"" + name + "\"");
            for (const auto& h : node.items()) b.hexes[read_board_hex(h, b)] = kind;
        }
    }
    if (const auto list = n.optional("hexsides")) {
        for (const auto& f : list->items()) {
            f.expect_only_keys({"hex", "to", "kind"});
            const Hex a = read_board_hex(f.required("hex"), b);
            const Hex to = read_hex(f.required("to"));
            const int d = direction_to(a, to);
            if (d < 0) f.required("to").fail("expected a hex next to " + to_string(a));
            std::vector<std::string> kinds;
            for (const auto& k : rules.hexsides) kinds.push_back(k.id);
            b.sides.push_back({a, d, &rules.hexsides[f.required("kind").as_choice(kinds)]});
        }
    }
}

// A point as the table's terrain reads it: whole millimetres.
nlohmann::ordered_json point_mm(geom::Vec p) {
    return nlohmann::ordered_json::array({std::to_string(p.x) + "mm", std::to_string(p.y) + "mm"});
}

// The six corners of a pointy hex (as the renderer's hex layout has them: the first at 30
// degrees, counter-clockwise), `percent` of the way out from its centre.
std::vector<geom::Vec> hex_corners(Hex h, const BoardHexes& b, std::int64_t percent) {
    const geom::Vec c = centre_mm(h, b.origin, b.size_mm);
    const std::int64_t r = b.size_mm * percent / 100, a = r * 866 / 1000;
    return {{c.x + a, c.y + r / 2}, {c.x, c.y + r}, {c.x - a, c.y + r / 2},
            {c.x - a, c.y - r / 2}, {c.x, c.y - r}, {c.x + a, c.y - r / 2}};
}

// The hex terrain and hexsides as table features (their `looks_like`), so the table shows woods
// as trees, villages as houses, a redoubt's earthworks and streams along hexsides. Only what is
// drawn: the rules read the hexes.
nlohmann::ordered_json hex_features(const BoardHexes& b) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const auto& [h, t] : b.hexes) {
        if (t->looks_like.empty()) continue;
        const bool line = t->looks_like == "wall" || t->looks_like == "hedge" ||
                          t->looks_like == "road" || t->looks_like == "stream";
        nlohmann::ordered_json points = nlohmann::ordered_json::array();
        const auto corners = hex_corners(h, b, line ? 78 : 94);
        for (const auto& p : corners) points.push_back(point_mm(p));
        if (line) points.push_back(point_mm(corners.front()));  // a closed ring
        out.push_back({{"kind", t->looks_like},
                       {"name", t->label + " " + to_string(h)},
                       {line ? "path" : "polygon", points}});
    }
    for (const auto& side : b.sides) {
        if (side.kind->looks_like.empty()) continue;
        // The shared edge: through the midpoint of the two centres, across the line joining them,
        // half a hex size either way (the centres are sqrt(3) sizes apart).
        const geom::Vec c = centre_mm(side.hex, b.origin, b.size_mm);
        const geom::Vec n = centre_mm(neighbour(side.hex, side.direction), b.origin, b.size_mm);
        const geom::Vec m{(c.x + n.x) / 2, (c.y + n.y) / 2};
        const geom::Vec half{-(n.y - c.y) * 1000 / 3464, (n.x - c.x) * 1000 / 3464};
        out.push_back(
            {{"kind", side.kind->looks_like},
             {"name", side.kind->label + " " + to_string(side.hex)},
             {"path", nlohmann::ordered_json::array({point_mm({m.x - half.x, m.y - half.y}),
                                                     point_mm({m.x + half.x, m.y + half.y})})}});
    }
    return out;
}

// The board as a replay writes it: the scenario's table and terrain (with the hex terrain's
// table features added), and the hex grid.
void make_record_board(const Json& json, BattleScenario& s) {
    nlohmann::ordered_json b = {{"table", json["table"]}};
    if (json.contains("terrain")) b["terrain"] = json["terrain"];
    const nlohmann::ordered_json drawn = hex_features(s.board);
    // (A malformed terrain is left as written, for the terrain reader below to report.)
    if (!drawn.empty() && (!b.contains("terrain") || b["terrain"].is_object())) {
        nlohmann::ordered_json& features = b["terrain"]["features"];
        if (features.is_null()) features = nlohmann::ordered_json::array();
        if (features.is_array())
            for (const auto& f : drawn) features.push_back(f);
    }
    nlohmann::ordered_json hexes = nlohmann::ordered_json::array();
    for (const auto& [h, t] : s.board.hexes)
        hexes.push_back({{"q", h.q}, {"r", h.r}, {"terrain", t->id}});
    b["hex"] = {{"origin", {s.board.origin.x, s.board.origin.y}},
                {"size_mm", s.board.size_mm},
                {"orientation", "pointy"},
                {"hexes", hexes}};
    s.record_board = record::board_from_json(nlohmann::json::parse(b.dump()), s.file, "$");
    record::set_written_board(s.record_board, b);
}

BattleUnit read_unit(const JsonNode& n, const BorodinoRules& rules, const BoardHexes& b) {
    n.expect_only_keys({"id", "name", "type", "strength", "cohesion", "cohesion_disordered", "hex",
                        "facing", "disordered"});
    BattleUnit u;
    u.id = n.required("id").as_string();
    u.name = n.string_or("name", u.id);
    const std::vector<std::string> ids = rules.type_ids();
    u.type = rules.type(ids[n.required("type").as_choice(ids)]);
    u.strength = u.type->arm == Arm::artillery
                     ? static_cast<int>(n.int_or("strength", 0, 0, 0))
                     : static_cast<int>(n.required("strength").as_int(1, 99));
    u.cohesion = static_cast<int>(n.required("cohesion").as_int(1, 9));
    u.cohesion_disordered =
        static_cast<int>(n.int_or("cohesion_disordered", std::max(0, u.cohesion - 2), 0, 9));
    u.hex = read_board_hex(n.required("hex"), b);
    const JsonNode f = n.required("facing");
    u.facing = vertex_from_degrees(static_cast<int>(f.as_int(-360, 360)));
    if (u.facing < 0)
        f.fail("a unit faces a hex vertex (0, 60, 120, 180, 240 or 300 degrees), not a hexside");
    u.disordered = n.bool_or("disordered", false);
    u.path = n.path();
    return u;
}

void read_sides(const JsonNode& list, const BorodinoRules& rules, BattleScenario& s) {
    const auto sides = list.items();
    if (sides.size() != 2) list.fail("expected exactly two sides");
    for (std::size_t si = 0; si < sides.size(); ++si) {
        const JsonNode& n = sides[si];
        n.expect_only_keys({"id", "name", "nation", "commander", "groups"});
        s.sides.push_back(
            {n.required("id").as_string(), n.string_or("name", ""), n.string_or("nation", "")});
        Commander c;
        if (const auto cn = n.optional("commander")) {
            cn->expect_only_keys({"name", "rating", "hex"});
            c.name = cn->required("name").as_string();
            c.rating = static_cast<int>(cn->required("rating").as_int(-5, 0));
            c.hex = read_board_hex(cn->required("hex"), s.board);
        }
        s.commanders.push_back(c);
        for (const auto& g : n.required("groups").items()) {
            g.expect_only_keys({"id", "name", "orders", "stance", "objective", "units"});
            Group group{g.required("id").as_string(), g.string_or("name", ""), static_cast<int>(si),
                        g.bool_or("orders", true)};
            if (const auto st = g.optional("stance")) {
                static const std::vector<std::string> kStances = {"orders", "hold", "attack"};
                group.stance = kStances[st->as_choice(kStances)];
            }
            if (const auto obj = g.optional("objective"))
                group.objective = read_board_hex(*obj, s.board);
            if (group.stance == "attack" && !group.objective)
                g.required("objective").fail("a group that attacks needs an objective hex");
            s.groups.push_back(group);
            for (const auto& u : g.required("units").items()) {
                BattleUnit unit = read_unit(u, rules, s.board);
                unit.side = static_cast<int>(si);
                unit.group = static_cast<int>(s.groups.size() - 1);
                s.units.push_back(unit);
            }
        }
    }
}

// Stacking: at most the limit a hex, one side, one facing (a stack is one body on the map).
void check_stacks(const JsonNode& root, const BorodinoRules& rules, const BattleScenario& s) {
    std::map<Hex, std::vector<std::size_t>> by_hex;
    std::set<std::string> ids;
    for (std::size_t i = 0; i < s.units.size(); ++i) {
        const BattleUnit& u = s.units[i];
        if (!ids.insert(u.id).second)
            throw InputError(s.file, u.path + ".id", "unit id \"" + u.id + "\" is used twice");
        by_hex[u.hex].push_back(i);
        const auto& stack = by_hex[u.hex];
        const BattleUnit& first = s.units[stack.front()];
        if (static_cast<int>(stack.size()) > rules.stack_limit.value)
            throw InputError(s.file, u.path + ".hex",
                             std::to_string(stack.size()) + " units in hex " + to_string(u.hex) +
                                 "; at most " + std::to_string(rules.stack_limit.value) +
                                 " may stack (" + rules.stack_limit.rule + ")");
        if (first.side != u.side)
            throw InputError(s.file, u.path + ".hex",
                             "hex " + to_string(u.hex) + " already holds an enemy unit");
        if (first.facing != u.facing)
            throw InputError(s.file, u.path + ".facing",
                             "stacked units face the same vertex as " + first.id);
    }
    if (s.units.empty()) root.required("sides").fail("expected at least one unit");
}

int unit_index(const JsonNode& n, const BattleScenario& s) {
    const std::string id = n.as_string();
    for (std::size_t i = 0; i < s.units.size(); ++i)
        if (s.units[i].id == id) return static_cast<int>(i);
    n.fail("unknown unit \"" + id + "\"");
}

Order read_order(const JsonNode& n, const BattleScenario& s) {
    n.expect_only_keys({"turn", "unit", "move", "face", "shock", "charge", "retreat_before_shock",
                        "form_square", "countercharge", "counter_shock", "advance", "break_through",
                        "hold"});
    Order o;
    o.path = n.path();
    o.turn = static_cast<int>(n.required("turn").as_int(1, s.turns));
    o.unit = unit_index(n.required("unit"), s);
    int kinds = 0;
    if (const auto m = n.optional("move")) {
        ++kinds;
        const Json& path = m->raw();
        const bool one_hex = path.is_array() && path.size() == 2 && path[0].is_number();
        if (one_hex)  // [3, 2]: a move to that hex (a game record's `moves to 3,2`)
            o.move.push_back(read_board_hex(*m, s.board));
        else
            for (const auto& h : m->items()) o.move.push_back(read_board_hex(h, s.board));
        if (o.move.empty()) m->fail("expected at least one hex");
    }
    if (const auto f = n.optional("face")) {
        o.face = vertex_from_degrees(static_cast<int>(f->as_int(-360, 360)));
        if (*o.face < 0) f->fail("a unit faces a hex vertex (a multiple of 60 degrees)");
    }
    if (const auto sh = n.optional("shock")) {
        ++kinds;
        o.shock = true;
        if (!sh->raw().is_boolean())
            for (const auto& h : sh->items()) o.shock_hexes.push_back(read_board_hex(h, s.board));
        else if (!sh->as_bool())
            sh->fail("expected true or a list of hexes");
    }
    if (const auto c = n.optional("charge")) {
        ++kinds;
        o.charge_target = unit_index(*c, s);
        if (s.units[std::size_t(o.unit)].type->arm != Arm::cavalry)
            c->fail("only cavalry charges (Hex charge)");
    }
    if (const auto r = n.optional("retreat_before_shock")) {
        ++kinds;
        o.retreat_before_shock = static_cast<int>(r->as_int(1, 2));
    }
    o.form_square = n.bool_or("form_square", false);
    o.countercharge = n.bool_or("countercharge", false);
    if (o.countercharge && s.units[std::size_t(o.unit)].type->arm != Arm::cavalry)
        n.required("countercharge").fail("only cavalry countercharges (Hex charge)");
    if (const auto cs = n.optional("counter_shock")) {
        if (cs->as_bool()) cs->fail("expected false: a defender counter-shocks unless told not to");
        o.decline_counter_shock = true;
    }
    o.advance = n.bool_or("advance", false);
    if (const auto bt = n.optional("break_through")) {
        if (bt->as_bool())
            bt->fail("expected false: infantry breaks through on 10 or more unless told not to");
        if (!o.shock) bt->fail("only a shock order declines the break-through");
        o.decline_break_through = true;
    }
    if (const auto h = n.optional("hold")) {
        if (!h->as_bool()) h->fail("expected true: a unit under orders holds only when told to");
        o.hold = true;
    }
    kinds += (o.form_square ? 1 : 0) + (o.countercharge ? 1 : 0) +
             (o.decline_counter_shock ? 1 : 0) + (o.hold ? 1 : 0);
    if (kinds != 1 && !(kinds == 0 && o.face))
        n.fail(
            "expected exactly one of move, shock, charge, retreat_before_shock, form_square, "
            "countercharge, counter_shock, hold");
    return o;
}

// A unit charges once a turn and answers a charge once a turn (form_square or countercharge): a
// second would never be carried out.
void check_one_charge_and_answer(const std::vector<JsonNode>& items, const BattleScenario& s) {
    const auto answer = [](const Order& o) -> const char* {
        return o.form_square ? "form_square" : o.countercharge ? "countercharge" : nullptr;
    };
    for (std::size_t i = 0; i < s.orders.size(); ++i) {
        const Order& o = s.orders[i];
        for (std::size_t k = 0; k < i; ++k) {
            const Order& first = s.orders[k];
            if (first.turn != o.turn || first.unit != o.unit) continue;
            const std::string& id = s.units[std::size_t(o.unit)].id;
            const std::string turn = " in turn " + std::to_string(o.turn);
            if (o.charge_target >= 0 && first.charge_target >= 0)
                items[i].required("charge").fail("one charge a turn: " + id + " already charges " +
                                                 s.units[std::size_t(first.charge_target)].id +
                                                 turn);
            if (answer(o) && answer(first))
                items[i].required(answer(o)).fail("one reaction a turn: " + id + " already has " +
                                                  answer(first) + turn);
        }
    }
}

}  // namespace

std::unique_ptr<BattleScenario> parse_battle_scenario(const Json& json, const std::string& file,
                                                      const BorodinoRules& rules) {
    const JsonNode root(json, file, "$");
    root.expect_only_keys({"format", "version", "ruleset", "title", "description", "source", "seed",
                           "turns", "table", "terrain", "hex_board", "jager_rule", "sides",
                           "orders", "dice", "loose_dice", "game_record"});
    // The game record it was made from (`vedette record`), kept whole for `record --from`.
    if (auto g = root.optional("game_record")) (void)g->as_string();
    auto s = std::make_unique<BattleScenario>();
    s->file = file;
    s->json_text = json.dump();
    if (root.int_or("version", 1, 1, 1000) > 1) root.required("version").fail("newer than 1");
    s->title = root.string_or("title", "");
    s->description = root.string_or("description", "");
    ruleset::read_common_fields(root, *s);  // the seed and the turns
    s->jager_rule = root.bool_or("jager_rule", true);
    board::parse_table_and_terrain(root, file);
    read_hex_board(root.required("hex_board"), rules, *s);
    make_record_board(json, *s);
    read_sides(root.required("sides"), rules, *s);
    check_stacks(root, rules, *s);
    for (const auto& u : s->units) s->unit_ids.push_back(u.id);
    if (const auto orders = root.optional("orders")) {
        const auto items = orders->items();
        for (const auto& o : items) s->orders.push_back(read_order(o, *s));
        check_one_charge_and_answer(items, *s);
    }
    s->dice = replay::read_given_dice(root, dice_rules(), s->turns,
                                      [&](const JsonNode& n) { return unit_index(n, *s); });
    return s;
}

}  // namespace vedette::sim::borodino

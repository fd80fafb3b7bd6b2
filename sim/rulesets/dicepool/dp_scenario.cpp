#include "sim/rulesets/dicepool/dp_scenario.h"

#include <algorithm>

#include "sim/core/input_error.h"
#include "sim/core/json_reader.h"
#include "sim/core/limits.h"
#include "sim/ruleset/scenario_fields.h"

namespace vedette::sim::dicepool {

using geom::i64;
using geom::Vec;

const std::vector<std::string>& dice_purpose_names() {
    static const std::vector<std::string> n = {"order_test",   "reaction_test", "fire",
                                               "courage_test", "melee",         "pursuit_test"};
    return n;
}

Footprint footprint(const DpRules& rules, UnitType type, Formation formation, int models) {
    const bool horse = rules.sheet(type).cavalry;
    const i64 bw = horse ? rules.horse_base_w.value : rules.foot_base_w.value;
    const i64 bd = horse ? rules.horse_base_d.value : rules.foot_base_d.value;
    const i64 n = std::max(1, models);
    if (formation == Formation::loose)  // one rank, a gap between models
        return {n * bw + (n - 1) * rules.loose_gap_mm.value, bd};
    if (formation == Formation::square) {  // four faces around a hollow
        const i64 side = ((n + 3) / 4 + 1) * bw;
        return {side, side};
    }
    const i64 ranks = std::min<i64>(rules.close_order_ranks.value, n);
    const i64 files = (n + ranks - 1) / ranks;
    return {files * bw, ranks * bd};
}

geom::Rect block_of(const DpRules& rules, const DpUnit& u) {
    const Footprint f = footprint(rules, u.type, u.formation, u.models);
    return {u.at, u.facing, f.width_mm / 2, f.depth_mm / 2};
}

namespace {

int find_unit(const DpScenario& s, const JsonNode& n) {
    const std::string id = n.as_string();
    for (std::size_t i = 0; i < s.units.size(); ++i)
        if (s.units[i].id == id) return static_cast<int>(i);
    n.fail("unknown unit \"" + id + "\"");
}

void parse_sides(const JsonNode& root, DpScenario& s) {
    const auto sides = root.required("sides");
    if (sides.items().size() != 2) sides.fail("expected exactly two sides");
    for (const auto& n : sides.items()) {
        n.expect_only_keys({"id", "name", "nation"});
        DpSide side{n.required("id").as_string(), n.string_or("name", ""),
                    n.string_or("nation", "")};
        if (side.name.empty()) side.name = side.id;
        if (!s.sides.empty() && s.sides[0].id == side.id)
            n.required("id").fail("duplicate side id");
        s.sides.push_back(side);
    }
}

// Every base of the unit on the table: each corner of its block within the table's edges.
void check_on_table(const JsonNode& n, const geom::Rect& r, const board::Terrain& t) {
    for (const Vec c : r.corners())
        if (c.x < 0 || c.y < 0 || c.x > t.width_mm || c.y > t.depth_mm)
            n.fail("a model is off the table: its base reaches (" + std::to_string(c.x) + ", " +
                   std::to_string(c.y) + ") mm, outside the " + std::to_string(t.width_mm) + " x " +
                   std::to_string(t.depth_mm) + " mm table");
}

DpUnit parse_unit(const DpRules& rules, const JsonNode& n, const DpScenario& s) {
    n.expect_only_keys(
        {"id", "name", "side", "type", "models", "at", "facing", "formation", "disorder_markers"});
    DpUnit u;
    u.id = n.required("id").as_string();
    u.name = n.string_or("name", u.id);
    const std::string side = n.required("side").as_string();
    u.side = side == s.sides[0].id ? 0 : side == s.sides[1].id ? 1 : -1;
    if (u.side < 0) n.required("side").fail("unknown side \"" + side + "\"");
    u.type = static_cast<UnitType>(n.required("type").as_choice(unit_type_names()));
    const UnitSheet& sheet = rules.sheet(u.type);
    u.models = static_cast<int>(
        n.required("models").as_int(rules.min_models.value, rules.max_models.value));
    u.at = board::parse_point(n.required("at"));
    u.facing = geom::direction_of_degrees(static_cast<int>(n.int_or("facing", 0, -360, 720)));
    u.formation = sheet.formation;
    if (const auto f = n.optional("formation")) {
        u.formation = static_cast<Formation>(f->as_choice(formation_names()));
        if (u.formation == Formation::square && !sheet.infantry)
            f->fail("only infantry forms square (DP Square)");
    }
    u.disorder_markers = static_cast<int>(n.int_or("disorder_markers", 0, 0, 10));
    return u;
}

void parse_units(const DpRules& rules, const JsonNode& root, DpScenario& s) {
    const auto units = root.required("units");
    const auto items = units.items();
    if (items.empty() || static_cast<int>(items.size()) > limits::kMaxUnits)
        units.fail("expected 1 to " + std::to_string(limits::kMaxUnits) + " units");
    std::vector<geom::Rect> blocks;
    for (const auto& n : items) {
        DpUnit u = parse_unit(rules, n, s);
        for (const auto& other : s.units)
            if (other.id == u.id) n.required("id").fail("duplicate unit id \"" + u.id + "\"");
        const geom::Rect block = block_of(rules, u);
        check_on_table(n.required("at"), block, s.terrain);
        for (std::size_t o = 0; o < blocks.size(); ++o)
            if (geom::overlaps(block, blocks[o]))
                n.required("at").fail("the bases of \"" + u.id + "\" overlap those of \"" +
                                      s.units[o].id + "\"");
        blocks.push_back(block);
        s.unit_ids.push_back(u.id);
        s.units.push_back(u);
    }
}

void check_reaction(const DpRules& rules, const JsonNode& n, const DpUnit& u, Reaction r,
                    int turn) {
    const UnitSheet& sheet = rules.sheet(u.type);
    if (!sheet.may(r)) {
        std::string allowed;
        for (Reaction x : sheet.reactions)
            allowed +=
                (allowed.empty() ? "" : ", ") + reaction_names()[static_cast<std::size_t>(x)];
        n.fail(sheet.label + " may not " + reaction_names()[static_cast<std::size_t>(r)] +
               " (its unit sheet allows: " + (allowed.empty() ? "no reaction" : allowed) + ")");
    }
    // Close order is judged when the reaction is chosen (turn-3 ruling): in turn 1 that is the
    // formation the unit starts in; later it may have re-formed, or gone loose after a square.
    if (r == Reaction::volley && turn == 1 && u.formation != Formation::close_order)
        n.fail("only infantry in close order may volley (DP Volley); \"" + u.id + "\" is " +
               formation_names()[static_cast<std::size_t>(u.formation)] + " in turn 1");
}

DpOrder parse_order(const DpRules& rules, const JsonNode& n, const DpScenario& s) {
    n.expect_only_keys({"turn", "unit", "charge", "reaction", "move", "move_by", "towards",
                        "move_to_contact", "as_played"});
    DpOrder o;
    o.turn = static_cast<int>(n.required("turn").as_int(1, s.turns));
    o.unit = find_unit(s, n.required("unit"));
    const DpUnit& u = s.units[static_cast<std::size_t>(o.unit)];
    const int kinds = n.has("charge") + n.has("reaction") + n.has("move") + n.has("move_by") +
                      n.has("move_to_contact");
    if (kinds != 1)
        n.fail(
            "an order is exactly one of \"charge\", \"reaction\", \"move\", \"move_by\" or "
            "\"move_to_contact\"");
    if (const auto t = n.optional("towards"); t && !n.has("move_by"))
        t->fail("towards goes with move_by (move 8in towards a unit)");
    if (const auto c = n.optional("charge")) {
        o.kind = OrderKind::charge;
        o.target = find_unit(s, *c);
        if (s.units[static_cast<std::size_t>(o.target)].side == u.side)
            c->fail("a unit charges an enemy, not \"" + c->as_string() + "\" of its own side");
        if (const auto a = n.optional("as_played")) {
            static const std::vector<std::string> kPlayed = {"contact", "short"};
            o.as_played = kPlayed[a->as_choice(kPlayed)];
        }
    } else if (const auto a = n.optional("as_played")) {
        a->fail("as_played goes with a charge (contact: it reached at the table, or short)");
    } else if (const auto r = n.optional("reaction")) {
        o.kind = OrderKind::reaction;
        o.reaction = static_cast<Reaction>(r->as_choice(reaction_names()));
        check_reaction(rules, *r, u, o.reaction, o.turn);
    } else if (const auto m = n.optional("move_by")) {
        o.kind = OrderKind::move;
        o.move_by = board::parse_length_mm(*m);
        if (o.move_by <= 0) m->fail("a distance to move, more than 0");
        if (const auto t = n.optional("towards")) {
            o.towards = find_unit(s, *t);
            if (o.towards == o.unit) t->fail("a unit other than the one moving");
        }
    } else if (const auto c = n.optional("move_to_contact")) {
        o.kind = OrderKind::move;
        o.contact = find_unit(s, *c);
        if (o.contact == o.unit) c->fail("a unit other than the one moving");
        if (s.units[static_cast<std::size_t>(o.contact)].side != u.side)
            c->fail(
                "a unit of its own side: a move into contact with an enemy is a charge "
                "(\"charge\": \"" +
                c->as_string() + "\")");
    } else {
        o.kind = OrderKind::move;
        o.to = board::parse_point(n.required("move"));
    }
    return o;
}

// A unit reacts once a turn (its first reaction answers every charge on it), a reaction answers
// a charge on its unit in its turn (every charge is an order: none comes from the engine), and a
// square is formed against cavalry (DP Square): refuse a second reaction, and one no charge calls
// for. (A unit may charge again in a turn, after a charge a volley stopped.)
void check_reactions(const DpRules& rules, const JsonNode& orders, const DpScenario& s) {
    const auto items = orders.items();
    for (std::size_t i = 0; i < s.orders.size(); ++i) {
        const DpOrder& o = s.orders[i];
        if (o.kind != OrderKind::reaction) continue;
        const std::string& id = s.units[static_cast<std::size_t>(o.unit)].id;
        const std::string turn = " in turn " + std::to_string(o.turn);
        for (std::size_t k = 0; k < i; ++k) {
            const DpOrder& first = s.orders[k];
            if (first.turn == o.turn && first.unit == o.unit && first.kind == OrderKind::reaction)
                items[i]
                    .required("reaction")
                    .fail("one reaction a turn: " + id + " already reacts " +
                          reaction_names()[static_cast<std::size_t>(first.reaction)] + turn);
        }
        bool charged = false, cavalry_charges = false;
        for (const DpOrder& c : s.orders) {
            if (c.kind != OrderKind::charge || c.turn != o.turn || c.target != o.unit) continue;
            charged = true;
            cavalry_charges = cavalry_charges ||
                              rules.sheet(s.units[static_cast<std::size_t>(c.unit)].type).cavalry;
        }
        if (!charged && o.reaction != Reaction::square)
            items[i]
                .required("reaction")
                .fail("a reaction by a unit charged in its turn, but no unit charges " + id + turn +
                      " (its " + reaction_names()[static_cast<std::size_t>(o.reaction)] +
                      " answers nothing)");
        if (o.reaction == Reaction::square && !cavalry_charges)
            items[i]
                .required("reaction")
                .fail(
                    "a square is formed only against a cavalry charge "
                    "(DP Square), and no cavalry charges \"" +
                    s.units[static_cast<std::size_t>(o.unit)].id + "\" in turn " +
                    std::to_string(o.turn));
    }
}

void parse_dice(const JsonNode& root, const DpRules& rules, DpScenario& s) {
    replay::DiceRules r;
    r.purposes = dice_purpose_names();
    r.as_played_results = [](const std::string& purpose) {
        // A side's melee dice: the melee's result for that side as the table ruled it.
        if (purpose == purpose_name(DicePurpose::melee))
            return std::vector<std::string>{"won", "lost", "drawn"};
        return purpose == purpose_name(DicePurpose::fire)
                   ? std::vector<std::string>{}
                   : std::vector<std::string>{"passes", "fails"};
    };
    // A melee pool's size varies with disorder: its as_played line holds the pool thrown.
    r.dice_of_test = [n = rules.test_dice](const std::string& purpose) {
        return purpose == purpose_name(DicePurpose::melee) ? 0 : n;
    };
    r.as_played_goes_with =
        "the dice of a test (order_test, reaction_test, courage_test, "
        "pursuit_test) or of a melee (won, lost, drawn)";
    // With a melee's result, the models the side lost at the table.
    r.ruled_keys = [](const std::string& purpose) {
        return purpose == purpose_name(DicePurpose::melee) ? std::vector<std::string>{"casualties"}
                                                           : std::vector<std::string>{};
    };
    r.check_ruled = [](const std::string&, const std::string& value) -> std::string {
        const bool digits =
            !value.empty() && value.size() <= 3 &&
            std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; });
        return digits ? "" : "casualties: the models the side lost at the table (0 or more)";
    };
    s.dice = replay::read_given_dice(root, r, s.turns,
                                     [&](const JsonNode& n) { return find_unit(s, n); });
}

}  // namespace

std::unique_ptr<DpScenario> parse_dp_scenario(const DpRules& rules, const Json& json,
                                              const std::string& file) {
    const JsonNode root(json, file, "$");
    root.expect_only_keys({"format", "version", "ruleset", "title", "description", "source", "seed",
                           "turns", "table", "terrain", "sides", "units", "orders", "dice",
                           "loose_dice", "game_record"});
    // The game record it was made from (`vedette record`), kept whole for `record --from`.
    if (auto g = root.optional("game_record")) (void)g->as_string();
    if (root.required("format").as_string() != "vedette-scenario")
        root.required("format").fail("expected \"vedette-scenario\"");
    root.required("version").as_int(1, 1);
    auto s = std::make_unique<DpScenario>();
    s->file = file;
    s->json_text = json.dump();
    s->title = root.string_or("title", "");
    s->description = root.string_or("description", "");
    ruleset::read_common_fields(root, *s);  // the seed and the turns
    s->terrain = board::parse_table_and_terrain(root, file);
    nlohmann::ordered_json board = {{"table", json["table"]}};
    if (json.contains("terrain")) board["terrain"] = json["terrain"];
    record::set_written_board(s->written_board, board);
    parse_sides(root, *s);
    parse_units(rules, root, *s);
    if (const auto orders = root.optional("orders")) {
        for (const auto& n : orders->items()) s->orders.push_back(parse_order(rules, n, *s));
        check_reactions(rules, *orders, *s);
    }
    parse_dice(root, rules, *s);
    return s;
}

}  // namespace vedette::sim::dicepool

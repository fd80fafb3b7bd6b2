#include "sim/rulesets/gdb/battle/scenario.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <sstream>

#include "sim/core/input_file.h"
#include "sim/core/json_reader.h"
#include "sim/core/limits.h"
#include "sim/rules/ruleset_files.h"
#include "sim/ruleset/scenario_fields.h"
#include "sim/rulesets/gdb/battle/battle_rules.h"
#include "sim/rulesets/gdb/battle/formation_geometry.h"
#include "sim/rulesets/gdb/battle/overlap_grid.h"
#include "sim/rulesets/gdb/melee/melee_input.h"

namespace vedette::sim::battle {

using geom::i64;

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
                                               "melee_event", "sapper",     "formation_test"};
    return n;
}

// The results battle_rules.cpp and gdb_rules.cpp require of these tables' rows.
long long ruled_length_mm(const std::string& value) {
    const bool number = !value.empty() && std::all_of(value.begin(), value.end(), [](char c) {
        return (c >= '0' && c <= '9') || c == '.';
    });
    const Json v = number ? Json(std::stod(value)) : Json(value);
    try {
        return board::parse_length_mm(JsonNode(v, "", "retreat"));
    } catch (const InputError&) {
        return -1;
    }
}

const std::vector<std::string>& as_played_results(const std::string& purpose) {
    static const std::vector<std::string> charge = {"charge_home", "halt", "retreat"};
    static const std::vector<std::string> stand = {"stand", "wavering", "retreat"};
    static const std::vector<std::string> pursuit = {"superb", "unformed", "blown", "pursue"};
    static const std::vector<std::string> melee = {"won", "lost", "drawn"};  // for the unit's side
    static const std::vector<std::string> none;
    if (purpose == "charge_test") return charge;
    if (purpose == "stand_test") return stand;
    if (purpose == "melee_test") return pursuit;
    if (purpose == "melee") return melee;
    return none;
}

namespace {

using board::parse_point;
using board::parse_points;

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
    s.seed = ruleset::read_seed(root);  // read by the core, as for every rule system
    s.turns = ruleset::read_turns(root);
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
    if (const int other = placed.overlaps.add(rect); other >= 0) {
        const ScenarioUnit& o = s.units[static_cast<std::size_t>(other)];
        const auto other_rect = unit_rect(rules, o.unit.type, o.unit.formation, o.unit.figures,
                                          o.at, geom::direction_of_degrees(o.facing_deg));
        un.required("at").fail("unit \"" + u.id + "\" overlaps unit \"" + o.id + "\" by " +
                               std::to_string(geom::overlap_depth(rect, other_rect)) +
                               " mm: move them apart");
    }
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
    // Generals (and commanders-in-chief) attached to units must name real units; the error
    // points at the general's own `attached_to`.
    for (std::size_t si = 0; si < side_items.size(); ++si) {
        const auto check = [&](const Commander& c, const JsonNode& general) {
            if (!c.attached_to.empty() && !s.unit_index.count(c.attached_to))
                general.required("attached_to")
                    .fail("\"" + c.id + "\" is attached to unknown unit \"" + c.attached_to + "\"");
        };
        const JsonNode& sn = side_items[si];
        check(s.sides[si].commander, sn.required("commander"));
        const auto brigade_items = sn.required("brigades").items();
        for (std::size_t bi = 0; bi < brigade_items.size(); ++bi)
            check(s.sides[si].brigades[bi].general, brigade_items[bi].required("general"));
    }
}

int unit_ref(const Scenario& s, const JsonNode& n) {
    const std::string id = n.as_string();
    auto it = s.unit_index.find(id);
    if (it == s.unit_index.end()) n.fail("unknown unit \"" + id + "\"");
    return it->second;
}

// The charges and the reaction an order may give (each counted in `kinds`).
void read_charge_or_reaction(const JsonNode& on, const Scenario& s, Order& o, int& kinds) {
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
}

// `as_played` on a charge (in range or not at the table) or a formation-changing reaction.
void read_order_as_played(const JsonNode& on, Order& o) {
    const auto a = on.optional("as_played");
    if (!a) return;
    o.as_played = a->as_string();
    const bool changes_formation =
        o.kind == OrderKind::reaction &&
        (o.reaction == Reaction::form_square || o.reaction == Reaction::change_formation);
    if (o.kind == OrderKind::charge || o.kind == OrderKind::opportunity_charge) {
        if (o.as_played != "in_range" && o.as_played != "out_of_range")
            a->fail("\"in_range\" (the charge reached at the table) or \"out_of_range\", not \"" +
                    o.as_played + "\"");
    } else if (!changes_formation) {
        a->fail(
            "as_played goes with a charge (in_range, out_of_range) or a reaction that "
            "changes formation (form_square, change_formation)");
    } else if (o.as_played != "completes" && o.as_played != "caught") {
        a->fail("\"completes\" (formed before contact) or \"caught\" (still changing), not \"" +
                o.as_played + "\"");
    }
}

// An ordinary move: to a point, by a distance (towards a unit), or into contact with a friend.
void read_move(const JsonNode& on, const Scenario& s, Order& o, int& kinds) {
    if (auto m = on.optional("move")) {
        o.kind = OrderKind::move;
        o.to = parse_point(*m);
        ++kinds;
    }
    if (auto m = on.optional("move_by")) {
        o.kind = OrderKind::move;
        o.move_by = board::parse_length_mm(*m);
        if (o.move_by <= 0) m->fail("a distance to move, more than 0");
        ++kinds;
        if (auto t = on.optional("towards")) {
            o.towards = unit_ref(s, *t);
            if (o.towards == o.unit) t->fail("a unit other than the one moving");
        }
    } else if (auto t = on.optional("towards")) {
        t->fail("towards goes with move_by (move 20 cm towards a unit)");
    }
    if (auto m = on.optional("move_to_contact")) {
        o.kind = OrderKind::move;
        o.contact = unit_ref(s, *m);
        if (o.contact == o.unit) m->fail("a unit other than the one moving");
        if (s.units[static_cast<std::size_t>(o.contact)].side !=
            s.units[static_cast<std::size_t>(o.unit)].side)
            m->fail(
                "a unit of its own side: a move into contact with an enemy is a charge "
                "(\"charge\": \"" +
                m->as_string() + "\")");
        ++kinds;
    }
}

// The superb cavalry's bonus move or turn after a melee (GdB 12.21 b).
void read_bonus(const JsonNode& on, Order& o, int& kinds) {
    if (!on.optional("bonus_move") && !on.optional("bonus_turn")) return;
    o.kind = OrderKind::bonus;
    ++kinds;
    if (auto b = on.optional("bonus_move")) {
        o.to = parse_point(*b);
        o.bonus_to = true;
    }
    if (auto t = on.optional("bonus_turn")) {
        o.bonus_turn = static_cast<int>(t->as_int(-45, 45));
        if (o.bonus_turn != 45 && o.bonus_turn != -45) t->fail("expected 45 or -45 (GdB 12.21 b)");
    }
}

Order parse_order(const JsonNode& on, const Scenario& s) {
    on.expect_only_keys({"turn", "unit", "charge", "opportunity_charge", "reaction", "move",
                         "formation", "general_leads", "after_contact", "next_target", "note",
                         "bonus_move", "bonus_turn", "as_played", "move_by", "towards",
                         "move_to_contact"});
    Order o;
    o.path = on.path();
    o.turn = static_cast<int>(on.required("turn").as_int(1, s.turns));
    o.unit = unit_ref(s, on.required("unit"));
    int kinds = 0;
    read_charge_or_reaction(on, s, o, kinds);
    read_order_as_played(on, o);
    read_move(on, s, o, kinds);
    read_bonus(on, o, kinds);
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
            "formation, or the bonus moves bonus_move / bonus_turn");
    if ((o.kind == OrderKind::charge || o.kind == OrderKind::opportunity_charge) &&
        s.units[o.target].side == s.units[o.unit].side)
        on.fail("a unit cannot charge a unit of its own side");
    o.general_leads = on.bool_or("general_leads", false);
    if (auto a = on.optional("after_contact"))
        o.after_contact = static_cast<AfterContact>(a->as_choice(after_contact_names()));
    if (auto nt = on.optional("next_target")) o.next_target = unit_ref(s, *nt);
    return o;
}

// A unit charges once a turn (an ordinary or an opportunity charge; `next_target` restarts the
// same charge) and has one reaction a turn: a second would never be carried out.
void check_one_charge_and_reaction(const std::vector<JsonNode>& items, const Scenario& s) {
    const auto charges = [](const Order& o) {
        return o.kind == OrderKind::charge || o.kind == OrderKind::opportunity_charge;
    };
    for (std::size_t i = 0; i < s.orders.size(); ++i) {
        const Order& o = s.orders[i];
        for (std::size_t k = 0; k < i; ++k) {
            const Order& first = s.orders[k];
            if (first.turn != o.turn || first.unit != o.unit) continue;
            const std::string& id = s.units[static_cast<std::size_t>(o.unit)].id;
            const std::string turn = " in turn " + std::to_string(o.turn);
            if (charges(o) && charges(first))
                items[i]
                    .required(o.kind == OrderKind::charge ? "charge" : "opportunity_charge")
                    .fail("one charge a turn: " + id + " already charges " +
                          s.units[static_cast<std::size_t>(first.target)].id + turn);
            if (o.kind == OrderKind::reaction && first.kind == OrderKind::reaction)
                items[i]
                    .required("reaction")
                    .fail("one reaction a turn: " + id + " already reacts " +
                          reaction_names()[static_cast<std::size_t>(first.reaction)] + turn);
        }
    }
}

// `general_moves`: [{"turn": 2, "general": "ponsonby", "to": [50, 30]}], each a commander's or a
// brigade general's id (not one attached to a unit: it rides with that unit).
void read_general_moves(const JsonNode& root, Scenario& s) {
    const auto moves = root.optional("general_moves");
    if (!moves) return;
    for (const auto& n : moves->items()) {
        n.expect_only_keys({"turn", "general", "to"});
        Scenario::GeneralMove m;
        m.turn = static_cast<int>(n.required("turn").as_int(1, s.turns));
        m.general = n.required("general").as_string();
        const Commander* found = nullptr;
        for (const auto& side : s.sides) {
            if (side.commander.id == m.general) found = &side.commander;
            for (const auto& b : side.brigades)
                if (b.general.id == m.general) found = &b.general;
        }
        if (!found) n.required("general").fail("a commander's or a general's id");
        if (!found->attached_to.empty())
            n.required("general").fail("a general not attached to a unit (" + m.general +
                                       " rides with " + found->attached_to + ")");
        m.to = parse_point(n.required("to"));
        s.general_moves.push_back(m);
    }
}

const replay::DiceRules& dice_rules() {
    static const replay::DiceRules rules = [] {
        replay::DiceRules r;
        r.purposes = forced_dice_purposes();
        r.as_played_results = [](const std::string& purpose) { return as_played_results(purpose); };
        r.dice_of_test = [](const std::string&) { return 2; };
        r.as_played_goes_with =
            "the dice of a charge test, a stand test, a pursuit test (melee_test) or a melee "
            "(won, lost, drawn)";
        // With a melee's result, the unit's losses and a loser's retreat as the table ruled them.
        r.ruled_keys = [](const std::string& purpose) {
            return purpose == "melee" ? std::vector<std::string>{"casualties", "retreat"}
                                      : std::vector<std::string>{};
        };
        r.check_ruled = [](const std::string& key, const std::string& value) -> std::string {
            if (key == "casualties") {
                const bool digits = !value.empty() && value.size() <= 3 &&
                                    std::all_of(value.begin(), value.end(),
                                                [](char c) { return c >= '0' && c <= '9'; });
                return digits ? ""
                              : "casualties: the figures the unit lost at the table (0 or more)";
            }
            return ruled_length_mm(value) > 0 ? ""
                                              : "retreat: the distance retreated at the table "
                                                "(15cm, 6in, more than 0)";
        };
        return r;
    }();
    return rules;
}

}  // namespace

Scenario parse_scenario(const Json& json, const std::string& file, const BattleRules& rules) {
    const JsonNode root(json, file, "$");
    root.expect_only_keys({"format", "version", "title", "description", "source", "ruleset",
                           "scale", "seed", "turns", "first_side", "table", "terrain", "sides",
                           "orders", "general_moves", "dice", "loose_dice", "game_record"});
    // The game record it was made from (`vedette record`), kept whole for `record --from`.
    if (auto g = root.optional("game_record")) (void)g->as_string();
    Scenario s;
    s.file = file;
    s.json_text = json.dump();
    nlohmann::ordered_json board = nlohmann::ordered_json::object();
    if (json.contains("table")) board["table"] = json["table"];
    if (json.contains("terrain")) board["terrain"] = json["terrain"];
    s.written_board = board.dump();
    parse_settings(root, s, rules);
    s.terrain = board::parse_table_and_terrain(root, file);
    parse_sides(root, s, rules);
    if (auto orders = root.optional("orders")) {
        const auto items = orders->items();
        for (const auto& on : items) s.orders.push_back(parse_order(on, s));
        check_one_charge_and_reaction(items, s);
    }
    read_general_moves(root, s);
    s.dice = replay::read_given_dice(root, dice_rules(), s.turns,
                                     [&](const JsonNode& n) { return unit_ref(s, n); });
    return s;
}

Scenario read_scenario_file(const std::string& path, const BattleRules& rules) {
    return parse_scenario(read_json_file(path), path, rules);
}

}  // namespace vedette::sim::battle

#include "sim/rulesets/gdb/battle/battle_rules.h"

#include <stdexcept>

#include "sim/core/json_reader.h"
#include "sim/rules/ruleset_files.h"

namespace vedette::sim::battle {

using gdb::TroopType;

const RuleRow& MoraleTable::mod(const std::string& id) const {
    for (const auto& m : modifiers)
        if (m.id == id) return m;
    throw std::logic_error("morale table " + rule + " has no modifier " + id);
}

const BaseSpec& BattleRules::base_of(TroopType t) const {
    if (gdb::is_cavalry(t)) return cavalry;
    if (t == TroopType::artillery) return artillery;
    if (t == TroopType::skirmishers) return skirmishers;
    return infantry;
}

MoveRates BattleRules::moves_of(TroopType t, const ScalePreset& scale) const {
    MoveRates m = moves[static_cast<std::size_t>(t)];
    auto s = [&](long v) { return v * scale.distance_percent / 100; };
    return {s(m.charge_mm), s(m.retreat_mm), s(m.evade_mm), s(m.move_mm)};
}

const FireRow& BattleRules::fire_row(int total) const {
    for (const auto& r : closing_fire)
        if (total >= r.min && total <= r.max) return r;
    throw std::logic_error("closing fire table has no row for " + std::to_string(total));
}

namespace {

RangeRow read_range(const JsonNode& item, const char* key, const std::string& rule) {
    RangeRow r;
    r.min = static_cast<int>(item.required("min").as_int(-1000, 1000));
    r.max = static_cast<int>(item.required("max").as_int(-1000, 1000));
    r.outcome = item.required(key).as_string();
    r.rule = item.string_or("rule", rule);
    r.label = item.string_or("label", r.outcome);
    return r;
}

// Every total the dice and modifiers can make must land on a row, or a test would have no result
// in the middle of a battle; checking the whole range here reports the gap on loading instead.
template <typename Row>
void check_cover(const JsonNode& n, const std::vector<Row>& rows, int lo, int hi) {
    for (int v = lo; v <= hi; ++v) {
        bool found = false;
        for (const auto& r : rows) found = found || (v >= r.min && v <= r.max);
        if (!found) n.fail("no row covers the value " + std::to_string(v));
    }
}

MoraleTable read_morale(const JsonNode& n, const std::vector<std::string>& results,
                        const std::vector<std::string>& mod_ids) {
    MoraleTable t;
    t.rule = n.required("rule").as_string();
    t.is_default = n.string_or("source", "seed") == "default";
    const auto cls = n.required("class");
    for (std::size_t c = 0; c < gdb::unit_class_names().size(); ++c)
        t.class_mod[c] = static_cast<int>(cls.required(gdb::unit_class_names()[c]).as_int(-10, 10));
    for (const auto& item : n.required("modifiers").items()) {
        RuleRow r;
        r.id = mod_ids[item.required("id").as_choice(mod_ids)];
        r.value = static_cast<int>(item.required("value").as_int(-20, 20));
        r.label = item.string_or("label", r.id);
        r.rule = t.rule;
        r.is_default = t.is_default;
        t.modifiers.push_back(r);
    }
    for (const auto& id : mod_ids) {
        bool found = false;
        for (const auto& m : t.modifiers) found = found || m.id == id;
        if (!found) n.required("modifiers").fail("missing modifier \"" + id + "\"");
    }
    const auto rows = n.required("rows");
    for (const auto& item : rows.items()) {
        RangeRow r = read_range(item, "result", t.rule);
        item.required("result").as_choice(results);
        t.rows.push_back(r);
    }
    check_cover(rows, t.rows, -20, 40);
    return t;
}

// "scales": one preset per key (15mm, 6mm, ...), each scaling the table's distances.
std::map<std::string, ScalePreset> read_scales(const JsonNode& scales) {
    std::map<std::string, ScalePreset> presets;
    for (auto it = scales.raw().begin(); it != scales.raw().end(); ++it) {
        const JsonNode s(it.value(), scales.file(), scales.path() + "." + it.key());
        ScalePreset p;
        p.name = it.key();
        p.rule = s.string_or("rule", "RULINGS 3");
        p.command_radius_mm = static_cast<long>(s.required("command_radius_mm").as_int(1, 10000));
        p.countercharge_min_mm =
            static_cast<long>(s.required("countercharge_min_mm").as_int(0, 10000));
        p.built_up_push_back_mm =
            static_cast<long>(s.required("built_up_push_back_mm").as_int(0, 10000));
        p.distance_percent = static_cast<int>(s.required("distance_percent").as_int(10, 1000));
        presets[p.name] = p;
    }
    return presets;
}

BaseSpec read_base(const JsonNode& bases, const char* key) {
    const auto n = bases.required(key);
    BaseSpec out;
    out.figures = static_cast<int>(n.required("figures").as_int(1, 100));
    out.width_mm = static_cast<long>(n.required("width_mm").as_int(1, 1000));
    out.depth_mm = static_cast<long>(n.required("depth_mm").as_int(1, 1000));
    return out;
}

// Bases abreast for each formation, in Formation order (0 = all, -1 = square).
std::array<int, 10> read_abreast(const JsonNode& formations) {
    std::array<int, 10> abreast{};
    for (std::size_t f = 0; f < gdb::formation_names().size(); ++f)
        abreast[f] =
            static_cast<int>(formations.required(gdb::formation_names()[f]).as_int(-1, 100));
    return abreast;
}

// Move rates for each troop type, in TroopType order; the file gives centimetres, we keep mm.
std::array<MoveRates, 10> read_moves(const JsonNode& moves) {
    std::array<MoveRates, 10> rates{};
    for (std::size_t t = 0; t < gdb::troop_type_names().size(); ++t) {
        const auto m = moves.required(gdb::troop_type_names()[t]);
        rates[t] = {static_cast<long>(m.required("charge").as_int(0, 200)) * 10,
                    static_cast<long>(m.required("retreat").as_int(0, 200)) * 10,
                    static_cast<long>(m.required("evade").as_int(0, 200)) * 10,
                    static_cast<long>(m.required("move").as_int(0, 200)) * 10};
    }
    return rates;
}

std::vector<FireRow> read_fire_rows(const JsonNode& rows) {
    std::vector<FireRow> out;
    for (const auto& item : rows.items()) {
        FireRow row;
        row.min = static_cast<int>(item.required("min").as_int(-1000, 1000));
        row.max = static_cast<int>(item.required("max").as_int(-1000, 1000));
        row.figures = static_cast<int>(item.required("figures").as_int(0, 100));
        row.label = item.string_or("label", "");
        out.push_back(row);
    }
    return out;
}

void read_closing_fire(const JsonNode& fire, BattleRules& r) {
    r.closing_fire_rule = fire.required("rule").as_string();
    r.artillery_fire_bonus = static_cast<int>(fire.required("artillery_bonus").as_int(-10, 10));
    r.closing_fire = read_fire_rows(fire.required("rows"));
    check_cover(fire.required("rows"), r.closing_fire, -10, 30);
}

void read_formation_change(const JsonNode& fc, BattleRules& r) {
    r.formation_rule = fc.required("rule").as_string();
    r.to_square_from_column = static_cast<int>(fc.required("to_square_from_column").as_int(0, 400));
    r.to_square_from_line = static_cast<int>(fc.required("to_square_from_line").as_int(0, 400));
    r.other_change = static_cast<int>(fc.required("other").as_int(0, 400));
}

BattleRules::Obstacle read_obstacle(const JsonNode& obstacles, const char* key) {
    const auto n = obstacles.required(key);
    BattleRules::Obstacle o;
    o.move_cost_mm = static_cast<long>(n.required("move_cost_mm").as_int(0, 10000));
    o.disorders = n.required("disorders").as_bool();
    return o;
}

void read_obstacles(const JsonNode& obstacles, BattleRules& r) {
    r.obstacle_rule = obstacles.required("rule").as_string();
    r.hedge = read_obstacle(obstacles, "hedge");
    r.wall = read_obstacle(obstacles, "wall");
    r.stream = read_obstacle(obstacles, "stream");
    r.obstacle_cover_reach_mm =
        static_cast<long>(obstacles.required("cover_reach_mm").as_int(0, 10000));
}

void read_roads(const JsonNode& roads, BattleRules& r) {
    r.road_rule = roads.required("rule").as_string();
    r.road_bonus_percent = static_cast<int>(roads.required("bonus_percent").as_int(0, 1000));
    r.road_reach_mm = static_cast<long>(roads.required("reach_mm").as_int(0, 10000));
}

void read_blown_cavalry(const JsonNode& blown, BattleRules& r) {
    r.blown_rule = blown.required("rule").as_string();
    r.blown_musket_range_mm =
        static_cast<long>(blown.required("musket_range_mm").as_int(0, 100000));
}

void read_abandoned_guns(const JsonNode& guns, BattleRules& r) {
    r.guns_rule = guns.required("rule").as_string();
    r.guns_enemy_clear_mm = static_cast<long>(guns.required("enemy_clear_mm").as_int(0, 10000));
}

void read_emergency_limbering(const JsonNode& lim, BattleRules& r) {
    r.limbering_rule = lim.required("rule").as_string();
    const auto rows = lim.required("rows");
    for (const auto& item : rows.items()) {
        item.required("result").as_choice({"guns_abandoned", "limbered"});
        r.limbering.push_back(read_range(item, "result", r.limbering_rule));
    }
    check_cover(rows, r.limbering, 1, 6);
}

}  // namespace

// The sections are read in the order the file lists them, so the first problem reported is the
// first one a reader of the file would meet.
BattleRules parse_battle_rules(const std::string& text, const std::string& file) {
    const Json json = parse_json_text(text, file);
    const JsonNode root(json, file, "$");
    const JsonNode b = root.required("battle");
    BattleRules r;
    r.scales = read_scales(b.required("scales"));
    const auto bases = b.required("bases");
    r.infantry = read_base(bases, "infantry");
    r.cavalry = read_base(bases, "cavalry");
    r.artillery = read_base(bases, "artillery");
    r.skirmishers = read_base(bases, "skirmishers");
    r.abreast = read_abreast(b.required("formations"));
    r.moves = read_moves(b.required("moves_cm"));
    r.charge_test =
        read_morale(b.required("charge_test"), {"charge_home", "halt", "retreat"},
                    {"unformed", "per_figure_lost", "general_attached", "cavalry_vs_square"});
    r.stand_test = read_morale(
        b.required("stand_test"), {"stand", "wavering", "retreat"},
        {"unformed", "flank_or_rear", "square_vs_cavalry", "line_vs_cavalry", "general_attached"});
    read_closing_fire(b.required("closing_fire"), r);
    read_formation_change(b.required("formation_change"), r);
    r.countercharge_wheel_over_degrees =
        static_cast<int>(b.required("countercharge").required("wheel_over_degrees").as_int(0, 180));
    read_obstacles(b.required("obstacles"), r);
    read_roads(b.required("roads"), r);
    r.sight_eye_height_mm =
        static_cast<long>(b.required("line_of_sight").required("eye_height_mm").as_int(0, 10000));
    read_blown_cavalry(b.required("blown_cavalry"), r);
    read_abandoned_guns(b.required("abandoned_guns"), r);
    read_emergency_limbering(b.required("emergency_limbering"), r);
    return r;
}

BattleRules load_battle_rules(const std::string& path) {
    return parse_battle_rules(read_text_file(path), path);
}

}  // namespace vedette::sim::battle

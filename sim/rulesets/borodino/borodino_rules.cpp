#include "sim/rulesets/borodino/borodino_rules.h"

#include <stdexcept>

#include "sim/board/terrain.h"
#include "sim/core/json_reader.h"
#include "sim/rules/ruleset_files.h"

namespace vedette::sim::borodino {

namespace {

bool read_source(const JsonNode& n) {
    const std::string s = n.string_or("source", "seed");
    if (s != "seed" && s != "rulings" && s != "default")
        n.required("source").fail("expected \"seed\", \"rulings\" or \"default\"");
    return s == "default";
}

Value read_value(const JsonNode& n, const std::string& rule) {
    Value v;
    v.value = static_cast<int>(n.required("value").as_int(-100, 10000));
    v.rule = n.string_or("rule", rule);
    v.label = n.string_or("label", "");
    v.is_default = read_source(n);
    return v;
}

UnitType read_type(const JsonNode& n) {
    UnitType t;
    t.id = n.required("id").as_string();
    t.label = n.string_or("label", t.id);
    t.visual = n.string_or("visual", "infantry");
    t.arm = static_cast<Arm>(n.required("arm").as_choice({"infantry", "cavalry", "artillery"}));
    const std::string weight = n.string_or("weight", "");
    t.heavy = weight == "heavy";
    t.light = weight == "light";
    if (t.arm == Arm::cavalry && !t.heavy && !t.light)
        n.required("weight").fail("cavalry needs \"weight\": \"light\" or \"heavy\"");
    t.horse = n.bool_or("horse", false);
    t.zoc = n.bool_or("zoc", true);
    t.movement = static_cast<int>(n.required("movement").as_int(0, 100));
    t.figures = static_cast<int>(n.required("figures").as_int(1, 200));
    t.defensive_fire = static_cast<int>(n.int_or("defensive_fire", 0, -9, 9));
    t.reaction_fire_at_most =
        static_cast<int>(n.int_or("reaction_fire_disorders_at_most", -1, -1, 9));
    t.is_default = read_source(n);
    return t;
}

// `looks_like`: a table feature kind (woods, built_up, wall, stream...), or none.
std::string read_looks_like(const JsonNode& n) {
    const auto v = n.optional("looks_like");
    if (!v) return "";
    return board::feature_kind_names()[v->as_choice(board::feature_kind_names())];
}

Terrain read_terrain(const JsonNode& n) {
    Terrain t;
    t.id = n.required("id").as_string();
    t.label = n.string_or("label", t.id);
    t.move_cost = static_cast<int>(n.required("move_cost").as_int(1, 100));
    t.shock_drm = static_cast<int>(n.required("shock_drm").as_int(-9, 9));
    t.charge = n.bool_or("charge", true);
    t.all_round_infantry = n.bool_or("all_round_infantry", false);
    t.blocks_sight = n.bool_or("blocks_sight", false);
    t.looks_like = read_looks_like(n);
    t.is_default = read_source(n);
    return t;
}

Hexside read_hexside(const JsonNode& n) {
    Hexside h;
    h.id = n.required("id").as_string();
    h.label = n.string_or("label", h.id);
    h.move_cost_extra = static_cast<int>(n.int_or("move_cost_extra", 0, 0, 100));
    h.shock_drm = static_cast<int>(n.int_or("shock_drm", 0, -9, 9));
    h.passable = n.bool_or("passable", true);
    h.looks_like = read_looks_like(n);
    if (!h.looks_like.empty() && h.looks_like != "stream" && h.looks_like != "wall" &&
        h.looks_like != "hedge" && h.looks_like != "road")
        n.required("looks_like").fail("a hexside looks like a line: stream, wall, hedge or road");
    h.is_default = read_source(n);
    return h;
}

void read_results(const JsonNode& n, BorodinoRules& r) {
    r.results_rule = n.string_or("rule", "Hex 9.22");
    static const std::vector<std::string> kResults = {"attacker_disordered_counter_shock",
                                                      "attacker_disordered", "defender_disordered",
                                                      "defender_retreats"};
    for (const auto& b : n.required("bands").items()) {
        ResultBand band;
        band.min = static_cast<int>(b.required("min").as_int(-99, 99));
        band.max = static_cast<int>(b.required("max").as_int(band.min, 99));
        band.result = kResults[b.required("result").as_choice(kResults)];
        band.label = b.string_or("label", band.result);
        band.words = b.string_or("words", "");
        band.is_default = read_source(b);
        if (!r.bands.empty() && band.min != r.bands.back().max + 1)
            b.required("min").fail("expected the bands to follow each other without a gap");
        r.bands.push_back(band);
    }
    if (r.bands.empty()) n.required("bands").fail("expected at least one band");
}

void read_ratios(const JsonNode& n, BorodinoRules& r) {
    r.ratio_rule = n.string_or("rule", "Hex shock DRMs");
    for (const auto& row : n.required("rows").items()) {
        RatioRow x;
        x.attacker = static_cast<int>(row.required("attacker").as_int(0, 100));
        x.defender = static_cast<int>(row.required("defender").as_int(1, 100));
        x.drm = static_cast<int>(row.required("drm").as_int(-9, 9));
        x.is_default = read_source(row);
        r.ratios.push_back(x);
    }
    if (r.ratios.empty() || r.ratios.back().attacker != 0)
        n.required("rows").fail("expected the last row to be 0:1 (every ratio finds a row)");
}

}  // namespace

BorodinoRules parse_borodino_rules(const std::string& text, const std::string& file) {
    const Json json = parse_json_text(text, file);
    const JsonNode root(json, file, "$");
    BorodinoRules r;
    static_cast<ruleset::DataFile&>(r) =
        ruleset::read_data_file_head(text, root, "Borodino hex system");
    const JsonNode board = root.required("board");
    r.hex_size_mm = read_value(board.required("hex_size_mm"), "Hex board");
    r.stack_limit = read_value(board.required("stack_limit"), "Hex stacking");
    r.command_range = read_value(board.required("command_range_hexes"), "Hex commitment");
    r.flank_step = read_value(board.required("flank_hexes"), "Hex shock DRMs");
    if (r.flank_step.value < 1 || r.flank_step.value > 2)
        board.required("flank_hexes").required("value").fail("expected 1 or 2");
    for (const auto& n : root.required("unit_types").items()) r.types.push_back(read_type(n));
    for (const auto& n : root.required("terrain").items()) r.terrain.push_back(read_terrain(n));
    for (const auto& n : root.required("hexsides").items()) r.hexsides.push_back(read_hexside(n));
    read_results(root.required("shock_results"), r);
    read_ratios(root.required("strength_ratios"), r);
    for (const auto& n : root.required("shock_modifiers").items()) {
        Value v = read_value(n, "Hex shock DRMs");
        r.mods[n.required("id").as_string()] = v;
    }
    for (const char* id : {"rear", "front_and_rear", "charge_heavy", "charge_light", "square",
                           "countercharged_by_heavy", "pursuit", "flank_open"})
        if (!r.mods.count(id))
            root.required("shock_modifiers")
                .fail(std::string("expected a modifier \"") + id + "\"");
    const JsonNode commit = root.required("commitment");
    r.no_orders = read_value(commit.required("no_orders"), "Hex commitment");
    const JsonNode charge = root.required("charge");
    r.charge_min = read_value(charge.required("min_range_hexes"), "Hex charge");
    r.charge_max = read_value(charge.required("max_range_hexes"), "Hex charge");
    r.countercharge_light_vs_heavy =
        read_value(charge.required("countercharge_light_vs_heavy"), "Hex charge");
    const JsonNode rbs = root.required("retreat_before_shock");
    r.cavalry_retreat_max = read_value(rbs.required("cavalry_max_hexes"), "Hex 9.31");
    r.jager_retreat_max = read_value(rbs.required("jager_max_hexes"), "Hex 9.32");
    r.counter_shock_by_default =
        read_value(root.required("counter_shock").required("by_default"), "Hex shock results");
    r.countercharge_fail_disorders =
        read_value(charge.required("countercharge_fail_disorders"), "Hex charge");
    r.rally = read_value(root.required("rally"), "Hex rally");
    r.units_block_sight = read_value(charge.required("units_block_sight"), "Hex charge");
    if (r.units_block_sight.value != 0 && r.units_block_sight.value != 1)
        charge.required("units_block_sight").required("value").fail("expected 0 or 1");
    const JsonNode bt = root.required("break_through");
    r.break_through = read_value(bt.required("hexes"), bt.string_or("rule", "Hex shock results"));
    if (r.break_through.value != 0 && r.break_through.value != 1)
        bt.required("hexes").required("value").fail(
            "expected 0 (no break-through) or 1 (one hex along the defender's line of retreat)");
    if (!r.terrain_of("clear")) root.required("terrain").fail("expected a \"clear\" terrain");
    return r;
}

const UnitType* BorodinoRules::type(const std::string& id) const {
    for (const auto& t : types)
        if (t.id == id) return &t;
    return nullptr;
}

const Terrain* BorodinoRules::terrain_of(const std::string& id) const {
    for (const auto& t : terrain)
        if (t.id == id) return &t;
    return nullptr;
}

const Hexside* BorodinoRules::hexside(const std::string& id) const {
    for (const auto& h : hexsides)
        if (h.id == id) return &h;
    return nullptr;
}

const Value& BorodinoRules::mod(const std::string& id) const {
    const auto it = mods.find(id);
    if (it == mods.end()) throw std::logic_error("no shock modifier " + id);
    return it->second;
}

std::vector<std::string> BorodinoRules::type_ids() const {
    std::vector<std::string> ids;
    for (const auto& t : types) ids.push_back(t.id);
    return ids;
}

std::vector<std::string> BorodinoRules::terrain_ids() const {
    std::vector<std::string> ids;
    for (const auto& t : terrain) ids.push_back(t.id);
    return ids;
}

const ResultBand& BorodinoRules::band_for(int modified) const {
    if (modified < bands.front().min) return bands.front();
    for (const auto& b : bands)
        if (modified >= b.min && modified <= b.max) return b;
    return bands.back();
}

const RatioRow& BorodinoRules::ratio_row(int attacker, int defender) const {
    // Rounded in the defender's favour: the first (best for the attacker) row the ratio reaches,
    // compared in integers (attacker / defender >= row.attacker / row.defender).
    for (const auto& row : ratios)
        if (static_cast<long long>(attacker) * row.defender >=
            static_cast<long long>(defender) * row.attacker)
            return row;
    return ratios.back();
}

}  // namespace vedette::sim::borodino

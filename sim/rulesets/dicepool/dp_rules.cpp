#include "sim/rulesets/dicepool/dp_rules.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>

#include "sim/core/json_reader.h"
#include "sim/rules/ruleset_files.h"

namespace vedette::sim::dicepool {

std::string words_of(const std::string& id) {
    std::string out = id;
    std::replace(out.begin(), out.end(), '_', ' ');
    return out;
}

const std::vector<std::string>& unit_type_names() {
    static const std::vector<std::string> n = {"line_infantry",  "light_infantry", "skirmishers",
                                               "shock_infantry", "irregulars",     "light_cavalry",
                                               "heavy_cavalry",  "artillery"};
    return n;
}

const std::vector<std::string>& formation_names() {
    static const std::vector<std::string> n = {"close_order", "loose", "square"};
    return n;
}

const std::vector<std::string>& reaction_names() {
    static const std::vector<std::string> n = {"none", "withdraw", "countercharge", "volley",
                                               "square"};
    return n;
}

bool UnitSheet::may(Reaction r) const {
    return r == Reaction::none ||
           std::find(reactions.begin(), reactions.end(), r) != reactions.end();
}

namespace {

bool read_source(const JsonNode& n, bool inherited) {
    const auto source = n.optional("source");
    if (!source) return inherited;
    return source->as_choice({"seed", "default"}) == 1;
}

// {"value": N, "label": ..., "source": ...} (or {"width_mm", "depth_mm"} through `key`).
Valued read_valued(const JsonNode& n, const char* key, const std::string& rule, int lo, int hi) {
    Valued v;
    v.value = static_cast<int>(n.required(key).as_int(lo, hi));
    v.label = n.string_or("label", key);
    v.rule = n.string_or("rule", rule);
    v.is_default = read_source(n, false);
    return v;
}

Fraction read_fraction(const JsonNode& n) {
    Fraction f;
    f.num = static_cast<int>(n.required("num").as_int(0, 100));
    f.den = static_cast<int>(n.required("den").as_int(1, 100));
    return f;
}

UnitSheet read_sheet(const JsonNode& n) {
    n.expect_only_keys({"label", "infantry", "cavalry", "move_in", "melee", "shoot", "range_in",
                        "armour", "order", "courage", "formation", "visual", "reactions"});
    UnitSheet s;
    s.label = n.required("label").as_string();
    s.infantry = n.required("infantry").as_bool();
    s.cavalry = n.required("cavalry").as_bool();
    s.move_in = static_cast<int>(n.required("move_in").as_int(0, 48));
    s.melee = static_cast<int>(n.required("melee").as_int(2, 6));
    s.shoot = static_cast<int>(n.required("shoot").as_int(2, 6));
    s.range_in = static_cast<int>(n.required("range_in").as_int(0, 96));
    s.armour = static_cast<int>(n.required("armour").as_int(1, 12));
    s.order = static_cast<int>(n.required("order").as_int(2, 13));
    s.courage = static_cast<int>(n.required("courage").as_int(2, 13));
    s.formation = static_cast<Formation>(n.required("formation").as_choice(formation_names()));
    s.visual = n.required("visual").as_string();
    for (const auto& r : n.required("reactions").items()) {
        const auto idx = r.as_choice(reaction_names());
        if (idx == 0) r.fail("\"none\" is always allowed; list only reactions");
        s.reactions.push_back(static_cast<Reaction>(idx));
    }
    return s;
}

MeleeModifier read_modifier(const JsonNode& n, const std::string& rule) {
    MeleeModifier m;
    m.id = n.required("id").as_string();
    m.rule = n.string_or("rule", rule);
    m.label = n.string_or("label", m.id);
    m.value = static_cast<int>(n.required("value").as_int(-5, 5));
    m.is_default = read_source(n, false);
    return m;
}

void read_measures(const JsonNode& root, DpRules& r) {
    const auto m = root.required("measures");
    const std::string rule = m.string_or("rule", "DP Units");
    r.foot_base_w = read_valued(m.required("foot_base"), "width_mm", rule, 5, 200);
    r.foot_base_d = read_valued(m.required("foot_base"), "depth_mm", rule, 5, 200);
    r.horse_base_w = read_valued(m.required("horse_base"), "width_mm", rule, 5, 200);
    r.horse_base_d = read_valued(m.required("horse_base"), "depth_mm", rule, 5, 200);
    r.min_models = read_valued(m.required("unit_models"), "min", rule, 1, 100);
    r.max_models = read_valued(m.required("unit_models"), "max", rule, 1, 100);
    if (r.max_models.value < r.min_models.value) m.required("unit_models").fail("max is below min");
    r.close_order_ranks = read_valued(m.required("close_order_ranks"), "value", rule, 1, 12);
    r.loose_gap_mm = read_valued(m.required("loose_gap_mm"), "value", rule, 0, 200);
}

void read_sheets(const JsonNode& root, DpRules& r) {
    const auto sheets = root.required("unit_sheets");
    r.sheets_rule = sheets.string_or("rule", "DP Unit sheet");
    r.sheets_are_default = read_source(sheets, false);
    const auto types = sheets.required("types");
    for (std::size_t t = 0; t < unit_type_names().size(); ++t)
        r.sheets[t] = read_sheet(types.required(unit_type_names()[t]));
    for (const auto& [key, value] : types.raw().items())
        if (std::find(unit_type_names().begin(), unit_type_names().end(), key) ==
            unit_type_names().end())
            types.required(key).fail(
                "unknown unit type (known: line_infantry, light_infantry, "
                "skirmishers, shock_infantry, irregulars, light_cavalry, "
                "heavy_cavalry, artillery)");
}

void read_melee(const JsonNode& root, DpRules& r) {
    const auto melee = root.required("melee");
    r.melee_rule = melee.string_or("rule", "DP Melee");
    // At most 12 dice a pool: the exact odds count 6^(12+12) rolls in 64 bits.
    r.pool = read_valued(melee.required("pool"), "value", r.melee_rule, 1, 12);
    r.pool_disordered =
        read_valued(melee.required("pool_disordered"), "value", r.melee_rule, 1, 12);
    r.needs_min = read_valued(melee.required("needs_min"), "value", r.melee_rule, 1, 6);
    r.needs_max = read_valued(melee.required("needs_max"), "value", r.melee_rule, 1, 7);
    if (r.needs_max.value < r.needs_min.value)
        melee.required("needs_max").fail("needs_max is below needs_min");
    bool have[3] = {false, false, false};
    for (const auto& item : melee.required("modifiers").items()) {
        const auto idx = item.required("id").as_choice({"charged", "loose", "cavalry_vs_square"});
        MeleeModifier* slot[3] = {&r.charged, &r.loose, &r.cavalry_vs_square};
        if (have[idx]) item.required("id").fail("modifier listed twice");
        have[idx] = true;
        *slot[idx] = read_modifier(item, r.melee_rule);
    }
    for (int i = 0; i < 3; ++i)
        if (!have[i])
            melee.required("modifiers")
                .fail(
                    "each of charged, loose and "
                    "cavalry_vs_square must be listed");
}

void read_charge_and_reactions(const JsonNode& root, DpRules& r) {
    const auto charge = root.required("charge");
    r.charge_rule = charge.string_or("rule", "DP Charge move");
    r.short_stop_in = read_valued(charge.required("short_stop_in"), "value", r.charge_rule, 0, 24);
    r.terrain_cost =
        read_valued(charge.required("difficult_terrain_cost"), "value", r.charge_rule, 1, 10);
    r.defended_obstacle_mm =
        read_valued(charge.required("defended_obstacle_mm"), "value", r.charge_rule, 0, 500);
    const auto reactions = root.required("reactions");
    r.countercharge_move =
        read_fraction(reactions.required("countercharge").required("move_fraction"));
    r.volley_fall_back = read_fraction(reactions.required("volley").required("fall_back_fraction"));
    r.shoot_dice_per_model =
        static_cast<int>(root.required("shooting").required("dice_per_model").as_int(1, 10));
    const auto tests = root.required("tests");
    r.tests_rule = tests.string_or("rule", "DP Tests");
    r.test_dice = static_cast<int>(tests.required("dice").as_int(1, 4));
    r.per_disorder_marker = static_cast<int>(tests.required("per_disorder_marker").as_int(-6, 0));
    r.courage_per_model_lost =
        static_cast<int>(tests.required("courage_per_model_lost").as_int(-6, 0));
    const auto outcome = root.required("outcome");
    r.pass_fall_back = read_fraction(outcome.required("pass_fall_back_fraction"));
    r.fail_markers = static_cast<int>(outcome.required("fail_markers").as_int(0, 5));
}

}  // namespace

DpRules parse_dp_rules(const std::string& text, const std::string& file) {
    const Json json = parse_json_text(text, file);
    const JsonNode root(json, file, "$");
    DpRules r;
    static_cast<ruleset::DataFile&>(r) = ruleset::read_data_file_head(text, root, std::nullopt);
    read_measures(root, r);
    read_sheets(root, r);
    read_charge_and_reactions(root, r);
    read_melee(root, r);
    return r;
}

namespace {
__attribute__((format(printf, 2, 3))) void append(std::string& out, const char* f, ...) {
    std::va_list args, again;
    va_start(args, f);
    va_copy(again, args);
    const int n = std::vsnprintf(nullptr, 0, f, args);
    va_end(args);
    if (n > 0) {
        std::string s(static_cast<std::size_t>(n), '\0');
        std::vsnprintf(s.data(), s.size() + 1, f, again);
        out += s;
    }
    va_end(again);
}
const char* mark(bool is_default) {
    return is_default ? " [default]" : "";
}
}  // namespace

std::string describe_dp_rules(const DpRules& r) {
    std::string out;
    append(out,
           "%s: %s (hash %s)\n[default] marks values the seed does not give (our rulings).\n\n",
           r.file.c_str(), r.name.c_str(), r.hash.c_str());
    append(out, "Unit sheets (%s)%s\n", r.sheets_rule.c_str(), mark(r.sheets_are_default));
    append(out, "  %-15s %5s %5s %5s %6s %6s %5s %7s  %s\n", "type", "move", "melee", "shoot",
           "range", "armour", "order", "courage", "reactions");
    for (std::size_t t = 0; t < r.sheets.size(); ++t) {
        const UnitSheet& s = r.sheets[t];
        std::string reactions;
        for (Reaction x : s.reactions)
            reactions +=
                (reactions.empty() ? "" : ", ") + reaction_names()[static_cast<std::size_t>(x)];
        append(out, "  %-15s %4d\" %4d+ %4d+ %5d\" %6d %4d+ %6d+  %s\n",
               unit_type_names()[t].c_str(), s.move_in, s.melee, s.shoot, s.range_in, s.armour,
               s.order, s.courage, reactions.empty() ? "-" : reactions.c_str());
    }
    append(out, "\nBases: foot %dx%d mm%s, horse %dx%d mm%s; %d-%d models a unit%s\n",
           r.foot_base_w.value, r.foot_base_d.value, mark(r.foot_base_w.is_default),
           r.horse_base_w.value, r.horse_base_d.value, mark(r.horse_base_w.is_default),
           r.min_models.value, r.max_models.value, mark(r.min_models.is_default));
    append(out,
           "\nTests (%s): %dD6 at or above the sheet's value, %+d per disorder marker; "
           "courage %+d per model lost [default]\n",
           r.tests_rule.c_str(), r.test_dice, r.per_disorder_marker, r.courage_per_model_lost);
    append(out, "\nCharge (%s): reach = order-test total in inches + move\n",
           r.charge_rule.c_str());
    append(out, "  %s: %d\"%s\n", r.short_stop_in.label.c_str(), r.short_stop_in.value,
           mark(r.short_stop_in.is_default));
    append(out, "  %s: x%d%s\n", r.terrain_cost.label.c_str(), r.terrain_cost.value,
           mark(r.terrain_cost.is_default));
    append(out, "  %s: %d mm%s\n", r.defended_obstacle_mm.label.c_str(),
           r.defended_obstacle_mm.value, mark(r.defended_obstacle_mm.is_default));
    append(out, "\nMelee (%s): %d dice, %d with a disorder marker\n", r.melee_rule.c_str(),
           r.pool.value, r.pool_disordered.value);
    for (const MeleeModifier* m : {&r.charged, &r.loose, &r.cavalry_vs_square})
        append(out, "  %+d to the value needed  %-50s %s%s\n", m->value, m->label.c_str(),
               m->rule.c_str(), mark(m->is_default));
    append(out, "  needed value kept within %d+ and %d+ [default]\n", r.needs_min.value,
           r.needs_max.value);
    append(out, "\nReaction fire: %d die per model at the sheet's shooting value [default]\n",
           r.shoot_dice_per_model);
    return out;
}

int least_passing_total(const DpRules& rules, int target, int disorder_markers) {
    return std::max(rules.test_dice, target - disorder_markers * rules.per_disorder_marker);
}

std::string reach_band_text(const DpRules& rules, const UnitSheet& sheet, int disorder_markers) {
    const int least = least_passing_total(rules, sheet.order, disorder_markers);
    if (least > highest_total(rules)) return "none: no order test passes";
    return std::to_string(sheet.move_in + least) + "\" to " +
           std::to_string(sheet.move_in + highest_total(rules)) + "\"";
}

std::string signed_text(int value) {
    return (value >= 0 ? "+" : "") + std::to_string(value);
}

std::string counted(int count, const std::string& noun) {
    return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

std::string inches_text(std::int64_t tenths) {
    const std::int64_t tenth_inches = (tenths * 10 + kTenthsPerInch / 2) / kTenthsPerInch;
    return std::to_string(tenth_inches / 10) + "." + std::to_string(tenth_inches % 10) + "\"";
}

}  // namespace vedette::sim::dicepool

#include "sim/rulesets/gdb/melee/gdb_rules.h"

#include <stdexcept>

#include "sim/core/json_reader.h"
#include "sim/rules/ruleset_files.h"
#include "sim/rulesets/gdb/melee/melee_types.h"

namespace vedette::sim::gdb {

const std::vector<std::string>& mod_ids() {
    static const std::vector<std::string> ids = {"type_cuirassiers",
                                                 "type_heavy_cavalry",
                                                 "type_dragoons",
                                                 "type_lancers",
                                                 "type_light_cavalry",
                                                 "type_cossacks",
                                                 "type_infantry",
                                                 "type_open_order",
                                                 "type_skirmishers",
                                                 "type_artillery",
                                                 "class_guard",
                                                 "class_elite",
                                                 "class_veteran",
                                                 "class_line",
                                                 "class_second_rate",
                                                 "class_conscript",
                                                 "class_conscript_line",
                                                 "class_garrison",
                                                 "british_guard_cap",
                                                 "general_leads",
                                                 "british_infantry_line",
                                                 "good_horses",
                                                 "poor_horses",
                                                 "unformed_or_wavering",
                                                 "flank_or_rear",
                                                 "charging",
                                                 "infantry_column_charging",
                                                 "column_or_square_vs_cavalry",
                                                 "lancers_vs_infantry",
                                                 "cover",
                                                 "building",
                                                 "fortified",
                                                 "numbers_3_2",
                                                 "numbers_2_1"};
    return ids;
}

const std::vector<std::string>& rate_ids() {
    static const std::vector<std::string> ids = {
        "cav_win_vs_broken_foot", "cossack_win_vs_broken_foot", "cav_win_vs_broken_cav",
        "cav_win_vs_pushed_cav",  "cav_win_vs_pushed_foot",     "cav_lose_vs_cav",
        "cav_lose_vs_foot",       "foot_win_vs_broken",         "foot_win_vs_pushed",
        "foot_lose_vs_all"};
    return ids;
}

const std::vector<std::string>& result_names() {
    static const std::vector<std::string> n = {"broken",       "retreat",   "pushed_back", "draw",
                                               "square_holds", "dispersed", "removed"};
    return n;
}

const RangeRow& row_for(const std::vector<RangeRow>& table, int value) {
    for (const auto& r : table)
        if (value >= r.min && value <= r.max) return r;
    throw std::logic_error("no table row for value " + std::to_string(value));
}

namespace {

RuleRow read_row(const JsonNode& n, const std::string& default_rule) {
    RuleRow r;
    r.id = n.string_or("id", "");
    r.value = static_cast<int>(n.required("value").as_int(-100, 100));
    r.rule = n.string_or("rule", default_rule);
    r.label = n.string_or("label", r.id);
    r.note = n.string_or("note", "");
    const std::string source = n.string_or("source", "seed");
    if (source != "seed" && source != "default")
        n.required("source").fail("expected \"seed\" or \"default\"");
    r.is_default = source == "default";
    return r;
}

// Reads rows of {min, max, <outcome_key>, label, rule?}; checks that they do not overlap and
// together cover [lo, hi] (every value the dice can produce).
std::vector<RangeRow> read_ranges(const JsonNode& n, const char* outcome_key,
                                  const std::vector<std::string>& allowed, const std::string& rule,
                                  int lo, int hi) {
    std::vector<RangeRow> rows;
    for (const auto& item : n.items()) {
        RangeRow r;
        r.min = static_cast<int>(item.required("min").as_int(-1000, 1000));
        r.max = static_cast<int>(item.required("max").as_int(-1000, 1000));
        if (r.max < r.min) item.required("max").fail("max is below min");
        const auto outcome = item.required(outcome_key);
        r.outcome = allowed[outcome.as_choice(allowed)];
        r.rule = item.string_or("rule", rule);
        r.label = item.string_or("label", r.outcome);
        for (const auto& other : rows)
            if (r.min <= other.max && other.min <= r.max)
                item.fail("range " + std::to_string(r.min) + ".." + std::to_string(r.max) +
                          " overlaps another row");
        rows.push_back(r);
    }
    for (int v = lo; v <= hi; ++v) {
        bool covered = false;
        for (const auto& r : rows) covered = covered || (v >= r.min && v <= r.max);
        if (!covered) n.fail("no row covers the value " + std::to_string(v));
    }
    return rows;
}

// 12.17: every row must be present exactly once.
void read_melee_modifiers(const JsonNode& root, GdbRules& g) {
    std::array<bool, static_cast<std::size_t>(Mod::count)> seen{};
    for (const auto& item : root.required("melee_modifiers").items()) {
        const auto id_node = item.required("id");
        const std::size_t idx = id_node.as_choice(mod_ids());
        if (seen[idx]) id_node.fail("modifier listed twice");
        seen[idx] = true;
        g.mods[idx] = read_row(item, "GdB 12.17");
        g.mods[idx].id = mod_ids()[idx];
    }
    for (std::size_t i = 0; i < seen.size(); ++i)
        if (!seen[i])
            root.required("melee_modifiers").fail("missing modifier \"" + mod_ids()[i] + "\"");
}

void read_melee_results(const JsonNode& root, GdbRules& g) {
    const auto results = root.required("melee_results");
    g.results_rule = results.string_or("rule", "GdB 12.18");
    g.result_rows =
        read_ranges(results.required("rows"), "result",
                    {"broken", "retreat", "pushed_back", "draw"}, g.results_rule, 0, 99);
    g.square_breaks_at = read_row(results.required("square_breaks_at"), g.results_rule);
}

// 12.20: every casualty rate exactly once, and the infantry-against-cavalry divisor.
void read_casualties(const JsonNode& root, GdbRules& g) {
    const auto cas = root.required("casualties");
    g.casualties_rule = cas.string_or("rule", "GdB 12.20");
    std::array<bool, static_cast<std::size_t>(Rate::count)> seen_rate{};
    for (const auto& item : cas.required("rows").items()) {
        const auto id_node = item.required("id");
        const std::size_t idx = id_node.as_choice(rate_ids());
        if (seen_rate[idx]) id_node.fail("casualty row listed twice");
        seen_rate[idx] = true;
        RuleRow r;
        r.id = rate_ids()[idx];
        r.value = static_cast<int>(item.required("per").as_int(1, 1000));
        r.rule = item.string_or("rule", g.casualties_rule);
        r.label = item.string_or("label", r.id);
        r.is_default = item.string_or("source", "seed") == "default";
        r.note = item.string_or("note", "");
        g.rates[idx] = r;
    }
    for (std::size_t i = 0; i < seen_rate.size(); ++i)
        if (!seen_rate[i])
            cas.required("rows").fail("missing casualty row \"" + rate_ids()[i] + "\"");
    g.infantry_vs_cavalry_divisor =
        read_row(cas.required("infantry_vs_cavalry_divisor"), g.casualties_rule);
    if (g.infantry_vs_cavalry_divisor.value < 1)
        cas.required("infantry_vs_cavalry_divisor").required("value").fail("expected 1 or more");
}

void read_formation_test(const JsonNode& root, GdbRules& g) {
    const auto ft = root.required("formation_test");
    g.formation_rule = ft.string_or("rule", "GdB 12.22");
    const auto pass_on = ft.required("pass_on");
    for (std::size_t c = 0; c < unit_class_names().size(); ++c)
        g.formation_pass_on[c] =
            static_cast<int>(pass_on.required(unit_class_names()[c]).as_int(2, 13));
    for (const auto& item : ft.required("modifiers").items()) {
        const auto id = item.required("id");
        if (id.as_choice({"excellent_general"}) == 0)
            g.formation_excellent_general = read_row(item, g.formation_rule);
    }
}

void read_pursuit_test(const JsonNode& root, GdbRules& g) {
    const auto pt = root.required("pursuit_test");
    g.pursuit_rule = pt.string_or("rule", "GdB 12.23");
    std::array<bool, 4> seen_p{};
    for (const auto& item : pt.required("modifiers").items()) {
        const auto id = item.required("id");
        const std::size_t k = id.as_choice(
            {"commander_attached", "guard_or_elite", "conscripts", "british_or_cossack"});
        seen_p[k] = true;
        RuleRow r = read_row(item, g.pursuit_rule);
        (k == 0   ? g.pursuit_commander
         : k == 1 ? g.pursuit_guard_elite
         : k == 2 ? g.pursuit_conscripts
                  : g.pursuit_british_cossack) = r;
    }
    for (bool s : seen_p)
        if (!s) pt.required("modifiers").fail("expected the four pursuit-test modifiers");
    g.pursuit_penalty_floor = read_row(pt.required("penalty_floor"), g.pursuit_rule);
    g.pursuit_rows =
        read_ranges(pt.required("rows"), "result", {"superb", "unformed", "blown", "pursue"},
                    g.pursuit_rule, -10, 20);
    g.pursuit_superb_downgrade = read_row(pt.required("superb_downgrade_to"), g.pursuit_rule);
}

// 12.15: the double-six table and the general at risk.
void read_melee_events(const JsonNode& root, GdbRules& g) {
    const auto ds = root.required("double_six");
    g.double_six_rule = ds.string_or("rule", "GdB 12.15");
    g.double_six_rows =
        read_ranges(ds.required("rows"), "effect",
                    {"colours_distinguished", "enemy_officer_down", "enemy_colours_taken", "none"},
                    g.double_six_rule, 1, 6);
    const auto gr = root.required("general_at_risk");
    g.general_risk_rule = gr.string_or("rule", "GdB 12.15");
    g.general_risk_rows =
        read_ranges(gr.required("rows"), "effect", {"killed", "wounded", "unharmed"},
                    g.general_risk_rule, 2, 12);
    g.events_are_default = ds.string_or("source", "seed") == "default";
}

void read_first_round(const JsonNode& root, const std::string& file, GdbRules& g) {
    const auto fr = root.required("first_round");
    g.first_round_rule = fr.string_or("rule", "GdB 12.3");
    g.cavalry_ranks_fighting =
        static_cast<int>(fr.required("cavalry_ranks_fighting").as_int(1, 100));
    const auto by_formation = fr.required("cavalry_ranks_by_formation");
    for (std::size_t f = 0; f < formation_names().size(); ++f)
        g.cavalry_ranks_by_formation[f] =
            static_cast<int>(by_formation.int_or(formation_names()[f], 0, 0, 100));
    for (auto it = by_formation.raw().begin(); it != by_formation.raw().end(); ++it) {
        bool known = false;
        for (const auto& f : formation_names()) known = known || f == it.key();
        if (!known)
            JsonNode(it.value(), file, by_formation.path() + "." + it.key())
                .fail("unknown formation");
    }
}

}  // namespace

GdbRules parse_gdb_rules(const std::string& text, const std::string& file) {
    const Json json = parse_json_text(text, file);
    const JsonNode root(json, file, "$");
    GdbRules g;
    if (root.required("ruleset").as_string() != "gdb")
        root.required("ruleset").fail("expected \"gdb\"");
    static_cast<ruleset::DataFile&>(g) =
        ruleset::read_data_file_head(text, root, "General de Brigade");
    read_melee_modifiers(root, g);
    read_melee_results(root, g);
    read_casualties(root, g);
    read_formation_test(root, g);
    read_pursuit_test(root, g);
    read_melee_events(root, g);
    read_first_round(root, file, g);
    const auto sp = root.required("sapper");
    g.sapper_rule = sp.string_or("rule", "GdB 12.10");
    g.sapper_reroll_if_at_most = read_row(sp.required("reroll_if_at_most"), g.sapper_rule);
    return g;
}

GdbRules load_gdb_rules(const std::string& path) {
    return parse_gdb_rules(read_text_file(path), path);
}

}  // namespace vedette::sim::gdb

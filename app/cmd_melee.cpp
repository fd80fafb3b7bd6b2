// `vedette melee FILE.json [--json] [--odds] [--seed N] [--rules DIR]`: the explaining melee
// calculator. `vedette rules`: the GdB tables as loaded, default values marked.

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <stdexcept>

#include "app/cli.h"
#include "sim/core/input_error.h"
#include "sim/gdb/gdb_rules.h"
#include "sim/gdb/melee_engine.h"
#include "sim/gdb/melee_input.h"
#include "sim/gdb/melee_odds.h"
#include "sim/gdb/melee_report.h"
#include "sim/rules/ruleset_files.h"

namespace vedette::app {

namespace {

std::uint64_t parse_seed(const std::string& text) {
    if (text.empty()) return 1;
    char* end = nullptr;
    errno = 0;
    const unsigned long long v = std::strtoull(text.c_str(), &end, 10);
    if (errno != 0 || end == text.c_str() || *end != '\0' || text[0] == '-')
        throw UsageError{"--seed expects a whole number from 0 to 18446744073709551615, got '" +
                         text + "'"};
    return v;
}

sim::gdb::GdbRules load_rules(const std::string& rules_dir) {
    return sim::gdb::load_gdb_rules(sim::ruleset_path(sim::find_rules_dir(rules_dir), "gdb"));
}

}  // namespace

int run_melee(const Args& in) {
    Args args = in;
    const bool json = take_flag(args, "--json");
    const bool with_odds = take_flag(args, "--odds");
    const std::string seed_text = take_option(args, "--seed");
    const std::uint64_t seed = parse_seed(seed_text);
    const std::string rules_dir = take_option(args, "--rules");
    expect_no_more_options(args);
    if (args.size() != 1) throw UsageError{"expected one melee file"};

    const sim::gdb::GdbRules rules = load_rules(rules_dir);
    const sim::gdb::MeleeSetup setup = sim::gdb::read_melee_file(args[0]);
    const sim::gdb::PreparedMelee melee = sim::gdb::prepare_melee(rules, setup);
    sim::Prng prng(seed);
    sim::gdb::MeleeOutcome outcome;
    sim::gdb::resolve_melee(melee, prng, outcome);
    std::optional<sim::gdb::MeleeOdds> odds;
    if (with_odds) {
        try {
            odds = sim::gdb::melee_odds(melee);
        } catch (const std::invalid_argument& e) {
            // Too many rolling units for exact counts: a property of the file, so exit 2.
            throw sim::InputError(args[0], "--odds", e.what());
        }
    }

    if (json) {
        auto j = sim::gdb::melee_report_json(melee, outcome, odds ? &*odds : nullptr);
        j["seed"] = seed;
        std::cout << j.dump(2) << "\n";
    } else {
        std::cout << sim::gdb::melee_report_text(melee, outcome, odds ? &*odds : nullptr);
    }
    return 0;
}

int run_rules(const Args& in) {
    Args args = in;
    const std::string ruleset = take_option(args, "--ruleset");
    const std::string rules_dir = take_option(args, "--rules");
    expect_no_more_options(args);
    if (!args.empty()) throw UsageError{"unexpected argument " + args[0]};
    if (!ruleset.empty() && ruleset != "gdb")
        throw UsageError{"unknown ruleset '" + ruleset + "' (known: gdb)"};
    const sim::gdb::GdbRules r = load_rules(rules_dir);
    std::printf("%s: %s (hash %s)\n[default] marks values the seeds do not give (our rulings).\n\n",
                r.file.c_str(), r.name.c_str(), r.hash.c_str());
    std::printf("Melee modifiers (GdB 12.17)\n");
    for (const auto& row : r.mods)
        std::printf("  %+3d  %-55s %s%s\n", row.value, row.label.c_str(), row.rule.c_str(),
                    row.is_default ? " [default]" : "");
    std::printf("\nMelee results (%s)\n", r.results_rule.c_str());
    for (const auto& row : r.result_rows) std::printf("  %s\n", row.label.c_str());
    std::printf("  %s: %d\n", r.square_breaks_at.label.c_str(), r.square_breaks_at.value);
    std::printf("\nCasualties (%s): one enemy figure per N figures\n", r.casualties_rule.c_str());
    for (const auto& row : r.rates)
        std::printf("  1 per %-3d %s%s\n", row.value, row.label.c_str(),
                    row.is_default ? " [default]" : "");
    std::printf("  %s: divide by %d\n", r.infantry_vs_cavalry_divisor.label.c_str(),
                r.infantry_vs_cavalry_divisor.value);
    std::printf("\nFormation test (%s): 2D6, pass on\n", r.formation_rule.c_str());
    for (std::size_t c = 0; c < r.formation_pass_on.size(); ++c)
        std::printf("  %-12s %d+\n", sim::gdb::unit_class_names()[c].c_str(),
                    r.formation_pass_on[c]);
    std::printf("  %+d %s\n", r.formation_excellent_general.value,
                r.formation_excellent_general.label.c_str());
    std::printf("\nPursuit test (%s): 2D6\n", r.pursuit_rule.c_str());
    for (const auto* row : {&r.pursuit_commander, &r.pursuit_guard_elite, &r.pursuit_conscripts,
                            &r.pursuit_british_cossack})
        std::printf("  %+d %s\n", row->value, row->label.c_str());
    std::printf("  %s\n", r.pursuit_penalty_floor.label.c_str());
    for (const auto& row : r.pursuit_rows) std::printf("  %s\n", row.label.c_str());
    std::printf("\nDouble six (%s)%s\n", r.double_six_rule.c_str(),
                r.events_are_default ? " [default]" : "");
    for (const auto& row : r.double_six_rows)
        std::printf("  %d-%d %s\n", row.min, row.max, row.label.c_str());
    std::printf("\nGeneral at risk (%s)%s\n", r.general_risk_rule.c_str(),
                r.events_are_default ? " [default]" : "");
    for (const auto& row : r.general_risk_rows) std::printf("  %s\n", row.label.c_str());
    std::printf("\nSapper (%s): %s: %d [default]\n", r.sapper_rule.c_str(),
                r.sapper_reroll_if_at_most.label.c_str(), r.sapper_reroll_if_at_most.value);
    return 0;
}

}  // namespace vedette::app

// `vedette melee FILE.json [--json] [--odds] [--seed N] [--rules DIR]`: the explaining melee
// calculator of the ruleset the file names. `vedette rules [--ruleset ID]`: a ruleset's tables
// as loaded, default values marked.

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <stdexcept>

#include "app/cli.h"
#include "sim/core/input_error.h"
#include "sim/core/json_reader.h"
#include "sim/ruleset/registry.h"

namespace vedette::app {

namespace {

std::uint64_t parse_seed(const std::string& text) {
    if (text.empty()) return 1;
    char* end = nullptr;
    errno = 0;
    const unsigned long long v = std::strtoull(text.c_str(), &end, 10);
    if (!plain_decimal(text, false) || errno != 0 || end == text.c_str() || *end != '\0')
        throw UsageError{"--seed expects a whole number from 0 to 18446744073709551615, got '" +
                         text + "'"};
    return v;
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

    const sim::Json file = sim::read_json_file(args[0]);
    const auto rules =
        sim::ruleset::make_ruleset(sim::ruleset::ruleset_of(file, args[0]), rules_dir, args[0]);
    sim::ruleset::ResolveOptions options;
    options.odds = with_odds;
    options.seed = seed;
    const sim::ruleset::Resolution r = rules->resolve(file, args[0], options);
    if (json)
        std::cout << r.json_text << "\n";
    else
        std::cout << r.text;
    return 0;
}

int run_rules(const Args& in) {
    Args args = in;
    const std::string ruleset = take_option(args, "--ruleset");
    const std::string rules_dir = take_option(args, "--rules");
    expect_no_more_options(args);
    if (!args.empty()) throw UsageError{"unexpected argument " + args[0]};
    if (!ruleset.empty() && !sim::ruleset::has_ruleset(ruleset)) {
        std::string known;
        for (const auto& id : sim::ruleset::ruleset_ids())
            known += (known.empty() ? "" : ", ") + id;
        throw UsageError{"unknown ruleset '" + ruleset + "' (known: " + known + ")"};
    }
    const auto rules = sim::ruleset::make_ruleset(
        ruleset.empty() ? sim::ruleset::default_ruleset() : ruleset, rules_dir);
    std::cout << rules->describe_tables();
    return 0;
}

}  // namespace vedette::app

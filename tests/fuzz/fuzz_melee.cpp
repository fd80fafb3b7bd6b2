// fuzz_melee: the melee file readers of every rule system and everything `vedette melee FILE
// --odds --json` does with what they read. The file's "ruleset" field picks the rule system, as
// the CLI's does (none: General de Brigade), so the shipped files of each system seed their own:
// - GdB (sim/rulesets/gdb/melee/melee_input): prepare, resolve with the dice, exact odds, both
//   reports;
// - Borodino (sim/rulesets/borodino/shock_input): the shock as `vedette melee` resolves it, and
//   each target hex's d10 bands;
// - dice pool (sim/rulesets/dicepool/dp_melee_io): the plan, the dice, the exact odds, the reports
//   and the explanation.
// Expected for bad input: sim::InputError; from GdB's melee_odds, std::invalid_argument for too
// many rolling units (documented in melee_odds.h). Anything else is a finding.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include "sim/core/json_reader.h"
#include "sim/ruleset/registry.h"
#include "sim/rulesets/borodino/borodino_ruleset.h"
#include "sim/rulesets/borodino/shock.h"
#include "sim/rulesets/borodino/shock_input.h"
#include "sim/rulesets/dicepool/dp_melee_io.h"
#include "sim/rulesets/dicepool/dp_ruleset.h"
#include "sim/rulesets/gdb/melee/melee_engine.h"
#include "sim/rulesets/gdb/melee/melee_input.h"
#include "sim/rulesets/gdb/melee/melee_odds.h"
#include "sim/rulesets/gdb/melee/melee_report.h"
#include "tests/fuzz/fuzz_common.h"

namespace {

using namespace vedette;

constexpr const char* kFile = "fuzz-melee.json";

// The odds claim to be exact: their counts add up to the denominator, and no probability is
// outside [0, 1]. A report that breaks this lies to the user.
void check_odds(const sim::gdb::MeleeOdds& odds) {
    sim::gdb::Count total = 0;
    for (const auto& o : odds.outcomes) {
        fuzz::expect(o.count <= odds.denominator, "an outcome counts more than the denominator");
        total += o.count;
    }
    fuzz::expect(total == odds.denominator,
                 "the odds' outcome counts do not add up to the denominator");
    for (double e : odds.expected_casualties)
        fuzz::expect(e >= 0.0, "negative expected casualties");
}

// Two seeds, so both dice paths of a close fight are seen; with and without the odds, as the CLI
// runs it with and without --odds.
constexpr std::uint64_t kSeeds[] = {1ull, 0x9e3779b97f4a7c15ull};

void resolve_as_cli(const sim::ruleset::Ruleset& rules, const sim::Json& json) {
    for (std::uint64_t seed : kSeeds)
        for (bool odds : {false, true}) {
            sim::ruleset::ResolveOptions options;
            options.odds = odds;
            options.seed = seed;
            const sim::ruleset::Resolution r = rules.resolve(json, kFile, options);
            (void)r.json_text.size();
        }
}

// A shock's die is a d10: each target hex's result bands share its ten faces.
void run_borodino(const sim::Json& json) {
    const auto& ruleset =
        dynamic_cast<const sim::borodino::BorodinoRuleset&>(fuzz::shipped_ruleset("borodino"));
    const sim::borodino::BorodinoRules& rules = ruleset.rules();
    const sim::borodino::ShockFile file =
        sim::borodino::parse_shock_file(sim::JsonNode(json, kFile, "$"), rules);
    const sim::borodino::PreparedShock prepared =
        sim::borodino::prepare_shock(rules, file.situation);
    for (const auto& hex : prepared.hexes) {
        int faces = 0;
        for (int n : sim::borodino::band_counts(rules, hex.drm)) {
            fuzz::expect(n >= 0, "a shock band has a negative count of faces");
            faces += n;
        }
        fuzz::expect(faces == 10, "a shock's bands do not share the d10's ten faces");
    }
    resolve_as_cli(ruleset, json);
}

// The dice-pool odds are exact counts of the rolls of both pools: they add up.
void run_dicepool(const sim::Json& json) {
    const auto& ruleset =
        dynamic_cast<const sim::dicepool::DicepoolRuleset&>(fuzz::shipped_ruleset("dicepool"));
    const sim::dicepool::DpRules& rules = ruleset.rules();
    const auto sides = sim::dicepool::parse_melee_file(rules, sim::JsonNode(json, kFile, "$"));
    const sim::dicepool::MeleePlan plan = sim::dicepool::plan_melee(rules, sides);
    const sim::dicepool::MeleeOdds odds = sim::dicepool::melee_odds(plan);
    std::uint64_t total = 0;
    for (std::uint64_t n : odds.results) total += n;
    fuzz::expect(total == odds.denominator,
                 "the dice-pool odds' result counts do not add up to the denominator");
    for (const auto& hits : odds.hits) {
        std::uint64_t rolls = 0;
        for (std::uint64_t n : hits.counts) rolls += n;
        fuzz::expect(rolls == hits.denominator,
                     "a dice pool's hit counts do not add up to its denominator");
    }
    resolve_as_cli(ruleset, json);
}

void run_gdb(const sim::Json& json) {
    const fuzz::Rules& rules = fuzz::rules();
    const sim::gdb::MeleeSetup setup = sim::gdb::parse_melee(sim::JsonNode(json, kFile, "$"));
    const sim::gdb::PreparedMelee melee = sim::gdb::prepare_melee(rules.melee, setup);

    // The CLI's default seed, and one more so both dice paths of a close melee are seen.
    for (std::uint64_t seed : kSeeds) {
        sim::Prng prng(seed);
        sim::gdb::MeleeOutcome outcome;
        sim::gdb::resolve_melee(melee, prng, outcome);
        (void)sim::gdb::melee_report_text(melee, outcome, nullptr);
    }

    std::optional<sim::gdb::MeleeOdds> odds;
    try {
        odds = sim::gdb::melee_odds(melee);
        check_odds(*odds);
    } catch (const std::invalid_argument& e) {
        fuzz::rejected(e);
        // Documented: too many rolling units for exact counts; the reports go on without odds.
    }
    sim::Prng prng(1);
    sim::gdb::MeleeOutcome outcome;
    sim::gdb::resolve_melee(melee, prng, outcome);
    const sim::gdb::MeleeOdds* shown = odds ? &*odds : nullptr;
    (void)sim::gdb::melee_report_json(melee, outcome, shown).dump(2);
    (void)sim::gdb::melee_report_text(melee, outcome, shown);
    resolve_as_cli(fuzz::ruleset(), json);  // the explanation the viewer's panels show, too
}

void run(const std::string& text) {
    const sim::Json json = sim::parse_json_text(text, kFile);
    const std::string id = sim::ruleset::ruleset_of(json, kFile);
    if (id == "borodino")
        run_borodino(json);
    else if (id == "dicepool")
        run_dicepool(json);
    else if (id == "gdb")
        run_gdb(json);
    else
        (void)fuzz::shipped_ruleset(id);  // the registry's InputError for an unknown id
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        run(fuzz::as_text(data, size));
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);  // bad input, reported as the CLI reports it (exit 2).
    }
    return 0;
}

// fuzz_melee: the melee file reader (sim/rulesets/gdb/melee/melee_input) and everything `vedette
// melee FILE
// --odds --json` does with what it reads: prepare, resolve with the dice, exact odds, both reports.
// Expected for bad input: sim::InputError; from melee_odds, std::invalid_argument for too many
// rolling units (documented in melee_odds.h). Anything else is a finding.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include "sim/core/json_reader.h"
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

void run(const std::string& text) {
    const fuzz::Rules& rules = fuzz::rules();
    const sim::Json json = sim::parse_json_text(text, kFile);
    const sim::gdb::MeleeSetup setup = sim::gdb::parse_melee(sim::JsonNode(json, kFile, "$"));
    const sim::gdb::PreparedMelee melee = sim::gdb::prepare_melee(rules.melee, setup);

    // The CLI's default seed, and one more so both dice paths of a close melee are seen.
    for (std::uint64_t seed : {1ull, 0x9e3779b97f4a7c15ull}) {
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

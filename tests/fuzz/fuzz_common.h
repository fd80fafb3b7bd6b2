#pragma once
// What the fuzz harnesses share (docs/FUZZING.md): the rules loaded once, a private temporary
// folder for readers that take a path, and a loud stop for a broken invariant.
//
// A harness catches only the errors a reader documents for bad input (sim::InputError and the few
// named in its header); anything else escapes, and libFuzzer reports it as a crash with the input
// that caused it. That is the point: on any bytes, a reader either returns or says what is wrong.

#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>

#include "sim/ruleset/ruleset.h"
#include "sim/rulesets/gdb/battle/battle_rules.h"
#include "sim/rulesets/gdb/gdb_ruleset.h"
#include "sim/rulesets/gdb/melee/gdb_rules.h"

namespace vedette::fuzz {

struct Rules {
    sim::gdb::GdbRules melee;
    sim::battle::BattleRules battle;
};

// The shipped rules (sim/rulesets/gdb/gdb.json), read on first use and kept for the whole run.
const Rules& rules();
// The same, behind the ruleset interface (verify, records).
const sim::gdb::GdbRuleset& ruleset();

// The shipped ruleset `id` (sim/rulesets/ID/ID.json, through the registry as the CLI makes it),
// made on first use and kept. An id the registry does not know is the registry's InputError.
const sim::ruleset::Ruleset& shipped_ruleset(const std::string& id);

// A file of the source tree by its path from the repository's root ("replays/examples/x.json"),
// read once for seeding a harness's fixed inputs; aborts when it is missing.
const std::string& source_file(const std::string& relative);

// The input as a string (the readers take text).
std::string as_text(const std::uint8_t* data, std::size_t size);

// A folder of this process's own, made on first use and removed when the process exits.
const std::string& scratch_dir();
// Writes `bytes` to `scratch_dir()/name` and returns the path.
std::string write_scratch_file(const std::string& name, const std::string& bytes);

// Notes an expected error for the input at hand. Silent unless VEDETTE_FUZZ_VERBOSE is set, for
// checking by hand why a seed is refused (`VEDETTE_FUZZ_VERBOSE=1 fuzz_scenario seed.json`).
void rejected(const std::exception& error);

// Aborts with `what` when `ok` is false: a reader that returned something impossible is a
// finding like a crash (libFuzzer saves the input).
void expect(bool ok, const char* what);

}  // namespace vedette::fuzz

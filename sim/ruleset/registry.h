#pragma once
// The ruleset registry: id -> factory. It starts empty and the core never calls into the
// plug-ins: the program registers them when it starts (app/main.cpp calls
// register_builtin_rulesets; test runners, benchmarks and fuzzers link
// vedette_builtin_rulesets_at_start), and a test or a tool may register more. The core finds a
// ruleset only through here, from the "ruleset" field of the file it is reading.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "sim/ruleset/record_verbs.h"
#include "sim/ruleset/ruleset.h"

namespace vedette::sim::ruleset {

// Makes the ruleset, loading its data from `rules_dir` (a folder as find_rules_dir returns).
using Factory = std::function<std::unique_ptr<Ruleset>(const std::string& rules_dir)>;

// Adds a ruleset, with the verbs of its game records' order lines (record_verbs.h); returns true
// so a plug-in can register from a static initialiser.
bool register_ruleset(const std::string& id, Factory factory, RecordVerbs verbs = {});
// The record verbs rule system `id` registered (nullptr for an unknown id).
const RecordVerbs* record_verbs_of(const std::string& id);
std::vector<std::string> ruleset_ids();  // sorted
bool has_ruleset(const std::string& id);

// The ruleset `id` with its data from `rules_dir` ("" = the default search, find_rules_dir).
// An unknown id is an InputError naming `file` and `where` (the JSON path of the field).
std::unique_ptr<Ruleset> make_ruleset(const std::string& id, const std::string& rules_dir,
                                      const std::string& file = "",
                                      const std::string& where = "$.ruleset");

// The ruleset of a file without a "ruleset" field: such files predate the other rule systems, so
// they are General de Brigade's.
std::string default_ruleset();

// The "ruleset" field of a scenario, replay or melee file (default_ruleset() when absent).
std::string ruleset_of(const Json& json, const std::string& file);

// Registers every ruleset shipped with Vedette (gdb, borodino, dicepool). Defined by the
// vedette_rulesets library (sim/rulesets/builtin.cpp), for the program to call: the core has no
// call to it.
void register_builtin_rulesets();

}  // namespace vedette::sim::ruleset

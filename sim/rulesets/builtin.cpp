// The rulesets shipped with Vedette, registered by the program that wants them: one line per
// rule system, with the verbs of its game records (each listed in its own folder).

#include "sim/ruleset/registry.h"
#include "sim/rulesets/borodino/borodino_ruleset.h"
#include "sim/rulesets/dicepool/dp_ruleset.h"
#include "sim/rulesets/gdb/gdb_ruleset.h"

namespace vedette::sim::ruleset {

void register_builtin_rulesets() {
    register_ruleset(
        "gdb", [](const std::string& dir) { return std::make_unique<gdb::GdbRuleset>(dir); },
        gdb::GdbRuleset::record_verbs());
    register_ruleset(
        "borodino",
        [](const std::string& dir) { return std::make_unique<borodino::BorodinoRuleset>(dir); },
        borodino::BorodinoRuleset::record_verbs());
    register_ruleset(
        "dicepool",
        [](const std::string& dir) { return std::make_unique<dicepool::DicepoolRuleset>(dir); },
        dicepool::DicepoolRuleset::record_verbs());
}

}  // namespace vedette::sim::ruleset

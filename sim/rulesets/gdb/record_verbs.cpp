// General de Brigade's game record verbs (docs/GAME_RECORD.md): the charge and its answer, a
// formation change in the movement phase, and the moves every record reads alike.

#include "sim/rulesets/gdb/gdb_ruleset.h"

namespace vedette::sim::gdb {

const ruleset::RecordVerbs& GdbRuleset::record_verbs() {
    using Takes = ruleset::RecordVerb::Takes;
    static const ruleset::RecordVerbs verbs = {
        {"charges", Takes::unit, "charge", "", "UNIT charges UNIT"},
        {"reacts", Takes::word, "reaction", "", "UNIT reacts form_square"},
        {"forms", Takes::word, "formation", "", "UNIT forms column"},
        {"moves", Takes::move, "", "", "UNIT moves to x,y"},
    };
    return verbs;
}

}  // namespace vedette::sim::gdb

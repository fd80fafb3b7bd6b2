// The dice-pool game's record verbs (docs/GAME_RECORD.md): the charge, the charged unit's
// reaction, and the moves every record reads alike.

#include "sim/rulesets/dicepool/dp_ruleset.h"

namespace vedette::sim::dicepool {

const ruleset::RecordVerbs& DicepoolRuleset::record_verbs() {
    using Takes = ruleset::RecordVerb::Takes;
    static const ruleset::RecordVerbs verbs = {
        {"charges", Takes::unit, "charge", "", "UNIT charges UNIT"},
        {"reacts", Takes::word, "reaction", "", "UNIT reacts volley"},
        {"moves", Takes::move, "", "", "UNIT moves 6in"},
    };
    return verbs;
}

}  // namespace vedette::sim::dicepool

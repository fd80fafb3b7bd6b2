// The Borodino game's record verbs (docs/GAME_RECORD.md): a cavalry charge, a move along hexes,
// and the orders a player says in a word (`Perm forms square`, `Sumy countercharges`, `6e
// shocks`, `Perm holds`).

#include "sim/rulesets/borodino/borodino_ruleset.h"

namespace vedette::sim::borodino {

const ruleset::RecordVerbs& BorodinoRuleset::record_verbs() {
    using Takes = ruleset::RecordVerb::Takes;
    static const ruleset::RecordVerbs verbs = {
        {"charges", Takes::unit, "charge", "", "UNIT charges UNIT"},
        {"moves", Takes::move, "", "", "UNIT moves to 2,1"},
        {"forms", Takes::flag, "form_square", "square", "UNIT forms square"},
        {"countercharges", Takes::flag, "countercharge", "", "UNIT countercharges"},
        {"shocks", Takes::flag, "shock", "", "UNIT shocks"},
        {"holds", Takes::flag, "hold", "", "UNIT holds"},
    };
    return verbs;
}

}  // namespace vedette::sim::borodino

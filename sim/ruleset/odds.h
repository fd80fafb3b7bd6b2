#pragma once
// The exact odds of one resolution, in the one form every rule system gives `vedette melee --json
// --odds`: the mutually exclusive outcomes of the dice, each an integer count of equally likely
// rolls over one common denominator (so they sum to it exactly), with words a player reads, the
// side that wins it and whether it is what the dice did. A plug-in fills Odds; odds_json writes
// it, so every system's output has the same members (docs/CLI.md, "Exact odds").
//
// Only the command line uses this form. The odds inside replays (a GdB melee record's details,
// the explanations' odds sections) keep their own recorded formats.

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace vedette::sim::ruleset {

// Counts of equally likely rolls: GdB's enumeration of every unit's 2D6 needs more than 64 bits.
__extension__ typedef unsigned __int128 OddsCount;

// The count in decimal digits, no sign, no leading zeros ("0" for zero).
std::string decimal_text(OddsCount value);
// count / denominator as the nearest double (0 for a zero denominator).
double odds_probability(OddsCount count, OddsCount denominator);

enum class OddsWinner { attacker, defender, none };
const char* odds_winner_name(OddsWinner winner);  // "attacker", "defender", "none"

struct OddsOutcome {
    std::string id;     // stable within the ruleset: "defender_wins_retreat", "draw", ...
    std::string label;  // what happens, in words: "defender wins; the attacker retreats"
    OddsWinner winner = OddsWinner::none;  // none: a draw, or no single side won
    OddsCount count = 0;                   // rolls that give it, above 0
    bool actual = false;                   // the dice of this resolution gave it
    std::string specific;  // what only this ruleset says of it, as JSON text; written when set
};

struct Odds {
    std::string ruleset;  // the ruleset's id: names the members only it writes
    std::string method;   // how the rolls were counted, in words
    OddsCount denominator = 1;
    std::vector<OddsOutcome> outcomes;  // in the ruleset's order
    std::string specific;  // what only this ruleset says, as JSON text; written when set
};

// {"method", "denominator", "outcomes": [{"id", "label", "winner", "count", "probability",
// "actual", RULESET?}], "winners": {"attacker"|"defender"|"none": {"count", "probability"}},
// RULESET?}: counts and the denominator as decimal strings, probabilities as numbers.
nlohmann::ordered_json odds_json(const Odds& odds);

// {"count", "probability"} of `count` over `denominator`: how every exact fraction is written.
nlohmann::ordered_json fraction_json(OddsCount count, OddsCount denominator);

}  // namespace vedette::sim::ruleset

// The dice-pool game's battle summary for `vedette odds` (docs/LUCK_AND_ODDS.md, "The odds of a
// whole battle"). Its units lose models one by one and leave the table only when none is left
// ("destroyed", DP Casualties); a lost melee pushes a unit back or makes it fall back, and it
// fights on. So "destroyed" (or off the table) is eliminated and every other state (close order,
// loose, square, disordered, in melee) standing: the game has no broken, routed or withdrawn
// state. The field is held by the side that keeps the larger share of its starting models on the
// table; equal shares: neither.

#include "sim/rulesets/dicepool/dp_ruleset.h"

namespace vedette::sim::dicepool {

ruleset::BattleSummary DicepoolRuleset::summarize(const record::Header& header,
                                                  const std::vector<record::Event>& events) const {
    return ruleset::summary_by_figures(header, events, [](const ruleset::UnitTrack& t) {
        const bool gone = t.last.state == "destroyed" || t.last.look.off_table;
        return gone ? ruleset::Fate::eliminated : ruleset::Fate::standing;
    });
}

}  // namespace vedette::sim::dicepool

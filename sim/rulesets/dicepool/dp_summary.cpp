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
    const auto tracks = ruleset::track_units(header, events);
    std::vector<ruleset::UnitOutcome> units;
    for (std::size_t i = 0; i < tracks.size(); ++i) {
        ruleset::UnitOutcome u;
        u.side = header.units[i].side;
        const bool gone = tracks[i].last.state == "destroyed" || tracks[i].last.look.off_table;
        u.fate = gone ? ruleset::Fate::eliminated : ruleset::Fate::standing;
        u.figures_start = tracks[i].first.look.figures;
        u.figures_end = gone ? 0 : tracks[i].last.look.figures;
        units.push_back(u);
    }
    ruleset::BattleSummary summary = ruleset::count_sides(header, std::move(units));
    std::vector<std::int64_t> kept, start;
    ruleset::figures_kept(summary, kept, start);
    summary.holder = ruleset::holder_by_share(kept, start);
    return summary;
}

}  // namespace vedette::sim::dicepool

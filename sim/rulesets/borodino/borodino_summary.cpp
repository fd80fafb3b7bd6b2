// The Borodino hex game's battle summary for `vedette odds` (docs/LUCK_AND_ODDS.md, "The odds of
// a whole battle"). Its shocks take no strength off a counter: a unit is formed (or in square),
// disordered, withdrawn (off the map, Hex 9.22, 9.31) or eliminated (Hex 9.22, 9.25). So:
// - "withdrawn": withdrawn; "eliminated" (or off the map otherwise): eliminated, with all its
//   figures lost;
// - formed, square or disordered on the map: standing. The game has no broken or routed state.
// The field is held by the side that keeps the larger share of its strength on the map, counting
// a formed unit 2 and a disordered one 1 (a disordered unit cannot shock, has no zone of control
// and is withdrawn by the next disorder); equal shares: neither.

#include "sim/rulesets/borodino/borodino_ruleset.h"

namespace vedette::sim::borodino {

namespace {

ruleset::Fate borodino_fate(const ruleset::UnitTrack& t) {
    if (t.last.state == "withdrawn") return ruleset::Fate::withdrawn;
    if (t.last.state == "eliminated" || t.last.look.off_table) return ruleset::Fate::eliminated;
    return ruleset::Fate::standing;
}

}  // namespace

ruleset::BattleSummary BorodinoRuleset::summarize(const record::Header& header,
                                                  const std::vector<record::Event>& events) const {
    const auto tracks = ruleset::track_units(header, events);
    std::vector<ruleset::UnitOutcome> units;
    std::vector<std::int64_t> kept(header.sides.size(), 0), start(header.sides.size(), 0);
    for (std::size_t i = 0; i < tracks.size(); ++i) {
        ruleset::UnitOutcome u;
        u.side = header.units[i].side;
        u.fate = borodino_fate(tracks[i]);
        u.figures_start = tracks[i].first.look.figures;
        u.figures_end = u.fate == ruleset::Fate::eliminated ? 0 : tracks[i].last.look.figures;
        if (u.side >= 0 && std::size_t(u.side) < start.size()) {
            start[std::size_t(u.side)] += 2;
            if (u.survived()) kept[std::size_t(u.side)] += tracks[i].last.look.disordered ? 1 : 2;
        }
        units.push_back(u);
    }
    ruleset::BattleSummary summary = ruleset::count_sides(header, std::move(units));
    summary.holder = ruleset::holder_by_share(kept, start);
    return summary;
}

}  // namespace vedette::sim::borodino

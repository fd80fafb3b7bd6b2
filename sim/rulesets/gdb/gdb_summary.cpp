// General de Brigade's battle summary for `vedette odds` (docs/LUCK_AND_ODDS.md, "The odds of a
// whole battle"). From each unit's last state label (battle_engine.cpp, status_name):
// - "broken" on the table: broken (it runs and takes no part until rallied);
// - "removed" after it was broken or retreating: routed (it fled off the table, 12.19);
// - "dispersed", or "removed" otherwise (a melee's removal, trampled skirmishers, no figures
//   left): eliminated;
// - anything else (formed, unformed, wavering, retreating, pushed back, blown, pursuing):
//   standing.
// GdB has no orderly withdrawal from the table. The field is held by the side that keeps the
// larger share of its starting figures in units still standing; equal shares: neither.

#include "sim/rulesets/gdb/gdb_ruleset.h"

namespace vedette::sim::gdb {

namespace {

ruleset::Fate gdb_fate(const ruleset::UnitTrack& t) {
    const std::string& state = t.last.state;
    if (state == "broken") return ruleset::Fate::broken;
    if (state == "dispersed") return ruleset::Fate::eliminated;
    if (state == "removed" || t.last.look.off_table) {
        const bool fled =
            t.state_before_leaving == "broken" || t.state_before_leaving == "retreating";
        return fled && t.last.look.figures > 0 ? ruleset::Fate::routed : ruleset::Fate::eliminated;
    }
    return ruleset::Fate::standing;
}

}  // namespace

ruleset::BattleSummary GdbRuleset::summarize(const record::Header& header,
                                             const std::vector<record::Event>& events) const {
    const auto tracks = ruleset::track_units(header, events);
    std::vector<ruleset::UnitOutcome> units;
    for (std::size_t i = 0; i < tracks.size(); ++i) {
        ruleset::UnitOutcome u;
        u.side = header.units[i].side;
        u.fate = gdb_fate(tracks[i]);
        u.figures_start = tracks[i].first.look.figures;
        u.figures_end = u.fate == ruleset::Fate::eliminated ? 0 : tracks[i].last.look.figures;
        units.push_back(u);
    }
    ruleset::BattleSummary summary = ruleset::count_sides(header, std::move(units));
    std::vector<std::int64_t> kept, start;
    ruleset::figures_kept(summary, kept, start);
    summary.holder = ruleset::holder_by_share(kept, start);
    return summary;
}

}  // namespace vedette::sim::gdb

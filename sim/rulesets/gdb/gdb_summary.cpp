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
    return ruleset::summary_by_figures(header, events, gdb_fate);
}

}  // namespace vedette::sim::gdb

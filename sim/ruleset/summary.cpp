#include "sim/ruleset/summary.h"

#include "sim/ruleset/ruleset.h"

namespace vedette::sim::ruleset {

const std::vector<std::string>& fate_names() {
    static const std::vector<std::string> names = {"standing", "broken", "routed", "withdrawn",
                                                   "eliminated"};
    return names;
}

std::vector<UnitTrack> track_units(const record::Header& header,
                                   const std::vector<record::Event>& events) {
    std::vector<UnitTrack> tracks(header.units.size());
    for (const auto& e : events)
        for (const auto& s : e.after) {
            if (s.unit < 0 || std::size_t(s.unit) >= tracks.size()) continue;
            UnitTrack& t = tracks[std::size_t(s.unit)];
            if (!t.seen) {
                t.first = s;
                t.seen = true;
            } else if (s.look.off_table && !t.last.look.off_table) {
                // The moment it leaves: what it was just before (a unit fleeing, or a formed one
                // removed) tells a rout from a loss where the state label alone does not.
                t.state_before_leaving = t.last.state;
            }
            t.last = s;
        }
    return tracks;
}

BattleSummary count_sides(const record::Header& header, std::vector<UnitOutcome> units) {
    BattleSummary summary;
    summary.sides.resize(header.sides.size());
    for (const auto& u : units) {
        if (u.side < 0 || std::size_t(u.side) >= summary.sides.size()) continue;
        SideOutcome& side = summary.sides[std::size_t(u.side)];
        ++side.units;
        ++side.fates[std::size_t(u.fate)];
        side.figures_start += u.figures_start;
        side.figures_lost += u.figures_start - u.figures_end;
    }
    summary.units = std::move(units);
    return summary;
}

int holder_by_share(const std::vector<std::int64_t>& kept, const std::vector<std::int64_t>& start) {
    int best = -1;
    bool tied = false;
    for (std::size_t s = 0; s < kept.size() && s < start.size(); ++s) {
        if (start[s] <= 0 || kept[s] <= 0) continue;
        if (best < 0) {
            best = static_cast<int>(s);
            continue;
        }
        // kept[s] / start[s] against kept[best] / start[best], without dividing.
        const std::int64_t mine = kept[s] * start[std::size_t(best)];
        const std::int64_t theirs = kept[std::size_t(best)] * start[s];
        if (mine > theirs) {
            best = static_cast<int>(s);
            tied = false;
        } else if (mine == theirs) {
            tied = true;
        }
    }
    return tied ? -1 : best;
}

void figures_kept(const BattleSummary& summary, std::vector<std::int64_t>& kept,
                  std::vector<std::int64_t>& start) {
    kept.assign(summary.sides.size(), 0);
    start.assign(summary.sides.size(), 0);
    for (const auto& u : summary.units) {
        if (u.side < 0 || std::size_t(u.side) >= kept.size()) continue;
        start[std::size_t(u.side)] += u.figures_start;
        if (u.survived()) kept[std::size_t(u.side)] += u.figures_end;
    }
}

BattleSummary summary_by_figures(const record::Header& header,
                                 const std::vector<record::Event>& events,
                                 Fate (*fate_of)(const UnitTrack&)) {
    const auto tracks = track_units(header, events);
    std::vector<UnitOutcome> units;
    for (std::size_t i = 0; i < tracks.size(); ++i) {
        UnitOutcome u;
        u.side = header.units[i].side;
        u.fate = fate_of(tracks[i]);
        u.figures_start = tracks[i].first.look.figures;
        u.figures_end = u.fate == Fate::eliminated ? 0 : tracks[i].last.look.figures;
        units.push_back(u);
    }
    BattleSummary summary = count_sides(header, std::move(units));
    std::vector<std::int64_t> kept, start;
    figures_kept(summary, kept, start);
    summary.holder = holder_by_share(kept, start);
    return summary;
}

BattleSummary generic_summary(const record::Header& header,
                              const std::vector<record::Event>& events) {
    return summary_by_figures(header, events, [](const UnitTrack& t) {
        return t.last.look.off_table ? Fate::eliminated : Fate::standing;
    });
}

BattleSummary Ruleset::summarize(const record::Header& header,
                                 const std::vector<record::Event>& events) const {
    return generic_summary(header, events);
}

}  // namespace vedette::sim::ruleset

#include "sim/replay/luck.h"

#include <algorithm>
#include <cstdint>

namespace vedette::sim::replay {

namespace {

// Below this a luck is noise from adding probabilities, not a moment worth naming.
constexpr double kNoticeable = 1e-9;

int side_of_unit(const record::Header& header, int unit) {
    if (unit < 0 || std::size_t(unit) >= header.units.size()) return -1;
    const int side = header.units[std::size_t(unit)].side;
    return side >= 0 && std::size_t(side) < header.sides.size() ? side : -1;
}

// The sections that decide an event (luck.h): the two-sided ones, else the one-sided ones.
std::vector<const record::Section*> deciding_sections(const record::Explanation& e) {
    std::vector<const record::Section*> two, one;
    for (const auto& s : e.sections) {
        if (s.kind != record::SectionKind::odds || s.sides.empty()) continue;
        if (!section_luck(s, 0)) continue;
        (s.sides.size() >= 2 ? two : one).push_back(&s);
    }
    return two.empty() ? one : two;
}

std::string actual_label(const record::Section& s) {
    for (const auto& o : s.outcomes)
        if (o.actual) return o.label;
    return {};
}

// What one section gives each battle side; false when none of its sides could be attributed.
bool add_section(const record::Header& header, const record::Event& event, const record::Section& s,
                 double weight, std::vector<double>& luck) {
    bool attributed = false;
    const std::size_t named = std::min<std::size_t>(s.sides.size(), 2);
    for (std::size_t pos = 0; pos < named; ++pos) {
        const int side = battle_side_of(header, event, s.sides[pos], int(pos));
        if (side < 0) continue;
        const double l = section_luck(s, int(pos))->luck() * weight;
        luck[std::size_t(side)] += l;
        // A test in a battle of two sides: what helps the unit tested hurts its enemy as much.
        if (named == 1 && header.sides.size() == 2) luck[std::size_t(1 - side)] -= l;
        attributed = true;
    }
    return attributed;
}

std::vector<LuckPick> picks(const BattleLuck& luck, bool lucky) {
    std::vector<LuckPick> all;
    for (std::size_t m = 0; m < luck.moments.size(); ++m)
        for (std::size_t side = 0; side < luck.moments[m].luck.size(); ++side) {
            const double l = luck.moments[m].luck[side];
            if (lucky ? l > kNoticeable : l < -kNoticeable) all.push_back({m, int(side), l});
        }
    // Stable: among equal lucks the earlier event, then the lower side, comes first.
    std::stable_sort(all.begin(), all.end(), [lucky](const LuckPick& a, const LuckPick& b) {
        return lucky ? a.luck > b.luck : a.luck < b.luck;
    });
    return all;
}

}  // namespace

std::optional<SectionLuck> section_luck(const record::Section& odds, int which) {
    if (which < 0 || which > 1) return std::nullopt;
    const record::Outcome* actual = nullptr;
    for (const auto& o : odds.outcomes) {
        if (!o.rank) return std::nullopt;
        if (o.actual) actual = &o;
    }
    if (!actual) return std::nullopt;
    // The first side wants high ranks, the second low ones.
    const std::int64_t sign = which == 0 ? 1 : -1;
    SectionLuck l;
    for (const auto& o : odds.outcomes) {
        // In 64 bits: ranks are any int32 a replay gives, and their difference may not fit.
        const std::int64_t diff = sign * (std::int64_t{*o.rank} - std::int64_t{*actual->rank});
        if (diff < 0) l.worse += o.probability;
        if (diff > 0) l.better += o.probability;
    }
    return l;
}

int battle_side_of(const record::Header& header, const record::Event& event,
                   const std::string& odds_side, int position) {
    // Named: a unit of the event, then a side of the battle.
    for (const int u : event.units) {
        if (u < 0 || std::size_t(u) >= header.units.size()) continue;
        const auto& unit = header.units[std::size_t(u)];
        if (odds_side == unit.name || odds_side == unit.short_name || odds_side == unit.id)
            return side_of_unit(header, u);
    }
    for (std::size_t s = 0; s < header.sides.size(); ++s)
        if (odds_side == header.sides[s].name || odds_side == header.sides[s].id) return int(s);
    // By role: the first side is the event's first unit's ("attacker", "the unit tested"), the
    // second the first unit's enemy.
    if (event.units.empty()) return -1;
    const int first = side_of_unit(header, event.units.front());
    if (position == 0) return first;
    if (position != 1 || first < 0) return -1;
    for (const int u : event.units) {
        const int side = side_of_unit(header, u);
        if (side >= 0 && side != first) return side;
    }
    return header.sides.size() == 2 ? 1 - first : -1;
}

BattleLuck battle_luck(const record::Header& header, const std::vector<record::Event>& events) {
    BattleLuck out;
    for (const auto& s : header.sides) out.sides.push_back(s.name.empty() ? s.id : s.name);
    out.total.assign(header.sides.size(), 0.0);
    for (const auto& event : events) {
        if (!event.explanation) continue;
        const auto sections = deciding_sections(*event.explanation);
        if (sections.empty()) continue;
        LuckMoment m;
        m.seq = event.seq;
        m.turn = event.turn;
        m.text = event.text;
        m.odds_sides = sections.front()->sides;
        m.sections = int(sections.size());
        m.luck.assign(header.sides.size(), 0.0);
        bool attributed = false;
        for (const auto* s : sections) {
            // One die deciding several hexes weighs as one: the mean of their lucks.
            attributed |= add_section(header, event, *s, 1.0 / double(sections.size()), m.luck);
            const std::string label = actual_label(*s);
            m.decided += (m.decided.empty() || label.empty() ? "" : "; ") + label;
        }
        if (!attributed) continue;
        for (std::size_t side = 0; side < out.total.size(); ++side) out.total[side] += m.luck[side];
        m.running = out.total;
        out.moments.push_back(std::move(m));
    }
    return out;
}

std::vector<LuckPick> luckiest(const BattleLuck& luck, std::size_t n) {
    auto all = picks(luck, true);
    if (all.size() > n) all.resize(n);
    return all;
}

std::vector<LuckPick> unluckiest(const BattleLuck& luck, std::size_t n) {
    auto all = picks(luck, false);
    if (all.size() > n) all.resize(n);
    return all;
}

}  // namespace vedette::sim::replay

#include "sim/rulesets/borodino/shock.h"

#include <algorithm>

namespace vedette::sim::borodino {

namespace {

DrmRow row_from(const BorodinoRules& rules, const std::string& id) {
    const Value& v = rules.mod(id);
    return {id, v.label, v.rule, v.value, false, "", v.is_default};
}

bool all_round(const BorodinoRules& rules, const ShockSituation& s, const HexShock& h) {
    for (int d : h.defenders) {
        const ShockUnit& u = s.defenders[static_cast<std::size_t>(d)];
        if (u.square) return true;
        const Terrain* t = rules.terrain_of(u.terrain);
        if (u.type->arm == Arm::infantry && t && t->all_round_infantry) return true;
    }
    return false;
}

int best_cohesion(const std::vector<ShockUnit>& units, const std::vector<int>& which) {
    int best = -1;
    for (int i : which) {
        const ShockUnit& u = units[static_cast<std::size_t>(i)];
        if (u.type->arm != Arm::artillery) best = std::max(best, u.cohesion);
    }
    return best;
}

// Rear, or front and rear at once, never both (rulings; the values are the data's).
void position_rows(const BorodinoRules& rules, const ShockSituation& s, bool no_rear,
                   std::vector<DrmRow>& rows) {
    bool front = false, rear = false;
    for (const auto& a : s.attackers) (a.rear ? rear : front) = true;
    DrmRow r = row_from(rules, "rear"), fr = row_from(rules, "front_and_rear");
    if (no_rear) {
        r.reason = fr.reason =
            "every hex around it is frontal (square, or infantry in a village "
            "or redoubt)";
    } else {
        r.lit = rear && !front;
        fr.lit = rear && front;
        r.reason = !rear ? "every attacker is in the defender's frontal hexes"
                         : "front and rear at once: that row applies instead";
        fr.reason = !rear ? "no attacker in the defender's rear" : "no attacker in front";
    }
    rows.push_back(r);
    rows.push_back(fr);
}

// The heavy charge row with any heavy cavalry, the light one when all are light; none against a
// square, none for a charger disordered by reaction fire (9.24); the countercharged-by-heavy row
// when light chargers meet heavy cavalry (values from borodino.json).
void charge_rows(const BorodinoRules& rules, const ShockSituation& s, bool square,
                 std::vector<DrmRow>& rows) {
    bool charging = false, heavy = false, lost = false;
    for (const auto& a : s.attackers) {
        if (!a.charging) continue;
        charging = true;
        heavy = heavy || a.type->heavy;
        lost = lost || a.disordered;
    }
    DrmRow h = row_from(rules, "charge_heavy"), l = row_from(rules, "charge_light");
    const char* why = !charging ? "not a charge"
                      : square  ? "no charge DRM against a square"
                      : lost    ? "the charger was disordered by reaction fire: it goes on "
                                  "without its charge DRMs (9.24)"
                                : nullptr;
    if (why) {
        h.reason = l.reason = why;
    } else {
        h.lit = heavy;
        l.lit = !heavy;
        h.reason = "no heavy cavalry among the chargers";
        l.reason = "heavy cavalry charges: the heavy row applies instead";
    }
    rows.push_back(h);
    rows.push_back(l);
    DrmRow sq = row_from(rules, "square");
    sq.lit = square;
    sq.reason = "the defender is not in square";
    rows.push_back(sq);
    DrmRow cc = row_from(rules, "countercharged_by_heavy");
    cc.lit = charging && !heavy && s.countercharged_by_heavy;
    cc.reason = "no light charger countercharged by heavy cavalry";
    rows.push_back(cc);
    DrmRow p = row_from(rules, "pursuit");
    p.value *= std::max(1, s.pursuit);
    p.lit = s.pursuit > 0;
    p.reason = "not a pursuit charge";
    rows.push_back(p);
}

void hex_rows(const BorodinoRules& rules, const ShockSituation& s, const PreparedShock& p,
              HexShock& h) {
    const RatioRow& ratio = rules.ratio_row(p.attacker_strength, p.defender_strength);
    DrmRow r{"strength_ratio",
             "Strength " + std::to_string(p.attacker_strength) + " against " +
                 std::to_string(p.defender_strength) + " (row " + std::to_string(ratio.attacker) +
                 ":" + std::to_string(ratio.defender) + ", rounded for the defender)",
             rules.ratio_rule,
             ratio.drm,
             true,
             "",
             ratio.is_default};
    h.rows.push_back(r);
    std::vector<int> all_attackers(s.attackers.size());
    for (std::size_t i = 0; i < all_attackers.size(); ++i) all_attackers[i] = static_cast<int>(i);
    const int ab = best_cohesion(s.attackers, all_attackers);
    const int db = best_cohesion(s.defenders, h.defenders);
    h.rows.push_back({"cohesion",
                      "Cohesion: attacker's best " + std::to_string(ab) +
                          " minus defender's best " + std::to_string(db),
                      "Hex shock DRMs", ab - db, true, "", false});
    const ShockUnit& top = s.defenders[static_cast<std::size_t>(h.defenders.front())];
    const Terrain* t = rules.terrain_of(top.terrain);
    h.rows.push_back({"terrain", "Terrain: " + t->label, "Hex shock DRMs", t->shock_drm,
                      t->shock_drm != 0, "clear terrain gives no DRM", t->is_default});
    DrmRow flank = row_from(rules, "flank_open");
    const bool round = all_round(rules, s, h);  // a square or a garrison cannot be lapped
    flank.lit = top.flank_open && top.terrain == "clear" && !round;
    flank.reason = top.terrain != "clear" ? "only in clear terrain"
                   : round                ? "every hex around it is frontal (a square)"
                                          : "no empty flank hex";
    h.rows.push_back(flank);
    const Hexside* stream = rules.hexside("stream");
    if (stream) {
        const bool across = std::count(s.stream_hexes.begin(), s.stream_hexes.end(), h.hex) > 0;
        h.rows.push_back({"stream", "Attacked across a stream hexside", "Hex shock DRMs",
                          stream->shock_drm, across, "no stream between them", stream->is_default});
    }
    bool square = false;
    for (int d : h.defenders) square = square || s.defenders[static_cast<std::size_t>(d)].square;
    position_rows(rules, s, all_round(rules, s, h), h.rows);
    charge_rows(rules, s, square, h.rows);
    for (const auto& row : h.rows)
        if (row.lit) h.drm += row.value;
}

int severity(const std::string& status) {
    static const std::vector<std::string> order = {
        "formed", "disordered", "disordered_retreat_check", "retreats", "withdrawn", "eliminated"};
    return static_cast<int>(std::find(order.begin(), order.end(), status) - order.begin());
}

void worsen(std::string& status, const std::string& to) {
    if (severity(to) > severity(status)) status = to;
}

// What a result does to one unit: disorder (a second disorder withdraws, artillery is
// eliminated), plus a retreat check or a retreat.
std::string hit(const ShockUnit& u, const std::string& outcome) {
    if (u.disordered) return u.type->arm == Arm::artillery ? "eliminated" : "withdrawn";
    return outcome;
}

}  // namespace

std::optional<Refusal> check_shock(const ShockSituation& s) {
    bool infantry = false, charging = false, cavalry_shock = false;
    for (std::size_t i = 0; i < s.attackers.size(); ++i) {
        const ShockUnit& a = s.attackers[i];
        const int n = static_cast<int>(i);
        if (a.type->arm == Arm::artillery)
            return Refusal{"Hex 9.25", "artillery has no shock strength and never shocks", n};
        if (a.charging && a.type->arm != Arm::cavalry)
            return Refusal{"Hex charge", "only cavalry charges", n};
        if (a.disordered && !a.charging)
            return Refusal{"Hex 9.24", "a disordered unit may not shock", n};
        (a.type->arm == Arm::infantry ? infantry : a.charging ? charging : cavalry_shock) = true;
    }
    if (int(infantry) + int(charging) + int(cavalry_shock) > 1)
        return Refusal{"Hex 9.23",
                       "infantry, charging cavalry and cavalry that is not charging may not add "
                       "their shock strengths: each attacks separately",
                       -1};
    return std::nullopt;
}

bool PreparedShock::needs_die() const {
    for (const auto& h : hexes)
        if (!h.artillery_alone) return true;
    return false;
}

PreparedShock prepare_shock(const BorodinoRules& rules, const ShockSituation& s) {
    PreparedShock p;
    for (std::size_t d = 0; d < s.defenders.size(); ++d) {
        const ShockUnit& u = s.defenders[d];
        auto it = std::find_if(p.hexes.begin(), p.hexes.end(),
                               [&](const HexShock& h) { return h.hex == u.hex; });
        if (it == p.hexes.end()) it = p.hexes.insert(p.hexes.end(), HexShock{u.hex});
        it->defenders.push_back(static_cast<int>(d));
    }
    for (auto& h : p.hexes) {
        h.artillery_alone = true;
        for (int d : h.defenders)
            if (s.defenders[static_cast<std::size_t>(d)].type->arm != Arm::artillery)
                h.artillery_alone = false;
        if (h.artillery_alone) continue;
        for (int d : h.defenders) p.defender_strength += s.defenders[std::size_t(d)].strength;
    }
    for (const auto& a : s.attackers) p.attacker_strength += a.strength;
    for (auto& h : p.hexes)
        if (!h.artillery_alone) hex_rows(rules, s, p, h);
    return p;
}

int band_index(const BorodinoRules& rules, int modified) {
    const ResultBand& b = rules.band_for(modified);
    return static_cast<int>(&b - rules.bands.data());
}

std::vector<int> band_counts(const BorodinoRules& rules, int drm) {
    std::vector<int> counts(rules.bands.size(), 0);
    for (int face = 0; face <= 9; ++face) ++counts[std::size_t(band_index(rules, face + drm))];
    return counts;
}

std::string status_before(const ShockUnit& u) {
    return u.disordered ? "disordered" : "formed";
}

const ResultBand& hex_band(const BorodinoRules& rules, int modified, const std::string& as_played) {
    if (!as_played.empty())
        for (const auto& b : rules.bands)
            if (b.result == as_played) return b;
    return rules.band_for(modified);
}

ShockStatus statuses_after(const BorodinoRules& rules, const ShockSituation& s,
                           const PreparedShock& p, std::optional<int> roll,
                           const std::string& as_played) {
    ShockStatus out;
    for (const auto& a : s.attackers) out.attackers.push_back(status_before(a));
    for (const auto& d : s.defenders) out.defenders.push_back(status_before(d));
    for (const auto& h : p.hexes) {
        if (h.artillery_alone) {
            for (int d : h.defenders) out.defenders[std::size_t(d)] = "eliminated";
            continue;
        }
        if (!roll) continue;
        const std::string& result = hex_band(rules, *roll + h.drm, as_played).result;
        const bool attacker_hit =
            result == "attacker_disordered_counter_shock" || result == "attacker_disordered";
        for (std::size_t a = 0; a < s.attackers.size(); ++a) {
            if (!attacker_hit) continue;
            worsen(out.attackers[a],
                   hit(s.attackers[a], result == "attacker_disordered" ? "disordered_retreat_check"
                                                                       : "disordered"));
        }
        for (int d : h.defenders) {
            if (attacker_hit) continue;
            worsen(out.defenders[std::size_t(d)],
                   hit(s.defenders[std::size_t(d)],
                       result == "defender_retreats" ? "retreats" : "disordered_retreat_check"));
        }
    }
    // Every charger is disordered after its charge (rulings, "Charges").
    for (std::size_t a = 0; a < s.attackers.size() && s.chargers_disordered_after; ++a)
        if (s.attackers[a].charging) worsen(out.attackers[a], "disordered");
    return out;
}

std::string signed_text(int v) {
    return (v > 0 ? "+" : "") + std::to_string(v);
}

}  // namespace vedette::sim::borodino

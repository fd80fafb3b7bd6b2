#include "sim/rulesets/borodino/shock_report.h"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "sim/record/record_json.h"

namespace vedette::sim::borodino {

namespace {

std::string probability_text(int count) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%d/10 (%d%%)", count, count * 10);
    return buf;
}

std::string describe(const ShockUnit& u, bool attacker) {
    std::string s = u.name + " (" + u.type->label + ", strength " + std::to_string(u.strength) +
                    ", cohesion " + std::to_string(u.cohesion);
    if (u.disordered) s += ", disordered";
    if (attacker && u.charging) s += ", charging";
    if (attacker) s += u.rear ? ", from the rear" : ", from the front";
    if (!attacker && u.square) s += ", in square";
    if (!attacker) s += ", " + u.terrain;
    return s + ")";
}

record::Section situation_section(const ResolvedShock& r) {
    record::Section s{record::SectionKind::lines, "The shock", "Hex 9.22"};
    for (const auto& a : r.situation.attackers) s.lines.push_back({"attacker", describe(a, true)});
    for (const auto& h : r.prepared.hexes)
        for (int d : h.defenders)
            s.lines.push_back(
                {"defender, hex " + h.hex, describe(r.situation.defenders[std::size_t(d)], false)});
    s.lines.push_back({"strengths", std::to_string(r.prepared.attacker_strength) + " against " +
                                        std::to_string(r.prepared.defender_strength)});
    return s;
}

record::Section dice_section(const ResolvedShock& r) {
    record::Section s{record::SectionKind::dice, "The die (one d10 for every hex, 9.22)",
                      "Hex 9.22"};
    record::DiceGroup g{"attacker's d10", {}, "", "", 10};
    if (!r.roll) {
        g.note = "no die: artillery shocked alone is eliminated (9.25)";
    } else {
        g.dice.push_back({*r.roll, r.forced ? "forced" : "", r.forced});
        for (const auto& h : r.prepared.hexes) {
            if (h.artillery_alone) continue;
            g.total += (g.total.empty() ? "" : "; ") + std::string("hex ") + h.hex + ": " +
                       std::to_string(*r.roll) + " + DRM " + signed_text(h.drm) + " = " +
                       std::to_string(*r.roll + h.drm);
        }
    }
    s.dice.push_back(g);
    return s;
}

record::Section modifier_section(const ResolvedShock& r) {
    record::Section s{record::SectionKind::modifiers, "DRMs, hex by hex (9.22)", "Hex 9.22"};
    std::vector<const HexShock*> rolled;
    for (const auto& h : r.prepared.hexes)
        if (!h.artillery_alone) rolled.push_back(&h);
    for (const auto* h : rolled) s.columns.push_back("hex " + h->hex);
    if (rolled.empty()) return s;
    for (std::size_t i = 0; i < rolled.front()->rows.size(); ++i) {
        const DrmRow& first = rolled.front()->rows[i];
        record::ModifierRow row{first.label + (first.is_default ? " [default]" : ""), first.rule};
        for (const auto* h : rolled) {
            const DrmRow& x = h->rows[i];
            row.values.push_back(x.lit ? signed_text(x.value) : "");
            row.lit = row.lit || x.lit;
            if (!x.lit && row.reason.find(x.reason) == std::string::npos)
                row.reason += (row.reason.empty() ? "" : "; ") + x.reason;
        }
        if (row.lit && rolled.size() > 1) {
            // A row lit in one hex and dim in another says why in the dim one.
            std::string dim;
            for (const auto* h : rolled)
                if (!h->rows[i].lit) dim += (dim.empty() ? "" : ", ") + h->hex;
            row.reason = dim.empty() ? "" : "not in hex " + dim + ": " + row.reason;
        }
        s.rows.push_back(row);
    }
    record::ModifierRow total{"Total DRM", "Hex 9.22"};
    for (const auto* h : rolled) total.values.push_back(signed_text(h->drm));
    total.lit = true;
    s.rows.push_back(total);
    return s;
}

}  // namespace

std::string outcome_words(const ResultBand& band) {
    if (band.label.empty() || band.label == band.result) return status_words(band.result);
    const auto colon = band.label.find(": ");
    const bool range = colon != std::string::npos && band.label.find_first_of("0123456789") < colon;
    return range ? band.label.substr(colon + 2) : band.label;
}

std::string outcome_short_words(const ResultBand& band) {
    if (!band.words.empty()) return band.words;
    const std::string words = outcome_words(band);
    return words.substr(0, words.find("; "));
}

std::string status_words(const std::string& status) {
    if (status == "disordered_retreat_check") return "disordered; takes a retreat cohesion check";
    std::string out = status;
    std::replace(out.begin(), out.end(), '_', ' ');
    return out;
}

namespace {

void hex_sections(const BorodinoRules& rules, const ResolvedShock& r, const HexShock& h,
                  std::vector<record::Section>& out) {
    if (h.artillery_alone) {
        record::Section s{record::SectionKind::results, "Hex " + h.hex, "Hex 9.25"};
        s.results.push_back(
            {"artillery shocked alone is eliminated (guns are never captured)", "Hex 9.25", true});
        out.push_back(s);
        return;
    }
    const int actual = r.roll ? band_index(rules, *r.roll + h.drm) : -1;
    record::Section res{record::SectionKind::results, "Result, hex " + h.hex, rules.results_rule};
    for (std::size_t b = 0; b < rules.bands.size(); ++b)
        res.results.push_back(
            {rules.bands[b].label, rules.results_rule, static_cast<int>(b) == actual});
    out.push_back(res);
    record::Section odds{record::SectionKind::odds, "Odds before the die, hex " + h.hex,
                         rules.results_rule};
    odds.denominator = "10";
    // The bands run from the lowest roll up, so a later band is better for the attacker.
    odds.sides = {"attacker", "defender"};
    const std::vector<int> counts = band_counts(rules, h.drm);
    for (std::size_t b = 0; b < counts.size(); ++b)
        odds.outcomes.push_back({outcome_words(rules.bands[b]), std::to_string(counts[b]),
                                 counts[b] / 10.0, static_cast<int>(b) == actual,
                                 static_cast<int>(b)});
    out.push_back(odds);
}

record::Section status_section(const ResolvedShock& r) {
    record::Section s{record::SectionKind::lines, "After the shock", "Hex 9.22"};
    for (std::size_t a = 0; a < r.situation.attackers.size(); ++a)
        s.lines.push_back({r.situation.attackers[a].name, status_words(r.status.attackers[a])});
    for (std::size_t d = 0; d < r.situation.defenders.size(); ++d)
        s.lines.push_back({r.situation.defenders[d].name, status_words(r.status.defenders[d])});
    return s;
}

nlohmann::ordered_json units_json(const std::vector<ShockUnit>& units,
                                  const std::vector<std::string>& after) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < units.size(); ++i)
        list.push_back({{"name", units[i].name},
                        {"type", units[i].type->id},
                        {"status_before", status_before(units[i])},
                        {"status_after", after[i]}});
    return list;
}

nlohmann::ordered_json hex_json(const BorodinoRules& rules, const ResolvedShock& r,
                                const HexShock& h) {
    nlohmann::ordered_json j = {{"hex", h.hex}};
    j["defenders"] = nlohmann::ordered_json::array();
    for (int d : h.defenders) j["defenders"].push_back(r.situation.defenders[std::size_t(d)].name);
    j["artillery_alone"] = h.artillery_alone;
    j["modifiers"] = nlohmann::ordered_json::array();
    j["not_applied"] = nlohmann::ordered_json::array();
    for (const auto& row : h.rows) {
        nlohmann::ordered_json m = {{"name", row.label}, {"value", row.value}, {"rule", row.rule}};
        if (row.is_default) m["source"] = "default";
        if (!row.lit) m["why"] = row.reason;
        j[row.lit ? "modifiers" : "not_applied"].push_back(m);
    }
    if (h.artillery_alone) {
        for (const char* k : {"drm", "modified", "result"}) j[k] = nullptr;
        j["note"] = "artillery shocked alone is eliminated with no die (Hex 9.25)";
        return j;
    }
    j["drm"] = h.drm;
    j["modified"] = r.roll ? nlohmann::ordered_json(*r.roll + h.drm) : nullptr;
    j["result"] = r.roll ? nlohmann::ordered_json(rules.band_for(*r.roll + h.drm).result) : nullptr;
    return j;
}

// ---- the odds for the command line (sim/ruleset/odds.h) ----------------------------------

constexpr const char* kArtilleryEliminated = "artillery_eliminated";
constexpr const char* kArtilleryWords = "artillery shocked alone is eliminated";

// The faces of the d10 that give one combination of results, a band index per target hex (-1
// where artillery stands alone and no die counts).
struct FacesOfBands {
    std::vector<int> bands;
    std::vector<int> faces;
};

// Every face of the die grouped by what it does in every hex; one group with no face when no
// hex needs the die.
std::vector<FacesOfBands> group_faces(const BorodinoRules& rules, const PreparedShock& p) {
    std::vector<FacesOfBands> groups;
    const int faces = p.needs_die() ? 10 : 1;
    for (int face = 0; face < faces; ++face) {
        std::vector<int> bands;
        for (const auto& h : p.hexes)
            bands.push_back(h.artillery_alone ? -1 : band_index(rules, face + h.drm));
        auto same = std::find_if(groups.begin(), groups.end(),
                                 [&](const FacesOfBands& g) { return g.bands == bands; });
        if (same == groups.end()) same = groups.insert(groups.end(), {bands, {}});
        if (p.needs_die()) same->faces.push_back(face);
    }
    return groups;
}

// Who won a hex: the bands that hit the attacker are the defender's.
ruleset::OddsWinner hex_winner(const BorodinoRules& rules, int band) {
    if (band < 0) return ruleset::OddsWinner::attacker;
    const std::string& result = rules.bands[std::size_t(band)].result;
    return result.rfind("attacker_", 0) == 0 ? ruleset::OddsWinner::defender
                                             : ruleset::OddsWinner::attacker;
}

ruleset::OddsOutcome joint_outcome(const BorodinoRules& rules, const ResolvedShock& r,
                                   const FacesOfBands& g) {
    ruleset::OddsOutcome o;
    o.winner = hex_winner(rules, g.bands.front());
    nlohmann::ordered_json hexes = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < g.bands.size(); ++i) {
        const std::string& hex = r.prepared.hexes[i].hex;
        const int band = g.bands[i];
        const std::string result =
            band < 0 ? kArtilleryEliminated : rules.bands[std::size_t(band)].result;
        const std::string words =
            band < 0 ? kArtilleryWords : outcome_words(rules.bands[std::size_t(band)]);
        o.id += (i ? "," : "") + hex + ":" + result;
        o.label += g.bands.size() == 1 ? words : (i ? " | hex " : "hex ") + hex + ": " + words;
        if (hex_winner(rules, band) != o.winner) o.winner = ruleset::OddsWinner::none;
        hexes.push_back({{"hex", hex}, {"result", result}});
    }
    o.count = g.faces.empty() ? 1 : g.faces.size();
    o.actual = !r.roll || std::find(g.faces.begin(), g.faces.end(), *r.roll) != g.faces.end();
    const nlohmann::ordered_json specific = {{"faces", g.faces}, {"hexes", hexes}};
    o.specific = specific.dump();
    return o;
}

// Each hex on its own: every band with the faces that give it (all of them for artillery alone).
nlohmann::ordered_json hex_bands_json(const BorodinoRules& rules, const ResolvedShock& r,
                                      const HexShock& h, int denominator) {
    nlohmann::ordered_json bands = nlohmann::ordered_json::array();
    auto add = [&](const std::string& result, const std::string& words, int count, bool actual) {
        nlohmann::ordered_json b = {{"result", result}, {"label", words}};
        b.update(
            ruleset::fraction_json(ruleset::OddsCount(count), ruleset::OddsCount(denominator)));
        b["actual"] = actual;
        bands.push_back(std::move(b));
    };
    if (h.artillery_alone) {
        add(kArtilleryEliminated, kArtilleryWords, denominator, true);
    } else {
        const int actual = r.roll ? band_index(rules, *r.roll + h.drm) : -1;
        const std::vector<int> counts = band_counts(rules, h.drm);
        for (std::size_t b = 0; b < counts.size(); ++b)
            add(rules.bands[b].result, outcome_words(rules.bands[b]), counts[b],
                static_cast<int>(b) == actual);
    }
    return {{"hex", h.hex}, {"outcomes", bands}};
}

}  // namespace

ResolvedShock resolve_shock(const BorodinoRules& rules, const ShockSituation& s,
                            std::optional<int> roll, bool forced, const std::string& as_played) {
    ResolvedShock r{s, prepare_shock(rules, s), std::nullopt, forced, {}, {}};
    if (r.prepared.needs_die()) {
        r.roll = roll;
        r.as_played = as_played;
    }
    r.status = statuses_after(rules, s, r.prepared, r.roll, r.as_played);
    return r;
}

record::Explanation explain_shock(const BorodinoRules& rules, const ResolvedShock& r,
                                  const std::string& title) {
    record::Explanation e{title, "Hex 9.22", {}};
    e.sections.push_back(situation_section(r));
    e.sections.push_back(dice_section(r));
    if (r.prepared.needs_die()) e.sections.push_back(modifier_section(r));
    for (const auto& h : r.prepared.hexes) hex_sections(rules, r, h, e.sections);
    e.sections.push_back(status_section(r));
    record::Section notes{record::SectionKind::notes, "Notes", ""};
    notes.notes.push_back(
        "[default] marks a value neither the seed nor the rulings give: our "
        "choice, editable in borodino.json.");
    notes.notes.push_back("A d10 read 0-9 gives each face a chance of exactly 1/10.");
    e.sections.push_back(notes);
    return e;
}

nlohmann::ordered_json shock_json(const BorodinoRules& rules, const ResolvedShock& r) {
    nlohmann::ordered_json j = {{"ruleset", "borodino"}, {"rules_hash", rules.hash}};
    j["roll"] = r.roll ? nlohmann::ordered_json(*r.roll) : nullptr;
    j["roll_forced"] = r.forced && r.roll.has_value();
    j["attacker_strength"] = r.prepared.attacker_strength;
    j["defender_strength"] = r.prepared.defender_strength;
    j["hexes"] = nlohmann::ordered_json::array();
    for (const auto& h : r.prepared.hexes) j["hexes"].push_back(hex_json(rules, r, h));
    j["attackers"] = units_json(r.situation.attackers, r.status.attackers);
    j["defenders"] = units_json(r.situation.defenders, r.status.defenders);
    const std::vector<std::string> none;
    const record::UnitIndex index;
    j["explanation"] = record::to_json(explain_shock(rules, r, "Shock"), {none, index});
    return j;
}

ruleset::Odds shock_cli_odds(const BorodinoRules& rules, const ResolvedShock& r) {
    ruleset::Odds o;
    o.ruleset = "borodino";
    const bool die = r.prepared.needs_die();
    o.method = die ? "one d10 read 0-9 for every target hex, each face exactly 1/10 (Hex 9.22)"
                   : "no die: artillery shocked alone is eliminated (Hex 9.25)";
    o.denominator = die ? 10 : 1;
    for (const auto& g : group_faces(rules, r.prepared))
        o.outcomes.push_back(joint_outcome(rules, r, g));
    nlohmann::ordered_json hexes = nlohmann::ordered_json::array();
    for (const auto& h : r.prepared.hexes)
        hexes.push_back(hex_bands_json(rules, r, h, die ? 10 : 1));
    const nlohmann::ordered_json specific = {{"hexes", hexes}};
    o.specific = specific.dump();
    return o;
}

std::string shock_text(const BorodinoRules& rules, const ResolvedShock& r, bool odds) {
    std::string out = "Shock (" + rules.name + ")\n";
    for (const auto& a : r.situation.attackers) out += "  attacker: " + describe(a, true) + "\n";
    for (const auto& d : r.situation.defenders)
        out += "  defender in hex " + d.hex + ": " + describe(d, false) + "\n";
    out += "  strength " + std::to_string(r.prepared.attacker_strength) + " against " +
           std::to_string(r.prepared.defender_strength) + "\n";
    out += r.roll ? "d10: " + std::to_string(*r.roll) + (r.forced ? " (given)" : "") + "\n"
                  : "no die (Hex 9.25)\n";
    for (const auto& h : r.prepared.hexes) {
        out += "\nHex " + h.hex + ":\n";
        if (h.artillery_alone) {
            out += "  artillery shocked alone: eliminated (Hex 9.25)\n";
            continue;
        }
        for (const auto& row : h.rows)
            out += std::string(row.lit ? "  [x] " : "  [ ] ") + signed_text(row.value) + "  " +
                   row.label + (row.is_default ? " [default]" : "") + "  (" + row.rule + ")" +
                   (row.lit ? "" : ": " + row.reason) + "\n";
        out += "  DRM " + signed_text(h.drm);
        if (r.roll)
            out += ", modified roll " + std::to_string(*r.roll + h.drm) + ": " +
                   rules.band_for(*r.roll + h.drm).label;
        out += "\n";
        if (!odds) continue;
        const std::vector<int> counts = band_counts(rules, h.drm);
        for (std::size_t b = 0; b < counts.size(); ++b)
            out += "  odds " + probability_text(counts[b]) + "  " + outcome_words(rules.bands[b]) +
                   "\n";
    }
    out += "\nAfter the shock:\n";
    for (std::size_t a = 0; a < r.situation.attackers.size(); ++a)
        out += "  " + r.situation.attackers[a].name + ": " + status_words(r.status.attackers[a]) +
               "\n";
    for (std::size_t d = 0; d < r.situation.defenders.size(); ++d)
        out += "  " + r.situation.defenders[d].name + ": " + status_words(r.status.defenders[d]) +
               "\n";
    return out;
}

}  // namespace vedette::sim::borodino

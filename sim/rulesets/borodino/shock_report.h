#pragma once
#include "sim/rulesets/borodino/plugin_gate.h"
// A resolved shock in words: as the typed explanation the viewer, the exporter and `vedette
// melee` share (the d10, every DRM of every target hex lit or dim with its reason, the result
// table with the row lit, the exact odds of each band), as `vedette melee --json` and as text.

#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "sim/record/explanation.h"
#include "sim/ruleset/odds.h"
#include "sim/rulesets/borodino/shock.h"

namespace vedette::sim::borodino {

struct ResolvedShock {
    ShockSituation situation;
    PreparedShock prepared;
    std::optional<int> roll;  // none when no hex needed a die (artillery alone, 9.25)
    bool forced = false;      // the roll was given by the file or the scenario
    ShockStatus status;
    // The result band the table applied to every target hex (a shock's die given with
    // as_played=BAND); "" : by the rules.
    std::string as_played;
};

// Resolves a situation that check_shock accepted, with `roll` (0-9) when a die is needed.
ResolvedShock resolve_shock(const BorodinoRules& rules, const ShockSituation& s,
                            std::optional<int> roll, bool forced,
                            const std::string& as_played = "");

record::Explanation explain_shock(const BorodinoRules& rules, const ResolvedShock& r,
                                  const std::string& title);
// `vedette melee --json`; the odds are added by the caller, with --odds.
nlohmann::ordered_json shock_json(const BorodinoRules& rules, const ResolvedShock& r);
// The odds in the form every ruleset gives the command line (sim/ruleset/odds.h): one outcome
// per combination of results the d10's faces give across the target hexes (one die for all of
// them, 9.22), with those faces; "borodino" holds each hex's bands on their own.
ruleset::Odds shock_cli_odds(const BorodinoRules& rules, const ResolvedShock& r);
std::string shock_text(const BorodinoRules& rules, const ResolvedShock& r, bool odds);

// A result band as a reader says it: its label without the range ("5-9: defender disordered;
// ..." -> "defender disordered; ..."), and the short form a caption gives each hex: the band's
// "words" in the data file, else the label's words up to the first "; " ("defender disordered").
std::string outcome_words(const ResultBand& band);
std::string outcome_short_words(const ResultBand& band);
// A status after a shock (statuses_after) as a reader says it: "disordered_retreat_check" ->
// "disordered; takes a retreat cohesion check". JSON keeps the ids.
std::string status_words(const std::string& status);

}  // namespace vedette::sim::borodino

#pragma once
#include "sim/rulesets/borodino/plugin_gate.h"
// One shock (Удар) of the Borodino system as plain functions, shared by `vedette melee` and the
// battle engine: who may shock (9.21, 9.23, 9.24, 9.25), the DRMs of each target hex (9.22: one
// die for all of them, each hex with its own DRMs), the result band of the modified roll, the
// exact odds of each band (a d10 makes them exact) and what becomes of every unit.

#include <optional>
#include <string>
#include <vector>

#include "sim/rulesets/borodino/borodino_rules.h"

namespace vedette::sim::borodino {

// A unit in one shock. Attackers use `charging` and `rear`; defenders `square`, `hex`,
// `terrain` and `flank_open`. `cohesion` is the rating that applies now (the disordered side's
// when disordered).
struct ShockUnit {
    std::string name;
    const UnitType* type = nullptr;
    int strength = 0;
    int cohesion = 0;
    bool disordered = false;
    bool charging = false;
    bool rear = false;
    bool square = false;
    std::string hex;
    std::string terrain = "clear";
    bool flank_open = false;
};

struct ShockSituation {
    std::vector<ShockUnit> attackers, defenders;
    bool countercharged_by_heavy = false;   // light chargers met by heavy cavalry
    int pursuit = 0;                        // successive pursuit charges before this one
    std::vector<std::string> stream_hexes;  // target hexes attacked across a stream hexside
    // Every charger is disordered after its charge; the battle engine does it itself after the
    // pursuit (false here), `vedette melee` shows it in the statuses (true).
    bool chargers_disordered_after = true;
};

// Why a shock may not be made, with the rule that forbids it; `attacker` is the unit at fault.
struct Refusal {
    std::string rule, text;
    int attacker = -1;
};
std::optional<Refusal> check_shock(const ShockSituation& s);

struct DrmRow {
    std::string id, label, rule;
    int value = 0;
    bool lit = false;
    std::string reason;  // why a dim row does not apply
    bool is_default = false;
};

struct HexShock {
    std::string hex;
    std::vector<int> defenders;    // indices into ShockSituation::defenders
    bool artillery_alone = false;  // 9.25: eliminated with no die
    std::vector<DrmRow> rows;
    int drm = 0;
};

struct PreparedShock {
    std::vector<HexShock> hexes;  // in the order their first defender is listed
    int attacker_strength = 0, defender_strength = 0;
    bool needs_die() const;
};
PreparedShock prepare_shock(const BorodinoRules& rules, const ShockSituation& s);

// For each result band, how many of the ten faces give it with this DRM.
std::vector<int> band_counts(const BorodinoRules& rules, int drm);
int band_index(const BorodinoRules& rules, int modified);

// Status of each unit after the shock, attackers first then defenders: formed, disordered,
// disordered_retreat_check, retreats, withdrawn, eliminated.
struct ShockStatus {
    std::vector<std::string> attackers, defenders;
};
// `as_played`: the result band the table applied to every target hex (a shock's die given with
// as_played=BAND, BAND a band's result id); "" : each hex its band by the rules.
ShockStatus statuses_after(const BorodinoRules& rules, const ShockSituation& s,
                           const PreparedShock& p, std::optional<int> roll,
                           const std::string& as_played = "");
// The band a target hex's shock takes: the one named `as_played` when the table ruled it, else
// the band its modified roll gives (Hex 9.22).
const ResultBand& hex_band(const BorodinoRules& rules, int modified, const std::string& as_played);
std::string status_before(const ShockUnit& u);
std::string signed_text(int v);  // "+2", "0", "-1"

}  // namespace vedette::sim::borodino

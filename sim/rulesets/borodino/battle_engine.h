#pragma once
#include "sim/rulesets/borodino/plugin_gate.h"
// The battle runner's state and steps (internal to the Borodino plug-in): battle.cpp holds the
// turn, activation, movement and the record; battle_shock.cpp the shock segment in the rulings'
// order; battle_results.cpp what a shock's result does on the map (retreats, withdrawals,
// elimination, advance).

#include <map>
#include <set>
#include <string>
#include <vector>

#include "sim/core/prng.h"
#include "sim/replay/dice_tape.h"
#include "sim/ruleset/event_recorder.h"
#include "sim/rulesets/borodino/battle.h"
#include "sim/rulesets/borodino/shock_report.h"

namespace vedette::sim::borodino {

// One declared shock or charge of the active group.
struct Attack {
    int unit = -1;
    const Order* order = nullptr;
    std::vector<Hex> targets;
    bool charge = false;
    bool committed = true;       // passed its commitment check (or its stack's)
    bool lost = false;           // disordered by reaction fire and not a charger: no shock (9.24)
    std::map<Hex, int> left_to;  // a frontal hex left to a friend's attack (9.22): friend index
    bool counter = false;        // a counter-shock by a defender (result below 0)
    int pursuit = 0;             // successive pursuit charges made so far (Hex charge)
    bool countercharged_by_heavy = false;
    std::vector<int> countercharged_by;  // cavalry that met this charge (disordered after it)
    // Committed by the shock order of its stack's top unit (9.24, rulings turn 4): it adds its
    // strength, rolls no check of its own and advances with the stack.
    bool with_stack = false;
};

class Battle {
public:
    Battle(const BorodinoRules& rules, const BattleScenario& s, std::uint64_t seed);
    // Its dice tape counts the events through `this`: a battle stays where it was made.
    Battle(const Battle&) = delete;
    Battle& operator=(const Battle&) = delete;
    replay::Recorded run();

    // battle.cpp: state and record
    record::Event& emit(const std::string& phase, record::Category c, const std::string& kind,
                        std::vector<int> units, const std::string& rule, std::string text,
                        std::int64_t ms);
    int roll(int unit, const std::string& purpose, bool& forced);
    // A check as it was played (the as_played of the forced die roll() took last): whether it
    // passes, and in `note` what the rules would have given, when the table ruled otherwise.
    bool played_check(bool pass, const std::string& rule, int die, int drm, int target,
                      std::string& note) const;
    std::vector<int> stack_at(Hex h) const;  // units on the map there, top first
    int top_at(Hex h) const {
        auto s = stack_at(h);
        return s.empty() ? -1 : s.front();
    }
    bool on_map(int u) const { return fate_[std::size_t(u)].empty(); }
    bool enemy_zoc(Hex h, int side, const std::set<int>& ignore = {}) const;
    bool all_round(int u) const;
    int cohesion_now(int u) const;
    const Order* order_for(int unit, bool (*pick)(const Order&)) const;
    BattleUnit& unit(int u) { return units_[std::size_t(u)]; }
    const BattleUnit& unit(int u) const { return units_[std::size_t(u)]; }
    record::Explanation check_explanation(const std::string& title, const std::string& rule,
                                          int die, bool forced, int drm, int target,
                                          const std::vector<record::ModifierRow>& rows) const;
    bool cohesion_check(int u, const std::string& rule, const std::string& why, int drm = 0);
    void remove(int u, const std::string& fate, const std::string& rule, const std::string& why);
    void disorder(int u, const std::string& rule, const std::string& why);
    void place(int u, Hex to, const std::string& kind, record::Category c, const std::string& rule,
               const std::string& text, const std::string& gait);

    // battle_shock.cpp
    void shock_segment(int group);
    // battle_results.cpp: resolves one shock of the group's attacks (all on the same hexes) and
    // applies it; false when its targets are gone. `vacated` gets the hexes the defenders left.
    bool resolve_group(std::vector<Attack*>& group, std::vector<Hex>* vacated = nullptr);
    // battle_apply.cpp
    void apply_shock(const std::vector<Attack*>& attacks, const ResolvedShock& r,
                     const std::vector<int>& attackers, const std::vector<int>& defenders,
                     std::vector<Hex>& vacated);
    // The hex the retreat led into (the stack stands there, or withdrew on entering an enemy's
    // front); none when the stack was eliminated for want of a way.
    std::optional<Hex> retreat(const std::vector<int>& stack, const std::vector<int>& away_from,
                               const std::string& rule);
    // 9.23: "Наступление после завершения всех таких атак": the participants of each shock
    // advance into the hexes it cleared once every shock of the segment is resolved.
    void advance_after_shocks();
    // Disordered without the withdrawal a second disorder brings (a charger after its charge).
    void set_disordered(int u, const std::string& rule, const std::string& why);
    // battle_react.cpp: the answers of the shocked (countercharge, counter-shock), the pursuit.
    void countercharges(Attack& a);
    // Every hex a result below 0 gave is answered: a counter-shock, its refusal by order, or a
    // no_counter_shock event saying why there is none.
    void counter_shock(const std::vector<Attack*>& attacks, Hex defender_hex);
    std::vector<Hex> counter_shock_targets(const std::vector<Attack*>& attacks, Hex at, int lead,
                                           std::string& none) const;
    void pursue(std::vector<Attack*>& group, Hex left, const std::vector<int>& fled);
    // battle_stance.cpp: rallying at the group's activation, before anything else (rulings, turn
    // 3: a unit that rallies does nothing else in that activation); standing orders (hold,
    // attack) for turns the scenario gives no order.
    void rally_group(int group);
    bool rallied(int u) const { return rallied_[std::size_t(u)]; }
    void stance_moves(int group);
    std::vector<Order> stance_attacks(int group);
    bool standing_attack(int u) const;

    const BorodinoRules& rules_;
    const BattleScenario& s_;
    std::vector<BattleUnit> units_;
    std::vector<std::string> fate_;  // "" on the map, "withdrawn", "eliminated"
    std::vector<bool> square_;
    std::vector<Hex> start_hex_;  // where each unit began the current activation
    std::vector<bool> rallied_;   // recovered from disorder in the current activation
    Prng prng_;
    std::uint64_t seed_;
    ruleset::EventRecorder rec_;  // events, clock, keyframes, turn hashes
    replay::DiceTape tape_;       // every die, and a branch's changes to them
    int turn_ = 0;
    std::string phase_ = "setup";
    std::string last_as_played_;        // the as_played of the last forced die taken
    replay::DiceSource dice_;           // the dice given, and where every die came from
    std::vector<Order> stance_orders_;  // this activation's orders from standing orders
    // A hex a shock's top band cleared (10 or more: the defender retreats), for the infantry's
    // break-through (rulings, Results): the modified roll there and the hex the defender's
    // retreat led into (none: it withdrew or was eliminated without retreating into a hex).
    struct RetreatLine {
        int modified = 0;
        std::optional<Hex> into;
    };
    struct PendingAdvance {
        std::vector<Attack*> attacks;
        std::vector<Hex> vacated;
        std::map<Hex, RetreatLine> lines;  // by vacated hex
    };
    std::vector<PendingAdvance> pending_advances_;  // until every shock is resolved (9.23)

private:
    record::Snapshot snap(int u) const;
    std::vector<record::KeyValue> panel_properties(int u, const std::vector<int>& stack) const;
    std::vector<record::Snapshot> all() const;
    void activate(int group);
    std::string state_hash() const;

public:
    void move_unit(const Order& o);
};

// battle_shock.cpp: how a caption names what stands in a hex: its units by name, top first
// ("Kazan Infantry Regiment with 6th Jager Regiment"), the hex itself only when it is empty.
std::string units_in(const Battle& b, Hex h);
// Several hexes: each hex's units followed by the hex once there is more than one
// ("Kozlov Infantry Regiment (3, 4) and Kolyvan Infantry Regiment (4, 4)").
std::string units_in(const Battle& b, const std::vector<Hex>& hexes);
// battle_shock.cpp: who may shock and charge (9.21, 9.24, 9.25, Hex charge); "" when it may.
std::vector<Hex> frontal_enemy_hexes(const Battle& b, int u);
std::string may_not_shock(const Battle& b, int u);
std::string may_not_charge(const Battle& b, int u, int target);
// Rulings, Charges: "in sight". What blocks the line from the centre of `from` to the centre of
// `to` (hex_line): the first hex between them (never the two ends) whose terrain blocks sight or
// that holds a unit (when units block sight, borodino.json), named with its hex; a line running
// along a hexside only when the hexes on both sides block. "" when the line is clear.
std::string sight_blocked(const Battle& b, Hex from, Hex to);
// The hexes a charger gallops through to a hex next to its target, the shortest way, each open,
// empty or holding friends with room, and outside the frontal hexes of other enemy cavalry; none
// when there is no such way.
std::optional<std::vector<Hex>> charge_path(const Battle& b, int u, int target);

}  // namespace vedette::sim::borodino

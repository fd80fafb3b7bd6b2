#pragma once
#include "sim/rulesets/gdb/plugin_gate.h"
// The GdB battle runner: plays a scenario turn by turn (charges, movement, melee, mandatory moves)
// and records every step as an event of the ruleset-neutral record (battle_recorder.h), each
// explained from the typed result it comes from (gdb_explain.h). Deterministic: the same
// scenario, rules and seed give the same events, byte for byte.

#include <array>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "sim/core/prng.h"
#include "sim/record/record.h"
#include "sim/replay/replay.h"
#include "sim/rulesets/gdb/battle/battle_recorder.h"
#include "sim/rulesets/gdb/battle/battle_rules.h"
#include "sim/rulesets/gdb/battle/charge_steps.h"
#include "sim/rulesets/gdb/battle/event_kind.h"
#include "sim/rulesets/gdb/battle/scenario.h"
#include "sim/rulesets/gdb/gdb_explain.h"
#include "sim/rulesets/gdb/gdb_ruleset.h"
#include "sim/rulesets/gdb/melee/gdb_rules.h"

namespace vedette::sim::battle {

enum class Pending : std::uint8_t { none, retreat, rout, push_back, pursue, blown };

struct UnitState {
    geom::Vec pos;
    geom::Vec facing;
    int figures = 0;
    gdb::Formation formation = gdb::Formation::line;
    gdb::Status status = gdb::Status::formed;
    bool on_table = true;
    bool dispersed = false;
    bool guns_abandoned = false;
    geom::Vec guns_at;
    bool blown = false;
    bool pursuing = false;
    bool pursued_last_turn = false;
    bool pushed_back_before = false;  // pushed back once in the built-up-area melee going on
    // The distance its retreat or push back went at the table (a melee's dice with as_played and
    // retreat=); 0: by the rules.
    geom::i64 retreat_as_played_mm = 0;
    bool street_fight = false;     // that melee goes on with no building modifiers (12.19 i)
    std::uint8_t bonus_moves = 0;  // gdb::BonusMove bits the last melee gave it (12.21)
    std::vector<int> disordered_in_flight;  // friends it disordered fleeing this phase (12.25)
    bool occupies = false;  // a melee winner that must occupy the area it won (12.21 a)
    geom::Vec occupy_at;    // where the beaten defender stood
    // This turn.
    bool charged = false;      // declared a charge
    bool was_charged = false;  // the target of a charge
    int charged_by = -1;
    bool countercharged = false;
    bool countercharge_bonus = false;
    geom::i64 countercharge_forward = 0;  // mm the countercharger moved towards the charger
    bool general_leads = false;
    bool flank_contact = false;
    bool behind_obstacle = false;  // defending behind a hedge, wall or stream this turn
    bool retreated_this_turn = false;
    bool reinforcement = false;  // charged into a melee already fought (12.8)
    bool stood_aside = false;  // skirmishers that left a charge path: no fire, no fight (seed 000)
    Pending pending = Pending::none;
    int pending_enemy = -1;     // who it fought (direction for retreats, target for pursuit)
    bool uncontrolled = false;  // must charge the nearest enemy in its sector next turn
};

struct Contact {
    int attacker = -1;
    int defender = -1;
    bool first_round = true;
};

class Battle {
public:
    // `ruleset` gives the melee tables, the charge and turn tables and gdb.json as loaded (the
    // full tables the explanations show).
    Battle(const gdb::GdbRuleset& ruleset, const Scenario& scenario);
    // Its dice tape counts the events through `this`: a battle stays where it was made.
    Battle(const Battle&) = delete;
    Battle& operator=(const Battle&) = delete;
    // The battle as its replay records it: header, events, keyframes and turn hashes.
    replay::Recorded run();

    // For tests: the state after run().
    const std::vector<UnitState>& units() const { return units_; }

private:
    // turn loop (battle_engine.cpp)
    void start_turn();
    void end_turn();
    std::string state_hash() const;
    // A unit as the record shows it now (gdb_record.h), and every unit.
    record::Snapshot snapshot(int unit) const;
    std::vector<record::Snapshot> everyone() const;
    // An event of this phase with `units` as they are now; the caller adds its explanation.
    record::Event& emit(EventKind kind, std::vector<int> units, const std::string& rule,
                        std::string text, std::int64_t duration_ms = 1200);
    // Moves `unit` from `from` to `to` (turning it to `facing_end`) and records the move.
    record::Event& emit_motion(EventKind kind, int unit, std::vector<int> units,
                               const std::string& rule, std::string text, geom::Vec from,
                               geom::Vec to, geom::Vec facing_end, const std::string& gait);
    // A die of `unit`'s `purpose` test, given (forced, with the table's ruling on the first die
    // of its entry) or from the seed: replay/dice_source.h.
    replay::Die roll(int unit, const std::string& purpose);
    // Where a melee takes its dice: the same source, for the melee's units (`units` by melee
    // index).
    gdb::MeleeDiceSource melee_dice(const std::vector<int>& units);
    // Dice given for a melee in counts it cannot take are set aside before it (the seed throws).
    void set_aside_odd_melee_dice(const std::vector<int>& units);
    geom::Rect rect_of(int unit) const;
    geom::Rect rect_at(int unit, geom::Vec pos, geom::Vec facing) const;
    const MoveRates& moves(int unit) const { return move_rates_[static_cast<std::size_t>(unit)]; }
    const std::string& name(int unit) const {
        return scenario_.units[static_cast<std::size_t>(unit)].unit.name;
    }
    bool is_cavalry(int unit) const;
    bool can_act(int unit) const;
    bool in_contact(int unit) const;
    // In a contact whose melee has had a round already (a draw going on, 12.19 i streets).
    bool in_fought_contact(int unit) const;
    // The attacker of the first contact made with `target` (itself if none).
    int first_charger_of(int target) const;
    const Commander* attached_general(int unit) const;
    geom::i64 command_distance(int unit) const;
    // Where a general not attached to a unit stands now: its scenario place, or where a general
    // move of this or an earlier turn took it.
    geom::Vec general_at(const Commander& general) const;
    bool line_of_sight(int from, int to) const;  // front centre to the other's centre
    bool clear_sight_line(int from, int to, geom::Vec a, geom::Vec b) const;
    // The charger sees its target if it sees any part of it: its centre or a corner.
    bool sees_any_part(int from, int to) const;
    // What hides `to`'s centre from `from`'s front (a feature's name, "a rise of the ground" or a
    // unit's name); "" when nothing does.
    std::string sight_blocker(int from, int to) const;
    const TerrainFeature* feature_at(geom::Vec p) const;
    // Woods, a built-up area or a fortification at p: the shelter evaders look for (seed 000).
    const TerrainFeature* shelter_at(geom::Vec p) const;
    // Straight away from `enemy`, or within 22 degrees of that towards the nearest shelter or
    // friends (seed 000, evades 3).
    geom::Vec evade_direction(int unit, int enemy, std::string& towards) const;
    void move_unit(int unit, geom::Vec to, geom::Vec facing);
    // Moves a fleeing or retreating unit along `dir`, disordering friends it passes through and
    // ending clear of them (seed 000, lancer example).
    geom::Vec flee_path_end(int unit, geom::Vec dir, geom::i64 distance,
                            std::vector<int>& passed_through);

    // phases
    void charge_phase();
    void uncontrolled_charges();
    void opportunity_charges();
    void ordered_charges();
    void execute_charge(int charger, int target, const Order* order, bool opportunity,
                        geom::i64 budget_used);
    void movement_phase();
    void reform_standing_units();
    // A move in road formation from a road to a point on it (gdb.json "roads").
    bool road_move(int unit, geom::Vec to) const;
    void melee_phase();
    void mandatory_phase();
    // The steps of the mandatory phase, in order (mandatory_moves.cpp); `moved` marks who moved.
    void retreats_and_routs(std::vector<bool>& moved);
    void push_backs(std::vector<bool>& moved);
    void pursuits(std::vector<bool>& moved);
    // 12.24: blown cavalry retires in the movement phase, at its charge rate, until it is out of
    // charge reach and musket range of every enemy; then it re-forms (movement_phase.cpp).
    void blown_cavalry_retires();
    bool clear_of_every_enemy(int unit, geom::Vec at) const;
    geom::i64 margin_from_enemies(int unit, geom::Vec at, geom::Vec facing) const;
    void best_retirement(int unit, geom::Vec& to, geom::Vec& dir) const;
    void occupy_won_areas(std::vector<bool>& moved);
    void make_bonus_moves(std::vector<bool>& moved);  // 12.21 b, c, as the orders say
    // 12.25: the pursuer meets the friends its victims disordered; false if there were none.
    bool pursue_into_disordered_friends(int pursuer, int target);
    // 12.24 e: cavalry other than Cossacks stops at the edge of woods or rough ground.
    bool pursuit_stopped_by_rough_ground(int pursuer, int target);
    void rallies(const std::vector<bool>& moved);
    bool off_table(int unit) const;
    bool fits_on_table(const geom::Rect& r) const;  // every corner on the table
    // The furthest point of the straight move from `from` to `end` at which the unit, facing
    // `facing`, still has every corner on the table (RULINGS turn 4: a push back stops at the
    // table edge); `end` itself when it fits, `from` when nothing further does.
    geom::Vec stop_at_table_edge(int unit, geom::Vec from, geom::Vec end, geom::Vec facing) const;
    int nearest_enemy(int unit) const;  // -1 if none is on the table
    void resolve_contact_group(const std::vector<int>& defenders, const std::vector<int>& attackers,
                               bool first_round);
    // The steps of one melee (melee_phase.cpp).
    gdb::MeleeUnit melee_unit(int unit, bool attacker, bool first_round,
                              const TerrainFeature* where) const;
    void apply_melee_status(int unit, gdb::StatusAfter status, int pursuit_target);
    void mark_area_to_occupy(const TerrainFeature* where, const std::vector<int>& defenders,
                             const std::vector<int>& attackers);
    void narrate_melee_losses(int unit, int casualties, gdb::StatusAfter status);
    // 12.23: a winning cavalry unit's pursuit test as an event of its own, whatever its row
    // (`index` is the unit's place in the prepared melee; the dice are explained with the melee).
    std::string melee_as_played(const gdb::MeleeOutcome& out, const std::vector<int>& all);
    void narrate_pursuit_test(int unit, const gdb::PreparedMelee& prep,
                              const gdb::MeleeOutcome& out, std::size_t index);
    // 12.19 i, j: after a push back out of part of a built-up area, the winner follows and the
    // melee goes on; pushed out of it entirely, the defender must retreat.
    void follow_push_back_in_built_up_area(int unit, const TerrainFeature& area);
    // 12.22 table: 2D6 against the class's target, +1 with an excellent general attached.
    bool formation_test(int unit, const std::string& rule, const std::string& why);
    // The hedges, walls and streams a straight move from a to b crosses.
    std::vector<const TerrainFeature*> obstacles_crossed(geom::Vec a, geom::Vec b) const;
    const BattleRules::Obstacle& obstacle_rules(const TerrainFeature& f) const;

    // charge helpers (charge_sequence.cpp)
    struct TestRoll {
        int dice[2] = {0, 0};
        int total = 0;
        const RangeRow* row = nullptr;
        gdb::RollFacts facts;  // what the explanation shows
        // Played otherwise at the table (a game record): what the rules would have given.
        std::string as_played;
        // The row's label as the event says it, marked when the table ruled it.
        std::string said() const;
    };
    // The test's event: its text, its explanation and, where the table ruled, its as_played.
    record::Event& emit_test(int unit, const TestRoll& test, const std::string& rule,
                             const std::string& text);
    using TestMods = std::vector<std::pair<const RuleRow*, int>>;
    TestRoll morale_test(int unit, const MoraleTable& table, const TestMods& mods,
                         const std::string& purpose);
    // One charge, step by step. Each step reads and changes the table and narrates; the rule
    // decisions themselves are the functions of charge_steps.h.
    struct ChargeRun {  // what the steps so far decided, handed to the next
        int charger = -1;
        int target = -1;
        const Order* order = nullptr;
        geom::i64 distance = 0;  // charger to target at declaration
        geom::i64 half = 0;      // the first half move
        geom::i64 moved = 0;     // of the charge move, earlier charges this turn included
        geom::Vec start_front;   // the charger's front centre at declaration
        bool flank = false;      // it comes from beside or behind the target's front edge
        std::string gait;
        charge::ReactionChoice reaction;
        const Order* reaction_order = nullptr;
        int lost = 0;              // figures lost to the closing volley
        bool changing = false;     // the target changes formation as the charger closes
        bool reinforcing = false;  // the target is already in a melee fought (12.8)
        // The target is in contact with another charger of this charge phase, no melee round
        // fought yet: this one is a charger too (12.6; RULINGS turn 4).
        bool joining = false;
        bool countercharge_wheeled = false;  // the countercharger's move went on wheeling
        charge::FormationChangePlan change;
    };
    // Declaration (charge_sequence.cpp): false if refused.
    // Every condition of a charge, for ordered, opportunity and restarted charges alike.
    charge::DeclarationChecks declaration_checks(int charger, int target, const Order* order,
                                                 geom::i64 used) const;
    bool declare_charge(ChargeRun& run, bool opportunity, geom::i64 used);
    // Why the ground forbids this charge (12.9 g, 12.11), or "".
    std::string terrain_refusal(int charger, int target) const;
    // The steps after a declaration: reaction, half move, tests, contact.
    void run_declared_charge(ChargeRun& run);
    // Reactions (charge_reactions.cpp).
    void announce_reaction(ChargeRun& run);
    void first_half_move(ChargeRun& run);
    bool resolve_reaction(ChargeRun& run);  // false: the charge is over (evaders)
    void closing_volley(ChargeRun& run);
    void start_formation_change(ChargeRun& run);
    void evade(ChargeRun& run);
    void ride_down_evaders(const ChargeRun& run);
    int skirmisher_figures_contacted(int charger, int skirmishers) const;
    void start_countercharge(ChargeRun& run);
    // The tests at the half move, contact and after it (charge_contact.cpp).
    bool charger_test(ChargeRun& run);  // false: the charger halts or falls back
    void countercharge_test(ChargeRun& run);
    bool target_stand_test(ChargeRun& run);  // false: the target left
    void stand_test_retreat(ChargeRun& run, const std::string& stand_rule);
    void finish_formation_change(ChargeRun& run);
    void charge_home(ChargeRun& run);
    void after_contact(int charger, int target, geom::Vec target_left_from, const Order* order,
                       geom::i64 moved);
    void continue_charge_after(int charger, int target, geom::i64 remaining);
    void halt_after_contact(int charger, int target, geom::Vec target_left_from,
                            geom::i64 remaining);
    geom::Vec contact_position(int charger, int target) const;
    // Where `unit` comes to rest edge to edge with `target`, moving straight along `dir`.
    geom::Vec contact_along(int unit, int target, geom::Vec dir) const;
    // Where an ordinary move order sends its unit (its point, or worked out from the table now).
    geom::Vec move_destination(const Order& o) const;
    // Moves `unit` straight away from `enemy`, disordering friends it passes (seed 000).
    // `dir` (unit length, Q16) overrides "straight away from the enemy" when it is not zero.
    // `as_played`: the move's note when the table ruled its distance otherwise than the rules.
    void fall_back(int unit, int enemy, geom::i64 distance, EventKind kind, const std::string& rule,
                   const std::string& text, geom::Vec dir = {}, const std::string& as_played = "");
    // Friends a falling-back unit disorders: those it passes in the first half of its move,
    // squares and units in buildings or fortifications excepted (12.19 c).
    bool disorders_friend(int unit, int friend_unit, geom::Vec from, geom::Vec dir,
                          geom::i64 distance) const;
    bool in_charge_sector(int charger, int target) const;
    // Seed 000: the charger's own skirmishers step aside; enemy skirmishers in the way evade.
    void clear_charge_path(int charger, int target);
    void reman_abandoned_guns();
    const Order* reaction_order(int unit) const;

    const gdb::GdbRules& melee_rules_;
    const BattleRules& rules_;
    const nlohmann::json& tables_;  // gdb.json as loaded, for the explanations
    const Scenario& scenario_;
    const ScalePreset& scale_;
    Prng prng_;
    std::vector<UnitState> units_;
    std::vector<MoveRates> move_rates_;
    std::vector<std::string> ids_;
    std::vector<Contact> contacts_;
    replay::DiceSource dice_;  // the dice given, and where every die came from
    BattleRecorder recorder_;
    replay::DiceTape tape_;  // every die, and a branch's changes to them
    int turn_ = 0;
    int phasing_ = 0;
    std::string phase_ = "setup";
    std::array<int, 2> opportunity_used_{0, 0};
};

// Convenience: loads nothing, runs everything.
replay::Recorded run_battle(const gdb::GdbRuleset& ruleset, const Scenario& scenario);

std::vector<std::string> unit_ids(const Scenario& scenario);
std::string status_name(const UnitState& s);

}  // namespace vedette::sim::battle

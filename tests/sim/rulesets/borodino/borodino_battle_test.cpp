// The Borodino battle engine: the demo scenario's events in order with the dice that make them,
// determinism of the replay bytes, bad scenarios refused with the place named, and rules read
// from the data file (what blocks a charger's sight, the break-through) as a user edits them.

#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>

#include "sim/core/input_error.h"
#include "sim/core/json_reader.h"
#include "sim/rules/ruleset_files.h"
#include "sim/rulesets/borodino/battle.h"
#include "sim/rulesets/borodino/borodino_ruleset.h"

using namespace vedette::sim;
using namespace vedette::sim::borodino;

namespace {

const BorodinoRuleset& plugin() {
    static const BorodinoRuleset r(std::string(VEDETTE_SOURCE_DIR) + "/sim/rulesets");
    return r;
}

const std::string kDemo =
    std::string(VEDETTE_SOURCE_DIR) + "/replays/borodino/shevardino_demo.scenario.json";

Json demo_json() {
    return parse_json_text(read_text_file(kDemo), kDemo);
}

replay::Recorded run(const Json& j) {
    const auto s = plugin().parse_scenario(j, kDemo);
    return plugin().run(*s, s->seed);
}

int index_of(const replay::Recorded& r, const std::string& kind, int from = 0) {
    for (std::size_t i = std::size_t(from); i < r.events.size(); ++i)
        if (r.events[i].kind == kind) return static_cast<int>(i);
    return -1;
}

std::string error_place(const Json& j) {
    try {
        run(j);
    } catch (const InputError& e) {
        return e.where() + ": " + e.message();
    }
    return "accepted";
}

const std::string kRulesFile =
    std::string(VEDETTE_SOURCE_DIR) + "/sim/rulesets/borodino/borodino.json";

// The shipped data file with an edit, as a user would make it.
BorodinoRules rules_with(const std::function<void(Json&)>& edit) {
    Json j = parse_json_text(read_text_file(kRulesFile), kRulesFile);
    edit(j);
    return parse_borodino_rules(j.dump(), kRulesFile);
}

std::string rules_error(const std::function<void(Json&)>& edit) {
    try {
        rules_with(edit);
    } catch (const InputError& e) {
        return e.where() + ": " + e.message();
    }
    return "accepted";
}

// A shipped scenario (with an edit) played under `rules`.
replay::Recorded play(const BorodinoRules& rules, const std::string& name,
                      const std::function<void(Json&)>& edit = {}) {
    const std::string file =
        std::string(VEDETTE_SOURCE_DIR) + "/replays/borodino/" + name + ".scenario.json";
    Json j = parse_json_text(read_text_file(file), file);
    if (edit) edit(j);
    const auto s = parse_battle_scenario(j, file, rules);
    return run_battle(rules, *s, s->seed);
}

// A scenario of tests/data/borodino played with the shipped rules.
replay::Recorded play_test_data(const std::string& name) {
    const std::string file =
        std::string(VEDETTE_SOURCE_DIR) + "/tests/data/borodino/" + name + ".scenario.json";
    const auto s = plugin().parse_scenario(parse_json_text(read_text_file(file), file), file);
    return plugin().run(*s, s->seed);
}

// "kind unit" for every event but the bookkeeping ones (setup, turn start, activation).
std::vector<std::string> story(const replay::Recorded& r) {
    std::vector<std::string> out;
    for (const auto& e : r.events) {
        if (e.kind == "setup" || e.kind == "turn_start" || e.kind == "activation") continue;
        out.push_back(e.kind + " " +
                      (e.units.empty() ? "" : r.header.units[std::size_t(e.units[0])].id));
    }
    return out;
}

const record::Event& first_of(const replay::Recorded& r, const std::string& kind) {
    for (const auto& e : r.events)
        if (e.kind == kind) return e;
    throw std::logic_error("no event " + kind);
}

bool has_text(const record::Event& e, const std::string& part) {
    return e.text.find(part) != std::string::npos;
}

// Every shipped Borodino scenario and every test scenario of tests/data/borodino (not the bad
// ones), played with the shipped rules.
std::vector<replay::Recorded> every_scenario_played() {
    std::vector<std::string> files;
    for (const char* dir : {"/replays/borodino", "/tests/data/borodino"})
        for (const auto& f :
             std::filesystem::directory_iterator(std::string(VEDETTE_SOURCE_DIR) + dir)) {
            const std::string name = f.path().filename().string();
            if (name.size() > 14 && name.substr(name.size() - 14) == ".scenario.json" &&
                name.rfind("bad_", 0) != 0)
                files.push_back(f.path().string());
        }
    std::sort(files.begin(), files.end());
    std::vector<replay::Recorded> out;
    for (const auto& file : files) {
        const auto s = plugin().parse_scenario(parse_json_text(read_text_file(file), file), file);
        out.push_back(plugin().run(*s, s->seed));
    }
    return out;
}

// "kind unit" of every event of these kinds.
std::vector<std::string> events_of(const replay::Recorded& r, const std::set<std::string>& kinds) {
    std::vector<std::string> out;
    for (const auto& e : r.events)
        if (kinds.count(e.kind))
            out.push_back(e.kind + " " + r.header.units[std::size_t(e.units.at(0))].id);
    return out;
}

}  // namespace

// The shock segment in the rulings' order: declaration, retreat before shock (9.32: unstacked
// jager "до того, как атакующий игрок проведет свою ПВУ"), commitment, reaction fire, the 9.22
// fallback, then the shock.
TEST(BorodinoBattle, DemoShockSegmentInOrder) {
    const replay::Recorded r = run(demo_json());
    const int declared = index_of(r, "shock_declared");
    const int jager = index_of(r, "retreat_before_shock");
    const int commit = index_of(r, "commitment_check");
    const int fire = index_of(r, "reaction_fire");
    const int fallback = index_of(r, "obligation_fallback");
    const int shock = index_of(r, "shock");
    ASSERT_GE(declared, 0);
    EXPECT_LT(declared, jager);
    EXPECT_LT(jager, commit);
    EXPECT_LT(commit, fire);
    EXPECT_LT(fire, fallback);
    EXPECT_LT(fallback, shock);
    EXPECT_EQ(r.events[std::size_t(jager)].rule, "Hex 9.32");
    // The forced commitment die (3) passes against cohesion 7.
    const auto& c = r.events[std::size_t(commit)];
    ASSERT_TRUE(c.explanation.has_value());
    EXPECT_EQ(c.explanation->sections[0].dice[0].dice[0].value, 3);
    EXPECT_EQ(c.explanation->sections[0].dice[0].dice[0].mark, "forced");
    // 9.22: the friend disordered by reaction fire leaves its hex to the other battalion.
    EXPECT_NE(r.events[std::size_t(fallback)].text.find("disordered by reaction fire"),
              std::string::npos);
    // The shock covers two hexes with one die.
    EXPECT_NE(r.events[std::size_t(shock)].text.find("2 hexes"), std::string::npos);
    // Charges: every charger is disordered afterwards.
    const int charge = index_of(r, "charge");
    ASSERT_GE(charge, 0);
    EXPECT_GE(index_of(r, "disorder", charge), 0);
}

TEST(BorodinoBattle, SameScenarioSameBytes) {
    const std::string a = replay::write_replay_text(run(demo_json()));
    const std::string b = replay::write_replay_text(run(demo_json()));
    EXPECT_EQ(a, b);
    // The stored hash of the demo's replay bytes: a change in any rule outcome shows here.
    EXPECT_EQ(fnv1a64_hex(a),
              fnv1a64_hex(read_text_file(std::string(VEDETTE_SOURCE_DIR) +
                                         "/replays/borodino/shevardino_demo.replay.json")));
}

TEST(BorodinoBattle, BadScenariosNameThePlace) {
    Json j = demo_json();
    j["sides"][0]["groups"][0]["units"][0]["hex"] = {40, 40};
    EXPECT_EQ(error_place(j).rfind("$.sides[0].groups[0].units[0].hex: hex (40, 40) is off", 0),
              0u);

    j = demo_json();
    j["sides"][0]["groups"][0]["units"][0]["facing"] = 90;
    EXPECT_NE(error_place(j).find("not a hexside"), std::string::npos);

    j = demo_json();  // odessa and the battery already share (3, 4)
    j["sides"][0]["groups"][0]["units"][2]["hex"] = {3, 4};
    EXPECT_NE(error_place(j).find("3 units in hex (3, 4)"), std::string::npos);

    j = demo_json();
    j["sides"][0]["groups"][0]["units"][0]["type"] = "grenadier";
    EXPECT_EQ(error_place(j).rfind("$.sides[0].groups[0].units[0].type", 0), 0u);

    j = demo_json();  // the 57e's first battalion walks into the redoubt's garrison
    j["orders"][0]["move"] = {{3, 3}, {3, 4}};
    EXPECT_NE(error_place(j).find("through the enemy unit odessa"), std::string::npos);
}

// Rulings: "Entering an enemy ZOC ends movement."
TEST(BorodinoBattle, EnemyZocEndsMovement) {
    Json j = demo_json();
    j["orders"][0]["move"] = {{3, 3}, {2, 3}};  // (3, 3) is next to the redoubt
    j["orders"].erase(2);                       // no shock from there
    const replay::Recorded r = run(j);
    int moves = 0;
    for (const auto& e : r.events)
        if (e.kind == "move" && e.units[0] == 6) ++moves;  // l57_1 is roster unit 6
    EXPECT_EQ(moves, 1);
}

// The battle: at least 30 named units over at least 6 turns, every die seeded, the same
// bytes each time. Rulings: "In the Borodino scenario itself the Russian jäger follow no jäger
// rules" (9.32: "не используется в сценарии Бородино").
TEST(BorodinoBattle, ShevardinoBattleThirtyUnitsSixTurns) {
    const std::string file =
        std::string(VEDETTE_SOURCE_DIR) + "/replays/borodino/shevardino_battle.scenario.json";
    const Json j = parse_json_text(read_text_file(file), file);
    const auto s = plugin().parse_scenario(j, file);
    const replay::Recorded r = plugin().run(*s, s->seed);
    EXPECT_GE(r.header.units.size(), 30u);
    ASSERT_EQ(r.turn_hashes.size(), 6u);
    std::map<std::string, int> kinds;
    for (const auto& e : r.events) {
        ++kinds[e.kind];
        EXPECT_FALSE(e.rule.empty()) << e.kind;  // every event cites its rule
        if (e.kind == "retreat_before_shock") {
            EXPECT_NE(e.rule, "Hex 9.32");
        }
    }
    EXPECT_GE(kinds["shock"], 10);
    EXPECT_GE(kinds["charge"], 2);
    EXPECT_GE(kinds["withdrawal"], 1);
    EXPECT_GE(kinds["advance"], 1);
    EXPECT_EQ(replay::write_replay_text(r), replay::write_replay_text(plugin().run(*s, s->seed)));
    // A different seed plays a different battle (the dice are the seed's, not fixed).
    EXPECT_NE(r.turn_hashes.back().hash, plugin().run(*s, s->seed + 1).turn_hashes.back().hash);
}

// Standing orders are checked like orders: an attacking group needs an objective on the board.
TEST(BorodinoBattle, StandingOrdersNeedAnObjective) {
    Json j = demo_json();
    j["sides"][0]["groups"][0]["stance"] = "attack";
    EXPECT_EQ(error_place(j), "$.sides[0].groups[0]: missing required field \"objective\"");
    j["sides"][0]["groups"][0]["objective"] = {50, 50};
    EXPECT_NE(error_place(j).find("off the board"), std::string::npos);
    j["sides"][0]["groups"][0]["stance"] = "charge!";
    EXPECT_NE(error_place(j).find("$.sides[0].groups[0].stance"), std::string::npos);
}

// Rulings, Charges: "in sight". What blocks sight is data (borodino.json): terrain with
// "blocks_sight" and "units_block_sight" [default], read at start; turned off, the same charges
// of the sight scenario go ahead.
TEST(BorodinoBattle, WhatBlocksSightIsTheDataFiles) {
    const std::set<std::string> kinds = {"shock_refused", "charge_declared"};
    const auto shipped = play(plugin().rules(), "rulings_charge_sight");
    EXPECT_EQ(events_of(shipped, kinds),
              (std::vector<std::string>{"shock_refused hus7", "shock_refused lanc9",
                                        "shock_refused hus8", "charge_declared chass16"}));
    // Units no longer block: the 9e Chevau-legers see past the 13e Legere, and the 8e Hussards'
    // line along the hexside is blocked on the wood's side only.
    const BorodinoRules no_units =
        rules_with([](Json& j) { j["charge"]["units_block_sight"]["value"] = 0; });
    EXPECT_EQ(events_of(play(no_units, "rulings_charge_sight"), kinds),
              (std::vector<std::string>{"shock_refused hus7", "charge_declared lanc9",
                                        "charge_declared chass16", "charge_declared hus8"}));
    // Nor woods: every charge goes ahead.
    const BorodinoRules nothing = rules_with([](Json& j) {
        j["charge"]["units_block_sight"]["value"] = 0;
        for (auto& t : j["terrain"]) t["blocks_sight"] = false;
    });
    EXPECT_EQ(events_of(play(nothing, "rulings_charge_sight"), kinds),
              (std::vector<std::string>{"charge_declared hus7", "charge_declared lanc9",
                                        "charge_declared chass16", "charge_declared hus8"}));
    // With the 13e Legere out of the line (in (2, 1)) the 9e Chevau-legers see the Butyrsk
    // regiment: it was the unit, not the ground.
    const auto moved = play(plugin().rules(), "rulings_charge_sight", [](Json& j) {
        j["sides"][0]["groups"][1]["units"][0]["hex"] = {2, 1};
    });
    EXPECT_EQ(events_of(moved, kinds),
              (std::vector<std::string>{"shock_refused hus7", "shock_refused hus8",
                                        "charge_declared lanc9", "charge_declared chass16"}));
    EXPECT_EQ(rules_error([](Json& j) { j["charge"]["units_block_sight"]["value"] = 2; }),
              "$.charge.units_block_sight.value: expected 0 or 1");
}

// Rulings, results table: "infantry attackers may break through" (may: a shock order with
// "break_through": false declines); how far is data ("break_through" in borodino.json, 0: none).
TEST(BorodinoBattle, BreakThroughDeclinedByOrderOrOffInTheData) {
    const std::set<std::string> kinds = {"advance", "break_through", "break_through_blocked",
                                         "break_through_declined"};
    EXPECT_EQ(events_of(play(plugin().rules(), "rulings_break_through"), kinds),
              (std::vector<std::string>{"advance l57", "break_through l57", "advance l61",
                                        "break_through_blocked l61"}));
    const auto declined = play(plugin().rules(), "rulings_break_through",
                               [](Json& j) { j["orders"][0]["break_through"] = false; });
    EXPECT_EQ(events_of(declined, kinds),
              (std::vector<std::string>{"advance l57", "break_through_declined l57", "advance l61",
                                        "break_through_blocked l61"}));
    const BorodinoRules off = rules_with([](Json& j) { j["break_through"]["hexes"]["value"] = 0; });
    EXPECT_EQ(events_of(play(off, "rulings_break_through"), kinds),
              (std::vector<std::string>{"advance l57", "advance l61"}));
    EXPECT_NE(rules_error([](Json& j) {
                  j["break_through"]["hexes"]["value"] = 2;
              }).find("$.break_through.hexes.value: expected 0"),
              std::string::npos);
    // Only a shock order declines it, and only with false.
    const std::string file =
        std::string(VEDETTE_SOURCE_DIR) + "/replays/borodino/rulings_break_through.scenario.json";
    Json j = parse_json_text(read_text_file(file), file);
    j["orders"][0]["break_through"] = true;
    EXPECT_EQ(error_place(j).rfind("$.orders[0].break_through: expected false", 0), 0u);
}

// Rulings, turn 3: "Counter-shock is a shock: only into the counter-shocking stack's frontal
// hexes (9.21) ... A counter-shock that cannot happen (the stack faces away ...) is an event
// saying why." The 21e Ligne shocks the Tula regiment from its rear and rolls below 0; the
// regiment faces away and does not counter-shock (it used to, backwards, and advanced into the
// hex behind it). Dice: commitment 0, shock 2 (DRM -5).
TEST(BorodinoBattle, CounterShockOnlyIntoFrontalHexes) {
    const auto r = play_test_data("counter_shock_faces_away");
    EXPECT_EQ(story(r),
              (std::vector<std::string>{"shock_declared l21", "commitment_check l21", "shock l21",
                                        "disorder l21", "no_counter_shock tula"}));
    const auto& why = first_of(r, "no_counter_shock");
    EXPECT_EQ(why.rule, "Hex 9.21");
    EXPECT_TRUE(has_text(why, "21e Ligne in (3, 3) is not in its frontal hexes")) << why.text;
}

// Rulings, turn 3: "Counter-shock is a shock: ... it must take every enemy in them (9.22), one
// die, each hex its own DRMs." 9.22: "обязана произвести атаку на все части противника,
// находящиеся на ее Фронтальных гексах". The Tula regiment counter-shocks the 21e Ligne, which
// rolled below 0, and the 46e Ligne in its other frontal hex, with one die (it used to take only
// the 21e's hex). Dice: commitment 0, shock 2 (DRM -7); counter-shock 5.
TEST(BorodinoBattle, CounterShockTakesEveryEnemyInItsFrontalHexes) {
    const auto r = play_test_data("counter_shock_every_frontal_enemy");
    const auto& declared = first_of(r, "counter_shock_declared");
    EXPECT_TRUE(has_text(declared, "counter-shocks 21e Ligne (3, 3) and 46e Ligne (2, 3)"))
        << declared.text;
    const auto& counter = first_of(r, "counter_shock");
    EXPECT_TRUE(has_text(counter, "Counter-shock on 2 hexes: d10 5")) << counter.text;
    std::set<std::string> shocked;
    for (int u : counter.units) shocked.insert(r.header.units[std::size_t(u)].id);
    EXPECT_EQ(shocked, (std::set<std::string>{"tula", "l21", "l46"}));
    // One die, each hex its own DRMs: the explanation has a column for each hex.
    for (const auto& s : counter.explanation->sections)
        if (s.kind == record::SectionKind::modifiers) {
            EXPECT_EQ(s.columns, (std::vector<std::string>{"hex (3, 3)", "hex (2, 3)"}));
        }
}

// Rulings, turn 3: "One arm, one target, one shock. 9.23 forbids adding strengths between arms
// ... Within one arm, every stack of the active group that shocks the same defender hex in one
// shock segment resolves one shock together: strengths added ... A defender is shocked at most
// once per arm per segment." The 2e Ligne shocks the Kozlov regiment; the 4e Ligne must shock
// it and the Kolyvan regiment (9.22). One shock, 6 against 8, one die (the Kozlov regiment was
// shocked twice, and withdrew on the second). Dice: commitments 0; shock 6; checks 0.
TEST(BorodinoBattle, OneArmOneTargetOneShock) {
    const auto r = play_test_data("one_arm_one_target_one_shock");
    int shocks = 0;
    for (const auto& e : r.events) shocks += e.kind == "shock" ? 1 : 0;
    EXPECT_EQ(shocks, 1);
    const auto& shock = first_of(r, "shock");
    EXPECT_TRUE(has_text(shock, "Shock on 2 hexes: d10 6")) << shock.text;
    std::set<std::string> in_it;
    for (int u : shock.units) in_it.insert(r.header.units[std::size_t(u)].id);
    EXPECT_EQ(in_it, (std::set<std::string>{"l2", "l4", "kozlov", "kolyvan"}));
    bool ratio = false;
    for (const auto& s : shock.explanation->sections)
        for (const auto& row : s.rows)
            ratio = ratio || row.label.rfind("Strength 6 against 8", 0) == 0;
    EXPECT_TRUE(ratio);
    for (const auto& e : r.events) EXPECT_NE(e.kind, "withdrawal") << e.text;
}

// Rulings, turn 3: "Retreat through friends. A retreating unit may pass through a hex of
// friends, however many units it holds, to the next legal hex beyond it, when no legal empty hex
// is open to it; each friend passed through takes a cohesion check (fail: disordered) ... It is
// eliminated only when no legal hex exists even through friends." The Orel regiment's only way
// back holds a full stack: it passes through into the empty hex beyond (it used to be
// eliminated); the stack's top unit fails the check for both. Dice: shock 6; checks 9 and 9.
TEST(BorodinoBattle, RetreatPassesThroughAFullStackOfFriends) {
    const auto r = play_test_data("retreat_through_a_full_stack");
    EXPECT_EQ(story(r),
              (std::vector<std::string>{"shock_declared l33", "commitment_check l33", "shock l33",
                                        "disorder orel", "cohesion_check orel", "retreat orel",
                                        "cohesion_check ryazan", "disorder ryazan",
                                        "disorder brest", "advance l33"}));
    const auto& retreat = first_of(r, "retreat");
    EXPECT_TRUE(has_text(retreat,
                         "retreats through Ryazan Infantry Regiment with Brest Infantry Regiment "
                         "in (3, 1) to (3, 0)"))
        << retreat.text;
    ASSERT_TRUE(retreat.motion);
    EXPECT_TRUE(has_text(r.events[std::size_t(retreat.seq) + 1], "friends retreat through it"));
}

// Rulings, turn 3: "An enemy's frontal hexes do not depend on that enemy's state: retreating
// into an empty frontal hex of a disordered enemy withdraws the unit, as for a formed one." The
// Orel regiment's only way back is an empty hex in front of the disordered 85e Ligne: it
// withdraws (it used to retreat there). Dice: shock 6; check 9.
TEST(BorodinoBattle, RetreatIntoTheFrontOfADisorderedEnemyWithdraws) {
    const auto r = play_test_data("retreat_into_disordered_front");
    EXPECT_EQ(story(r),
              (std::vector<std::string>{"shock_declared l33", "commitment_check l33", "shock l33",
                                        "disorder orel", "cohesion_check orel", "withdrawal orel",
                                        "advance l33"}));
    EXPECT_TRUE(has_text(first_of(r, "withdrawal"), "leads into an enemy's frontal hex"));
}

// Rulings, turn 3: "Defensive fire on the commitment check comes only from non-artillery units
// in the target hex (9.25: artillery takes no part in shock, attacking or defending). A stack of
// only artillery gives no defensive-fire DRM; its reaction fire (step 4) still happens." 9.25:
// "Артиллерия не может принимать участие в Ближнем бою ... (ни атакуя, ни обороняясь)". The 33e
// Ligne's commitment die 4 passes against 5 (the battery's +2 made it fail, and the battery
// survived a shock it takes no part in). Dice: commitment 4; reaction fire 9.
TEST(BorodinoBattle, ArtilleryAloneGivesNoDefensiveFireOnCommitment) {
    const auto r = play_test_data("lone_battery_no_defensive_fire");
    EXPECT_EQ(story(r), (std::vector<std::string>{"shock_declared l33", "commitment_check l33",
                                                  "reaction_fire pos7", "shock l33",
                                                  "eliminated pos7", "advance l33"}));
    const auto& check = first_of(r, "commitment_check");
    EXPECT_TRUE(has_text(check, "4 passes against 5")) << check.text;
    bool dim_fire = false;
    for (const auto& s : check.explanation->sections)
        for (const auto& row : s.rows)
            if (row.label.rfind("Defensive fire", 0) == 0) {
                EXPECT_FALSE(row.lit);
                EXPECT_TRUE(row.reason.find("9.25") != std::string::npos) << row.reason;
                dim_fire = true;
            }
    EXPECT_TRUE(dim_fire);
}

// Rulings, turn 3: "Rally replaces acting. A unit that recovers from disorder in its activation
// neither moves, shocks nor charges in that activation." The 85e Ligne rallies and, on standing
// orders to attack, stays where it is (it used to march on and shock); the 108e rallies and its
// move order is refused with the rule (it used to move, then rally). Dice: checks 0 and 0.
TEST(BorodinoBattle, ARalliedUnitDoesNothingElseInThatActivation) {
    const auto r = play_test_data("rally_replaces_acting");
    EXPECT_EQ(story(r),
              (std::vector<std::string>{"cohesion_check l85", "rally l85", "cohesion_check l108",
                                        "rally l108", "move_refused l108"}));
    const auto& refused = first_of(r, "move_refused");
    EXPECT_EQ(refused.rule, "Hex rally");
    EXPECT_TRUE(has_text(refused, "it rallied in this activation")) << refused.text;
}

// Rulings, turn 3: "A counter-shock that cannot happen (the stack faces away, is disordered, or
// the attackers left) is an event saying why." 9.24: "Часть в состоянии Потери строя не может
// наносить Удар". The disordered Tula regiment makes no counter-shock after the 21e Ligne's roll
// below 0, and says why (it used to say nothing). Dice: commitment 0, shock 1 (DRM -5).
TEST(BorodinoBattle, NoCounterShockSaysWhy) {
    const auto r = play_test_data("below_zero_disordered_defender");
    EXPECT_EQ(story(r),
              (std::vector<std::string>{"shock_declared l21", "commitment_check l21", "shock l21",
                                        "disorder l21", "no_counter_shock tula"}));
    const auto& why = first_of(r, "no_counter_shock");
    EXPECT_EQ(why.rule, "Hex 9.24");
    EXPECT_TRUE(has_text(why, "Tula Infantry Regiment is disordered")) << why.text;
    // The attackers left: one die on two hexes, below 0 in the woods and a retreat check in the
    // open, which the 21e Ligne fails. Dice: shock 4 (DRMs -2 and -8); check 9.
    const auto left = play_test_data("below_zero_attackers_left");
    EXPECT_EQ(story(left),
              (std::vector<std::string>{"shock_declared l21", "commitment_check l21", "shock l21",
                                        "disorder l21", "cohesion_check l21", "retreat l21",
                                        "no_counter_shock tula"}));
    const auto& gone = first_of(left, "no_counter_shock");
    EXPECT_EQ(gone.rule, "Hex shock results");
    EXPECT_TRUE(has_text(gone, "21e Ligne is no longer next to it")) << gone.text;
}

// Nothing silent: every hex of every shock that rolled below 0 ("the defender may advance and
// counter-shock") is answered by a counter-shock, its refusal by order, or an event saying why
// there is none, in every shipped scenario and test scenario (the Shevardino battle had a silent
// one: the attackers had retreated).
TEST(BorodinoBattle, EveryResultBelowZeroIsAnswered) {
    for (const auto& r : every_scenario_played()) {
        int below = 0, answered = 0;
        for (const auto& e : r.events) {
            if (e.kind == "shock" || e.kind == "counter_shock")
                // The band's words in borodino.json, one per hex that rolled below 0.
                for (std::size_t at = e.text.find("may be counter-shocked");
                     at != std::string::npos; at = e.text.find("may be counter-shocked", at + 1))
                    ++below;
            if (e.kind == "counter_shock_declared" || e.kind == "counter_shock_declined" ||
                e.kind == "no_counter_shock")
                ++answered;
        }
        EXPECT_EQ(below, answered) << r.header.title;
    }
}

// Nothing silent: a "face" on a shock order is obeyed: the unit turns in its movement and then
// shocks (it was ignored, and the shock refused for want of an enemy in front). Dice: commitment
// 0, shock 5; check 0.
TEST(BorodinoBattle, AFaceOnAShockOrderIsObeyed) {
    const auto r = play_test_data("face_then_shock");
    EXPECT_EQ(story(r),
              (std::vector<std::string>{"face l21", "shock_declared l21", "commitment_check l21",
                                        "shock l21", "disorder tula", "cohesion_check tula"}));
    EXPECT_TRUE(has_text(first_of(r, "face"), "faces 180 deg"));
}

// Nothing silent, nor wrong: a DRM row that applies never carries a reason saying it does not
// (the commitment check's "Army commander Ney's rating -1 ... out of his range"), in any
// explanation of any shipped or test scenario.
TEST(BorodinoBattle, AnAppliedDrmRowGivesNoReasonWhyNot) {
    for (const auto& r : every_scenario_played())
        for (const auto& e : r.events) {
            if (!e.explanation) continue;
            for (const auto& s : e.explanation->sections)
                for (const auto& row : s.rows)
                    if (row.lit && s.columns.size() == 1) {
                        EXPECT_EQ(row.reason, "")
                            << r.header.title << ", event " << e.seq << ": " << row.label;
                    }
        }
}

// `vedette check` prints every order the play refuses or cuts short, with its JSON path and the
// event's reason: nothing refused goes unprinted (a refused order used to show only in the
// replay, and a move cut short by its movement points nowhere).
TEST(BorodinoBattle, CheckWarnsOfEveryRefusedOrder) {
    auto warnings = [](const Json& j, const std::string& file) {
        return plugin().scenario_warnings(*plugin().parse_scenario(j, file));
    };
    const std::string clause = std::string(VEDETTE_SOURCE_DIR) +
                               "/replays/borodino/clause_9_21_who_may_shock.scenario.json";
    const auto shocks = warnings(parse_json_text(read_text_file(clause), clause), clause);
    ASSERT_EQ(shocks.size(), 2u);
    EXPECT_EQ(shocks[0].rfind("$.orders[2]: turn 1: 7e Hussards may not shock: Hex 9.21", 0), 0u);
    EXPECT_EQ(shocks[1].rfind("$.orders[3]: turn 1: 33e Ligne may not shock: Hex 9.21", 0), 0u);
    const std::string rally = std::string(VEDETTE_SOURCE_DIR) +
                              "/tests/data/borodino/rally_replaces_acting.scenario.json";
    Json j = parse_json_text(read_text_file(rally), rally);
    EXPECT_EQ(warnings(j, rally),
              (std::vector<std::string>{
                  "$.orders[0]: turn 1: 108e Ligne does not move: it rallied in this activation "
                  "(rulings: a unit that rallies neither moves, shocks nor charges in that "
                  "activation) (Hex rally)"}));
    // Five hexes for four movement points: the move stops short, and says so.
    j["sides"][0]["groups"][0]["units"][1]["disordered"] = false;
    j["orders"][0]["move"] = {{0, 2}, {0, 3}, {0, 4}, {1, 4}, {2, 4}};
    EXPECT_EQ(warnings(j, rally),
              (std::vector<std::string>{"$.orders[0]: turn 1: 108e Ligne stops in (1, 4) short of "
                                        "the end of its path: not enough movement points (Hex "
                                        "movement)"}));
}

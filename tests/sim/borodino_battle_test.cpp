// The Borodino battle engine: the demo scenario's events in order with the dice that make them,
// determinism of the replay bytes, and bad scenarios refused with the place named.

#include <gtest/gtest.h>

#include <map>

#include "sim/core/input_error.h"
#include "sim/rules/ruleset_files.h"
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

// The dice-pool reactions as the Build list words them, measured on the records: skirmish
// fire removed only at the end of the charge, a countercharge moving half its own reach before the
// attacker, the attacker stopped by a volley falling back half its move once a turn, and the
// rule each removal cites. Forced dice come from the shipped clause scenarios (replays/dicepool),
// edited here where a clause needs a second charge.

#include <gtest/gtest.h>

#include <algorithm>

#include "sim/core/json_reader.h"
#include "sim/replay/replay.h"
#include "sim/rulesets/dicepool/dp_ruleset.h"

namespace vedette::sim::dicepool {
namespace {

const DicepoolRuleset& ruleset() {
    static const DicepoolRuleset r(std::string(VEDETTE_SOURCE_DIR) + "/sim/rulesets");
    return r;
}

Json scenario_json(const std::string& name) {
    return read_json_file(std::string(VEDETTE_SOURCE_DIR) + "/replays/dicepool/" + name +
                          ".scenario.json");
}

// A scenario of the clause tests (tests/data/dicepool), written for one ruling.
Json data_json(const std::string& name) {
    return read_json_file(std::string(VEDETTE_SOURCE_DIR) + "/tests/data/dicepool/" + name +
                          ".scenario.json");
}

replay::Recorded run(const Json& json) {
    const auto s = ruleset().parse_scenario(json, "test.scenario.json");
    return ruleset().run(*s, s->seed);
}

std::vector<const record::Event*> all_of(const replay::Recorded& r, const std::string& kind) {
    std::vector<const record::Event*> out;
    for (const auto& e : r.events)
        if (e.kind == kind) out.push_back(&e);
    return out;
}

const record::Event& first(const replay::Recorded& r, const std::string& kind) {
    const auto found = all_of(r, kind);
    if (found.empty()) throw std::runtime_error("no " + kind);
    return *found.front();
}

geom::i64 moved_mm(const record::Event& e) {
    EXPECT_TRUE(e.motion.has_value()) << e.kind;
    if (!e.motion) return 0;
    return geom::length(e.motion->path.back() - e.motion->path.front());
}

// Hits marked on the dice of an event's explanation.
int marked_hits(const record::Event& e) {
    int hits = 0;
    for (const auto& s : e.explanation->sections)
        for (const auto& g : s.dice)
            hits += static_cast<int>(std::count_if(g.dice.begin(), g.dice.end(),
                                                   [](const auto& d) { return d.mark == "hit"; }));
    return hits;
}

int dice_total(const record::Event& test) {
    int sum = 0;
    for (const auto& s : test.explanation->sections)
        for (const auto& g : s.dice)
            for (const auto& d : g.dice) sum += d.value;
    return sum;
}

// 25.4 mm an inch: a distance of `num`/`den` inches in whole mm, rounded down.
geom::i64 inches_mm(geom::i64 num, geom::i64 den = 1) {
    return num * 254 / (10 * den);
}

TEST(DicepoolReactions, SkirmishFireIsRemovedOnlyAtTheEndOfTheCharge) {
    // DP Withdraw: "отходящий немедленно выполняет действие перестрелка ... Потери, нанесенные в
    // результате перестрелки, учитываются только в конце атаки."
    const auto r = run(scenario_json("04_withdraw_passed"));
    const record::Event& fire = first(r, "skirmish_fire");
    const record::Event& follow = first(r, "charge_move");
    const auto losses = all_of(r, "casualties");
    ASSERT_EQ(losses.size(), 1u);
    EXPECT_GT(losses[0]->seq, follow.seq) << "removed after the attacker's move, not at the fire";
    EXPECT_EQ(losses[0]->rule, "DP Withdraw");
    // The attacker still has every model while it follows the withdrawal.
    const int before = r.keyframes[0].units[0].look.figures;
    EXPECT_EQ(follow.after[0].look.figures, before);
    // Hits divided by the attacker's armour (line infantry: 2), rounded down.
    const int armour = ruleset().rules().sheet(UnitType::line_infantry).armour;
    EXPECT_EQ(losses[0]->after[0].look.figures, before - marked_hits(fire) / armour);
    EXPECT_LT(fire.seq, first(r, "withdraw").seq) << "it skirmishes, then falls back";
}

TEST(DicepoolReactions, CounterchargeMovesHalfItsOwnReachBeforeTheAttacker) {
    // DP Countercharge: "должно продвинуться на половину дальности в сторону подразделения,
    // которое его атакует, до того, как то начало движение."
    const auto r = run(scenario_json("06_countercharge_passed"));
    const record::Event& test = first(r, "countercharge_test");
    const record::Event& counter = first(r, "countercharge");
    const record::Event& charge = first(r, "charge_move");
    EXPECT_LT(counter.seq, charge.seq);
    // Its reach is its own order test's 2D6 plus its move (light cavalry); it goes half of that.
    const int move = ruleset().rules().sheet(UnitType::light_cavalry).move_in;
    const geom::i64 half = inches_mm(dice_total(test) + move, 2);
    EXPECT_EQ(moved_mm(counter), half) << counter.text;
    // The attacker then covers the rest into contact, less than its own reach.
    EXPECT_EQ(r.events[static_cast<std::size_t>(charge.seq + 1)].kind, "contact");
}

// Scenario 08 with a second British line the same French battalion charges in the same turn: it
// volleys too, and the French fail their courage test again.
Json volleyed_twice() {
    Json j = scenario_json("08_volley_stops");
    Json second = j["units"][1];
    second["id"] = "gb_line2";
    second["name"] = "British second line";
    second["at"] = Json::array({"32in", "16in"});
    j["units"].push_back(second);
    j["orders"].push_back({{"turn", 1}, {"unit", "fr_line"}, {"charge", "gb_line2"}});
    j["orders"].push_back({{"turn", 1}, {"unit", "gb_line2"}, {"reaction", "volley"}});
    // The French roll each test twice: 4 + 4 to charge, 1 + 2 - 3 lost models under the volley.
    for (auto& d : j["dice"]) {
        if (d["unit"] == "fr_line" && d["purpose"] == "order_test") d["values"] = {4, 4, 4, 4};
        if (d["unit"] == "fr_line" && d["purpose"] == "courage_test") d["values"] = {1, 2, 1, 2};
    }
    Json fire = j["dice"][2];
    fire["unit"] = "gb_line2";
    j["dice"].push_back(fire);
    Json activation = j["dice"][1];
    activation["unit"] = "gb_line2";
    j["dice"].push_back(activation);
    return j;
}

TEST(DicepoolReactions, AttackerStoppedByAVolleyFallsBackHalfItsMoveOnceATurn) {
    // DP Volley: "атака считается прерванной и противник отводит своё подразделение на половину
    // дистанции движения(один раз за ход)."
    const auto r = run(volleyed_twice());
    ASSERT_EQ(all_of(r, "volley").size(), 2u);
    const auto courage = all_of(r, "courage_test");
    ASSERT_EQ(courage.size(), 2u);
    for (const auto* t : courage) EXPECT_NE(t->text.find("fails"), std::string::npos);
    const auto backs = all_of(r, "fall_back");
    ASSERT_EQ(backs.size(), 1u) << "the second stopped charge does not fall back again";
    // Half of line infantry's 6" move: 3" (76.2 mm, whole mm on the table).
    const int move = ruleset().rules().sheet(UnitType::line_infantry).move_in;
    EXPECT_EQ(moved_mm(*backs[0]), inches_mm(move, 2));
    EXPECT_LT(backs[0]->seq, courage[1]->seq);
    // Neither charge moved on: both were stopped before the charge move.
    EXPECT_TRUE(all_of(r, "charge_move").empty());
    EXPECT_TRUE(all_of(r, "charge_short").empty());
    // The second volley's losses were removed where the battalion stood after its fall back.
    const auto losses = all_of(r, "casualties");
    ASSERT_EQ(losses.size(), 2u);
    EXPECT_EQ(losses[1]->after[0].pose.pos, backs[0]->after[0].pose.pos);
    EXPECT_EQ(losses[1]->rule, "DP Volley");
}

TEST(DicepoolReactions, VolleyBeyondMusketRangeIsNotFiredAndTheDefenderFights) {
    // DP Volley: the defender rolls no melee dice because its volley's hits "считаются как при
    // стрельбе"; a volley its muskets cannot reach (12") fires nothing, so it fights with its dice.
    Json j = scenario_json("09_volley_passed");
    j["units"][0]["at"] = Json::array({"24in", "4in"});  // 14" between the bases
    j["dice"][0]["values"] = {6, 6};                     // reach 6" + 12": it still gets in
    const auto r = run(j);
    const record::Event& volley = first(r, "volley");
    EXPECT_NE(volley.text.find("cannot fire"), std::string::npos) << volley.text;
    EXPECT_FALSE(volley.explanation.has_value());
    EXPECT_TRUE(all_of(r, "courage_test").size() <= 1u);  // at most the melee loser's
    const record::Event& melee = first(r, "melee");
    EXPECT_LT(volley.seq, melee.seq);
    const auto& dice = melee.explanation->sections[2].dice;
    ASSERT_EQ(dice.size(), 2u);
    EXPECT_EQ(dice[1].dice.size(), 12u) << "the defender rolls its melee dice";
}

std::vector<const record::Event*> in_turn(const replay::Recorded& r, const std::string& kind,
                                          int turn) {
    std::vector<const record::Event*> out;
    for (const auto* e : all_of(r, kind))
        if (e->turn == turn) out.push_back(e);
    return out;
}

TEST(DicepoolReactions, OnlyCloseOrderVolleysJudgedWhenTheReactionIsChosen) {
    // DP Volley: "Если пехотное подразделение находилось в формации сомкнутый строй то оно может
    // выполнить действие залп". DP Square: "Если тест провален, то подразделение становиться в
    // свободной формации". Turn-3 ruling: close order is judged when the reaction is chosen; a
    // loose unit re-forms close order by spending its movement phase doing nothing else.
    const auto r = run(data_json("volley_needs_close_order"));
    const int gb_line = 2;
    // Turn 1: the failed square leaves the battalion loose; it was charged, so it does not
    // re-form in that turn's movement phase.
    ASSERT_EQ(first(r, "loose_formation").after[0].look.layout, "loose");
    EXPECT_TRUE(in_turn(r, "reform", 1).empty());
    // Turn 2: its volley is refused where it stands loose; it takes no activation test and
    // fights the ordinary melee with its 12 dice.
    const auto refused = in_turn(r, "volley_refused", 2);
    ASSERT_EQ(refused.size(), 1u);
    EXPECT_EQ(refused[0]->units[0], gb_line);
    EXPECT_EQ(refused[0]->rule, "DP Volley");
    EXPECT_NE(refused[0]->text.find("loose formation"), std::string::npos) << refused[0]->text;
    EXPECT_TRUE(in_turn(r, "volley_test", 2).empty());
    EXPECT_TRUE(in_turn(r, "volley", 2).empty());
    const auto melee2 = in_turn(r, "melee", 2);
    ASSERT_EQ(melee2.size(), 1u);
    EXPECT_EQ(melee2[0]->explanation->sections[2].dice[1].dice.size(), 12u);
    // Turn 3: nobody charges it, and it spends its movement phase re-forming close order.
    const auto reform = in_turn(r, "reform", 3);
    ASSERT_EQ(reform.size(), 1u);
    EXPECT_EQ(reform[0]->phase, "movement");
    EXPECT_EQ(reform[0]->after[0].look.layout, "close_order");
    EXPECT_FALSE(reform[0]->after[0].look.disordered);
    // Turn 4: in close order again, it volleys.
    EXPECT_EQ(in_turn(r, "volley_test", 4).size(), 1u);
    EXPECT_EQ(in_turn(r, "volley", 4).size(), 1u);
    EXPECT_TRUE(in_turn(r, "volley_refused", 4).empty());
}

}  // namespace
}  // namespace vedette::sim::dicepool

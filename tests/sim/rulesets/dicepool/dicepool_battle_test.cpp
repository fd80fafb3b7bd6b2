// The dice-pool battle engine (seed 003): each clause scenario of replays/dicepool gives its events
// in order (forced dice), the same scenario twice gives the same replay bytes, and bad scenarios
// are refused naming the place.

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "sim/core/input_error.h"
#include "sim/core/json_reader.h"
#include "sim/replay/replay.h"
#include "sim/rulesets/dicepool/dp_ruleset.h"

namespace vedette::sim::dicepool {
namespace {

const DicepoolRuleset& ruleset() {
    static const DicepoolRuleset r(std::string(VEDETTE_SOURCE_DIR) + "/sim/rulesets");
    return r;
}

std::string scenario_path(const std::string& name) {
    return std::string(VEDETTE_SOURCE_DIR) + "/replays/dicepool/" + name + ".scenario.json";
}

replay::Recorded run_file(const std::string& file) {
    const auto s = ruleset().parse_scenario(read_json_file(file), file);
    return ruleset().run(*s, s->seed);
}

replay::Recorded run(const std::string& name) {
    return run_file(scenario_path(name));
}

// A scenario of the clause tests (tests/data/dicepool), written for one ruling.
replay::Recorded run_data(const std::string& name) {
    return run_file(std::string(VEDETTE_SOURCE_DIR) + "/tests/data/dicepool/" + name +
                    ".scenario.json");
}

std::vector<std::string> kinds(const replay::Recorded& r) {
    std::vector<std::string> k;
    for (const auto& e : r.events) k.push_back(e.kind);
    return k;
}

// `expected` appears in order (other events may come between).
void expect_in_order(const replay::Recorded& r, const std::vector<std::string>& expected) {
    const auto k = kinds(r);
    std::size_t at = 0;
    for (const auto& want : expected) {
        const auto it = std::find(k.begin() + static_cast<long>(at), k.end(), want);
        ASSERT_NE(it, k.end()) << "missing " << want << " after event " << at;
        at = static_cast<std::size_t>(it - k.begin()) + 1;
    }
}

bool has(const replay::Recorded& r, const std::string& kind) {
    const auto k = kinds(r);
    return std::find(k.begin(), k.end(), kind) != k.end();
}

const record::Event& first(const replay::Recorded& r, const std::string& kind) {
    for (const auto& e : r.events)
        if (e.kind == kind) return e;
    throw std::runtime_error("no " + kind);
}

TEST(DicepoolBattle, ChargeThatReachesFightsWithEveryModel) {
    // "Если хотя бы одна модель ... входит в контакт, все модели в обоих подразделениях
    // начинают сражаться."
    const auto r = run("01_charge_reaches");
    expect_in_order(r, {"setup", "turn_start", "charge_declared", "order_test", "reaction",
                        "charge_move", "contact", "melee"});
    EXPECT_NE(first(r, "charge_move").text.find("reach 17.0\""), std::string::npos);
}

TEST(DicepoolBattle, ShortChargeStopsNoCloserThanThreeInches) {
    // "... но не ближе 3” к подразделению-цели. Атака не достигает цели".
    const auto r = run("02_charge_short");
    expect_in_order(r, {"order_test", "reaction", "charge_short"});
    EXPECT_FALSE(has(r, "melee"));
    const auto& a = first(r, "charge_short").after[0];
    const auto& blue = r.keyframes[0].units[1];
    // Edge to edge: at least 3" (76.2 mm) and less than 3" + 1 mm.
    const geom::i64 gap =
        std::llabs(blue.pose.pos.y - a.pose.pos.y) - a.look.depth_mm / 2 - blue.look.depth_mm / 2;
    EXPECT_GE(gap * 10, 762);
    EXPECT_LT(gap, 78);
}

TEST(DicepoolBattle, TargetBehindAnObstacleIsFoughtAcrossIt) {
    // "Если цель атаки за препятствием, атакующее подразделение доходит до препятствия и
    // останавливается перед ним."
    const auto r = run("03_obstacle");
    expect_in_order(r, {"order_test", "charge_move", "contact", "melee"});
    EXPECT_NE(first(r, "charge_move").text.find("stops in front of the farm wall"),
              std::string::npos);
    EXPECT_LT(first(r, "charge_move").after[0].pose.pos.y, 18 * 254 / 10 + 5);
}

TEST(DicepoolBattle, WithdrawPassedSkirmishesFallsBackAndTheChargeFollows) {
    const auto r = run("04_withdraw_passed");
    expect_in_order(
        r, {"order_test", "reaction", "withdraw_test", "skirmish_fire", "withdraw", "charge_move"});
    EXPECT_FALSE(has(r, "melee"));
}

TEST(DicepoolBattle, WithdrawFailedStandsAndFights) {
    // "Если подразделение не прошло тест на приказ на отход, он остается на месте".
    const auto r = run("05_withdraw_failed");
    expect_in_order(r, {"withdraw_test", "charge_move", "contact", "melee"});
    EXPECT_FALSE(has(r, "withdraw"));
    EXPECT_FALSE(has(r, "skirmish_fire"));
}

TEST(DicepoolBattle, CounterchargePassedMovesFirstAndGetsTheBonus) {
    // "В случае успеха, оно тоже считается атакующим и должно продвинуться на половину
    // дальности".
    const auto r = run("06_countercharge_passed");
    expect_in_order(r, {"countercharge_test", "countercharge", "charge_move", "melee"});
    const auto& m = *first(r, "melee").explanation;
    EXPECT_NE(m.sections[2].dice[1].label.find("needs 4+"), std::string::npos);  // 5+ improved
}

TEST(DicepoolBattle, CounterchargeFailedWaits) {
    const auto r = run("07_countercharge_failed");
    expect_in_order(r, {"countercharge_test", "charge_move", "melee"});
    EXPECT_FALSE(has(r, "countercharge"));
    // Light cavalry's own 5+, without the countercharge bonus.
    EXPECT_NE(first(r, "melee").explanation->sections[2].dice[1].label.find("needs 5+"),
              std::string::npos);
}

TEST(DicepoolBattle, VolleyThatStopsTheCharge) {
    // "атакующий противник понёс потери и провалил тест, то атака считается прерванной и
    // противник отводит своё подразделение на половину дистанции движения".
    const auto r = run("08_volley_stops");
    expect_in_order(r, {"volley_test", "volley", "courage_test", "casualties", "fall_back"});
    EXPECT_FALSE(has(r, "melee"));
    EXPECT_FALSE(has(r, "charge_move"));
}

TEST(DicepoolBattle, VolleyPassedDefenderRollsNoMeleeDice) {
    // "При этом, обороняющийся кубики за ближний бой уже не бросает".
    const auto r = run("09_volley_passed");
    expect_in_order(
        r, {"volley_test", "volley", "courage_test", "charge_move", "melee", "casualties"});
    const auto& dice = first(r, "melee").explanation->sections[2].dice;
    EXPECT_TRUE(dice[1].dice.empty());
    EXPECT_NE(dice[1].note.find("no melee dice"), std::string::npos);
}

TEST(DicepoolBattle, SquarePassedAndFailed) {
    const auto passed = run("10_square_passed");
    expect_in_order(passed, {"square_test", "form_square", "charge_move", "melee"});
    EXPECT_EQ(first(passed, "form_square").after[0].look.layout, "square");
    const auto failed = run("11_square_failed");
    expect_in_order(failed, {"square_test", "loose_formation", "charge_move", "melee"});
    EXPECT_EQ(first(failed, "loose_formation").after[0].look.layout, "loose");
    EXPECT_TRUE(first(failed, "loose_formation").after[0].look.disordered);
}

TEST(DicepoolBattle, DisorderedUnitRollsSixDice) {
    const auto r = run("12_disordered_melee");
    const auto& dice = first(r, "melee").explanation->sections[2].dice;
    EXPECT_EQ(dice[0].dice.size(), 6u);
    EXPECT_EQ(dice[1].dice.size(), 12u);
}

// DP Withdraw: the unit falls back a full move straight away from the attacker [default]; every
// base stays on the table (our reading). A fall-back the table edge cuts short is an event of its
// own ("stopped by the table edge"), not only a shorter distance in the withdraw's text.
TEST(DicepoolBattle, DpWithdraw_AFallBackCutShortByTheTableEdgeIsAnEventOfItsOwn) {
    const std::string file = scenario_path("04_withdraw_passed");
    Json j = read_json_file(file);
    j["units"][0]["at"] = {"24in", "20in"};
    j["units"][1]["at"] = {"24in", "30in"};  // 2" from the back edge of a 32" table
    const auto s = ruleset().parse_scenario(j, file);
    const auto r = ruleset().run(*s, s->seed);
    expect_in_order(r, {"withdraw_test", "withdraw", "table_edge"});
    const record::Event& edge = first(r, "table_edge");
    EXPECT_NE(edge.text.find("stopped by the table edge"), std::string::npos) << edge.text;
    EXPECT_EQ(edge.category, record::Category::info);
    EXPECT_EQ(r.header.units[static_cast<std::size_t>(edge.units.at(0))].id, "gb_rifles");
    // The full move where the table leaves room: no such event.
    EXPECT_FALSE(has(run("04_withdraw_passed"), "table_edge"));
}

TEST(DicepoolBattle, WinningCavalryPursuesAndFightsAgain) {
    const auto r = run("13_pursuit");
    expect_in_order(r, {"melee", "courage_test", "push_back", "pursuit_test", "pursuit"});
}

// The melee's row of the value needed whose label starts with `label`.
const record::ModifierRow& needs_row(const record::Event& melee, const std::string& label) {
    for (const auto& section : melee.explanation->sections)
        for (const auto& row : section.rows)
            if (row.label.rfind(label, 0) == 0) return row;
    throw std::runtime_error("no row " + label);
}

TEST(DicepoolBattle, IrregularsAreIrregularCavalryForEveryRule) {
    // Seed 003, DP Withdraw: "Легкая пехота, застрельщики, иррегулярная и легкая кавалерия могут
    // попытаться предпринять отход". Turn-3 ruling: irregulars are irregular cavalry, cavalry for
    // every rule: withdraw, pursuit, squares formed against them, 25 x 50 mm bases.
    const DpRules& rules = ruleset().rules();
    const UnitSheet& sheet = rules.sheet(UnitType::irregulars);
    EXPECT_TRUE(sheet.cavalry);
    EXPECT_FALSE(sheet.infantry);
    EXPECT_TRUE(sheet.may(Reaction::withdraw));
    // DP Square: "При атаке пехотного подразделения кавалерией оно имеет возможность
    // перестроиться в формацию каре" - a square against charging Cossacks is accepted.
    const auto r = run_data("irregular_cavalry");
    expect_in_order(r, {"order_test", "square_test", "form_square", "charge_move", "contact",
                        "melee", "courage_test", "push_back", "pursuit_test", "pursuit"});
    // Horse bases, one rank of them in loose formation.
    EXPECT_EQ(r.keyframes[0].units[0].look.depth_mm, rules.horse_base_d.value);
    EXPECT_EQ(first(r, "charge_move").motion->gait, "gallop");
    // The square counts against them as against any cavalry.
    const auto& vs_square = needs_row(first(r, "melee"), rules.cavalry_vs_square.label);
    EXPECT_TRUE(vs_square.lit);
    EXPECT_EQ(vs_square.values[0], signed_text(rules.cavalry_vs_square.value));
    // Winning cavalry that charged fails its order test to hold and pursues its full reach.
    EXPECT_NE(first(r, "pursuit").text.find("pursues"), std::string::npos);
}

bool names_both(const record::Event& e, int a, int b) {
    return e.units.size() == 2 &&
           ((e.units[0] == a && e.units[1] == b) || (e.units[0] == b && e.units[1] == a));
}

TEST(DicepoolBattle, DrawnMeleeEndsWhenAThirdUnitPushesOneSideAway) {
    // DP Melee: "После того, как вы передвинули своё подразделение в контакт с юнитом
    // противника, определите, сколько кубиков нужно" - a melee is fought in contact. Turn-3
    // ruling: a drawn melee goes on next turn only while the two units still touch; when a third
    // unit's melee pushes one of them away, their melee ends, with an event saying so.
    const auto r = run_data("melee_needs_contact");
    const int gb_line = 0, fr_line = 1;
    expect_in_order(
        r, {"melee", "draw", "turn_start", "charge_declared", "melee", "push_back", "melee_ends"});
    const record::Event& ends = first(r, "melee_ends");
    EXPECT_EQ(ends.turn, 2);
    EXPECT_TRUE(names_both(ends, gb_line, fr_line)) << ends.text;
    EXPECT_EQ(r.events[static_cast<std::size_t>(ends.seq - 1)].kind, "push_back");
    for (const auto& after : ends.after) EXPECT_NE(after.state, "in melee") << ends.text;
    // The two battalions no longer fight: no melee between them after the draw.
    for (const auto& e : r.events) {
        if (e.kind != "melee" || e.turn != 2) continue;
        EXPECT_FALSE(names_both(e, gb_line, fr_line)) << e.text;
    }
}

TEST(DicepoolBattle, AMeleeStillDrawnWhenTheBattleEndsIsSaidSo) {
    // DP Casualties (our ruling): "a tie is a draw (both stay in contact and fight again next
    // turn)". With no next turn the melee has no result, and the record says so at the end.
    const std::string file =
        std::string(VEDETTE_SOURCE_DIR) + "/tests/data/dicepool/melee_needs_contact.scenario.json";
    Json json = read_json_file(file);
    json["turns"] = 1;  // the battle ends on the turn of the draw
    json["orders"].erase(1);
    Json dice = Json::array();
    for (const auto& d : json["dice"])
        if (d["turn"] == 1) dice.push_back(d);
    json["dice"] = dice;
    const auto s = ruleset().parse_scenario(json, file);
    const auto r = ruleset().run(*s, s->seed);
    const record::Event& draw = first(r, "draw");
    const record::Event& left = first(r, "melee_unresolved");
    EXPECT_GT(left.seq, draw.seq);
    EXPECT_EQ(left.seq + 1, static_cast<int>(r.events.size())) << "the last line of the battle";
    EXPECT_EQ(left.phase, "end");
    EXPECT_EQ(left.units, draw.units);
    EXPECT_EQ(left.after[0].state, "in melee");
    // A battle that ends with no melee drawn has no such line.
    EXPECT_FALSE(has(run("01_charge_reaches"), "melee_unresolved"));
}

TEST(DicepoolBattle, UnitsThatChargedFoughtOrFellBackDoNotMoveInTheMovementPhase) {
    // Turn-3 ruling (turn sequence; the seed gives none): "1. charges, one at a time, each with
    // its reaction, move and melee; 2. movement; 3. end of turn. A unit that charged, was
    // charged, countercharged, fought, withdrew, fell back or was pushed back this turn does not
    // move in the movement phase."
    const std::string file =
        std::string(VEDETTE_SOURCE_DIR) + "/tests/data/dicepool/turn_sequence.scenario.json";
    const auto r = run_file(file);
    const int fr_cuir = 0, gb_line1 = 1, fr_line = 2, fr_line2 = 4, gb_line3 = 5;
    std::vector<int> moved, refused;
    for (const auto& e : r.events) {
        if (e.kind == "move") moved.push_back(e.units[0]);
        if (e.kind != "move_refused") continue;
        EXPECT_EQ(e.phase, "movement");
        EXPECT_EQ(e.rule, "DP Turn");
        refused.push_back(e.units[0]);
    }
    // The cuirassiers charged home, the British line was pushed back, the French line fell short.
    EXPECT_EQ(refused, (std::vector<int>{fr_cuir, gb_line1, fr_line}));
    EXPECT_NE(first(r, "move_refused").text.find("charged"), std::string::npos);
    EXPECT_NE(r.events[static_cast<std::size_t>(first(r, "move_refused").seq + 1)].text.find(
                  "pushed back"),
              std::string::npos);
    // A failed order test makes no charge: the would-be charger and its target move.
    EXPECT_EQ(moved, (std::vector<int>{fr_line2, gb_line3}));
    // `vedette check` prints every order not carried out, with its JSON path.
    const auto s = ruleset().parse_scenario(read_json_file(file), file);
    const auto warnings = ruleset().scenario_warnings(*s);
    ASSERT_EQ(warnings.size(), 3u);
    EXPECT_EQ(warnings[0].rfind("$.orders[3]: turn 1: ", 0), 0u) << warnings[0];
    EXPECT_NE(warnings[1].find("pushed back"), std::string::npos) << warnings[1];
}

TEST(DicepoolBattle, ReachBandStartsAtTheSmallestReachAPassingOrderTestGives) {
    // DP Charge move: "Переместите каждую модель атакующего подразделения на дистанцию, которая
    // выпала на кубиках в результате теста на приказ атаковать и добавьте дистанцию собственного
    // движения". A charge is made only on a passed order test (2D6 at or above the sheet's
    // order value, -1 per disorder marker), so the turn-3 ruling: the reach shown before the dice
    // runs from the move plus the smallest passing total (from the data) to the move plus 12.
    const DpRules& rules = ruleset().rules();
    const auto r = run("12_disordered_melee");  // the French battalion carries a disorder marker
    const UnitSheet& line = rules.sheet(UnitType::line_infantry);
    const int markers[2] = {1, 0};
    for (std::size_t u = 0; u < 2; ++u) {
        const int least = line.order - markers[u] * rules.per_disorder_marker;  // 8, then 7
        const auto& band = r.header.units[u].overlays[0];
        ASSERT_EQ(band.kind, "band");
        EXPECT_EQ(band.inner_radius_mm, (line.move_in + least) * 254 / 10) << band.label;
        EXPECT_EQ(band.radius_mm, (line.move_in + 6 * rules.test_dice) * 254 / 10) << band.label;
        EXPECT_NE(band.label.find(std::to_string(line.move_in + least) + "\""), std::string::npos)
            << band.label;
    }
    // The declaration explains the same band for the charger, its marker included: 14" to 18".
    const auto& lines = first(r, "charge_declared").explanation->sections[0].lines;
    const auto reach =
        std::find_if(lines.begin(), lines.end(), [](const auto& l) { return l.key == "reach"; });
    ASSERT_NE(reach, lines.end());
    EXPECT_NE(reach->value.find("14\" to 18\""), std::string::npos) << reach->value;
}

// "13.0\"" or "13\" to 18\"": the first number of inches in `text`, in tenths of an inch.
int tenths_of_inch(const std::string& text) {
    const std::size_t at = text.find_first_of("0123456789");
    if (at == std::string::npos) return -1;
    std::size_t used = 0;
    const double inches = std::stod(text.substr(at), &used);
    return static_cast<int>(inches * 10 + 0.5);
}

std::string line_of(const record::Event& e, const std::string& key) {
    for (const auto& section : e.explanation->sections)
        for (const auto& l : section.lines)
            if (l.key == key) return l.value;
    return {};
}

TEST(DicepoolBattle, TheShippedActionShowsTheSystem) {
    // The shipped action (RULINGS-dicepool, "Shipped scenarios": "a larger action with at least
    // 16 units a side") shows what the rules do: every reaction of the seed passed ("отход,
    // контратака, залп, карэ"), movement in every turn (turn-3 ruling), charges declared within
    // the reach a passing order test gives, volleys within the muskets' range, no order refused,
    // and no drawn melee left at the end without a line saying so.
    const std::string file = scenario_path("14_action");
    const auto s = ruleset().parse_scenario(read_json_file(file), file);
    const auto r = ruleset().run(*s, s->seed);
    int sides[2] = {0, 0};
    for (const auto& u : r.header.units) ++sides[u.side];
    EXPECT_GE(sides[0], 16);
    EXPECT_GE(sides[1], 16);
    for (const char* kind : {"withdraw", "countercharge", "form_square", "volley", "pursuit"})
        EXPECT_TRUE(has(r, kind)) << kind;
    for (const auto& e : r.events) {
        if (e.category != record::Category::fire) continue;
        EXPECT_EQ(e.text.find("cannot fire"), std::string::npos) << e.text;
    }
    const int turns = static_cast<int>(r.turn_hashes.size());
    for (int turn = 1; turn <= turns; ++turn)
        EXPECT_TRUE(std::any_of(r.events.begin(), r.events.end(),
                                [&](const auto& e) { return e.kind == "move" && e.turn == turn; }))
            << "no movement in turn " << turn;
    int declared = 0, within = 0;
    for (const auto& e : r.events) {
        if (e.kind != "charge_declared") continue;
        ++declared;
        const int gap = tenths_of_inch(line_of(e, "distance to the target"));
        const int least = tenths_of_inch(line_of(e, "reach").substr(line_of(e, "reach").find(':')));
        within += gap >= 0 && gap <= least;
    }
    EXPECT_GE(declared, 24);
    EXPECT_GE(within * 10, declared * 9) << within << " of " << declared << " within reach";
    EXPECT_TRUE(ruleset().scenario_warnings(*s).empty());
    // Each unit still in a drawn melee at the end is named by a melee_unresolved line.
    std::map<int, std::string> state;
    for (const auto& e : r.events)
        for (const auto& a : e.after) state[a.unit] = a.state;
    for (const auto& [u, st] : state) {
        if (st != "in melee") continue;
        EXPECT_TRUE(std::any_of(r.events.begin(), r.events.end(), [&](const auto& e) {
            return e.kind == "melee_unresolved" &&
                   std::find(e.units.begin(), e.units.end(), u) != e.units.end();
        })) << r.header.units[static_cast<std::size_t>(u)].name;
    }
}

TEST(DicepoolBattle, SameScenarioTwiceGivesTheSameBytes) {
    const std::string a = replay::write_replay_text(run("14_action"));
    const std::string b = replay::write_replay_text(run("14_action"));
    EXPECT_EQ(a, b);
    EXPECT_GT(a.size(), 10000u);
}

void expect_scenario_refused(const std::string& edit_path, const Json& value,
                             const std::string& where, const std::string& what) {
    const std::string file = scenario_path("01_charge_reaches");
    Json json = read_json_file(file);
    json[Json::json_pointer(edit_path)] = value;
    try {
        ruleset().parse_scenario(json, file);
        ADD_FAILURE() << edit_path << " was accepted";
    } catch (const InputError& e) {
        EXPECT_EQ(e.where(), where) << e.what();
        EXPECT_NE(e.message().find(what), std::string::npos) << e.what();
    }
}

TEST(DicepoolScenario, RefusesBadScenariosNamingThePlace) {
    expect_scenario_refused("/units/0/at", Json::array({"0.2in", "8in"}), "$.units[0].at",
                            "off the table");
    expect_scenario_refused("/units/1/at", Json::array({"24in", "9in"}), "$.units[1].at",
                            "overlap");
    expect_scenario_refused("/units/0/type", "hussars", "$.units[0].type", "line_infantry");
    expect_scenario_refused("/orders/1",
                            Json{{"turn", 1}, {"unit", "gb_line"}, {"reaction", "withdraw"}},
                            "$.orders[1].reaction", "may not withdraw");
}

}  // namespace
}  // namespace vedette::sim::dicepool

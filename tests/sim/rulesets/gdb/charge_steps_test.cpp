// The steps of a GdB charge (sim/rulesets/gdb/battle/charge_steps.h), each asked directly: the
// declaration checks, the defender's reaction, the time a formation change takes, how far evaders
// get and what caught evaders suffer. The situations come from the narrated examples of seed 000
// (replays/seed000), read with the shipped rules, so the tests follow the same data as the game.

#include <gtest/gtest.h>

#include "sim/rulesets/gdb/battle/charge_steps.h"
#include "sim/rulesets/gdb/battle/scenario.h"

namespace vedette::sim::battle {
namespace {

const std::string kRules = std::string(VEDETTE_SOURCE_DIR) + "/sim/rulesets/gdb/gdb.json";
const std::string kSeed000 = std::string(VEDETTE_SOURCE_DIR) + "/replays/seed000/";

const BattleRules& battle_rules() {
    static const BattleRules r = load_battle_rules(kRules);
    return r;
}

Scenario scenario(const std::string& name) {
    return read_scenario_file(kSeed000 + name + ".scenario.json", battle_rules());
}

gdb::TroopType type_of(const Scenario& s, const std::string& id) {
    return s.units[static_cast<std::size_t>(s.unit_index.at(id))].unit.type;
}

// The defender's reaction order in the scenario; the test fails if there is none.
const Order& reaction_order_of(const Scenario& s, const std::string& id) {
    const int unit = s.unit_index.at(id);
    for (const auto& o : s.orders)
        if (o.kind == OrderKind::reaction && o.unit == unit) return o;
    ADD_FAILURE() << "no reaction order for " << id;
    static const Order none;
    return none;
}

MoveRates moves_of(const Scenario& s, const std::string& id) {
    return battle_rules().moves_of(type_of(s, id), battle_rules().scales.at(s.scale));
}

TEST(ChargeReaction, TheColumnFormsSquareAsOrdered) {
    const Scenario s = scenario("02_dragoons_vs_square");
    const Order& o = reaction_order_of(s, "ligne_54");
    const auto choice = charge::choose_reaction(type_of(s, "ligne_54"), &o, false, false);
    EXPECT_EQ(choice.reaction, Reaction::form_square);
    EXPECT_EQ(choice.note, "");
    EXPECT_STREQ(charge::reaction_words(choice.reaction), "forms square");
    // The same order given to the dragoons is refused: only infantry forms square.
    const auto cav = charge::choose_reaction(type_of(s, "scots_greys"), &o, false, false);
    EXPECT_EQ(cav.reaction, Reaction::stand);
    EXPECT_NE(cav.note.find("only infantry forms square"), std::string::npos);
    // A unit in contact or broken cannot react at all.
    const auto stuck = charge::choose_reaction(type_of(s, "ligne_54"), &o, true, false);
    EXPECT_EQ(stuck.reaction, Reaction::stand);
    EXPECT_EQ(stuck.note, " (it cannot react)");
}

TEST(ChargeReaction, DragoonsCounterchargeUnlessTheyHaveChargedThemselves) {
    const Scenario s = scenario("04_cuirassiers_vs_dragoons");
    const Order& o = reaction_order_of(s, "kargopol");
    EXPECT_EQ(charge::choose_reaction(type_of(s, "kargopol"), &o, false, false).reaction,
              Reaction::countercharge);
    const auto charged = charge::choose_reaction(type_of(s, "kargopol"), &o, false, true);
    EXPECT_EQ(charged.reaction, Reaction::stand);
    EXPECT_NE(charged.note.find("only cavalry that has not charged"), std::string::npos);
}

TEST(ChargeReaction, DefaultsWithoutAnOrderAndWhoMayEvade) {
    const Scenario s = scenario("06_lancers_vs_spanish_battery");
    // Artillery fires by default, infantry stands; the battery's evade order is allowed, the
    // same order for line infantry is not.
    EXPECT_EQ(charge::choose_reaction(type_of(s, "battery_sp"), nullptr, false, false).reaction,
              Reaction::stand_and_fire);
    EXPECT_EQ(charge::choose_reaction(type_of(s, "irlanda"), nullptr, false, false).reaction,
              Reaction::stand);
    EXPECT_EQ(charge::choose_reaction(gdb::TroopType::skirmishers, nullptr, false, false).reaction,
              Reaction::evade);
    const Order& evade = reaction_order_of(s, "battery_sp");
    EXPECT_EQ(charge::choose_reaction(type_of(s, "battery_sp"), &evade, false, false).reaction,
              Reaction::evade);
    const auto line = charge::choose_reaction(type_of(s, "irlanda"), &evade, false, false);
    EXPECT_EQ(line.reaction, Reaction::stand);
    EXPECT_NE(line.note.find("never evade"), std::string::npos);
}

TEST(ChargeFormationChange, ColumnToSquareTakesHalfTheChargersMove) {
    const Scenario s = scenario("02_dragoons_vs_square");
    const long charge_mm = moves_of(s, "scots_greys").charge_mm;
    ASSERT_EQ(charge_mm, 270);
    // Seed 000: the dragoons start 20 cm away, more than half their 27 cm move.
    const auto p = charge::plan_formation_change(battle_rules(), gdb::Formation::column,
                                                 gdb::Formation::square, charge_mm, 200);
    EXPECT_EQ(p.to, gdb::Formation::square);
    EXPECT_EQ(p.percent, 50);
    EXPECT_EQ(p.needed_mm, 135);
    EXPECT_TRUE(p.completes);
    EXPECT_FALSE(charge::plan_formation_change(battle_rules(), gdb::Formation::column,
                                               gdb::Formation::square, charge_mm, 134)
                     .completes);
    // From line it takes the whole move: 20 cm is not enough.
    const auto from_line = charge::plan_formation_change(battle_rules(), gdb::Formation::line,
                                                         gdb::Formation::square, charge_mm, 200);
    EXPECT_EQ(from_line.percent, 100);
    EXPECT_FALSE(from_line.completes);
}

TEST(ChargeDeclaration, RefusalsInTheOrderOfTheChecks) {
    const Scenario s = scenario("02_dragoons_vs_square");
    charge::DeclarationChecks k;
    k.needs_general = true;
    k.command_mm = 80;
    k.command_radius_mm = battle_rules().scales.at(s.scale).command_radius_mm;
    k.distance_mm = 200;
    k.charge_move_mm = moves_of(s, "scots_greys").charge_mm;
    k.in_sector = true;
    EXPECT_EQ(charge::declaration_refusal(k), "");

    auto far = k;
    far.distance_mm = 300;
    EXPECT_EQ(charge::declaration_refusal(far),
              "out of range: 30 cm away, the charge move is 27 cm");
    far.charge_move_mm -= 50;
    far.obstacle_cost_mm = 50;
    far.obstacle_names = "the hedge";
    EXPECT_EQ(charge::declaration_refusal(far),
              "out of range: 30 cm away, the charge move is 22 cm after crossing the hedge");

    auto alone = k;
    alone.command_mm = 175;
    EXPECT_EQ(charge::declaration_refusal(alone),
              "no brigade general or C-in-C within 15 cm (nearest 17.5 cm)");
    alone.needs_general = false;  // an uncontrolled or restarted charge
    EXPECT_EQ(charge::declaration_refusal(alone), "");

    auto aside = k;
    aside.in_sector = false;
    EXPECT_NE(charge::declaration_refusal(aside).find("22 degrees"), std::string::npos);

    auto guns = k;
    guns.charger_can_charge = false;
    guns.in_sector = false;  // the first failed check is the one reported
    EXPECT_EQ(charge::declaration_refusal(guns), "artillery does not charge");
    guns.target_present = false;
    EXPECT_EQ(charge::declaration_refusal(guns), "the target has left the table");
}

TEST(ChargeEvade, TheSameShareOfTheEvadeMoveAndTheRateForCaughtEvaders) {
    const Scenario s = scenario("06_lancers_vs_spanish_battery");
    const MoveRates lancers = moves_of(s, "lancers_vistula");
    const MoveRates battery = moves_of(s, "battery_sp");
    // The lancers covered a third of their 36 cm: the battery gets a third of its 20 cm.
    EXPECT_EQ(charge::evade_distance(battery.evade_mm, lancers.charge_mm / 3, lancers.charge_mm),
              battery.evade_mm / 3);
    EXPECT_EQ(charge::evade_distance(battery.evade_mm, 0, lancers.charge_mm), 0);
    EXPECT_EQ(charge::evade_distance(150, 50, 0), 150 * 50);  // no division by zero
    EXPECT_EQ(charge::caught_evaders_rate(type_of(s, "lancers_vistula"), type_of(s, "battery_sp")),
              gdb::Rate::cav_win_vs_broken_foot);
    EXPECT_EQ(charge::caught_evaders_rate(gdb::TroopType::cossacks, gdb::TroopType::artillery),
              gdb::Rate::cossack_win_vs_broken_foot);
    EXPECT_EQ(charge::caught_evaders_rate(gdb::TroopType::cuirassiers, gdb::TroopType::cossacks),
              gdb::Rate::cav_win_vs_broken_cav);
    EXPECT_EQ(charge::caught_evaders_rate(type_of(s, "irlanda"), gdb::TroopType::light_cavalry),
              gdb::Rate::foot_win_vs_broken);
}

TEST(ChargeText, LengthsInCentimetres) {
    EXPECT_EQ(charge::cm(150), "15 cm");
    EXPECT_EQ(charge::cm(175), "17.5 cm");
    EXPECT_EQ(charge::cm(0), "0 cm");
}

}  // namespace
}  // namespace vedette::sim::battle

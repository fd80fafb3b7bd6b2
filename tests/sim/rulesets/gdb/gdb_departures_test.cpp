// General de Brigade as written (issue 13): each test sets up the situation where the engine
// once departed from seeds 000 and 004, quotes the rule, and checks that the battle now does
// what the text says. Probe scenarios are built in the test (gdb_probe.h); the narrated
// examples are the shipped scenarios, sometimes with one thing changed.

#include <fstream>

#include <gtest/gtest.h>

#include "tests/sim/rulesets/gdb/gdb_probe.h"

namespace vedette::sim::battle {
namespace {

using probe::Probe;
using probe::unit;

const std::string kReplays = std::string(VEDETTE_SOURCE_DIR) + "/replays/";

nlohmann::json shipped(const std::string& relative) {
    std::ifstream in(kReplays + relative);
    return nlohmann::json::parse(in);
}

probe::Run run_json(const nlohmann::json& j) {
    probe::Run r{parse_scenario(j, kReplays + "probe.json", probe::battle_rules()), {}, {}};
    Battle battle(probe::ruleset(), r.scenario);
    r.result = battle.run();
    r.end = battle.units();
    return r;
}

probe::Run run_json_at(const nlohmann::json& j, const std::string& relative_file) {
    probe::Run r{
        parse_scenario(j, std::string(VEDETTE_SOURCE_DIR) + relative_file, probe::battle_rules()),
        {},
        {}};
    Battle battle(probe::ruleset(), r.scenario);
    r.result = battle.run();
    r.end = battle.units();
    return r;
}

// The explanation of the first melee fought.
const record::Explanation* first_melee(const probe::Run& r) {
    for (const auto& e : r.result.events)
        if (e.kind == "melee" && e.explanation) return &*e.explanation;
    return nullptr;
}

// Seed 000: "Как только подставки атакующих оказались вплотную к подставкам обороняющихся,
// подразделения остаются в этом положении до фазы ближнего боя ... не проходят никакие тесты на
// моральное состояние". 12.6: several units in one melee each roll; 12.8 a limits reinforcements
// to later melee phases. RULINGS turn 4: a unit that reaches the target in the same charge phase
// as the first charger, before any melee round, is a charger under 12.6; it keeps its charge and
// column bonuses; the target tests once, against the first charger.
TEST(ChargeContact, Clause12_6_ASecondChargerInTheSameChargePhaseKeepsItsBonuses) {
    Probe p;
    p.french = {unit("a", "infantry", 24, "column", 60, 20, 0),
                unit("b", "infantry", 24, "column", 70, 18, 0)};
    p.british = {unit("d1", "infantry", 24, "line", 60, 30, 180)};
    p.order({{"unit", "a"}, {"charge", "d1"}});
    p.order({{"unit", "b"}, {"charge", "d1"}});
    p.die("a", "charge_test", {5, 5});
    p.die("b", "charge_test", {5, 5});
    p.die("d1", "stand_test", {5, 5, 1, 1});  // a second stand test would fail and retreat
    const probe::Run r = probe::run(p);
    int stand_tests = 0;
    for (const record::Event* e : r.of("d1", "morale_test"))
        stand_tests += e->text.find("stand test") != std::string::npos;
    EXPECT_EQ(stand_tests, 1) << r.log();
    EXPECT_TRUE(r.said("d1", "morale_test", "tests once")) << r.log();
    EXPECT_FALSE(r.said("b", "charge_declared", "charges into the melee")) << r.log();
    const record::Explanation* melee = first_melee(r);
    ASSERT_TRUE(melee) << r.log();
    // Both charged with the bonus and as columns: two attackers' values in each row.
    const record::ModifierRow& charging = probe::melee_modifier(*melee, "charging");
    EXPECT_NE(charging.values.at(gdb::kAttacker).find(','), std::string::npos)
        << charging.values.at(gdb::kAttacker) << " / " << charging.reason;
    EXPECT_FALSE(probe::denied_to(charging, "b", "12.8 c")) << charging.reason;
    const record::ModifierRow& column = probe::melee_modifier(*melee, "infantry_column_charging");
    EXPECT_NE(column.values.at(gdb::kAttacker).find(','), std::string::npos)
        << column.values.at(gdb::kAttacker) << " / " << column.reason;
}

// 12.8 a: "вводить подразделения в качестве подкрепления" in the later melee phases; 12.8 b:
// "Защищающиеся подразделения, в таких случаях, Тест на Проверку Морали не проходят"; 12.8 c:
// reinforcements "не получают модификатор за Атаку". A melee drawn in turn 1 goes on (12.19 draw
// b: foot against foot); a charge into it in turn 2 is a reinforcement.
TEST(ChargeContact, Clause12_8_AChargerReachingAMeleeAlreadyFoughtIsAReinforcement) {
    Probe p;
    p.turns = 2;
    p.french = {unit("a", "infantry", 24, "column", 60, 20, 0),
                unit("b", "infantry", 24, "column", 70, 18, 0)};
    p.british = {unit("d1", "infantry", 24, "line", 60, 30, 180)};
    p.order({{"unit", "a"}, {"charge", "d1"}});
    p.order({{"unit", "b"}, {"charge", "d1"}, {"turn", 2}});
    p.die("a", "charge_test", {5, 5});
    p.die("d1", "stand_test", {5, 5});
    p.die("a", "melee", {1, 1});
    p.die("d1", "melee", {2, 3});
    p.die("b", "charge_test", {5, 5}, 2);
    p.die("d1", "stand_test", {1, 1}, 2);  // would fail and retreat if it were asked
    const probe::Run r = probe::run(p);
    ASSERT_TRUE(r.said("a", "melee", "continues next turn")) << r.log();
    EXPECT_TRUE(r.said("b", "charge_declared", "charges into the melee")) << r.log();
    EXPECT_TRUE(r.said("d1", "morale_test", "already in melee")) << r.log();
    const record::Explanation* second = nullptr;
    for (const auto& e : r.result.events)
        if (e.kind == "melee" && e.explanation && e.turn == 2) second = &*e.explanation;
    ASSERT_TRUE(second) << r.log();
    EXPECT_TRUE(probe::denied_to(probe::melee_modifier(*second, "charging"), "b", "12.8 c"))
        << r.log();
}

// Seed 000, the hussars' example: "Для начала британский игрок должен проверить, все ли
// требования для проведения атаки соблюдены: Командующий Бригадой находится в 15см от гусар ...".
TEST(ChargeContact, AnOpportunityChargeNeedsTheBrigadeGeneralWithinTheCommandRadius) {
    nlohmann::json j = shipped("seed000/05_hussars_opportunity_charge.scenario.json");
    const probe::Run ok = run_json(j);
    EXPECT_TRUE(ok.said("chasseurs_6", "charge_declared", "declares a charge on")) << ok.log();
    EXPECT_TRUE(ok.said("hussars_10", "charge_declared", "15 cm allowed")) << ok.log();
    j["sides"][0]["brigades"][0]["general"]["at"] = {110, 5};  // Vivian rides off
    const probe::Run far = run_json(j);
    EXPECT_TRUE(far.said("hussars_10", "charge_refused", "no brigade general")) << far.log();
    EXPECT_TRUE(far.of("hussars_10", "charge_declared").empty()) << far.log();
    // Nor may unformed cavalry make one (12.24: no charges until it re-forms).
    j = shipped("seed000/05_hussars_opportunity_charge.scenario.json");
    for (auto& b : j["sides"][0]["brigades"])
        for (auto& u : b["units"])
            if (u["id"] == "hussars_10") u["status"] = "unformed";
    const probe::Run unformed = run_json(j);
    EXPECT_TRUE(unformed.said("hussars_10", "charge_refused", "unformed")) << unformed.log();
}

// Seed 000, the dragoons' example: the French "не учитывают бонус за построенное каре, так как
// они еще не успели его сформировать, и считаются Расстроенным". RULINGS: a square still forming
// is not a formed square for any test taken before it completes.
TEST(ChargeContact, ASquareStillFormingIsNotAFormedSquareForTheChargeTest) {
    auto square_row = [](const probe::Run& r) {
        for (const record::Event* e : r.of("scots_greys", "morale_test")) {
            const record::Section* mods =
                e->explanation
                    ? explained::section_of(*e->explanation, record::SectionKind::modifiers)
                    : nullptr;
            if (mods)
                for (const auto& row : mods->rows)
                    if (row.lit && row.label.find("square") != std::string::npos) return true;
        }
        return false;
    };
    nlohmann::json j = shipped("seed000/02_dragoons_vs_square.scenario.json");
    const probe::Run forming = run_json(j);
    EXPECT_FALSE(square_row(forming)) << forming.log();
    // Already in square when charged: the row applies.
    for (auto& side : j["sides"])
        for (auto& b : side["brigades"])
            for (auto& u : b["units"])
                if (u["id"] == "ligne_54") u["formation"] = "square";
    nlohmann::json orders = nlohmann::json::array();
    for (const auto& o : j["orders"])
        if (o["unit"] != "ligne_54") orders.push_back(o);
    j["orders"] = orders;
    const probe::Run formed = run_json(j);
    EXPECT_TRUE(square_row(formed)) << formed.log();
}

// Seed 000: if the defender evades, the charger may "Остановиться на позиции, оставленной
// противником" - the position the enemy left, not where the evaders went.
TEST(ChargeContact, AfterAnEvadeTheChargerHaltsOnThePositionTheEvadersLeft) {
    Probe p;
    p.french = {unit("hu", "light_cavalry", 12, "line", 60, 20, 0)};
    p.british = {unit("bt", "artillery", 8, "", 60, 40, 180)};
    p.features = {{{"kind", "woods"},
                   {"name", "the wood"},
                   {"polygon", {{50, 42.5}, {70, 42.5}, {70, 60}, {50, 60}}}}};
    p.order({{"unit", "hu"}, {"charge", "bt"}, {"after_contact", "halt"}});
    p.order({{"unit", "bt"}, {"reaction", "evade"}});
    const probe::Run r = probe::run(p);
    ASSERT_TRUE(r.said("bt", "evade", "reaches shelter")) << r.log();
    EXPECT_TRUE(r.said("hu", "charge_move", "halts on the position")) << r.log();
    EXPECT_EQ(r.at_end("hu").pos.y, 400) << r.log();  // where the guns stood, not in the wood
}

// Seed 000, the lancers' example: "Испанские пехотинцы могут использовать лишь тот отрезок
// времени для совершения каких-либо действий, когда они могут беспрепятственно видеть уланов".
TEST(ChargeReactions, AUnitThatCannotSeeTheChargerCannotReact) {
    Probe p;
    p.french = {unit("la", "lancers", 12, "column", 60, 15, 0)};
    p.british = {unit("d1", "infantry", 24, "line", 60, 45, 180),
                 unit("bt", "artillery", 8, "", 60, 41.5, 180)};
    p.order({{"unit", "la"}, {"charge", "d1"}});
    p.order({{"unit", "d1"}, {"reaction", "stand_and_fire"}});
    p.die("la", "charge_test", {5, 5});
    const probe::Run masked = probe::run(p);
    EXPECT_TRUE(masked.said("d1", "reaction", "cannot see the charger")) << masked.log();
    EXPECT_TRUE(masked.of("d1", "volley").empty()) << masked.log();
    p.british.erase(1);  // nothing in front of the line: it sees the lancers and fires
    const probe::Run open = probe::run(p);
    EXPECT_FALSE(open.of("d1", "volley").empty()) << open.log();
}

// Seed 000, evades 3: "Уклонение производится строго в противоположную от противника сторону в
// пределах сектора 22 градуса к ближайшему укрытию или под прикрытие дружественных войск".
TEST(Evades, EvadersSteerWithin22DegreesTowardsRealShelterOnly) {
    Probe p;
    p.french = {unit("hu", "light_cavalry", 12, "line", 60, 20, 0)};
    p.british = {unit("lc", "light_cavalry", 12, "line", 60, 40, 180)};
    // Its centre 17 degrees off straight back, behind the evaders.
    const nlohmann::json patch = {{62, 55}, {72, 55}, {72, 70}, {62, 70}};
    p.features = {{{"kind", "woods"}, {"name", "the wood"}, {"polygon", patch}}};
    p.order({{"unit", "hu"}, {"charge", "lc"}, {"after_contact", "halt"}});
    p.order({{"unit", "lc"}, {"reaction", "evade"}});
    p.die("hu", "charge_test", {1, 1});
    const probe::Run wood = probe::run(p);
    EXPECT_TRUE(wood.said("lc", "evade", "towards the wood")) << wood.log();
    EXPECT_GT(wood.at_end("lc").pos.x, 600) << wood.log();
    p.features[0]["kind"] = "hill";  // a hill as such is no shelter
    const probe::Run hill = probe::run(p);
    EXPECT_TRUE(hill.said("lc", "evade", "straight back")) << hill.log();
    EXPECT_EQ(hill.at_end("lc").pos.x, 600) << hill.log();
}

// Seed 000, evades 6: "Застрельщики, пойманные любым линейным подразделением, считаются
// уничтоженными (только те базы, с которыми враг вошел в контакт; все прочие базы считаются
// "бегущими")".
TEST(Evades, SkirmishersCaughtByALineUnitLoseOnlyTheBasesContacted) {
    Probe p;
    p.french = {unit("hu", "light_cavalry", 12, "column", 60, 20, 0)};
    p.british = {unit("sk", "skirmishers", 12, "skirmish", 60, 32, 180)};
    p.order({{"unit", "hu"}, {"charge", "sk"}});
    p.die("hu", "charge_test", {5, 5});
    const probe::Run r = probe::run(p);
    ASSERT_FALSE(r.of("hu", "evaders_caught").empty()) << r.log();
    const UnitState& sk = r.at_end("sk");
    EXPECT_TRUE(sk.on_table) << r.log();
    EXPECT_EQ(sk.figures, 10) << r.log();  // one 60 mm wide column meets one skirmish base
    EXPECT_TRUE(sk.status == gdb::Status::broken) << r.log();
}

// Seed 000: skirmishers in the path of an enemy charge must evade; "Они не могут стрелять и
// участвовать в ближнем бою" this turn.
TEST(Evades, SkirmishersThatLeftAChargePathMayNotFireOrFightThisTurn) {
    Probe p;
    p.french = {unit("a", "infantry", 24, "column", 60, 20, 0)};
    p.british = {unit("d1", "infantry", 24, "line", 60, 32, 180),
                 unit("sk", "skirmishers", 6, "skirmish", 60, 26, 180)};
    p.order({{"unit", "a"}, {"charge", "d1"}});
    p.order({{"unit", "sk"}, {"charge", "a"}});
    const probe::Run r = probe::run(p);
    ASSERT_TRUE(r.said("sk", "evade", "may not fire or fight")) << r.log();
    EXPECT_TRUE(r.said("sk", "charge_refused", "stepped out of a charge path")) << r.log();
}

// 12.19 c: "нарушают строй дружественных подразделений ... в том случае, если прохождение через
// строй дружественного подразделения происходит во время прохождения первой половины расстояния
// максимальной дистанции Отступления (каре и подразделения в домах и укреплениях не подвергаются
// «взаимопроникновению»)".
TEST(Retreats, OnlyTheFirstHalfOfTheMoveDisordersFriendsAndSquaresAreExempt) {
    Probe p;
    p.french = {unit("cu", "cuirassiers", 12, "line", 60, 25, 0)};
    p.british = {unit("d1", "infantry", 24, "line", 60, 40, 180),
                 unit("near", "infantry", 24, "column", 60, 46, 180),
                 unit("far", "infantry", 24, "column", 60, 54, 180)};
    p.order({{"unit", "cu"}, {"charge", "d1"}});
    p.die("cu", "charge_test", {6, 6});
    p.die("d1", "stand_test", {6, 6});
    p.die("cu", "melee", {6, 6});
    p.die("d1", "melee", {1, 1});
    const probe::Run r = probe::run(p);
    ASSERT_TRUE(r.at_end("d1").status == gdb::Status::broken) << r.log();
    EXPECT_TRUE(r.said("near", "interpenetration", "")) << r.log();
    EXPECT_TRUE(r.at_end("near").status == gdb::Status::unformed) << r.log();
    EXPECT_TRUE(r.of("far", "interpenetration").empty()) << r.log();
    EXPECT_TRUE(r.at_end("far").status == gdb::Status::formed) << r.log();
    p.british[1]["formation"] = "square";
    const probe::Run sq = probe::run(p);
    EXPECT_TRUE(sq.of("near", "interpenetration").empty()) << sq.log();
    EXPECT_TRUE(sq.at_end("near").status == gdb::Status::formed) << sq.log();
}

// 12.11: "Казаки – единственная кавалерия, имеющая право атаковать участки с пересеченной
// местностью. Атаковать застроенные площади казаки не могут."
TEST(BuiltUpAreas, OnlyCossacksChargeIntoWoodsAndNoCavalryChargesABuiltUpArea) {
    auto charge_into = [](const std::string& kind, const std::string& cavalry) {
        Probe p;
        p.french = {unit("cav", cavalry, 12, "line", 60, 20, 0)};
        p.british = {unit("d1", "infantry", 24, "line", 60, 35, 180)};
        p.features = {{{"kind", kind},
                       {"name", "the " + kind},
                       {"polygon", {{40, 32}, {80, 32}, {80, 45}, {40, 45}}}}};
        p.order({{"unit", "cav"}, {"charge", "d1"}});
        return probe::run(p);
    };
    const probe::Run hussars_wood = charge_into("woods", "light_cavalry");
    EXPECT_TRUE(hussars_wood.said("cav", "charge_refused", "only Cossacks")) << hussars_wood.log();
    const probe::Run cossacks_wood = charge_into("woods", "cossacks");
    EXPECT_FALSE(cossacks_wood.of("cav", "charge_declared").empty()) << cossacks_wood.log();
    const probe::Run cossacks_village = charge_into("built_up", "cossacks");
    EXPECT_TRUE(cossacks_village.said("cav", "charge_refused", "no cavalry may charge a built-up"))
        << cossacks_village.log();
    const probe::Run dragoons_village = charge_into("built_up", "dragoons");
    EXPECT_TRUE(dragoons_village.said("cav", "charge_refused", "12.11")) << dragoons_village.log();
}

// 12.9 g: "Защищающаяся в застроенной области пехота не может Атаковать или Контратаковать
// противника находящегося вне границ застроенной области."
TEST(BuiltUpAreas, InfantryHoldingAVillageDoesNotChargeOutOfIt) {
    Probe p;
    p.french = {unit("a", "infantry", 24, "line", 60, 20, 0)};
    p.british = {unit("d1", "infantry", 24, "column", 60, 32, 180)};
    p.features = {{{"kind", "built_up"},
                   {"name", "the village"},
                   {"polygon", {{40, 28}, {80, 28}, {80, 45}, {40, 45}}}}};
    p.order({{"unit", "d1"}, {"charge", "a"}});
    const probe::Run r = probe::run(p);
    EXPECT_TRUE(r.said("d1", "charge_refused", "12.9 g")) << r.log();
    EXPECT_TRUE(r.of("d1", "charge_declared").empty()) << r.log();
}

// A French column charging a British line holding a village 30-60 cm deep.
Probe village_fight() {
    Probe p;
    p.french = {unit("a", "infantry", 24, "column", 60, 20, 0)};
    p.british = {unit("d1", "infantry", 24, "line", 60, 33, 180)};
    p.features = {{{"kind", "built_up"},
                   {"name", "the village"},
                   {"polygon", {{40, 30}, {80, 30}, {80, 60}, {40, 60}}}}};
    p.order({{"unit", "a"}, {"charge", "d1"}, {"after_contact", "halt"}});
    p.die("a", "charge_test", {5, 5});
    p.die("d1", "stand_test", {5, 5});
    return p;
}

// Whether the defenders of the melee fought in `turn` had the modifier `row`.
bool defenders_had(const probe::Run& r, int turn, const std::string& row) {
    int seen = 0;
    for (const auto& e : r.result.events) {
        if (e.kind == "turn_start") ++seen;
        if (seen != turn || e.kind != "melee" || !e.explanation) continue;
        if (!probe::melee_modifier(*e.explanation, row).values.at(gdb::kDefender).empty())
            return true;
    }
    return false;
}

// 12.19 i: "Победители проходят Тест на Построение и следуют за Оттесненным подразделением
// противника, сохраняя с ним «базовый» контакт ... Если какая-либо часть Оттесненного подразделения
// осталась в пределах застроенной области, то рукопашная схватка продолжается в следующем ходу. Ни
// Атакующее, ни Защищающееся подразделения не получают модификаторы за оборону зданий."
TEST(BuiltUpAreas, APushBackInsideTheVillageGoesOnWithoutBuildingModifiers) {
    Probe p = village_fight();
    p.turns = 2;
    p.die("a", "melee", {3, 3});  // 10 against 9: pushed back
    p.die("d1", "melee", {2, 3});
    p.die("a", "melee", {3, 3}, 2);
    p.die("d1", "melee", {3, 3}, 2);
    const probe::Run r = probe::run(p);
    ASSERT_TRUE(r.said("d1", "push_back", "pushed back 10 cm")) << r.log();
    EXPECT_TRUE(r.said("a", "follow", "the melee goes on")) << r.log();
    EXPECT_TRUE(defenders_had(r, 1, "building")) << r.log();
    EXPECT_FALSE(defenders_had(r, 2, "building")) << r.log();
    int melees = 0;
    for (const auto& e : r.result.events) melees += e.kind == "melee" && e.explanation.has_value();
    EXPECT_EQ(melees, 2) << r.log();
}

// 12.9 e: defenders who leave before contact let the attacker occupy the area, "При этом, однако,
// Атакующему подразделению необходимо пройти Тест на Построение".
TEST(BuiltUpAreas, OccupyingAnAreaTheDefendersLeftTakesAFormationTest) {
    Probe p = village_fight();
    p.british[0]["at"] = {60, 31.5};
    p.dice[1]["values"] = {1, 1};  // d1 fails to stand and leaves
    const probe::Run r = probe::run(p);
    ASSERT_TRUE(r.said("a", "charge_move", "occupies the village")) << r.log();
    const auto tests = r.of("a", "formation_test");
    ASSERT_FALSE(tests.empty()) << r.log();
    // Explained like every test: its two dice, the arithmetic and the row of the 12.22 table.
    const auto& x = tests[0]->explanation;
    ASSERT_TRUE(x.has_value());
    ASSERT_FALSE(x->sections.empty());
    ASSERT_FALSE(x->sections[0].dice.empty());
    EXPECT_EQ(x->sections[0].dice[0].dice.size(), 2u);
    EXPECT_NE(x->sections[0].dice[0].total.find("="), std::string::npos);
}

// 12.9 f: "Победившие в рукопашной схватке ... обязаны занять застроенную область хотя бы одним
// подразделением"; 12.21 a: it may occupy it as a bonus move.
TEST(BuiltUpAreas, MeleeWinnersOccupyTheAreaTheyTook) {
    Probe p = village_fight();
    p.die("a", "melee", {5, 5});  // 14 against 9: the defenders retreat
    p.die("d1", "melee", {2, 3});
    const probe::Run r = probe::run(p);
    ASSERT_TRUE(r.said("d1", "retreat", "")) << r.log();
    EXPECT_TRUE(r.said("a", "occupy", "occupies the village")) << r.log();
    EXPECT_EQ(r.at_end("a").pos.y, 330) << r.log();
}

// 12.24 (blown cavalry): "обязано отступать в следующую Фазу Передвижения за линии своих войск
// ... (Внимание игроков: смешавшаяся кавалерия движется в фазу нормального движения, а не в фазу
// обязательных передвижений." RULINGS: never moved off the table while a place on it will do.
TEST(Pursuit, BlownCavalryRetiresInTheNextMovementPhaseAndStaysOnTheTable) {
    Probe p;
    p.turns = 2;
    p.fr_general[1] = 6;
    p.french = {unit("cu", "cuirassiers", 12, "line", 60, 12, 0)};
    p.british = {unit("d1", "infantry", 24, "line", 60, 30, 180),
                 unit("d2", "infantry", 24, "line", 20, 40, 180)};
    p.order({{"unit", "cu"}, {"charge", "d1"}});
    p.die("cu", "charge_test", {6, 6});
    p.die("d1", "stand_test", {6, 6});
    p.die("cu", "melee", {6, 6});
    p.die("d1", "melee", {1, 2});
    p.die("cu", "melee_test", {3, 4});  // pursuit test 7: blown
    const probe::Run r = probe::run(p);
    ASSERT_TRUE(r.said("cu", "melee", "")) << r.log();
    const auto blown = r.of("cu", "blown");
    ASSERT_FALSE(blown.empty()) << r.log();
    EXPECT_EQ(blown.front()->phase, "movement") << r.log();
    EXPECT_TRUE(r.at_end("cu").on_table) << r.log();
    EXPECT_TRUE(r.of("cu", "removed").empty()) << r.log();
}

// French cuirassiers that break a British line in the melee, with forced dice; `test` is the
// pursuit test's two dice.
Probe cuirassiers_break_a_line(std::vector<int> test) {
    Probe p;
    p.french = {unit("cu", "cuirassiers", 12, "line", 60, 25, 0)};
    p.british = {unit("d1", "infantry", 24, "line", 60, 40, 180)};
    p.order({{"unit", "cu"}, {"charge", "d1"}});
    p.die("cu", "charge_test", {6, 6});
    p.die("d1", "stand_test", {6, 6});
    p.die("cu", "melee", {6, 6});
    p.die("d1", "melee", {1, 1});
    p.die("cu", "melee_test", std::move(test));
    return p;
}

// 12.25: "если ... отступающее или бегущее подразделение пройдет сквозь строй дружественного
// подразделения и сделав его Не построенным, то преследующая кавалерия войдет в соприкосновение с
// тем подразделением ... Никаких Тестов на Проверку Морали с обеих сторон не проводится"; and
// skirmishers the fleeing unit passed through are trampled.
TEST(Pursuit, PursuersMeetTheFriendsTheirVictimsDisorderedAndTrampleSkirmishers) {
    Probe p = cuirassiers_break_a_line({1, 2});  // 3: pursuit
    p.british.push_back(unit("near", "infantry", 24, "column", 60, 46, 180));
    const probe::Run r = probe::run(p);
    ASSERT_TRUE(r.said("near", "interpenetration", "")) << r.log();
    EXPECT_TRUE(r.said("cu", "pursue", "pursues into near")) << r.log();
    EXPECT_TRUE(r.of("near", "morale_test").empty()) << r.log();
    p.british[1] = unit("near", "skirmishers", 6, "skirmish", 60, 44, 180);
    const probe::Run sk = probe::run(p);
    ASSERT_TRUE(sk.said("near", "interpenetration", "")) << sk.log();
    EXPECT_TRUE(sk.said("cu", "pursue", "trampled")) << sk.log();
    EXPECT_FALSE(sk.at_end("near").on_table) << sk.log();
}

// 12.24 e: "Кавалерия не может преследовать противника, находящегося в границах участка с
// пересеченной местностью (за исключением казаков). Преследование прекращается при достижении
// преследующим подразделением препятствия".
TEST(Pursuit, CavalryOtherThanCossacksStopsAtTheEdgeOfAWood) {
    Probe p = cuirassiers_break_a_line({1, 2});
    p.features = {{{"kind", "woods"},
                   {"name", "the wood"},
                   {"polygon", {{30, 48}, {90, 48}, {90, 75}, {30, 75}}}}};
    const probe::Run r = probe::run(p);
    EXPECT_TRUE(r.said("cu", "pursue", "only to the edge of the wood")) << r.log();
    EXPECT_LT(r.at_end("cu").pos.y, 480) << r.log();
    EXPECT_TRUE(r.at_end("cu").blown) << r.log();
}

// 12.21 c: cavalry with superb training "может пройти ½ расстояния дистанции своего Атакующего
// Передвижения в следующую Фазу Обязательного Передвижения"; 12.21 b: "поворот на 45 градусов влево
// или вправо".
TEST(BonusMoves, SuperbTrainingMovesHalfAChargeMoveAndWinnersMayTurn45) {
    Probe p = cuirassiers_break_a_line({6, 5});  // 11: superb training
    p.order({{"unit", "cu"}, {"bonus_move", {60, 5}}});
    const probe::Run r = probe::run(p);
    ASSERT_TRUE(r.said("cu", "bonus_move", "superb training")) << r.log();
    const auto& moved = r.of("cu", "bonus_move").front()->motion;
    ASSERT_TRUE(moved.has_value());
    EXPECT_EQ(geom::length(moved->path.back() - moved->path.front()), 135) << r.log();
    Probe turn = cuirassiers_break_a_line({6, 5});
    turn.order({{"unit", "cu"}, {"bonus_turn", 45}});
    const probe::Run t = probe::run(turn);
    EXPECT_TRUE(t.said("cu", "bonus_move", "turns 45 degrees right")) << t.log();
    EXPECT_GT(t.at_end("cu").facing.x, 40000) << t.log();  // facing north-east now
}

// Roads: the seeds give none; a wargamer expects a column on a road to move further (gdb.json
// "roads", a default). The move order is the same; only the road makes the difference.
TEST(Terrain, AColumnOnARoadMovesFurther) {
    Probe p;
    p.french = {unit("col", "infantry", 24, "column", 20, 20, 90)};
    p.british = {unit("d1", "infantry", 24, "line", 100, 70, 180)};
    p.order({{"unit", "col"}, {"move", {60, 20}}});
    const probe::Run open = probe::run(p);
    EXPECT_EQ(open.at_end("col").pos.x, 200 + 120) << open.log();
    p.features = {{{"kind", "road"}, {"name", "the road"}, {"path", {{5, 20}, {115, 20}}}}};
    const probe::Run road = probe::run(p);
    EXPECT_EQ(road.at_end("col").pos.x, 200 + 180) << road.log();
    EXPECT_TRUE(road.said("col", "move", "along the road")) << road.log();
}

// Seed 000 checks that the target is visible ("враг видим"); RULINGS reaction windows: sight runs
// "through units, terrain features and the heightfield". A ridge of the ground hides the target.
TEST(Terrain, ARiseOfTheGroundBlocksSight) {
    Probe p;
    p.french = {unit("hu", "light_cavalry", 12, "line", 60, 20, 0)};
    p.british = {unit("d1", "infantry", 24, "line", 60, 52, 180)};
    p.order({{"unit", "hu"}, {"charge", "d1"}});
    const probe::Run flat = probe::run(p);
    EXPECT_FALSE(flat.of("hu", "charge_declared").empty()) << flat.log();
    nlohmann::json j = p.json();
    j["terrain"]["heightfield"] = {{"kind", "image"}, {"file", "gdb/ridge.pgm"}, {"relief", "5cm"}};
    const probe::Run ridge = run_json_at(j, "/tests/data/probe.json");
    EXPECT_TRUE(
        ridge.said("hu", "charge_refused", "cannot be seen: a rise of the ground is in the way"))
        << ridge.log();
}

// `vedette check` and the log say what blocks sight (issue 16, authoring): a wood between the
// charger and its target is named.
TEST(Terrain, ARefusedChargeNamesWhatHidesTheTarget) {
    Probe p;
    p.french = {unit("hu", "light_cavalry", 12, "line", 60, 20, 0)};
    p.british = {unit("d1", "infantry", 24, "line", 60, 52, 180)};
    p.order({{"unit", "hu"}, {"charge", "d1"}});
    p.features = {{{"kind", "woods"},
                   {"name", "the Bois de Paris"},
                   {"polygon", {{20, 33}, {100, 33}, {100, 38}, {20, 38}}}}};
    const probe::Run r = probe::run(p);
    EXPECT_TRUE(r.said("hu", "charge_refused", "cannot be seen: the Bois de Paris is in the way"))
        << r.log();
}

// 12.14: "Бегущие подразделения, вошедшие в «базовый» контакт с подразделением противника, не
// проходят Тест на Проверку Морали, автоматически проигрывают рукопашную схватку и немедленно
// убираются из игры".
TEST(ChargeContact, ABrokenUnitChargedTakesNoStandTestAndIsRemoved) {
    Probe p;
    p.french = {unit("a", "infantry", 24, "column", 60, 20, 0)};
    nlohmann::json broken = unit("d1", "infantry", 24, "line", 60, 30, 180);
    broken["status"] = "broken";
    p.british = {broken};
    p.order({{"unit", "a"}, {"charge", "d1"}});
    p.die("a", "charge_test", {5, 5});
    p.die("d1", "stand_test", {6, 6});  // would make it stand if it were asked
    const probe::Run r = probe::run(p);
    EXPECT_TRUE(r.said("d1", "morale_test", "takes no morale test")) << r.log();
    EXPECT_FALSE(r.said("d1", "morale_test", "stand test")) << r.log();
    EXPECT_FALSE(r.at_end("d1").on_table) << r.log();
}

// 12.24 "НЕПОСТРОЕННЫ": the unit "не может проводить Атаки до тех пор, пока не Построится. Игрок
// может провести Построение подразделения как непосредственно на месте".
TEST(Pursuit, UnformedCavalryMayNotChargeUntilItReformsInPlace) {
    Probe p;
    p.turns = 2;
    nlohmann::json hussars = unit("hu", "light_cavalry", 12, "line", 60, 20, 0);
    hussars["status"] = "unformed";
    p.french = {hussars};
    p.british = {unit("d1", "infantry", 24, "line", 60, 40, 180)};
    p.order({{"unit", "hu"}, {"charge", "d1"}});
    p.order({{"unit", "hu"}, {"charge", "d1"}, {"turn", 2}});
    const probe::Run r = probe::run(p);
    EXPECT_TRUE(r.said("hu", "charge_refused", "unformed")) << r.log();
    EXPECT_TRUE(r.said("hu", "rally", "re-forms")) << r.log();
    EXPECT_FALSE(r.of("hu", "charge_declared").empty()) << r.log();
}

// Round four (issue 38): held-out battle probes worked by hand from the seeds.

// 12.13: "Отступающие подразделения, вошедшие в «базовый» контакт с подразделением противника,
// ... автоматически проигрывают рукопашную схватку" and keep retreating. A retreating unit whose
// stand test says it wavers is still retreating: it loses without dice and pays at the winners'
// rate (cavalry: 1 per 1).
TEST(Retreats, Clause12_13_ARetreatingUnitThatWaversKeepsRetreating) {
    Probe p;
    p.french = {unit("hu", "light_cavalry", 12, "line", 60, 20, 0)};
    nlohmann::json retreating = unit("d1", "infantry", 24, "column", 60, 36, 180);
    retreating["status"] = "retreating";
    p.british = {retreating};
    p.order({{"unit", "hu"}, {"charge", "d1"}});
    p.die("hu", "charge_test", {5, 5});
    p.die("d1", "stand_test", {4, 4});  // 8, -2 for not formed: 6, "wavers but stands"
    p.die("hu", "melee", {1, 1});       // would lose a melee fought with dice
    p.die("d1", "melee", {6, 6});
    const probe::Run r = probe::run(p);
    ASSERT_TRUE(r.said("d1", "morale_test", "wavers")) << r.log();
    const record::Event* melee = nullptr;
    for (const auto& e : r.result.events)
        if (e.kind == "melee" && e.explanation) melee = &e;
    ASSERT_TRUE(melee) << r.log();
    EXPECT_NE(melee->text.find("12.13"), std::string::npos) << r.log();
    EXPECT_EQ(r.at_end("d1").figures, 24 - 12) << r.log();   // 12 hussars at 1 per 1
    EXPECT_FALSE(r.of("d1", "retreat").empty()) << r.log();  // it keeps retreating
}

// 12.19 (pushed back) b: the unit goes back its retreat move and rallies there, formed. RULINGS
// turn 4: "a push back that would carry a unit off the table stops at the edge, where the unit
// rallies as a push back says. Only a retreat or a rout off the table loses the unit."
TEST(Retreats, Clause12_19_APushBackStopsAtTheTableEdge) {
    Probe p;
    p.fr_general[1] = 52;
    p.br_general[1] = 60;
    p.french = {unit("a", "infantry", 24, "column", 60, 60, 0)};
    p.british = {unit("d1", "infantry", 24, "line", 60, 73, 180)};
    p.order({{"unit", "a"}, {"charge", "d1"}, {"after_contact", "halt"}});
    p.die("a", "charge_test", {5, 5});
    p.die("d1", "stand_test", {5, 5});
    p.die("a", "melee", {3, 2});
    p.die("d1", "melee", {3, 3});
    const probe::Run r = probe::run(p);
    ASSERT_FALSE(r.of("d1", "push_back").empty()) << r.log();
    EXPECT_TRUE(r.said("d1", "table_edge", "stopped by the table edge")) << r.log();
    const UnitState& d1 = r.at_end("d1");
    EXPECT_TRUE(d1.on_table) << r.log();
    EXPECT_LE(d1.pos.y, 800) << r.log();
    EXPECT_TRUE(d1.status == gdb::Status::formed) << r.log();
    EXPECT_TRUE(r.of("d1", "removed").empty()) << r.log();
    // The same push back in the middle of the table goes its whole way, with no such event.
    Probe open = p;
    open.french[0]["at"] = {60, 30};
    open.british[0]["at"] = {60, 43};
    open.fr_general[1] = 22;
    open.br_general[1] = 50;
    const probe::Run far = probe::run(open);
    ASSERT_FALSE(far.of("d1", "push_back").empty()) << far.log();
    EXPECT_TRUE(far.of("d1", "table_edge").empty()) << far.log();
}

// 12.19 (pushed back) b: "автоматически «Собираются»": a pushed-back unit rallies, formed. A
// pursuer (12.24) pushed back is pursuing no more: no pursuit bonus in its next melee, and it
// does not rein in unformed at the end of the next turn.
TEST(Pursuit, Clause12_19_APursuerPushedBackIsFormedAndPursuesNoMore) {
    Probe p = cuirassiers_break_a_line({1, 2});  // 3: pursuit
    p.turns = 3;
    p.british.push_back(unit("near", "infantry", 24, "column", 60, 46, 180));
    p.die("cu", "melee", {3, 3}, 2);
    p.die("near", "melee", {3, 3}, 2);
    const probe::Run r = probe::run(p);
    ASSERT_TRUE(r.said("cu", "pursue", "pursues into near")) << r.log();
    ASSERT_FALSE(r.of("cu", "push_back").empty()) << r.log();
    const UnitState& cu = r.at_end("cu");
    EXPECT_FALSE(cu.pursuing) << r.log();
    EXPECT_TRUE(cu.status == gdb::Status::formed) << r.log();
    EXPECT_FALSE(r.said("cu", "rally", "reins in")) << r.log();
}

// RULINGS (countercharge): "the countercharger moves the distance the charger covered; under 5
// cm (15mm preset) it gets no charge bonus". Seed 000, cuirassiers against dragoons: the
// dragoons "не смоги пройти 5см" only because they spent the move wheeling. Dragoons 12 cm from
// the charging hussars meet them half way, 6 cm: they keep the charge bonus.
TEST(ChargeReactions, Seed000_Countercharge_TheCounterchargerMovesTheDistanceTheChargerCovered) {
    Probe p;
    p.french = {unit("hu", "light_cavalry", 12, "line", 60, 20, 0)};
    p.british = {unit("dr", "dragoons", 12, "line", 60, 35, 180)};  // 12 cm between the fronts
    p.order({{"unit", "hu"}, {"charge", "dr"}});
    p.order({{"unit", "dr"}, {"reaction", "countercharge"}});
    p.die("hu", "charge_test", {5, 5});
    p.die("dr", "charge_test", {5, 5});
    const probe::Run r = probe::run(p);
    ASSERT_TRUE(r.said("hu", "charge_move", "moves half the distance, 6 cm")) << r.log();
    EXPECT_TRUE(r.said("dr", "countercharge", "6 cm in all")) << r.log();
    EXPECT_FALSE(r.said("dr", "countercharge", "no charge bonus")) << r.log();
    const record::Explanation* melee = first_melee(r);
    ASSERT_TRUE(melee) << r.log();
    EXPECT_FALSE(probe::melee_modifier(*melee, "charging").values.at(gdb::kDefender).empty())
        << r.log();
    // They meet half way between where they stood: 6 cm each.
    const auto contact = r.of("hu", "contact");
    ASSERT_EQ(contact.size(), 1u) << r.log();
    for (const record::Snapshot& a : contact[0]->after) {
        if (a.unit == r.index("hu")) {
            EXPECT_EQ(a.pose.pos.y, 200 + 60) << r.log();
        }
        if (a.unit == r.index("dr")) {
            EXPECT_EQ(a.pose.pos.y, 350 - 60) << r.log();
        }
    }
}

// 12.23: every winning cavalry unit takes a pursuit test (12.22 a); 9 is "unformed", 10+
// "superb training": a passed test is an event of its own, with its dice, as a failed one is, not
// only a row inside the melee's explanation.
TEST(Pursuit, Clause12_23_EveryPursuitTestIsAnEventOfItsOwn) {
    for (const std::vector<int>& dice :
         {std::vector<int>{4, 5}, std::vector<int>{6, 5}, std::vector<int>{1, 2}}) {
        const probe::Run r = probe::run(cuirassiers_break_a_line(dice));
        const auto tests = r.of("cu", "pursuit_test");
        ASSERT_EQ(tests.size(), 1u) << r.log();
        EXPECT_EQ(tests[0]->rule, "GdB 12.23") << r.log();
        const std::string sum = std::to_string(dice[0]) + " + " + std::to_string(dice[1]) + " = " +
                                std::to_string(dice[0] + dice[1]);
        EXPECT_NE(tests[0]->text.find("pursuit test: 2D6 " + sum), std::string::npos) << r.log();
        // Its dice are those the melee's explanation shows (and marks forced) once.
        EXPECT_EQ(tests[0]->phase, "melee") << r.log();
    }
}

// 12.19 g (seed 004, the 2015 text): «Для того, чтобы опрокинуть Каре, кавалерия должна получить
// разницу в 7 и более в свою пользу. Результат менее 7 означает, что Каре устояло и кавалерия
// Оттесняется, а пехота остается Построенной (Не проходит Тест на Построение).» In translation:
// "To overthrow a square, cavalry must obtain a difference of 7 or more in its favour. A result of
// less than 7 means that the square has held and the cavalry is pushed back, and the infantry
// remains formed (it does not take a formation test)." Issue 48: a square that wavered on its
// stand test and then held its melee ended the melee unformed and "re-formed" next turn citing
// 12.24. It fights wavering (the -2 of 12.17) but, holding, stays formed.
TEST(MeleeSquare, Clause12_19g_ASquareThatWaversThenHoldsItsMeleeStaysFormed) {
    Probe p;
    p.french = {unit("cu", "cuirassiers", 12, "line", 60, 25, 0)};
    p.british = {unit("sq", "infantry", 24, "square", 60, 40, 180)};
    p.order({{"unit", "cu"}, {"charge", "sq"}});
    p.die("cu", "charge_test", {5, 5});  // 10, -2 charging a formed square: 8, charges home
    p.die("sq", "stand_test", {2, 2});   // 4, +2 in square against cavalry: 6, wavers
    p.die("cu", "melee", {4, 4});        // the cavalry scores more, by less than 7
    p.die("sq", "melee", {3, 3});
    const probe::Run r = probe::run(p);
    ASSERT_TRUE(r.said("sq", "morale_test", "wavers")) << r.log();
    const record::Explanation* melee = first_melee(r);
    ASSERT_TRUE(melee) << r.log();
    // It went into the melee wavering: the 12.17 row "unformed / wavering" counted against it.
    ASSERT_FALSE(
        probe::melee_modifier(*melee, "unformed_or_wavering").values.at(gdb::kDefender).empty())
        << r.log();
    ASSERT_TRUE(r.said("cu", "melee", "the square holds")) << r.log();
    // The melee's verdict on the square: formed, citing 12.19 g, no formation test.
    const record::Section* status =
        explained::section_of(*melee, record::SectionKind::lines, "Casualties and status");
    ASSERT_TRUE(status) << r.log();
    const std::string verdict = explained::line_of(*status, "sq");
    EXPECT_NE(verdict.find("wavering -> formed"), std::string::npos) << verdict;
    EXPECT_NE(verdict.find("12.19 g"), std::string::npos) << verdict;
    EXPECT_EQ(verdict.find("-> unformed"), std::string::npos) << verdict;
    EXPECT_TRUE(r.at_end("sq").status == gdb::Status::formed) << r.log();
    EXPECT_TRUE(r.of("sq", "pursuit_test").empty() && r.of("sq", "formation_test").empty())
        << r.log();

    // Next turn the cavalry is pushed back; the square, formed all along, has nothing to re-form
    // from (no 12.24 "stands for the movement phase and re-forms").
    p.turns = 2;
    const probe::Run next = probe::run(p);
    ASSERT_FALSE(next.of("cu", "push_back").empty()) << next.log();
    EXPECT_TRUE(next.of("sq", "rally").empty()) << next.log();
    EXPECT_FALSE(next.said("sq", "", "re-forms")) << next.log();
    EXPECT_TRUE(next.at_end("sq").status == gdb::Status::formed) << next.log();
}

}  // namespace
}  // namespace vedette::sim::battle

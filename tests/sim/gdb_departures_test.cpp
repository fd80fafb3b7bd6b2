// General de Brigade as written (issue 13): each test sets up the situation where the engine
// once departed from seeds 000 and 004, quotes the rule, and checks that the battle now does
// what the text says. Probe scenarios are built in the test (gdb_probe.h); the narrated
// examples are the shipped scenarios, sometimes with one thing changed.

#include <fstream>

#include <gtest/gtest.h>

#include "tests/sim/gdb_probe.h"

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
    Battle battle(probe::melee_rules(), probe::battle_rules(), r.scenario);
    r.result = battle.run();
    r.end = battle.units();
    return r;
}

const nlohmann::ordered_json* melee_unit_details(const probe::Run& r, const std::string& id) {
    for (const auto& e : r.result.events) {
        if (e.kind != "melee" || e.details.is_null()) continue;
        for (const char* side : {"attacker", "defender"})
            for (const auto& u : e.details[side]["units"])
                if (u["id"] == id || u["name"] == id) return &u;
    }
    return nullptr;
}

bool row_listed(const nlohmann::ordered_json& rows, const std::string& id,
                const std::string& why_fragment = "") {
    for (const auto& m : rows)
        if (m["id"] == id &&
            (why_fragment.empty() || (m.contains("why") && m["why"].get<std::string>().find(
                                                               why_fragment) != std::string::npos)))
            return true;
    return false;
}

// Seed 000: "Как только подставки атакующих оказались вплотную к подставкам обороняющихся,
// подразделения остаются в этом положении до фазы ближнего боя ... не проходят никакие тесты на
// моральное состояние". 12.8 b: "Защищающиеся подразделения, в таких случаях, Тест на Проверку
// Морали не проходят". 12.8 c: reinforcements "не получают модификатор за Атаку".
TEST(ChargeContact, AUnitInMeleeChargedAgainTakesNoTestAndTheNewChargerIsAReinforcement) {
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
    for (const Event* e : r.of("d1", "morale_test"))
        stand_tests += e->text.find("stand test") != std::string::npos;
    EXPECT_EQ(stand_tests, 1) << r.log();
    EXPECT_TRUE(r.said("d1", "morale_test", "takes no morale test")) << r.log();
    EXPECT_TRUE(r.said("b", "charge_declared", "charges into the melee")) << r.log();
    const auto* b = melee_unit_details(r, "b");
    const auto* a = melee_unit_details(r, "a");
    ASSERT_TRUE(a && b) << r.log();
    EXPECT_TRUE(row_listed((*a)["modifiers"], "charging"));
    EXPECT_TRUE(row_listed((*b)["not_applied"], "charging", "12.8 c")) << b->dump(1);
    EXPECT_TRUE(row_listed((*b)["not_applied"], "infantry_column_charging", "12.8 c"));
    EXPECT_FALSE(row_listed((*b)["modifiers"], "infantry_column_charging"));
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
}

// Seed 000, the dragoons' example: the French "не учитывают бонус за построенное каре, так как
// они еще не успели его сформировать, и считаются Расстроенным". RULINGS: a square still forming
// is not a formed square for any test taken before it completes.
TEST(ChargeContact, ASquareStillFormingIsNotAFormedSquareForTheChargeTest) {
    auto square_row = [](const probe::Run& r) {
        for (const Event* e : r.of("scots_greys", "morale_test"))
            for (const auto& m : e->details["modifiers"])
                if (m["label"].get<std::string>().find("square") != std::string::npos) return true;
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

}  // namespace
}  // namespace vedette::sim::battle

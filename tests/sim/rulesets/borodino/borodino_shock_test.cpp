// One shock of the Borodino system (Hex 9.21-9.25 with the rulings' table and DRMs), through the
// same functions `vedette melee` and the battle engine use, with the data file as shipped.

#include <gtest/gtest.h>

#include <numeric>

#include "sim/core/input_error.h"
#include "sim/core/json_reader.h"
#include "sim/rules/ruleset_files.h"
#include "sim/rulesets/borodino/shock_input.h"
#include "sim/rulesets/borodino/shock_report.h"

using namespace vedette::sim;
using namespace vedette::sim::borodino;

namespace {

const BorodinoRules& rules() {
    static const BorodinoRules r = [] {
        const std::string path =
            std::string(VEDETTE_SOURCE_DIR) + "/sim/rulesets/borodino/borodino.json";
        return parse_borodino_rules(read_text_file(path), path);
    }();
    return r;
}

ShockFile parse(const std::string& text) {
    const Json j = parse_json_text(text, "test.json");
    return parse_shock_file(JsonNode(j, "test.json", "$"), rules());
}

const DrmRow& row(const HexShock& h, const std::string& id) {
    for (const auto& r : h.rows)
        if (r.id == id) return r;
    throw std::logic_error("no row " + id);
}

const char* kTwoHexes = R"({"ruleset": "borodino",
  "attackers": [{"name": "A", "type": "line_infantry", "strength": 6, "cohesion": 7}],
  "defenders": [
    {"name": "Sq", "type": "line_infantry", "strength": 3, "cohesion": 6, "square": true, "hex": "A"},
    {"name": "Ln", "type": "line_infantry", "strength": 3, "cohesion": 5, "hex": "B", "flank_open": true}]})";

}  // namespace

// Rulings: "below 0 ... 0-4 ... 5-9 ... 10 or more".
TEST(BorodinoShock, ResultBandsFollowTheTable) {
    EXPECT_EQ(rules().band_for(-1).result, "attacker_disordered_counter_shock");
    EXPECT_EQ(rules().band_for(0).result, "attacker_disordered");
    EXPECT_EQ(rules().band_for(4).result, "attacker_disordered");
    EXPECT_EQ(rules().band_for(5).result, "defender_disordered");
    EXPECT_EQ(rules().band_for(9).result, "defender_disordered");
    EXPECT_EQ(rules().band_for(10).result, "defender_retreats");
    EXPECT_EQ(rules().band_for(-30).result, "attacker_disordered_counter_shock");
}

// "strength ratio attacker:defender, rounded in the defender's favour (4:1 or more +4 ... 1:4 or
// worse -4)".
TEST(BorodinoShock, StrengthRatioIsRoundedForTheDefender) {
    EXPECT_EQ(rules().ratio_row(8, 2).drm, 4);
    EXPECT_EQ(rules().ratio_row(7, 2).drm, 3);  // 3.5:1 is 3:1
    EXPECT_EQ(rules().ratio_row(5, 3).drm, 1);  // 1.67:1 is 3:2
    EXPECT_EQ(rules().ratio_row(5, 5).drm, 0);
    EXPECT_EQ(rules().ratio_row(4, 5).drm, -1);  // 0.8 is 2:3
    EXPECT_EQ(rules().ratio_row(1, 3).drm, -3);
    EXPECT_EQ(rules().ratio_row(1, 9).drm, -4);
}

// 9.22: "бросайте кубик один раз, но для каждого гекса к данному результату броска применяйте
// свой МБК" (roll once, but apply each hex's own DRM to that roll).
TEST(BorodinoShock, OneDieTwoHexesDifferentDrms) {
    const ShockFile f = parse(kTwoHexes);
    const ResolvedShock r = resolve_shock(rules(), f.situation, 6, true);
    ASSERT_EQ(r.prepared.hexes.size(), 2u);
    const HexShock& a = r.prepared.hexes[0];
    const HexShock& b = r.prepared.hexes[1];
    EXPECT_TRUE(row(a, "square").lit);
    EXPECT_FALSE(row(b, "square").lit);
    EXPECT_TRUE(row(b, "flank_open").lit);
    EXPECT_EQ(a.drm, 0 + 1 - 2);  // 6:6, cohesion 7-6, square
    EXPECT_EQ(b.drm, 0 + 2 + 1);  // 6:6, cohesion 7-5, empty flank
    EXPECT_EQ(rules().band_for(6 + a.drm).result, "defender_disordered");
    EXPECT_EQ(rules().band_for(6 + b.drm).result, "defender_disordered");
    EXPECT_EQ(r.status.defenders[0], "disordered_retreat_check");
}

TEST(BorodinoShock, OddsOfEachBandAreExactTenths) {
    for (int drm = -12; drm <= 12; ++drm) {
        const std::vector<int> c = band_counts(rules(), drm);
        EXPECT_EQ(std::accumulate(c.begin(), c.end(), 0), 10);
    }
    const std::vector<int> c = band_counts(rules(), -1);  // faces 0..9 -> -1..8
    EXPECT_EQ(c, (std::vector<int>{1, 5, 4, 0}));
}

// 9.23: "Пехота, налетающая кавалерия и не совершающая Налет кавалерия не могут складывать свои
// показатели Силы Удара".
TEST(BorodinoShock, MixedArmsAreRefused) {
    try {
        parse(
            R"({"attackers": [{"name": "I", "type": "line_infantry", "strength": 4, "cohesion": 6},
                  {"name": "C", "type": "light_cavalry", "strength": 3, "cohesion": 6}],
                  "defenders": [{"name": "D", "type": "militia", "strength": 2, "cohesion": 3, "hex": "A"}]})");
        FAIL() << "mixed arms accepted";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("Hex 9.23"), std::string::npos) << e.what();
    }
}

// 9.24 "Часть в состоянии Потери строя не может наносить Удар"; 9.25 artillery has no shock
// strength.
TEST(BorodinoShock, DisorderedOrArtilleryAttackersAreRefused) {
    EXPECT_THROW(parse(R"({"attackers": [{"name": "I", "type": "line_infantry", "strength": 4,
        "cohesion": 6, "disordered": true}], "defenders": [{"name": "D", "type": "militia",
        "strength": 2, "cohesion": 3, "hex": "A"}]})"),
                 InputError);
    EXPECT_THROW(parse(R"({"attackers": [{"name": "G", "type": "foot_artillery", "cohesion": 6}],
        "defenders": [{"name": "D", "type": "militia", "strength": 2, "cohesion": 3, "hex": "A"}]})"),
                 InputError);
}

// 9.24: "Налетающая кавалерия, потерявшая строй под Встречным Огнем ... может продолжить атаку ...
// однако, при этом она теряет все свои МБК Налета."
TEST(BorodinoShock, ChargerDisorderedByFireLosesChargeDrms) {
    const ShockFile f =
        parse(R"({"attackers": [{"name": "C", "type": "heavy_cavalry", "strength": 4,
        "cohesion": 5, "charging": true, "disordered": true}],
        "defenders": [{"name": "D", "type": "line_infantry", "strength": 4, "cohesion": 5, "hex": "A"}]})");
    const PreparedShock p = prepare_shock(rules(), f.situation);
    EXPECT_FALSE(row(p.hexes[0], "charge_heavy").lit);
    EXPECT_NE(row(p.hexes[0], "charge_heavy").reason.find("9.24"), std::string::npos);
}

// 9.25: "Если Удар противника застал артиллерийскую часть одну на ее гексе ... она автоматически
// уничтожается".
TEST(BorodinoShock, ArtilleryAloneIsEliminatedWithoutADie) {
    const ShockFile f = parse(
        R"({"attackers": [{"name": "I", "type": "line_infantry", "strength": 4, "cohesion": 6}],
        "defenders": [{"name": "G", "type": "foot_artillery", "cohesion": 5, "hex": "A"}]})");
    const ResolvedShock r = resolve_shock(rules(), f.situation, 3, false);
    EXPECT_FALSE(r.roll.has_value());
    EXPECT_EQ(r.status.defenders[0], "eliminated");
}

// Rulings: "a unit already disordered that is disordered again withdraws".
TEST(BorodinoShock, DisorderedTwiceWithdraws) {
    const ShockFile f = parse(
        R"({"attackers": [{"name": "I", "type": "line_infantry", "strength": 8, "cohesion": 8}],
        "defenders": [{"name": "D", "type": "line_infantry", "strength": 2, "cohesion": 3, "disordered": true, "hex": "A"}]})");
    const ResolvedShock r = resolve_shock(rules(), f.situation, 9, true);
    EXPECT_EQ(r.status.defenders[0], "withdrawn");
}

TEST(BorodinoShock, ThreeUnitsInAHexAreBadInput) {
    try {
        parse(
            R"({"attackers": [{"name": "I", "type": "line_infantry", "strength": 4, "cohesion": 6}],
          "defenders": [{"name": "a", "type": "militia", "strength": 1, "cohesion": 3, "hex": "A"},
                        {"name": "b", "type": "militia", "strength": 1, "cohesion": 3, "hex": "A"},
                        {"name": "c", "type": "militia", "strength": 1, "cohesion": 3, "hex": "A"}]})");
        FAIL();
    } catch (const InputError& e) {
        EXPECT_EQ(e.where(), "$.defenders[2].hex");
    }
}

TEST(BorodinoShock, ExplanationLightsTheResultRowAndTheOdds) {
    const ShockFile f = parse(kTwoHexes);
    const auto e = explain_shock(rules(), resolve_shock(rules(), f.situation, 6, true), "Shock");
    int lit_results = 0, actual = 0;
    for (const auto& s : e.sections) {
        for (const auto& r : s.results) lit_results += r.lit ? 1 : 0;
        for (const auto& o : s.outcomes) actual += o.actual ? 1 : 0;
    }
    EXPECT_EQ(lit_results, 2);  // one per hex
    EXPECT_EQ(actual, 2);
}

// Melee files: every bad input names its JSON path; the same file and seed give the same bytes.

#include "sim/rulesets/gdb/melee/melee_input.h"
#include "sim/core/input_error.h"
#include "sim/rulesets/gdb/melee/melee_report.h"
#include "tests/sim/rulesets/gdb/melee_test_util.h"

namespace vedette::sim::gdb::test {
namespace {

std::string error_of(const std::string& text) {
    try {
        const Json j = parse_json_text(text, "m.json");
        parse_melee(JsonNode(j, "m.json", "$"));
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

const char* kGood = R"({"attacker": [{"name": "a", "type": "infantry", "figures": 12}],
                        "defender": [{"name": "d", "type": "lancers", "figures": 8, "dice": [4, 3]}]})";

TEST(MeleeInput, ReadsAValidFileWithDefaults) {
    const Json j = parse_json_text(kGood, "m.json");
    const MeleeSetup s = parse_melee(JsonNode(j, "m.json", "$"));
    EXPECT_EQ(s.sides[kAttacker][0].klass, UnitClass::line);
    EXPECT_EQ(s.sides[kAttacker][0].status, Status::formed);
    EXPECT_EQ(s.sides[kDefender][0].dice, (std::vector<int>{4, 3}));
}

TEST(MeleeInput, BadInputNamesTheJsonPath) {
    EXPECT_NE(
        error_of(
            R"({"attacker": [{"name": "a", "type": "zouaves", "figures": 12}], "defender": [{"name": "d", "type": "infantry", "figures": 8}]})")
            .find("m.json: $.attacker[0].type: unknown value \"zouaves\""),
        std::string::npos);
    EXPECT_NE(
        error_of(
            R"({"attacker": [{"name": "a", "type": "infantry", "figures": -3}], "defender": [{"name": "d", "type": "infantry", "figures": 8}]})")
            .find("$.attacker[0].figures: expected an integer from 1 to 10000, found -3"),
        std::string::npos);
    EXPECT_NE(
        error_of(
            R"({"attacker": [], "defender": [{"name": "d", "type": "infantry", "figures": 8}]})")
            .find("$.attacker: expected at least one unit"),
        std::string::npos);
    EXPECT_NE(error_of(R"({"attacker": {"name": "a"}, "defender": []})")
                  .find("$.attacker: expected an array, found an object"),
              std::string::npos);
    EXPECT_NE(
        error_of(
            R"({"attacker": [{"name": "a", "type": "infantry", "figures": 12, "dice": [7, 1]}], "defender": [{"name": "d", "type": "infantry", "figures": 8}]})")
            .find("$.attacker[0].dice[0]: expected an integer from 1 to 6, found 7"),
        std::string::npos);
    EXPECT_NE(
        error_of(
            R"({"attacker": [{"name": "a", "type": "infantry", "figures": 12, "charging": "yes"}], "defender": [{"name": "d", "type": "infantry", "figures": 8}]})")
            .find("$.attacker[0].charging: expected true or false, found a string"),
        std::string::npos);
    EXPECT_NE(
        error_of(
            R"({"attacker": [{"name": "a", "type": "infantry", "figures": 12, "chargin": true}], "defender": [{"name": "d", "type": "infantry", "figures": 8}]})")
            .find("$.attacker[0].chargin: unknown field"),
        std::string::npos);
    EXPECT_NE(error_of(R"({"defender": [{"name": "d", "type": "infantry", "figures": 8}]})")
                  .find("missing required field \"attacker\""),
              std::string::npos);
}

TEST(MeleeDeterminism, SameFileAndSeedGiveTheSameBytes) {
    const Json j = parse_json_text(kGood, "m.json");
    const MeleeSetup s = parse_melee(JsonNode(j, "m.json", "$"));
    const PreparedMelee p = prepare_melee(shipped_rules(), s);
    std::string first;
    for (int run = 0; run < 2; ++run) {
        Prng prng(77);
        MeleeOutcome out;
        resolve_melee(p, prng, out);
        const MeleeOdds odds = melee_odds(p);
        const std::string bytes = melee_report_json(p, out, &odds).dump();
        if (run == 0)
            first = bytes;
        else
            EXPECT_EQ(bytes, first);
    }
}

}  // namespace
}  // namespace vedette::sim::gdb::test

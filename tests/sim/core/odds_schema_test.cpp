// `vedette melee FILE --json --odds`: every rule system writes its odds in the one schema of
// docs/CLI.md ("Exact odds"). The JSON checked is the Resolution the CLI prints as it is. Each
// output must have the same required members with the same types, counts that are exact
// decimal integers adding up to the denominator, exactly one actual outcome, and nothing else
// but the member named after its ruleset.

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "sim/core/json_reader.h"
#include "sim/ruleset/odds.h"
#include "sim/ruleset/registry.h"

namespace vedette::sim::odds_schema_test {
namespace {

using OJson = nlohmann::ordered_json;
using ruleset::OddsCount;

const std::string kSource = VEDETTE_SOURCE_DIR;

OJson resolve(const Json& file, const std::string& name, bool odds) {
    const auto rules =
        ruleset::make_ruleset(ruleset::ruleset_of(file, name), kSource + "/sim/rulesets", name);
    ruleset::ResolveOptions options;
    options.odds = odds;
    return OJson::parse(rules->resolve(file, name, options).json_text);
}

OJson resolve_file(const std::string& relative, bool odds = true) {
    const std::string path = kSource + "/" + relative;
    return resolve(read_json_file(path), path, odds);
}

// A count as the schema writes it: decimal digits, no sign, no leading zero.
bool is_decimal(const OJson& j) {
    if (!j.is_string()) return false;
    const std::string s = j.get<std::string>();
    if (s.empty() || s.size() > 39 || (s.size() > 1 && s[0] == '0')) return false;
    return s.find_first_not_of("0123456789") == std::string::npos;
}
OddsCount count_of(const OJson& j) {
    OddsCount n = 0;
    for (const char c : j.get<std::string>()) n = n * 10 + OddsCount(c - '0');
    return n;
}

const char* type_name(const OJson& j) {
    if (is_decimal(j)) return "decimal string";
    if (j.is_string()) return "string";
    if (j.is_boolean()) return "boolean";
    if (j.is_number()) return "number";
    if (j.is_array()) return "array";
    if (j.is_object()) return "object";
    return "null";
}

// Every member of `j` but the optional one named after the ruleset, as "name: type".
std::set<std::string> required_members(const OJson& j, const std::string& ruleset) {
    std::set<std::string> out;
    for (auto it = j.begin(); it != j.end(); ++it)
        if (it.key() != ruleset) out.insert(it.key() + ": " + type_name(it.value()));
    return out;
}

// The schema of the odds as one set of "path: type" lines, the ruleset's own member left out.
std::set<std::string> schema_of(const OJson& odds, const std::string& ruleset) {
    std::set<std::string> schema;
    for (const auto& m : required_members(odds, ruleset)) schema.insert("odds." + m);
    for (const auto& o : odds["outcomes"])
        for (const auto& m : required_members(o, ruleset)) schema.insert("outcomes[]." + m);
    for (auto it = odds["winners"].begin(); it != odds["winners"].end(); ++it)
        for (const auto& m : required_members(it.value(), ruleset))
            schema.insert("winners." + it.key() + "." + m);
    return schema;
}

// The invariants every system's odds keep, whatever its rules.
void expect_exact(const OJson& report, const std::string& what) {
    SCOPED_TRACE(what);
    const std::string ruleset = report["ruleset"].get<std::string>();
    ASSERT_TRUE(report.contains("odds"));
    const OJson& odds = report["odds"];
    ASSERT_TRUE(is_decimal(odds["denominator"])) << odds["denominator"];
    const OddsCount denominator = count_of(odds["denominator"]);
    ASSERT_GT(denominator, OddsCount(0));
    EXPECT_FALSE(odds["method"].get<std::string>().empty());
    OddsCount total = 0;
    std::map<std::string, OddsCount> by_winner;
    std::set<std::string> ids;
    int actual = 0;
    for (const auto& o : odds["outcomes"]) {
        ASSERT_TRUE(is_decimal(o["count"])) << o.dump();
        const OddsCount n = count_of(o["count"]);
        EXPECT_GT(n, OddsCount(0)) << o.dump();
        EXPECT_DOUBLE_EQ(o["probability"].get<double>(), ruleset::odds_probability(n, denominator));
        EXPECT_TRUE(ids.insert(o["id"].get<std::string>()).second) << "repeated id " << o["id"];
        EXPECT_FALSE(o["label"].get<std::string>().empty());
        const std::string winner = o["winner"].get<std::string>();
        EXPECT_TRUE(winner == "attacker" || winner == "defender" || winner == "none") << winner;
        total += n;
        by_winner[winner] += n;
        if (!o["actual"].get<bool>()) continue;
        ++actual;
        if (report.contains("winner")) {  // Borodino's shocks name no single winner
            EXPECT_EQ(o["winner"], report["winner"]);
        }
    }
    EXPECT_TRUE(total == denominator) << "the outcomes' counts do not add up to the denominator";
    EXPECT_EQ(actual, 1) << "exactly one outcome is what the dice did";
    for (const std::string w : {"attacker", "defender", "none"}) {
        ASSERT_TRUE(odds["winners"].contains(w)) << w;
        EXPECT_TRUE(count_of(odds["winners"][w]["count"]) == by_winner[w]) << w;
    }
    for (auto it = odds.begin(); it != odds.end(); ++it) {
        const std::string& key = it.key();
        const bool a_system = key == "gdb" || key == "borodino" || key == "dicepool";
        EXPECT_TRUE(!a_system || key == ruleset) << "another system's member " << key;
    }
}

// One shipped melee file of each system, and more that take other paths through the odds.
const std::vector<std::string> kEachSystem = {"replays/examples/melee_example_a.json",
                                              "replays/examples/borodino_shock_two_hexes.json",
                                              "replays/examples/dicepool_melee_charge.json"};
const std::vector<std::string> kMore = {"tests/data/gdb/melee_street_fight.json",
                                        "replays/examples/borodino_artillery_alone.json",
                                        "replays/examples/borodino_charge_heavy.json",
                                        "replays/examples/dicepool_melee_disordered.json"};

TEST(OddsSchema, EverySystemWritesTheSameRequiredMembersWithTheSameTypes) {
    std::map<std::string, std::set<std::string>> schemas;
    for (const auto& file : kEachSystem) {
        const OJson report = resolve_file(file);
        const std::string ruleset = report["ruleset"].get<std::string>();
        ASSERT_TRUE(report.contains("odds")) << file;
        schemas[ruleset] = schema_of(report["odds"], ruleset);
    }
    ASSERT_EQ(schemas.size(), 3u) << "one file of each system";
    const std::set<std::string> expected = {
        "odds.method: string",
        "odds.denominator: decimal string",
        "odds.outcomes: array",
        "odds.winners: object",
        "outcomes[].id: string",
        "outcomes[].label: string",
        "outcomes[].winner: string",
        "outcomes[].count: decimal string",
        "outcomes[].probability: number",
        "outcomes[].actual: boolean",
        "winners.attacker.count: decimal string",
        "winners.attacker.probability: number",
        "winners.defender.count: decimal string",
        "winners.defender.probability: number",
        "winners.none.count: decimal string",
        "winners.none.probability: number",
    };
    for (const auto& [ruleset, schema] : schemas) EXPECT_EQ(schema, expected) << ruleset;
}

TEST(OddsSchema, CountsAreExactAndOneOutcomeIsWhatTheDiceDid) {
    for (const auto& file : kEachSystem) expect_exact(resolve_file(file), file);
    for (const auto& file : kMore) expect_exact(resolve_file(file), file);
}

TEST(OddsSchema, ASystemsOwnMembersAreNamedAfterIt) {
    const OJson gdb = resolve_file(kEachSystem[0])["odds"];
    ASSERT_EQ(gdb["gdb"]["expected_casualties"].size(), 2u);
    EXPECT_EQ(gdb["gdb"]["expected_casualties"][0]["numerator"], "3003");
    EXPECT_EQ(gdb["outcomes"][0]["gdb"]["result"], "retreat");

    const OJson borodino = resolve_file(kEachSystem[1])["odds"];
    ASSERT_EQ(borodino["borodino"]["hexes"].size(), 2u);
    int faces = 0;
    for (const auto& o : borodino["outcomes"]) {
        faces += static_cast<int>(o["borodino"]["faces"].size());
        EXPECT_EQ(o["borodino"]["faces"].size(), count_of(o["count"]));
    }
    EXPECT_EQ(faces, 10) << "every face of the d10 in exactly one outcome";

    const OJson dicepool = resolve_file(kEachSystem[2])["odds"];
    EXPECT_EQ(dicepool["dicepool"]["hits"]["attacker"]["denominator"], "2176782336");
    EXPECT_EQ(dicepool["outcomes"][0]["id"], "attacker_wins");
}

TEST(OddsSchema, NoSystemWritesOddsWithoutTheFlag) {
    for (const auto& file : kEachSystem) {
        const OJson report = resolve_file(file, false);
        EXPECT_FALSE(report.contains("odds")) << file;
        for (const auto& hex : report.value("hexes", OJson::array()))
            EXPECT_FALSE(hex.contains("odds")) << file << ": the old per-hex odds";
    }
}

TEST(OddsSchema, ResolutionsWithoutDiceHaveOneCertainOutcome) {
    const Json battery = parse_json_text(R"({"ruleset": "borodino",
        "attackers": [{"name": "Guard", "type": "line_infantry", "strength": 6, "cohesion": 8}],
        "defenders": [{"name": "Battery", "type": "foot_artillery", "cohesion": 5, "hex": "A",
                       "terrain": "clear"}]})",
                                         "battery.json");
    const Json broken = parse_json_text(R"({"ruleset": "gdb",
        "attacker": [{"name": "Hussars", "type": "light_cavalry", "figures": 8}],
        "defender": [{"name": "Line", "type": "infantry", "figures": 20, "status": "broken"}]})",
                                        "broken.json");
    for (const auto& [json, name] :
         {std::pair{battery, "battery.json"}, std::pair{broken, "broken.json"}}) {
        const OJson report = resolve(json, name, true);
        expect_exact(report, name);
        EXPECT_EQ(report["odds"]["denominator"], "1") << name;
        ASSERT_EQ(report["odds"]["outcomes"].size(), 1u) << name;
        EXPECT_EQ(report["odds"]["winners"]["attacker"]["probability"].get<double>(), 1.0) << name;
    }
}

}  // namespace
}  // namespace vedette::sim::odds_schema_test

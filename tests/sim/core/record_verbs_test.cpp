// A game record's order verbs are each rule system's own (issue 48, item 5): the reader finds them
// in the registry by the record's `ruleset` line, so a rule system registered here with a verb of
// its own is read with no change to the reader, and a verb of another system is refused naming
// the record's own.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "sim/core/input_error.h"
#include "sim/gamerecord/game_record.h"
#include "sim/ruleset/registry.h"

namespace record_verbs_test {

using vedette::sim::Json;
namespace ruleset = vedette::sim::ruleset;
namespace gamerecord = vedette::sim::gamerecord;

std::string shipped(const std::string& path) {
    std::ifstream in(std::string(VEDETTE_SOURCE_DIR) + "/" + path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string error_of(const std::string& text) {
    try {
        (void)gamerecord::read_record(text, "r.game");
    } catch (const vedette::sim::InputError& e) {
        return e.what();
    }
    return "";
}

TEST(RecordVerbs, AFourthRuleSystemNamesItsOwnVerbsWhereItRegisters) {
    using Takes = ruleset::RecordVerb::Takes;
    ruleset::register_ruleset(
        "fourth", [](const std::string&) -> std::unique_ptr<ruleset::Ruleset> { return nullptr; },
        {{"bumps", Takes::unit, "bump", "", "UNIT bumps UNIT"},
         {"rallies", Takes::flag, "rally", "", "UNIT rallies"}});
    const std::string record =
        "ruleset fourth\nside a \"A\"\nunit x \"X Company\" at=1,1\nside b \"B\"\n"
        "unit y \"Y Company\" at=5,5\nturn 1\nX bumps Y\nY rallies\n";
    const auto read = gamerecord::read_record(record, "fourth.game");
    const Json& orders = read.scenario["orders"];
    ASSERT_EQ(orders.size(), 2u);
    EXPECT_EQ(orders[0]["bump"], "y");
    EXPECT_EQ(orders[1]["rally"], true);
    // GdB's verbs mean nothing there.
    EXPECT_NE(error_of("ruleset fourth\nside a \"A\"\nunit x \"X\" at=1,1\nturn 1\nX charges X\n")
                  .find("bumps or rallies after the unit, not \"charges\""),
              std::string::npos);
}

TEST(RecordVerbs, BorodinoSaysItsOrdersInAWordAndTheDicePoolHasNoFormationOrder) {
    const std::string game = shipped("replays/games/borodino_square.game");
    std::string spoken = game;
    for (const char* unit : {"Perm", "Kaluga"}) {
        const std::string order = std::string("order ") + unit + " form_square=true";
        const auto at = spoken.find(order);
        ASSERT_NE(at, std::string::npos) << order;
        spoken.replace(at, order.size(), std::string(unit) + " forms square");
    }
    const auto a = gamerecord::read_record(game, "a.game");
    const auto b = gamerecord::read_record(spoken, "b.game");
    EXPECT_EQ(a.scenario["orders"], b.scenario["orders"]);
    EXPECT_NE(error_of(spoken + "Perm forms column\n").find("UNIT forms square, not \"column\""),
              std::string::npos);
    const std::string dicepool = shipped("replays/games/dicepool_charge_short.game");
    EXPECT_NE(error_of(dicepool + "French forms square\n")
                  .find("charges, reacts or moves after the unit, not \"forms\""),
              std::string::npos)
        << error_of(dicepool + "French forms square\n");
}

}  // namespace record_verbs_test

// A game record is played once (issue 48, item 5): its dice lines, labelled or not, are handed to
// the rule system's dice source, which labels the unlabelled ones in the same single play. The
// test counts the plays through a rule system that forwards to the real one and counts `run`.

#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "sim/gamerecord/game_record.h"
#include "sim/gamerecord/play_record.h"
#include "sim/ruleset/registry.h"

namespace record_play_test {

using vedette::sim::Json;
namespace ruleset = vedette::sim::ruleset;
namespace replay = vedette::sim::replay;

// The real rule system, with every `run` counted.
class CountingRuleset final : public ruleset::Ruleset {
public:
    explicit CountingRuleset(std::unique_ptr<ruleset::Ruleset> real) : real_(std::move(real)) {}
    int runs() const { return runs_; }

    std::string id() const override { return real_->id(); }
    std::string name() const override { return real_->name(); }
    std::string data_file() const override { return real_->data_file(); }
    std::string data_hash() const override { return real_->data_hash(); }
    Die die() const override { return real_->die(); }
    bool dice_name_turns() const override { return real_->dice_name_turns(); }
    nlohmann::json data() const override { return real_->data(); }
    std::string describe_tables() const override { return real_->describe_tables(); }
    std::unique_ptr<ruleset::Scenario> parse_scenario(const Json& json,
                                                      const std::string& file) const override {
        return real_->parse_scenario(json, file);
    }
    replay::Recorded run(const ruleset::Scenario& scenario, std::uint64_t seed) const override {
        ++runs_;
        return real_->run(scenario, seed);
    }
    ruleset::Resolution resolve(const Json& json, const std::string& file,
                                const ruleset::ResolveOptions& options) const override {
        return real_->resolve(json, file, options);
    }

private:
    std::unique_ptr<ruleset::Ruleset> real_;
    mutable std::atomic<int> runs_{0};
};

std::string shipped(const std::string& path) {
    std::ifstream in(std::string(VEDETTE_SOURCE_DIR) + "/" + path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// The docs' GdB game with every dice line written without its unit and test ("dice 5 4").
std::string with_unlabelled_dice(const std::string& game) {
    std::istringstream in(game);
    std::string out;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("dice ", 0) == 0) {
            std::istringstream words(line);
            std::string dice, unit, test, face, faces;
            words >> dice >> unit >> test;
            while (words >> face) faces += " " + face;
            line = "dice" + faces;
        }
        out += line + "\n";
    }
    return out;
}

TEST(RecordPlay, ARecordWithUnlabelledDiceIsPlayedOnceAndGivesTheLabelledGame) {
    const std::string game = shipped("replays/games/gdb_two_charges.game");
    const std::string loose = with_unlabelled_dice(game);
    ASSERT_NE(loose, game);
    CountingRuleset rules(ruleset::make_ruleset("gdb", ""));
    auto labelled = vedette::sim::gamerecord::read_record(game, "labelled.game");
    auto unlabelled = vedette::sim::gamerecord::read_record(loose, "unlabelled.game");
    ASSERT_GE(unlabelled.unlabelled_count(), 9u);
    const auto a = vedette::sim::gamerecord::play_record(rules, labelled, "labelled.game");
    const int after_one = rules.runs();
    const auto b = vedette::sim::gamerecord::play_record(rules, unlabelled, "unlabelled.game");
    EXPECT_EQ(after_one, 1);
    EXPECT_EQ(rules.runs() - after_one, 1) << "the unlabelled record was played more than once";
    ASSERT_EQ(a.events.size(), b.events.size());
    for (std::size_t i = 0; i < a.events.size(); ++i) EXPECT_EQ(a.events[i].text, b.events[i].text);
    EXPECT_FALSE(b.dice.has_errors());
    EXPECT_TRUE(b.dice.from_seed.empty());
    // The labels were written down: the replay's scenario names every die's unit and test, as
    // the labelled record's does, and no loose dice are left in it.
    const Json sa = Json::parse(a.scenario_text), sb = Json::parse(b.scenario_text);
    EXPECT_FALSE(sb.contains("loose_dice"));
    ASSERT_EQ(sa["dice"].size(), sb["dice"].size());
    for (std::size_t i = 0; i < sa["dice"].size(); ++i) {
        EXPECT_EQ(sa["dice"][i]["unit"], sb["dice"][i]["unit"]) << i;
        EXPECT_EQ(sa["dice"][i]["purpose"], sb["dice"][i]["purpose"]) << i;
        EXPECT_EQ(sa["dice"][i]["values"], sb["dice"][i]["values"]) << i;
    }
}

TEST(RecordPlay, ABorodinoChecksDieOverTwoLinesOfTheSameTestIsTaken) {
    // A unit's two cohesion checks in a game, each on a dice line of its own: the second line is
    // the second check's die (it was refused as "never throws ... none used").
    std::string game = shipped("replays/games/borodino_square.game");
    // Kaluga passes its first check (2) and is tested again (4).
    const std::string first = "dice Kaluga cohesion 9\n";
    const auto at = game.find(first);
    ASSERT_NE(at, std::string::npos);
    game.replace(at, first.size(), "dice Kaluga cohesion 2\ndice Kaluga cohesion 4\n");
    CountingRuleset rules(ruleset::make_ruleset("borodino", ""));
    auto record = vedette::sim::gamerecord::read_record(game, "b.game");
    const auto played = vedette::sim::gamerecord::play_record(rules, record, "b.game");
    EXPECT_EQ(rules.runs(), 1);
    EXPECT_FALSE(played.dice.has_errors());
    std::vector<int> kaluga;  // the faces of Kaluga's cohesion checks, in the order thrown
    for (const auto& die : played.tape)
        if (die.unit >= 0 && played.header.units[std::size_t(die.unit)].id == "kaluga" &&
            die.purpose == "cohesion")
            kaluga.push_back(die.value);
    EXPECT_EQ(kaluga, (std::vector<int>{2, 4}));
    for (const auto& s : played.dice.from_seed)
        EXPECT_NE(played.header.units[std::size_t(s.unit)].id, "kaluga") << s.purpose;
}

}  // namespace record_play_test

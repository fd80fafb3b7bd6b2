// A battle whose every die is forced to its median is about as lucky for one side as for the
// other (docs/LUCK_AND_ODDS.md). The shipped battles of the three rule systems are played with
// every die they throw forced: d6 dice to 3 and 4, d10 dice (0-9) to 4 and 5, a pool's dice
// spread evenly over the faces from the middle out, so a pool hits as often as it does on
// average. The forced dice are found by playing: the dice audit (`vedette check`) lists those the
// seed still throws, they are forced, and the battle is played again until the seed throws none.
//
// "About as lucky" has two parts. No event is more than half lucky or unlucky: an outcome decided
// by a die at its median has at most half the rolls below it and half above. And the sum stays
// small beside the number of events, though not zero: a test that passes 7 times in 10 passes at
// the median, which is +0.3 for its side, so a side that takes many likely tests gathers luck
// even here (Shevardino's French attackers, for whom a median die passes most commitment checks
// and misses with the redoubt's battery). The seed's own play of each battle has some event beyond
// one half, so these bounds tell the two apart.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <tuple>

#include "sim/core/json_reader.h"
#include "sim/replay/luck.h"
#include "sim/replay/replay.h"
#include "sim/ruleset/registry.h"

namespace luck_median_test {

using namespace vedette::sim;

struct Played {
    replay::Recorded recorded;
    int rounds = 0;  // plays it took until the seed threw no die
};

// The dice of one play: the faces (lowest `low`, `faces` of them) and the purposes whose dice
// are thrown as pools.
struct Dice {
    int low = 1;
    int faces = 6;
    bool with_turn = true;  // whether a forced entry names its turn
    std::string pool_purpose;
};

// The i-th die of an entry. A single die is one of the two middle faces, in turn, and odd entries
// start with the other one; a pool's dice go from the middle outwards (4 3 5 2 6 1 for a d6), so
// a pool of twelve d6 shows every face twice.
int median_die(const Dice& d, bool pool, int entry, int i) {
    const int below = d.low + (d.faces - 1) / 2, above = d.low + d.faces / 2;
    i %= pool ? d.faces : 2;
    const int step = i / 2;
    const bool up = (i % 2 == 0) == (entry % 2 == 0);
    return up ? above + step : below - step;
}

// Forces, in the scenario's "dice", every die the last play threw from the seed.
void force_seed_dice(Json& scenario, const replay::Recorded& played, const Dice& d) {
    const bool with_turn = d.with_turn;
    Json& dice = scenario["dice"];
    std::map<std::tuple<int, std::string, std::string>, std::size_t> entries;
    for (std::size_t i = 0; i < dice.size(); ++i)
        entries[{with_turn ? dice[i]["turn"].get<int>() : 0, dice[i]["unit"].get<std::string>(),
                 dice[i]["purpose"].get<std::string>()}] = i;
    for (const auto& s : played.dice.from_seed) {
        const std::string unit = played.header.units[std::size_t(s.unit)].id;
        const auto key = std::make_tuple(with_turn ? s.turn : 0, unit, s.purpose);
        auto it = entries.find(key);
        if (it == entries.end()) {
            Json entry = {{"unit", unit}, {"purpose", s.purpose}, {"values", Json::array()}};
            if (with_turn) entry["turn"] = s.turn;
            dice.push_back(entry);
            it = entries.emplace(key, dice.size() - 1).first;
        }
        Json& values = dice[it->second]["values"];
        const int entry = int(it->second);
        for (int n = 0; n < s.count; ++n)
            values.push_back(median_die(d, s.purpose == d.pool_purpose, entry, int(values.size())));
    }
}

Played play_at_the_median(const std::string& name, const Dice& d) {
    const std::string file = std::string(VEDETTE_SOURCE_DIR) + "/replays/" + name;
    Json scenario = read_json_file(file);
    scenario["dice"] = Json::array();
    const auto rules = ruleset::make_ruleset(ruleset::ruleset_of(scenario, file), "", file);
    Played p;
    for (p.rounds = 1; p.rounds <= 60; ++p.rounds) {
        const auto parsed = rules->parse_scenario(scenario, file);
        p.recorded = rules->run(*parsed, parsed->seed);
        if (p.recorded.dice.from_seed.empty()) return p;
        force_seed_dice(scenario, p.recorded, d);
    }
    ADD_FAILURE() << name << ": the seed still throws dice after " << p.rounds << " plays";
    return p;
}

// Every event's luck and the battle's: small at the median, and the seed's own play for contrast.
void expect_near_zero(const std::string& name, const Dice& d, double per_event, double mean) {
    const Played p = play_at_the_median(name, d);
    const auto luck = replay::battle_luck(p.recorded.header, p.recorded.events);
    ASSERT_GE(luck.moments.size(), 5u) << name;
    double largest = 0;
    for (const auto& m : luck.moments)
        for (const double l : m.luck) largest = std::max(largest, std::abs(l));
    EXPECT_LE(largest, per_event + 1e-9) << name;
    for (const double total : luck.total)
        EXPECT_LE(std::abs(total) / double(luck.moments.size()), mean) << name;
    // The same battle with the seed's dice: some event far from the median.
    const auto seeded =
        replay::read_replay(std::string(VEDETTE_SOURCE_DIR) + "/replays/" +
                            name.substr(0, name.find(".scenario")) + ".replay.json");
    const auto seeded_luck = replay::battle_luck(seeded.header, seeded.events);
    double seeded_largest = 0;
    for (const auto& m : seeded_luck.moments)
        for (const double l : m.luck) seeded_largest = std::max(seeded_largest, std::abs(l));
    EXPECT_GT(seeded_largest, per_event) << name;
    std::printf(
        "%s: %zu events at the median after %d plays: largest |luck| %.3f (seed: %.3f), "
        "totals %+.3f %+.3f\n",
        name.c_str(), luck.moments.size(), p.rounds, largest, seeded_largest, luck.total.at(0),
        luck.total.at(1));
}

TEST(LuckAtTheMedian, GdbDemoBattle) {
    expect_near_zero("demo/demo_battle.scenario.json", {1, 6, true, ""}, 0.5, 0.15);
}

TEST(LuckAtTheMedian, BorodinoShevardino) {
    expect_near_zero("borodino/shevardino_battle.scenario.json", {0, 10, false, ""}, 0.5, 0.15);
}

TEST(LuckAtTheMedian, DicePoolAction) {
    expect_near_zero("dicepool/14_action.scenario.json", {1, 6, true, "melee"}, 0.5, 0.15);
}

}  // namespace luck_median_test

// The story does not stop after the melee (issue 28): in every shipped replay, each retreat,
// rout, push back, pursuit, blown ride and follow-up test belongs to an episode, and so does every
// Borodino shock; a consequence belongs to the episode of the melee, shock or charge that named
// the unit it moves. The kinds come from each rule system (GdB's from its kind table), and each
// kind listed must occur in the shipped replays, so the test cannot pass by finding nothing.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "sim/replay/replay.h"
#include "sim/rulesets/gdb/battle/event_kind.h"

namespace vedette::sim {
namespace episodes_test {

namespace fs = std::filesystem;
using battle::EventKind;
using battle::kind_name;

const std::string kSource = VEDETTE_SOURCE_DIR;

// What one rule system's record must group.
struct Expectations {
    // Kinds that play out a melee's or shock's result on a unit (its first unit): each must be
    // in an episode whose melee, shock or charge names that unit.
    std::vector<std::string> consequences;
    // Kinds that answer a declared shock or charge before it is fought, or come of that answer
    // (a retreat before shock names the unit that evades, not its attacker): each in an episode.
    std::vector<std::string> answers;
    // Tests a melee or shock brings (break tests, retreat checks, pursuit tests): each in an
    // episode. (GdB rolls its melee's follow-up tests inside the melee event, 12.22 and 12.23.)
    std::vector<std::string> follow_up_tests;
    // Phases in which melees are fought and played out: every event there that names a unit is in
    // an episode, but for the refusals of an activation that declares nothing.
    std::vector<std::string> story_phases;
    std::vector<std::string> refusals;
};

const std::map<std::string, Expectations>& expectations() {
    static const std::map<std::string, Expectations> by_ruleset = {
        {"gdb",
         {{kind_name(EventKind::retreat), kind_name(EventKind::rout),
           kind_name(EventKind::push_back), kind_name(EventKind::pursue),
           kind_name(EventKind::blown)},
          {kind_name(EventKind::evade), kind_name(EventKind::evaders_caught)},
          {},
          {"melee", "mandatory"},
          {}}},
        {"borodino",
         {{"shock", "counter_shock", "retreat", "pursuit", "advance"},
          {"retreat_before_shock", "withdrawal", "charge"},
          {"cohesion_check", "commitment_check"},
          {"shock"},
          {"shock_refused"}}},
        {"dicepool",
         {{"push_back", "pursuit", "fall_back", "withdraw"},
          {"countercharge"},
          {"courage_test", "pursuit_test", "order_test"},
          {"charges", "melee"},
          {}}},
    };
    return by_ruleset;
}

std::vector<std::string> shipped_replays() {
    std::vector<std::string> out;
    for (const auto& dir : fs::directory_iterator(kSource + "/replays"))
        if (dir.is_directory())
            for (const auto& f : fs::directory_iterator(dir.path())) {
                const std::string name = f.path().filename().string();
                if (name.size() > 12 && name.substr(name.size() - 12) == ".replay.json")
                    out.push_back(f.path().string());
            }
    std::sort(out.begin(), out.end());
    return out;
}

bool listed(const std::vector<std::string>& list, const std::string& s) {
    return std::find(list.begin(), list.end(), s) != list.end();
}

std::string where(const replay::Replay& r, const record::Event& e) {
    return fs::path(r.file).filename().string() + " event " + std::to_string(e.seq) + " (" +
           e.kind + ", turn " + std::to_string(e.turn) + ", " + e.phase + "): " + e.text;
}

// The melee, shock or charge of episode `episode` that names `unit` (its clash or declaration).
bool episode_names(const replay::Replay& r, int episode, int unit) {
    return std::any_of(r.events.begin(), r.events.end(), [&](const record::Event& e) {
        return e.episode == episode &&
               (e.category == record::Category::melee || e.category == record::Category::declare) &&
               std::count(e.units.begin(), e.units.end(), unit) > 0;
    });
}

// Every consequence and follow-up test of the replay in an episode; the kinds met are counted
// into `seen`.
void check_replay(const replay::Replay& r, const Expectations& x,
                  std::map<std::string, int>& seen) {
    for (const record::Event& e : r.events) {
        const bool consequence = listed(x.consequences, e.kind);
        const bool answer = listed(x.answers, e.kind);
        const bool test = listed(x.follow_up_tests, e.kind) && listed(x.story_phases, e.phase);
        if (consequence || answer || test) ++seen[e.kind];
        if (consequence || answer || test ||
            (listed(x.story_phases, e.phase) && !e.units.empty() && !listed(x.refusals, e.kind))) {
            EXPECT_GE(e.episode, 0) << "in no episode: " << where(r, e);
        }
        if (consequence && e.episode >= 0 && !e.units.empty()) {
            EXPECT_TRUE(episode_names(r, e.episode, e.units.front()))
                << "episode " << e.episode
                << " has no melee, shock or charge of the unit: " << where(r, e);
        }
    }
}

TEST(Episodes, EveryConsequenceOfAShippedMeleeBelongsToItsEpisode) {
    const std::vector<std::string> files = shipped_replays();
    ASSERT_FALSE(files.empty());
    std::map<std::string, std::map<std::string, int>> seen;  // by ruleset, by kind
    for (const std::string& file : files) {
        SCOPED_TRACE(file);
        const replay::Replay r = replay::read_replay(file);
        const auto it = expectations().find(r.header.ruleset);
        ASSERT_NE(it, expectations().end()) << "no expectations for " << r.header.ruleset;
        check_replay(r, it->second, seen[r.header.ruleset]);
    }
    // Not vacuous: every kind listed occurs in the shipped replays of its system.
    for (const auto& [ruleset, x] : expectations()) {
        for (const auto* kinds : {&x.consequences, &x.answers, &x.follow_up_tests})
            for (const std::string& kind : *kinds)
                EXPECT_GT(seen[ruleset][kind], 0) << ruleset << " never records " << kind;
    }
}

// Episodes are numbered from 0 in the order they begin, with no gaps: the viewer counts them.
TEST(Episodes, ShippedEpisodesAreNumberedInTheOrderTheyBegin) {
    for (const std::string& file : shipped_replays()) {
        const replay::Replay r = replay::read_replay(file);
        int next = 0;
        for (const record::Event& e : r.events) {
            if (e.episode < 0 || e.episode < next) continue;
            EXPECT_EQ(e.episode, next) << where(r, e);
            next = e.episode + 1;
        }
    }
}

}  // namespace episodes_test
}  // namespace vedette::sim

// `vedette branch` (issue 30, "What if"): a branch of each rule system's shipped battle at its
// first melee or shock, to another outcome of that event's odds. Every event before it is the
// parent's, event N and later differ, the branch plays again identically (`verify`) from its
// written bytes, and its record names the parent and N. Dice given by value, re-rolled under
// another seed, and the refusals (wrong count, off the die, an outcome that happened or is not
// the event's, an event without dice) are checked on the demo.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include <nlohmann/json.hpp>

#include "sim/core/input_error.h"
#include "sim/record/record_json.h"
#include "sim/replay/replay.h"
#include "sim/ruleset/branch.h"
#include "sim/ruleset/registry.h"
#include "sim/ruleset/verify.h"

namespace branch_test {

using namespace vedette::sim;

struct Parent {
    replay::Replay replay;
    std::unique_ptr<ruleset::Ruleset> rules;
};

Parent load(const std::string& name) {
    Parent p;
    p.replay = replay::read_replay(std::string(VEDETTE_SOURCE_DIR) + "/replays/" + name);
    p.rules = ruleset::make_ruleset(p.replay.header.ruleset, "", p.replay.file, "$.ruleset");
    return p;
}

int first_of(const replay::Replay& r, record::Category category) {
    for (const auto& e : r.events)
        if (e.category == category && e.explanation && !ruleset::actual_outcome(e).empty())
            return e.seq;
    return -1;
}

// The branch written and read back: what a user's file holds.
replay::Replay written(const ruleset::Branch& b, const std::string& name) {
    return replay::parse_replay(replay::write_replay_text(b.recorded), name);
}

void check_other_outcome(const std::string& name) {
    const Parent p = load(name);
    const int at = first_of(p.replay, record::Category::melee);
    ASSERT_GE(at, 0) << name << " has a melee or shock with odds";
    const auto& event = p.replay.events[std::size_t(at)];
    const std::string was = ruleset::actual_outcome(event);
    // The first outcome other than what happened that some dice can give.
    ruleset::Branch b;
    std::string wanted;
    for (const auto& o : ruleset::branch_outcomes(event)) {
        if (o == was) continue;
        try {
            b = ruleset::make_branch(p.replay, *p.rules, at,
                                     {ruleset::BranchChoice::Kind::outcome, o});
            wanted = o;
            break;
        } catch (const InputError&) {
            // out of the dice's reach: try the next outcome
        }
    }
    ASSERT_FALSE(wanted.empty()) << name << ": no other outcome of event " << at << " was reached";
    EXPECT_EQ(b.outcome_was, was);
    EXPECT_EQ(b.outcome_now, wanted);
    EXPECT_NE(b.was, b.now);

    const replay::Replay branch = written(b, name + " branch");
    const auto index = record::make_unit_index(p.replay.unit_ids);
    const record::UnitNames names{p.replay.unit_ids, index};
    for (int i = 0; i < at; ++i)
        ASSERT_EQ(record::to_json(branch.events[std::size_t(i)], names),
                  record::to_json(p.replay.events[std::size_t(i)], names))
            << name << ": event " << i << " before the branch changed";
    EXPECT_NE(record::to_json(branch.events[std::size_t(at)], names), record::to_json(event, names))
        << name << ": event " << at << " is the parent's";
    EXPECT_EQ(b.first_difference, at);

    ASSERT_TRUE(branch.branch);
    EXPECT_EQ(branch.branch->parent, p.replay.events_hash);
    EXPECT_EQ(branch.branch->at, at);
    // The dice it set; the event may throw more after them (a double six's table).
    ASSERT_LE(branch.branch->dice.size(), b.now.size());
    EXPECT_TRUE(std::equal(branch.branch->dice.begin(), branch.branch->dice.end(), b.now.begin()));
    EXPECT_EQ(branch.branch->dice.size(), b.was.size());
    const auto report = ruleset::verify_replay(branch, *p.rules);
    EXPECT_TRUE(report.identical) << report.message;
    EXPECT_TRUE(report.rules_match) << report.message;
}

TEST(Branch, TheDemosFirstMeleeToAnotherOutcome) {
    check_other_outcome("demo/demo_battle.replay.json");
}

TEST(Branch, ShevardinosFirstShockToAnotherOutcome) {
    check_other_outcome("borodino/shevardino_battle.replay.json");
}

TEST(Branch, TheDicePoolActionsFirstMeleeToAnotherOutcome) {
    check_other_outcome("dicepool/14_action.replay.json");
}

TEST(Branch, DiceByValueAndReRolledUnderAnotherSeed) {
    const Parent p = load("dicepool/14_action.replay.json");
    const int at = first_of(p.replay, record::Category::melee);
    ruleset::BranchChoice seed{ruleset::BranchChoice::Kind::seed, "", {}, 99};
    const auto reseeded = ruleset::make_branch(p.replay, *p.rules, at, seed);
    ASSERT_TRUE(reseeded.recorded.branch);
    EXPECT_EQ(reseeded.recorded.branch->reseed, 99u);
    EXPECT_NE(reseeded.now, reseeded.was) << "the seed's dice are new dice";
    EXPECT_TRUE(ruleset::verify_replay(written(reseeded, "seeded"), *p.rules).identical);

    std::vector<int> all_sixes(reseeded.was.size(), 6);
    ruleset::BranchChoice dice{ruleset::BranchChoice::Kind::dice, "", all_sixes, 0};
    const auto sixes = ruleset::make_branch(p.replay, *p.rules, at, dice);
    EXPECT_EQ(sixes.now, all_sixes);
    EXPECT_TRUE(ruleset::verify_replay(written(sixes, "sixes"), *p.rules).identical);
    // A plain replay has no branch in its record.
    EXPECT_FALSE(p.replay.branch);
}

TEST(Branch, TheRecordCarriesEveryDieAndVerifyChecksThem) {
    const Parent p = load("dicepool/14_action.replay.json");
    const int at = first_of(p.replay, record::Category::melee);
    const auto b = ruleset::make_branch(p.replay, *p.rules, at,
                                        {ruleset::BranchChoice::Kind::seed, "", {}, 5});
    const replay::Replay read = written(b, "seeded");
    ASSERT_EQ(read.tape.size(), b.recorded.tape.size());
    EXPECT_GT(read.tape.size(), std::size_t(b.now.size()));
    for (std::size_t i = 0; i < read.tape.size(); ++i) {
        EXPECT_EQ(read.tape[i].value, b.recorded.tape[i].value);
        EXPECT_EQ(read.tape[i].purpose, b.recorded.tape[i].purpose);
        EXPECT_FALSE(read.tape[i].purpose.empty()) << "die " << i << " says what it was for";
    }
    // A die of the record changed by hand: verify names it.
    std::string text = replay::write_replay_text(b.recorded);
    const std::size_t at_tape = text.find("\"tape\":[[");
    ASSERT_NE(at_tape, std::string::npos);
    char& first = text[at_tape + 9];
    first = first == '1' ? '2' : '1';
    const auto report = ruleset::verify_replay(replay::parse_replay(text, "edited"), *p.rules);
    EXPECT_FALSE(report.identical);
    EXPECT_NE(report.message.find("die 0 of the branch's dice tape differs"), std::string::npos)
        << report.message;
}

TEST(Branch, RefusesWhatCannotBeBranched) {
    const Parent p = load("demo/demo_battle.replay.json");
    const int at = first_of(p.replay, record::Category::melee);
    using Kind = ruleset::BranchChoice::Kind;
    auto refused = [&](int event, const ruleset::BranchChoice& c, const std::string& words) {
        try {
            ruleset::make_branch(p.replay, *p.rules, event, c);
            ADD_FAILURE() << "not refused: " << words;
        } catch (const InputError& e) {
            EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
        }
    };
    refused(at, {Kind::dice, "", {1, 2}, 0}, "were given");
    refused(at, {Kind::dice, "", std::vector<int>(6, 7), 0}, "reads 1 to 6, not 7");
    refused(at, {Kind::outcome, "nonsense", {}, 0}, "is not an outcome of event");
    refused(at, {Kind::outcome, ruleset::actual_outcome(p.replay.events[std::size_t(at)]), {}, 0},
            "is what happened");
    refused(0, {Kind::seed, "", {}, 5}, "threw no dice");
    refused(int(p.replay.events.size()), {Kind::seed, "", {}, 5}, "is not in this replay");
}

// Issue 37: a branch starts from a replay that verifies. An edited embedded seed, or emptied
// looks, used to give a child that verified "identical": a clean descendant of an edited file.
TEST(Branch, RefusesAParentThatDoesNotVerify) {
    const Parent p = load("borodino/shevardino_battle.replay.json");
    const int at = first_of(p.replay, record::Category::melee);
    const std::string text = replay::write_replay_text(p.replay);
    auto refused = [&](const std::string& edited, const std::string& what) {
        const replay::Replay r = replay::parse_replay(edited, what);
        ASSERT_FALSE(ruleset::verify_replay(r, *p.rules).identical) << what;
        try {
            ruleset::make_branch(r, *p.rules, at, {ruleset::BranchChoice::Kind::seed, "", {}, 5});
            ADD_FAILURE() << what << ": branched";
        } catch (const InputError& e) {
            EXPECT_NE(std::string(e.what()).find("a branch starts from a replay that verifies"),
                      std::string::npos)
                << e.what();
        }
    };
    // The seed inside the embedded scenario, changed.
    const std::size_t scenario = text.find("\"scenario\": ");
    ASSERT_NE(scenario, std::string::npos);
    const std::size_t seed = text.find("\"seed\":", scenario);
    ASSERT_NE(seed, std::string::npos);
    std::string edited_seed = text;
    edited_seed.insert(seed + 7, "1");
    refused(edited_seed, "an edited embedded seed");
    // The header's looks emptied.
    const std::size_t looks = text.find("\"looks\":{");
    ASSERT_NE(looks, std::string::npos);
    int depth = 0;
    std::size_t end = looks + 8;
    do {
        depth += text[end] == '{' ? 1 : text[end] == '}' ? -1 : 0;
        ++end;
    } while (depth > 0 && end < text.size());
    std::string no_looks = text;
    no_looks.replace(looks + 8, end - (looks + 8), "{}");
    refused(no_looks, "emptied header.looks");
}

// Issue 37: a branch of a branch. The child keeps every die of its parent (the parent's own
// changed dice included) before its event, verifies from its written bytes, and names the
// parent it was made from; a third generation works the same way.
TEST(Branch, ABranchOfABranchVerifiesAndKeepsItsParentsDice) {
    const Parent p = load("borodino/shevardino_battle.replay.json");
    const int first = first_of(p.replay, record::Category::melee);
    const auto child = ruleset::make_branch(p.replay, *p.rules, first,
                                            {ruleset::BranchChoice::Kind::seed, "", {}, 5});
    const replay::Replay b = written(child, "b.json");
    ASSERT_TRUE(ruleset::verify_replay(b, *p.rules).identical);
    int later = -1;
    for (const auto& e : b.events)
        if (e.seq > first && e.category == record::Category::melee && e.explanation &&
            !ruleset::actual_outcome(e).empty()) {
            later = e.seq;
            break;
        }
    ASSERT_GT(later, first) << "the branch has a later melee to branch at";
    const auto grandchild =
        ruleset::make_branch(b, *p.rules, later, {ruleset::BranchChoice::Kind::seed, "", {}, 9});
    const replay::Replay c = written(grandchild, "c.json");
    const auto report = ruleset::verify_replay(c, *p.rules);
    EXPECT_TRUE(report.identical) << report.message;
    ASSERT_TRUE(c.branch);
    EXPECT_EQ(c.branch->parent, b.events_hash);
    EXPECT_EQ(c.branch->at, later);
    ASSERT_EQ(c.branch->earlier.size(), 1u);
    EXPECT_EQ(c.branch->earlier[0].at, first);
    // Every die before the grandchild's event is the child's as it fell (the files keep no
    // event count per die: the plays do).
    const auto& child_tape = child.recorded.tape;
    std::size_t kept = 0;
    while (kept < child_tape.size() && child_tape[kept].events_before < later) ++kept;
    ASSERT_GT(kept, child.now.size());
    for (std::size_t i = 0; i < kept; ++i)
        ASSERT_EQ(grandchild.recorded.tape[i].value, child_tape[i].value) << "die " << i;
    // And once more: a branch of the grandchild.
    const auto great =
        ruleset::make_branch(c, *p.rules, later, {ruleset::BranchChoice::Kind::seed, "", {}, 11});
    const replay::Replay g = written(great, "g.json");
    EXPECT_TRUE(ruleset::verify_replay(g, *p.rules).identical);
    ASSERT_TRUE(g.branch);
    EXPECT_EQ(g.branch->earlier.size(), 2u);
}

}  // namespace branch_test

namespace branch_test {

// Issue 37, item 6: the one new surface of the replay file, a branch's "earlier" plans, refused
// with its JSON path when it is empty, too deep, or has a member no plan has.
TEST(Branch, BadEarlierPlansAreRefusedWithTheirPath) {
    const Parent p = load("borodino/shevardino_battle.replay.json");
    const auto child =
        ruleset::make_branch(p.replay, *p.rules, first_of(p.replay, record::Category::melee),
                             {ruleset::BranchChoice::Kind::seed, "", {}, 5});
    const replay::Replay b = written(child, "b.json");
    const auto grandchild = ruleset::make_branch(b, *p.rules, b.branch->at,
                                                 {ruleset::BranchChoice::Kind::seed, "", {}, 6});
    const std::string text = replay::write_replay_text(grandchild.recorded);
    const std::size_t at = text.find("\"earlier\":[");
    ASSERT_NE(at, std::string::npos);
    const std::size_t end = text.find("}]", at);
    ASSERT_NE(end, std::string::npos);
    auto refused = [&](const std::string& earlier, const std::string& words) {
        std::string edited = text;
        edited.replace(at, end + 2 - at, "\"earlier\":" + earlier);
        try {
            replay::parse_replay(edited, "edited.json");
            ADD_FAILURE() << earlier << ": accepted";
        } catch (const InputError& e) {
            EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
        }
    };
    refused("[]", "$.branch.earlier: expected 1 to 99 earlier plans");
    std::string deep = "[";
    for (int i = 0; i < 100; ++i)
        deep += std::string(i ? "," : "") + R"({"parent":"x","at":1,"from_die":0,"dice":[]})";
    refused(deep + "]", "$.branch.earlier: expected 1 to 99 earlier plans");
    refused(R"([{"parent":"x","at":1,"from_die":0,"dice":[],"tape":[]}])",
            "$.branch.earlier[0].tape: unknown field");
    refused(R"([{"parent":"x","at":-1,"from_die":0,"dice":[]}])", "$.branch.earlier[0].at");
    refused(R"({"parent":"x"})", "$.branch.earlier: expected an array");
}

// A plan's die off the die it replaces (a 1000 on a d10) is the file's fault: verify says where.
TEST(Branch, APlanDieOffTheDieIsRefusedByVerify) {
    const Parent p = load("borodino/shevardino_battle.replay.json");
    const auto child =
        ruleset::make_branch(p.replay, *p.rules, first_of(p.replay, record::Category::melee),
                             {ruleset::BranchChoice::Kind::seed, "", {}, 5});
    std::string text = replay::write_replay_text(child.recorded);
    const std::string plan = "\"dice\":[],\"reseed\":5";
    const std::size_t at = text.find(plan);
    ASSERT_NE(at, std::string::npos);
    text.replace(at, plan.size(), "\"dice\":[1000],\"reseed\":5");
    try {
        ruleset::verify_replay(replay::parse_replay(text, "edited.json"), *p.rules);
        ADD_FAILURE() << "a 1000 on the die was played";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("edited.json: $.branch: die"), std::string::npos)
            << e.what();
        EXPECT_NE(std::string(e.what()).find("reads 1000, but that die reads"), std::string::npos)
            << e.what();
    }
}

// The viewer builds a simulated scenario's scene from the play in memory (replay_of): the same
// replay its written bytes read back as, for each rule system.
TEST(ReplayOf, IsTheReplayItsWrittenBytesReadBackAs) {
    for (const std::string name :
         {"demo/demo_battle.replay.json", "borodino/shevardino_battle.replay.json",
          "dicepool/14_action.replay.json"}) {
        const Parent p = load(name);
        const auto scenario = ruleset::replay_scenario(p.replay, *p.rules);
        const replay::Recorded played = p.rules->run(*scenario, p.replay.seed);
        const replay::Replay memory = replay::replay_of(played, "x.json");
        const replay::Replay bytes =
            replay::parse_replay(replay::write_replay_text(played), "x.json");
        EXPECT_EQ(replay::write_replay_text(memory), replay::write_replay_text(bytes)) << name;
        EXPECT_EQ(memory.events_hash, bytes.events_hash) << name;
        EXPECT_EQ(memory.unit_ids, bytes.unit_ids) << name;
        EXPECT_TRUE(memory.header.units == bytes.header.units) << name;
        EXPECT_EQ(memory.keyframes.size(), bytes.keyframes.size()) << name;
    }
}

}  // namespace branch_test

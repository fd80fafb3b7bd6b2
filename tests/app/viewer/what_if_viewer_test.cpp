// "What if..." in the viewer (issue 30): on the dice-pool action's first melee, the other outcome
// asked for (the tour's `what-if`, the same request as the result card's menu) opens the branch:
// the A/B switch is on the timeline showing B, the status line counts the branch's events, the
// list of units whose fate changed is not empty, and `ab a` goes back to the battle as played at
// the same event. Under Xvfb on lavapipe with the validation layer.

#include <gtest/gtest.h>

#include <regex>

#include "sim/replay/replay.h"
#include "sim/ruleset/branch.h"
#include "tests/app/viewer/viewer_harness.h"

namespace what_if_viewer_test {

namespace viewer_test = vedette::viewer_test;

TEST(WhatIfViewer, AnotherOutcomeOpensTheBranchWithAnABSwitch) {
    const std::string replay =
        std::string(VEDETTE_SOURCE_DIR) + "/replays/dicepool/14_action.replay.json";
    const auto parent = vedette::sim::replay::read_replay(replay);
    int melee = -1;
    for (const auto& e : parent.events)
        if (e.category == vedette::sim::record::Category::melee &&
            !vedette::sim::ruleset::actual_outcome(e).empty()) {
            melee = e.seq;
            break;
        }
    ASSERT_GE(melee, 0);
    const std::string other =
        vedette::sim::ruleset::actual_outcome(parent.events[std::size_t(melee)]) == "attacker wins"
            ? "defender wins"
            : "attacker wins";
    const auto dir = viewer_test::out_dir("what_if");
    std::ofstream(dir / "tour.txt")
        << "size 1600x900\npause\nseek event:" << melee << "\nwait 4 frames\nwhat-if " << other
        << "\nwait 4 frames\nscreenshot b.png\nab a\nwait 4 frames\n"
        << "screenshot a.png\nquit\n";
    std::string output;
    ASSERT_EQ(viewer_test::run_viewer(replay, dir / "tour.txt", dir, output), 0) << output;
    EXPECT_FALSE(viewer_test::contains(output, "Validation Error")) << output;

    const std::string b = viewer_test::read_text(dir / "b.txt");
    EXPECT_TRUE(viewer_test::contains(b, "A/B switch: B B: what if " + other)) << b;
    EXPECT_TRUE(viewer_test::contains(
        b, "What if \"" + other + "\" at event " + std::to_string(melee) + ": shown (B)"))
        << b;
    EXPECT_TRUE(std::regex_search(b, std::regex("explanation: changed: .+ -> .+"))) << b;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(b, m, std::regex(R"(\| event (\d+) of (\d+):)"))) << b;
    EXPECT_EQ(std::stoi(m[1]), melee) << "B shows the same moment";
    EXPECT_NE(std::stoul(m[2]), parent.events.size()) << "B is the branch, not the battle played";

    const std::string a = viewer_test::read_text(dir / "a.txt");
    EXPECT_TRUE(viewer_test::contains(a, "A/B switch: A")) << a;
    EXPECT_TRUE(viewer_test::contains(a, "| event " + std::to_string(melee) + " of " +
                                             std::to_string(parent.events.size()) + ":"))
        << a;
}

}  // namespace what_if_viewer_test

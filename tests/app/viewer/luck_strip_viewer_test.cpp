// The luck strip under the viewer's timeline (issue 30): drawn with one moment for every event
// whose luck counts (sim/replay/luck.h), and a click on a moment seeks the viewer to that event.
// Under Xvfb on lavapipe: a first run reads where the strip and its moments are from the
// screenshot's panel text, a second clicks one (the tour's `click X Y`) and reads the status line.

#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "sim/replay/luck.h"
#include "sim/replay/replay.h"
#include "tests/app/viewer/viewer_harness.h"

namespace luck_strip_viewer_test {

namespace viewer_test = vedette::viewer_test;
namespace fs = std::filesystem;

struct Moment {
    int event = -1, x = 0;
};

void check_click(const std::string& name, const std::string& replay_file) {
    const std::string replay = std::string(VEDETTE_SOURCE_DIR) + "/" + replay_file;
    const auto r = vedette::sim::replay::read_replay(replay);
    const auto luck = vedette::sim::replay::battle_luck(r.header, r.events);
    ASSERT_GE(luck.moments.size(), 2u) << replay_file << " has events whose luck counts";
    const fs::path dir = viewer_test::out_dir("luck_strip_" + name);
    std::string output;

    std::ofstream(dir / "look.tour") << "size 1600x900\npause\nwait 4 frames\nscreenshot look.png\n"
                                     << "quit\n";
    ASSERT_EQ(viewer_test::run_viewer(replay, dir / "look.tour", dir, output), 0) << output;
    EXPECT_FALSE(viewer_test::contains(output, "Validation Error")) << output;
    const std::string look = viewer_test::read_text(dir / "look.txt");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(
        look, m, std::regex(R"(luck strip: (\d+) moments, rect (\d+) (\d+) (\d+) (\d+))")))
        << look;
    EXPECT_EQ(std::stoul(m[1]), luck.moments.size()) << "one moment for every event that counts";
    const int y = (std::stoi(m[3]) + std::stoi(m[5])) / 2;
    std::vector<Moment> moments;
    const std::regex moment(R"(luck moment: event (\d+) x (\d+))");
    for (auto it = std::sregex_iterator(look.begin(), look.end(), moment);
         it != std::sregex_iterator(); ++it)
        moments.push_back({std::stoi((*it)[1]), std::stoi((*it)[2])});
    ASSERT_EQ(moments.size(), luck.moments.size());
    // A moment in the middle, not the one the viewer starts at.
    const Moment pick = moments[moments.size() / 2];
    EXPECT_EQ(r.events[std::size_t(pick.event)].seq, luck.moments[moments.size() / 2].seq);

    std::ofstream(dir / "click.tour") << "size 1600x900\npause\nwait 4 frames\nclick " << pick.x
                                      << " " << y << "\nscreenshot clicked.png\nquit\n";
    ASSERT_EQ(viewer_test::run_viewer(replay, dir / "click.tour", dir, output), 0) << output;
    const std::string clicked = viewer_test::read_text(dir / "clicked.txt");
    const std::string status = "| event " + std::to_string(r.events[std::size_t(pick.event)].seq) +
                               " of " + std::to_string(r.events.size()) + ":";
    EXPECT_TRUE(viewer_test::contains(clicked, status))
        << "a click on the strip at x " << pick.x << " did not go to event " << pick.event << ":\n"
        << clicked;
}

TEST(LuckStripViewer, AClickOnTheDemoBattlesStripSeeksToThatEvent) {
    check_click("demo", "replays/demo/demo_battle.replay.json");
}

TEST(LuckStripViewer, AClickOnTheDicePoolActionsStripSeeksToThatEvent) {
    check_click("dicepool", "replays/dicepool/14_action.replay.json");
}

}  // namespace luck_strip_viewer_test

// A game recorded as it was played (issue 40, item 2): where the record made the play go against
// the rules, the viewer marks the event on the timeline and its explanation says "As played:"
// with what the rules would have given. Under Xvfb on lavapipe, the record is made by `vedette
// record` and the viewer's screenshot text is read.

#include <gtest/gtest.h>

#include <cmath>
#include <regex>
#include <sstream>

#include "sim/replay/replay.h"
#include "tests/app/viewer/viewer_harness.h"

namespace as_played_viewer_test {

namespace viewer_test = vedette::viewer_test;
namespace fs = std::filesystem;

// `vedette edit GAME --script TOUR` under xvfb-run with lavapipe and validation on.
int run_edit(const fs::path& game, const fs::path& tour, const fs::path& dir, std::string& output) {
    return viewer_test::run_logged(viewer_test::kLavapipe +
                                       "xvfb-run -a -s '-screen 0 1600x1000x24' '" VEDETTE_BINARY
                                       "' edit '" +
                                       game.string() + "' --script '" + tour.string() + "'",
                                   dir / "viewer.log", output);
}

TEST(AsPlayedViewer, ARuleDisagreementIsMarkedOnTheTimelineAndExplained) {
    const fs::path dir = viewer_test::out_dir("as_played");
    const std::string game =
        std::string(VEDETTE_SOURCE_DIR) + "/tests/data/game/as_played_square.game";
    const std::string replay = (dir / "as_played.replay.json").string();
    std::string output;
    ASSERT_EQ(viewer_test::run_logged(
                  "'" VEDETTE_BINARY "' record '" + game + "' --roll-missing -o '" + replay + "'",
                  dir / "record.log", output),
              0)
        << output;
    EXPECT_TRUE(viewer_test::contains(output, "1 rule disagreement")) << output;
    const auto r = vedette::sim::replay::read_replay(replay);
    int disagreeing = -1;
    for (const auto& e : r.events)
        if (!e.as_played.empty()) disagreeing = e.seq;
    ASSERT_GE(disagreeing, 0) << "no event of the replay carries its as_played note";

    std::ofstream(dir / "look.tour") << "size 1600x900\npause\nseek event:" << disagreeing
                                     << "\nwait 4 frames\nscreenshot look.png\nquit\n";
    ASSERT_EQ(viewer_test::run_viewer(replay, dir / "look.tour", dir, output), 0) << output;
    EXPECT_FALSE(viewer_test::contains(output, "Validation Error")) << output;
    const std::string look = viewer_test::read_text(dir / "look.txt");
    EXPECT_TRUE(viewer_test::contains(look, "as played: event " + std::to_string(disagreeing)))
        << "the timeline does not mark the event:\n"
        << look;
    EXPECT_TRUE(viewer_test::contains(look, "As played: formed before contact at the table"))
        << "the explanation does not say it:\n"
        << look;
}

// `vedette view GAME.game`: the viewer opens a game record itself, played as `vedette record`
// plays it, so a player sees the table of the game being typed.
TEST(AsPlayedViewer, TheViewerOpensAGameRecord) {
    const fs::path dir = viewer_test::out_dir("view_game_record");
    const std::string game =
        std::string(VEDETTE_SOURCE_DIR) + "/replays/games/gdb_two_charges.game";
    std::string output;
    ASSERT_EQ(viewer_test::run_logged("'" VEDETTE_BINARY "' record '" + game + "' -o '" +
                                          (dir / "recorded.json").string() + "'",
                                      dir / "record.log", output),
              0)
        << output;
    const auto r = vedette::sim::replay::read_replay((dir / "recorded.json").string());
    std::ofstream(dir / "look.tour")
        << "size 1600x900\npause\nwait 4 frames\nscreenshot look.png\nquit\n";
    ASSERT_EQ(viewer_test::run_viewer(game, dir / "look.tour", dir, output), 0) << output;
    EXPECT_TRUE(viewer_test::contains(output, "is a game record: played it for viewing")) << output;
    EXPECT_FALSE(viewer_test::contains(output, "Validation Error")) << output;
    const std::string look = viewer_test::read_text(dir / "look.txt");
    EXPECT_TRUE(viewer_test::contains(look, "of " + std::to_string(r.events.size()) + ":"))
        << "the viewer does not show the record's " << r.events.size() << " events:\n"
        << look;
}

// `vedette edit GAME.game` (issue 40, item 6, a first part): a tour places and turns a unit,
// undoes and redoes it, and saves; the unit's record line is rewritten, every other line stays as
// it was, and the record plays with the unit where it was put. An edit the rules refuse (a unit on
// top of another) is not made, and says why.
TEST(AsPlayedViewer, EditPlacesAUnitAndSavesItsRecordLine) {
    const fs::path dir = viewer_test::out_dir("edit_game_record");
    const fs::path game = dir / "game.game";
    fs::copy_file(std::string(VEDETTE_SOURCE_DIR) + "/replays/games/gdb_two_charges.game", game,
                  fs::copy_options::overwrite_existing);
    const std::string before = viewer_test::read_text(game);
    std::ofstream(dir / "edit.tour")
        << "size 1600x900\npause\nselect greys\nedit greys at=50,25 facing=10\nwait 4 frames\n"
        << "screenshot moved.png\nedit greys at=80,20\nwait 4 frames\nscreenshot refused.png\n"
        << "undo\nwait 4 frames\nscreenshot undone.png\nredo\nwait 4 frames\nsave\nquit\n";
    std::string output;
    ASSERT_EQ(run_edit(game, dir / "edit.tour", dir, output), 0) << output;
    EXPECT_FALSE(viewer_test::contains(output, "Validation Error")) << output;
    EXPECT_TRUE(viewer_test::contains(viewer_test::read_text(dir / "moved.txt"),
                                      "deployment: edited greys: at=50,25 facing=10"));
    EXPECT_TRUE(viewer_test::contains(viewer_test::read_text(dir / "refused.txt"),
                                      "deployment: not edited:"))
        << viewer_test::read_text(dir / "refused.txt");
    EXPECT_TRUE(
        viewer_test::contains(viewer_test::read_text(dir / "undone.txt"), "deployment: undone"));
    const std::string after = viewer_test::read_text(game);
    std::istringstream a(before), b(after);
    std::string la, lb;
    int changed = 0;
    while (std::getline(a, la) && std::getline(b, lb))
        if (la != lb) {
            ++changed;
            EXPECT_EQ(lb.rfind("unit greys ", 0), 0u) << "another line changed: " << lb;
            EXPECT_TRUE(viewer_test::contains(lb, "at=50,25") &&
                        viewer_test::contains(lb, "facing=10"))
                << lb;
        }
    EXPECT_EQ(changed, 1) << after;
    // The saved record plays with the Greys where they were put (cm -> mm).
    ASSERT_EQ(viewer_test::run_logged("'" VEDETTE_BINARY "' record '" + game.string() + "' -o '" +
                                          (dir / "saved.json").string() + "'",
                                      dir / "record.log", output),
              0)
        << output;
    const auto r = vedette::sim::replay::read_replay((dir / "saved.json").string());
    bool placed = false;
    for (const auto& k : r.keyframes.front().units)
        if (r.header.units.at(std::size_t(k.unit)).id == "greys")
            placed = k.pose.pos.x == 500 && k.pose.pos.y == 250;
    EXPECT_TRUE(placed) << "the saved record does not put the Greys at 50,25 cm";
}

// Placing with a click (G, or the tour's `placing on`): a click on the table from above puts the
// selected unit's centre there, in the record's centimetres.
TEST(AsPlayedViewer, AClickOnTheTablePlacesTheSelectedUnit) {
    const fs::path dir = viewer_test::out_dir("edit_by_click");
    const fs::path game = dir / "game.game";
    fs::copy_file(std::string(VEDETTE_SOURCE_DIR) + "/replays/games/gdb_two_charges.game", game,
                  fs::copy_options::overwrite_existing);
    std::ofstream(dir / "click.tour")
        << "size 1600x900\npause\ncamera top\nselect greys\nplacing on\nwait 4 frames\n"
        << "screenshot before.png\nclick 700 520\nwait 4 frames\nscreenshot "
           "after.png\nsave\nquit\n";
    std::string output;
    ASSERT_EQ(run_edit(game, dir / "click.tour", dir, output), 0) << output;
    EXPECT_TRUE(viewer_test::contains(viewer_test::read_text(dir / "before.txt"),
                                      "placing: click on the table to put"))
        << viewer_test::read_text(dir / "before.txt");
    const std::string after = viewer_test::read_text(dir / "after.txt");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(after, m, std::regex(R"(edited greys: at=([0-9.]+),([0-9.]+))")))
        << after;
    const double x = std::stod(m[1]), y = std::stod(m[2]);
    EXPECT_TRUE(x > 0 && x < 120 && y > 0 && y < 80)
        << "outside the 120 x 80 cm table: " << x << "," << y;
    EXPECT_TRUE(
        viewer_test::contains(viewer_test::read_text(game), "at=" + m[1].str() + "," + m[2].str()));
}

// Snapping (the tour's `snap UNIT TARGET front`): the unit is put face to face with the target,
// edge to edge, and the record plays with it in contact.
TEST(AsPlayedViewer, SnapPutsAUnitInContactWithAnotherFront) {
    const fs::path dir = viewer_test::out_dir("edit_snap");
    const fs::path game = dir / "game.game";
    {  // the game without its dice: the charges they were thrown for no longer happen
        std::istringstream in(viewer_test::read_text(std::string(VEDETTE_SOURCE_DIR) +
                                                     "/replays/games/gdb_two_charges.game"));
        std::ofstream out(game);
        for (std::string line; std::getline(in, line);)
            if (line.rfind("dice ", 0) != 0) out << line << "\n";
    }
    std::ofstream(dir / "snap.tour")
        << "size 1600x900\npause\nselect greys\nsnap greys ligne_55 front\nwait 4 frames\n"
        << "screenshot snapped.png\nsave\nquit\n";
    std::string output;
    ASSERT_EQ(run_edit(game, dir / "snap.tour", dir, output), 0) << output;
    const std::string snapped = viewer_test::read_text(dir / "snapped.txt");
    ASSERT_TRUE(viewer_test::contains(snapped, "deployment: edited greys:")) << snapped;
    ASSERT_EQ(
        viewer_test::run_logged("'" VEDETTE_BINARY "' record '" + game.string() +
                                    "' --roll-missing -o '" + (dir / "saved.json").string() + "'",
                                dir / "record.log", output),
        0)
        << output;
    const auto r = vedette::sim::replay::read_replay((dir / "saved.json").string());
    const vedette::sim::record::Snapshot *g = nullptr, *l = nullptr;
    for (const auto& k : r.keyframes.front().units) {
        const std::string& id = r.header.units.at(std::size_t(k.unit)).id;
        if (id == "greys") g = &k;
        if (id == "ligne_55") l = &k;
    }
    ASSERT_TRUE(g && l);
    // Face to face: opposite facings, centres half of each depth apart along the 55e's facing.
    EXPECT_LT(g->pose.facing.x * l->pose.facing.x + g->pose.facing.y * l->pose.facing.y, 0);
    const double dx = double(g->pose.pos.x - l->pose.pos.x),
                 dy = double(g->pose.pos.y - l->pose.pos.y);
    const double apart = std::sqrt(dx * dx + dy * dy);
    EXPECT_NEAR(apart, double(g->look.depth_mm + l->look.depth_mm) / 2, 1.5);
}

}  // namespace as_played_viewer_test

// A game recorded as it was played (issue 40, item 2): where the record made the play go against
// the rules, the viewer marks the event on the timeline and its explanation says "As played:"
// with what the rules would have given. Under Xvfb on lavapipe, the record is made by `vedette
// record` and the viewer's screenshot text is read.

#include <gtest/gtest.h>

#include <cmath>
#include <initializer_list>
#include <regex>
#include <sstream>

#include "renderer/image_io.h"
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

// The docs' GdB game without its dice, written to each of `files`: the charges the dice were
// thrown for no longer need to happen, so units can be moved freely.
void write_game_without_dice(std::initializer_list<fs::path> files) {
    std::istringstream in(viewer_test::read_text(std::string(VEDETTE_SOURCE_DIR) +
                                                 "/replays/games/gdb_two_charges.game"));
    std::string kept;
    for (std::string line; std::getline(in, line);)
        if (line.rfind("dice ", 0) != 0) kept += line + "\n";
    for (const auto& f : files) std::ofstream(f) << kept;
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
    write_game_without_dice({game});
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

// The table-side tools of `vedette edit` (issue 40, item 6), each driven as a person would: a
// click places the Greys (placing on), a drag moves them, the wheel turns them (placing on), a
// unit is added to the French and a wood drawn, three clicks give a piece's corners. The saved
// record has exactly those lines changed or added, in their places, and plays; the edited table
// looks as the saved record does when the viewer opens it, and as the golden image of it.
TEST(AsPlayedViewer, DragWheelAddAndDrawEditTheRecordAsShown) {
    const fs::path dir = viewer_test::out_dir("edit_tools");
    const fs::path game = dir / "game.game";
    const fs::path shipped = dir / "shipped.game";
    write_game_without_dice({shipped, game});
    const std::string look = "size 640x360\npause\nseek 0\ncamera top\npanel all off\n";
    std::ofstream(dir / "tools.tour")
        << "size 1600x900\npause\nseek 0\ncamera top\nselect greys\nplacing on\nclick 700 520\n"
        << "wait 4 frames\nscreenshot placed.png\nplacing off\ndrag 700 520 780 520\n"
        << "wait 4 frames\nscreenshot dragged.png\nplacing on\nwheel 700 520 1\nwait 4 frames\n"
        << "screenshot turned.png\nplacing off\n"
        << "add french ligne_56 \"56e de ligne\" type=infantry figures=24 formation=line "
           "at=20,60 facing=180\nwait 4 frames\nscreenshot added.png\n"
        << "terrain woods \"Test Wood\" polygon=90,60;110,60;110,75;90,75\nwait 4 frames\n"
        << "screenshot wood.png\ndrawing on\nclick 400 300\nclick 500 300\nclick 450 380\n"
        << "wait 4 frames\nscreenshot corners.png\ndrawing off\nsave\n"
        << look << "wait 6 frames\nscreenshot edited.png\nquit\n";
    std::string output;
    ASSERT_EQ(run_edit(game, dir / "tools.tour", dir, output), 0) << output;
    EXPECT_FALSE(viewer_test::contains(output, "Validation Error")) << output;
    const auto said = [&](const char* shot) {
        return viewer_test::read_text(dir / (std::string(shot) + ".txt"));
    };
    std::smatch placed, dragged;
    const std::string p = said("placed"), d = said("dragged");
    const std::regex at(R"(edited greys: at=([0-9.]+),([0-9.]+))");
    ASSERT_TRUE(std::regex_search(p, placed, at)) << p;
    ASSERT_TRUE(std::regex_search(d, dragged, at)) << "the drag did not move the Greys:\n" << d;
    const double moved = std::hypot(std::stod(dragged[1]) - std::stod(placed[1]),
                                    std::stod(dragged[2]) - std::stod(placed[2]));
    EXPECT_TRUE(moved > 1 && moved < 40)
        << "a drag of 80 pixels moved the Greys " << moved << " cm";
    EXPECT_TRUE(viewer_test::contains(said("turned"), "edited greys: facing=345"))
        << said("turned");
    EXPECT_TRUE(viewer_test::contains(said("added"), "added to french: unit ligne_56"))
        << said("added");
    EXPECT_TRUE(viewer_test::contains(said("wood"), "added terrain woods")) << said("wood");
    EXPECT_TRUE(viewer_test::contains(said("corners"), "click its corners on the table (3 so far)"))
        << said("corners");

    // The record: the Greys' line edited, the new unit after the French's last unit, the wood
    // after the last terrain line; every other line as it was.
    std::vector<std::string> before, after;
    for (auto [file, lines] : {std::pair{shipped, &before}, std::pair{game, &after}}) {
        std::istringstream in(viewer_test::read_text(file));
        for (std::string l; std::getline(in, l);) lines->push_back(l);
    }
    ASSERT_EQ(after.size(), before.size() + 2);
    std::vector<std::string> added;
    for (std::size_t a = 0, b = 0; a < after.size(); ++a) {
        if (b < before.size() && after[a] == before[b]) {
            ++b;
            continue;
        }
        if (b < before.size() && before[b].rfind("unit greys ", 0) == 0) {
            EXPECT_TRUE(viewer_test::contains(
                after[a], "at=" + dragged[1].str() + "," + dragged[2].str() + " facing=345"))
                << after[a];
            ++b;
            continue;
        }
        added.push_back(after[a]);
        if (after[a].rfind("terrain woods \"Test Wood\"", 0) == 0)
            EXPECT_EQ(before[b - 1].rfind("terrain ", 0), 0u) << "not after a terrain line";
        else if (after[a].rfind("unit ligne_56 ", 0) == 0)
            EXPECT_EQ(before[b - 1].rfind("unit ligne_55 ", 0), 0u) << "not after the 55e";
        else
            ADD_FAILURE() << "a line changed: " << after[a];
    }
    EXPECT_EQ(added.size(), 2u);
    ASSERT_EQ(
        viewer_test::run_logged("'" VEDETTE_BINARY "' record '" + game.string() +
                                    "' --roll-missing -o '" + (dir / "saved.json").string() + "'",
                                dir / "record.log", output),
        0)
        << output;

    // What the editor showed is the saved record's table.
    std::ofstream(dir / "view.tour") << look << "wait 6 frames\nscreenshot viewed.png\nquit\n";
    ASSERT_EQ(viewer_test::run_viewer(game.string(), dir / "view.tour", dir, output), 0) << output;
    namespace render = vedette::render;
    const render::RgbaImage edited = render::read_png((dir / "edited.png").string());
    const render::RgbaImage viewed = render::read_png((dir / "viewed.png").string());
    const render::ImageDiff same = render::compare_images(viewed, edited, 24);
    EXPECT_LE(same.fraction_differing, 0.01)
        << "the editor's table is not the saved record's: " << same.fraction_differing;
    const std::string golden = std::string(VEDETTE_SOURCE_DIR) + "/tests/golden/edit_tools.png";
    if (std::getenv("VEDETTE_UPDATE_GOLDEN")) render::write_png(golden, edited);
    const render::ImageDiff g = render::compare_images(render::read_png(golden), edited, 24);
    if (g.fraction_differing > 0.02) render::write_png((dir / "golden.diff.png").string(), g.diff);
    EXPECT_LE(g.fraction_differing, 0.02)
        << "the edited table differs from tests/golden/edit_tools.png: diff in " << dir;
}

// Removing a unit (the unit panel's "remove", the tour's `remove UNIT`): a unit added by mistake
// goes again and the saved record is the record as it was; a unit the turns still name cannot go,
// and the panel says which line names it.
TEST(AsPlayedViewer, RemoveTakesAUnitsLineAwayUnlessTheTurnsNameIt) {
    const fs::path dir = viewer_test::out_dir("edit_remove");
    const fs::path game = dir / "game.game";
    fs::copy_file(std::string(VEDETTE_SOURCE_DIR) + "/replays/games/gdb_two_charges.game", game,
                  fs::copy_options::overwrite_existing);
    const std::string before = viewer_test::read_text(game);
    std::ofstream(dir / "remove.tour")
        << "size 1600x900\npause\n"
        << "add french ligne_56 \"56e de ligne\" type=infantry figures=24 formation=line "
           "at=20,60 facing=180\nwait 4 frames\nscreenshot added.png\n"
        << "remove ligne_56\nwait 4 frames\nscreenshot removed.png\n"
        << "remove greys\nwait 4 frames\nscreenshot refused.png\nsave\nquit\n";
    std::string output;
    ASSERT_EQ(run_edit(game, dir / "remove.tour", dir, output), 0) << output;
    EXPECT_TRUE(viewer_test::contains(viewer_test::read_text(dir / "added.txt"),
                                      "deployment: added to french: unit ligne_56"));
    EXPECT_TRUE(viewer_test::contains(viewer_test::read_text(dir / "removed.txt"),
                                      "deployment: removed ligne_56"))
        << viewer_test::read_text(dir / "removed.txt");
    const std::string refused = viewer_test::read_text(dir / "refused.txt");
    // The Greys' charge order (line 30, "Scots charges 54e") still names them.
    EXPECT_TRUE(viewer_test::contains(refused, "deployment: not removed:") &&
                viewer_test::contains(refused, "game.game:30:1: a unit named in the record"))
        << refused;
    EXPECT_EQ(viewer_test::read_text(game), before)
        << "the saved record is not the record as it was";
}

// `vedette edit` saves only what `vedette record` plays, and keeps the file as it was (issue 48,
// items 3 and 4): turning the charging Greys away leaves their charge test's dice unused, so the
// turn is refused naming the dice line; a 0600 record stays 0600 when saved; the wheel turns by
// its notches (3 notches: 45 degrees); a read-only record is not replaced and the tour fails there.
TEST(AsPlayedViewer, EditRefusesWhatTheRecordWouldRefuseAndKeepsTheFile) {
    const fs::path dir = viewer_test::out_dir("edit_refuses");
    const fs::path game = dir / "game.game";
    fs::copy_file(std::string(VEDETTE_SOURCE_DIR) + "/replays/games/gdb_two_charges.game", game,
                  fs::copy_options::overwrite_existing);
    fs::permissions(game, fs::perms::owner_read | fs::perms::owner_write);
    const std::string before = viewer_test::read_text(game);
    std::ofstream(dir / "turn.tour")
        << "size 1600x900\npause\nselect greys\nedit greys facing=180\n"
        << "wait 4 frames\nscreenshot turned.png\nsave\nquit\n";
    std::string output;
    ASSERT_EQ(run_edit(game, dir / "turn.tour", dir, output), 0) << output;
    const std::string turned = viewer_test::read_text(dir / "turned.txt");
    EXPECT_TRUE(viewer_test::contains(turned, "deployment: not edited:") &&
                viewer_test::contains(turned, "game.game:34:1") &&
                viewer_test::contains(turned, "charge test dice forced, but the play never throws"))
        << turned;
    EXPECT_EQ(viewer_test::read_text(game), before);
    EXPECT_EQ(fs::status(game).permissions() & fs::perms::all,
              fs::perms::owner_read | fs::perms::owner_write)
        << "the save did not keep the record's mode";

    const fs::path open_game = dir / "open.game";
    write_game_without_dice({open_game});
    fs::permissions(open_game,
                    fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    const std::string open_before = viewer_test::read_text(open_game);
    std::ofstream(dir / "wheel.tour")
        << "size 1600x900\npause\nseek 0\ncamera top\nselect greys\nplacing on\n"
        << "wheel 700 520 3\nwait 4 frames\nscreenshot wheeled.png\nsave\nquit\n";
    EXPECT_NE(run_edit(open_game, dir / "wheel.tour", dir, output), 0) << output;
    EXPECT_TRUE(viewer_test::contains(output, "is read-only: refusing to replace it")) << output;
    EXPECT_TRUE(viewer_test::contains(viewer_test::read_text(dir / "wheeled.txt"),
                                      "edited greys: facing=315"))
        << viewer_test::read_text(dir / "wheeled.txt");
    EXPECT_EQ(viewer_test::read_text(open_game), open_before);
}

}  // namespace as_played_viewer_test

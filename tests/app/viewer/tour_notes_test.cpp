// The tour commands for presenters and notes: `caption`, `wait key` (a key when someone is there,
// a fixed short wait in a tour that ends with `quit`), `camera at` and `camera move`, and `note
// NAME` (a bookmark of the replay's notes). Parsing with line-numbered errors, and running them on
// the demo battle's model without a window.

#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "app/viewer/tour_runner.h"
#include "app/viewer/tour_script.h"
#include "sim/core/input_error.h"

namespace vedette::viewer {
namespace {

using Clock = std::chrono::steady_clock;

const render::ReplayScene& notes_demo_scene() {
    static const render::ReplayScene s = render::load_replay_scene(
        std::string(VEDETTE_SOURCE_DIR) + "/replays/demo/demo_battle.replay.json");
    return s;
}

void expect_tour_error(const std::string& text, const std::string& where,
                       const std::string& words) {
    try {
        parse_tour(text, "t.txt");
        ADD_FAILURE() << "no error for: " << text;
    } catch (const sim::InputError& e) {
        EXPECT_EQ(e.file(), "t.txt");
        EXPECT_EQ(e.where(), where) << e.what();
        EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
}

// The orbit camera's eye or target as table millimetres (x, y, height).
glm::vec3 as_table(glm::vec3 world) {
    return {world.x, -world.z, world.y};
}

void expect_near(glm::vec3 got, glm::vec3 want, float mm, const char* what) {
    EXPECT_NEAR(got.x, want.x, mm) << what;
    EXPECT_NEAR(got.y, want.y, mm) << what;
    EXPECT_NEAR(got.z, want.z, mm) << what;
}

TEST(TourScript, ParsesCaptionsKeysCamerasAndNotes) {
    const Tour t = parse_tour(
        "caption   The  cuirassiers charge   # why it matters\n"
        "caption\n"
        "wait key\n"
        "camera at 900 -650 1400 look 900 600 0\n"
        "camera move 340 120.5 650 look 340 600 0 over 2.5\n"
        "note the melee\n",
        "t.txt");
    ASSERT_EQ(t.commands.size(), 6u);
    EXPECT_EQ(t.commands[0].kind, TourKind::caption);
    EXPECT_EQ(t.commands[0].arg<std::string>(), "The  cuirassiers charge")
        << "spacing kept, comment dropped";
    EXPECT_EQ(t.commands[1].kind, TourKind::caption);
    EXPECT_TRUE(t.commands[1].arg<std::string>().empty());
    EXPECT_EQ(t.commands[2].kind, TourKind::wait_key);
    EXPECT_EQ(t.commands[3].kind, TourKind::camera_at);
    EXPECT_EQ(t.commands[3].arg<TourPlace>().eye, (std::array<double, 3>{900, -650, 1400}));
    EXPECT_EQ(t.commands[3].arg<TourPlace>().look, (std::array<double, 3>{900, 600, 0}));
    EXPECT_EQ(t.commands[4].kind, TourKind::camera_move);
    EXPECT_EQ(t.commands[4].arg<TourPlace>().eye[1], 120.5);
    EXPECT_EQ(t.commands[4].arg<TourPlace>().duration_ms, 2500);
    EXPECT_EQ(t.commands[5].kind, TourKind::note);
    EXPECT_EQ(t.commands[5].arg<std::string>(), "the melee");
    EXPECT_FALSE(runs_unattended(t));
    EXPECT_TRUE(runs_unattended(parse_tour("wait key\nquit\n", "t.txt")));
}

TEST(TourScript, NewCommandsNameTheLineAndTheExpectedForm) {
    expect_tour_error("seek 1\ncamera at 1 2 3 look 4 5\n", "line 2", "bad camera at");
    expect_tour_error("camera at 1 2 3 look 4 5\n", "line 1", "camera at X Y Z look X Y Z");
    expect_tour_error("camera at 1 2 3 towards 4 5 6\n", "line 1", "bad camera at");
    expect_tour_error("camera move 1 2 3 look 4 5 6\n", "line 1", "bad camera move");
    expect_tour_error("camera move 1 2 3 look 4 5 6 during 2\n", "line 1", "bad camera move");
    expect_tour_error("camera at 1 2 x look 4 5 6\n", "line 1", "camera at X Y Z expects");
    expect_tour_error("camera at 1 2 3 look 4 nan 6\n", "line 1", "camera at look X Y Z expects");
    expect_tour_error("camera at 1e3 2 3 look 4 5 6\n", "line 1", "got '1e3'");
    expect_tour_error("camera at 2000000 2 3 look 4 5 6\n", "line 1", "from -1000000 to 1000000");
    expect_tour_error("camera at 1 2 3 look 1 2 3\n", "line 1", "must look at a point other");
    expect_tour_error("camera move 1 2 3 look 4 5 6 over 4000\n", "line 1", "from 0 to 3600");
    expect_tour_error("camera top now\n", "line 1", "wrong number of arguments to camera");
    expect_tour_error("wait key now\n", "line 1", "bad wait");
    expect_tour_error("wait keys\n", "line 1", "wait expects");
    expect_tour_error("\nnote\n", "line 2", "wrong number of arguments to note");
    expect_tour_error("caption " + std::string(5000, 'a') + "\n", "line 1",
                      "caption longer than 4096 bytes");
}

TEST(TourRunner, WaitKeyWaitsForTheKeyWhenSomeoneIsThere) {
    ViewerModel m(notes_demo_scene());
    TourRunner runner(parse_tour("wait key\nselect f_cuir_1\n", "t.txt"));
    const auto now = Clock::now();
    runner.run(&m, now);
    EXPECT_TRUE(m.tour_waits_for_key);
    runner.run(&m, now + std::chrono::hours(1));
    EXPECT_EQ(m.selected_unit, -1) << "no key, no going on, however long";
    m.tour_key = true;  // what Space, Right or PageDown queue (viewer_input.cpp)
    runner.run(&m, now + std::chrono::hours(1));
    EXPECT_EQ(m.selected_unit, m.unit_index("f_cuir_1"));
    EXPECT_FALSE(m.tour_waits_for_key);
    EXPECT_FALSE(m.tour_key);
    EXPECT_TRUE(runner.finished());
}

TEST(TourRunner, WaitKeyWaitsASecondInATourThatRunsByItself) {
    ViewerModel m(notes_demo_scene());
    TourRunner runner(parse_tour("wait key\nselect f_cuir_1\nquit\n", "t.txt"));
    const auto now = Clock::now();
    EXPECT_FALSE(runner.run(&m, now).quit);
    EXPECT_FALSE(m.tour_waits_for_key) << "nobody to press a key";
    runner.run(&m, now + std::chrono::milliseconds(kUnattendedKeyWaitMs - 1));
    EXPECT_EQ(m.selected_unit, -1);
    const TourRequests r = runner.run(&m, now + std::chrono::milliseconds(kUnattendedKeyWaitMs));
    EXPECT_EQ(m.selected_unit, m.unit_index("f_cuir_1"));
    EXPECT_TRUE(r.quit);
}

TEST(TourRunner, CameraAtPlacesTheCameraInTableMillimetres) {
    ViewerModel m(notes_demo_scene());
    TourRunner runner(parse_tour("camera at 900 -650 1400 look 900 600 0\n", "t.txt"));
    runner.run(&m, Clock::now());
    ASSERT_EQ(m.camera_mode, ViewerModel::CameraMode::orbit);
    const render::Camera c = render::make_orbit_camera(m.orbit, 1.6f);
    expect_near(as_table(c.eye), {900, -650, 1400}, 0.5f, "eye");
    expect_near(as_table(c.target), {900, 600, 0}, 0.5f, "target");
}

TEST(TourRunner, CameraMoveGlidesThereOverItsSeconds) {
    ViewerModel m(notes_demo_scene());
    TourRunner runner(
        parse_tour("camera at 0 -600 1000 look 0 400 0\n"
                   "camera move 800 -600 1000 look 800 400 0 over 2\n"
                   "select f_cuir_1\n",
                   "t.txt"));
    const auto now = Clock::now();
    runner.run(&m, now);
    auto eye = [&] { return as_table(render::make_orbit_camera(m.orbit, 1.6f).eye); };
    expect_near(eye(), {0, -600, 1000}, 0.5f, "the start");
    runner.run(&m, now + std::chrono::milliseconds(500));
    EXPECT_GT(eye().x, 0.5f);
    EXPECT_LT(eye().x, 200.0f) << "eased: slow at first (smoothstep(0.25) = 0.156)";
    runner.run(&m, now + std::chrono::seconds(1));
    expect_near(eye(), {400, -600, 1000}, 0.5f, "half way at half time");
    EXPECT_EQ(m.selected_unit, -1) << "the move holds the tour";
    runner.run(&m, now + std::chrono::seconds(2));
    expect_near(eye(), {800, -600, 1000}, 0.5f, "the end");
    expect_near(as_table(render::make_orbit_camera(m.orbit, 1.6f).target), {800, 400, 0}, 0.5f,
                "the end's target");
    EXPECT_EQ(m.selected_unit, m.unit_index("f_cuir_1")) << "then the tour goes on";
}

TEST(TourRunner, CameraMoveStartsFromThePresetShown) {
    ViewerModel m(notes_demo_scene());
    m.last_camera.eye = render::table_point(100, -500, 900);
    m.last_camera.target = render::table_point(100, 500, 0);
    TourRunner runner(parse_tour("camera move 900 -500 900 look 900 500 0 over 1\n", "t.txt"));
    const auto now = Clock::now();
    runner.run(&m, now);
    expect_near(as_table(render::make_orbit_camera(m.orbit, 1.6f).eye), {100, -500, 900}, 0.5f,
                "from the director's camera of the last frame");
}

TEST(TourRunner, CaptionsShowUntilTheNextOne) {
    ViewerModel m(notes_demo_scene());
    TourRunner runner(parse_tour("caption The  guns\nwait 1 frames\ncaption\n", "t.txt"));
    const auto now = Clock::now();
    runner.run(&m, now);
    EXPECT_EQ(m.tour_caption, "The  guns");
    runner.run(&m, now);
    runner.run(&m, now);
    EXPECT_EQ(m.tour_caption, "");
}

TEST(TourRunner, NoteJumpsToTheBookmarkAndPauses) {
    const auto& scene = notes_demo_scene();
    ViewerModel m(scene);
    m.notes = render::load_notes(
        std::string(VEDETTE_SOURCE_DIR) + "/replays/demo/demo_battle.replay.notes.json", scene);
    const render::Note* melee = render::find_note(m.notes, "the melee");
    ASSERT_NE(melee, nullptr);
    m.timeline.play();
    TourRunner runner(parse_tour("note the melee\n", "t.txt"));
    const TourRequests r = runner.run(&m, Clock::now());
    EXPECT_TRUE(r.stepped);
    EXPECT_EQ(m.timeline.time_ms(), melee->time_ms);
    EXPECT_FALSE(m.timeline.playing());
    const render::Note* shown = render::note_at(m.notes, m.timeline.time_ms(), render::kNoteShowMs);
    ASSERT_NE(shown, nullptr);
    EXPECT_EQ(shown->name, "the melee");

    TourRunner missing(parse_tour("seek 1\nnote the charge of the light brigade\n", "t.txt"));
    try {
        missing.run(&m, Clock::now());
        ADD_FAILURE() << "no error for a missing note";
    } catch (const sim::InputError& e) {
        EXPECT_EQ(e.where(), "line 2");
        EXPECT_NE(e.message().find("no note named 'the charge of the light brigade'"),
                  std::string::npos)
            << e.what();
        EXPECT_NE(e.message().find("'the melee'"), std::string::npos) << e.what();
    }
}

TEST(TourScript, TheShippedTourNamesOnlyTheShippedNotes) {
    const std::string src = VEDETTE_SOURCE_DIR;
    const auto notes =
        render::load_notes(src + "/replays/demo/demo_battle.replay.notes.json", notes_demo_scene());
    int jumps = 0;
    for (const auto& c : load_tour(src + "/replays/demo/tour.txt").commands)
        if (c.kind == TourKind::note) {
            ++jumps;
            EXPECT_NE(render::find_note(notes, c.arg<std::string>()), nullptr) << "line " << c.line;
        }
    EXPECT_GE(jumps, 2);
}

}  // namespace
}  // namespace vedette::viewer

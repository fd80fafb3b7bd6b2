// Tour scripts: every command parses into checked values; mistakes name the file, line and the
// expected form; numbers out of range, NaN, exponents and trailing garbage are refused; only
// regular files are read; screenshots stay in the tour's folder and never replace a link.

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "app/viewer/tour_runner.h"
#include "app/viewer/tour_script.h"
#include "sim/core/input_error.h"
#include "sim/core/limits.h"

namespace vedette::viewer {
namespace {

namespace fs = std::filesystem;

TEST(TourScript, ParsesEveryCommand) {
    const Tour t = parse_tour(R"(# a tour
seek 12.5
seek event:55
seek turn:2
seek end
step event
step phase -2
back turn
select f_cuir_1
select none
camera follow:f_cuir_1
panel melee off
panel all on
filter unit f_cuir_1
filter kind melee
filter clear
panel explanation toggle
panel episode on
filter category test
play
pause
speed 0.5
wait 1.5
wait 3 frames   # trailing comment
size 800x600
screenshot out/a.png
quit
)",
                              "tour.txt");
    ASSERT_EQ(t.commands.size(), 26u);
    const std::vector<TourKind> kinds{
        TourKind::seek_time,     TourKind::seek_event,  TourKind::seek_turn,
        TourKind::seek_end,      TourKind::step,        TourKind::step,
        TourKind::step,          TourKind::select,      TourKind::select_none,
        TourKind::camera_follow, TourKind::panel,       TourKind::panel,
        TourKind::filter_unit,   TourKind::filter_kind, TourKind::filter_clear,
        TourKind::panel,         TourKind::panel,       TourKind::filter_category,
        TourKind::play,          TourKind::pause,       TourKind::speed,
        TourKind::wait_time,     TourKind::wait_frames, TourKind::size,
        TourKind::screenshot,    TourKind::quit};
    for (std::size_t i = 0; i < kinds.size(); ++i)
        EXPECT_EQ(t.commands[i].kind, kinds[i]) << "command " << i;
    EXPECT_EQ(t.commands[0].arg<std::int64_t>(), 12500);
    EXPECT_EQ(t.commands[0].line, 2);
    EXPECT_EQ(t.commands[1].arg<std::int64_t>(), 55);
    EXPECT_EQ(t.commands[2].arg<std::int64_t>(), 2);
    EXPECT_EQ(t.commands[4].arg<TourStep>().unit, StepUnit::event);
    EXPECT_EQ(t.commands[4].arg<TourStep>().count, 1);
    EXPECT_EQ(t.commands[5].arg<TourStep>().unit, StepUnit::phase);
    EXPECT_EQ(t.commands[5].arg<TourStep>().count, -2);
    EXPECT_EQ(t.commands[6].arg<TourStep>().unit, StepUnit::turn);
    EXPECT_EQ(t.commands[6].arg<TourStep>().count, -1) << "back: a step back";
    EXPECT_EQ(t.commands[7].arg<std::string>(), "f_cuir_1");
    EXPECT_EQ(t.commands[9].arg<std::string>(), "f_cuir_1");
    EXPECT_EQ(t.commands[10].arg<TourPanelSwitch>().panel, TourPanel::explanation)
        << "melee is the explanation panel's old name";
    EXPECT_EQ(t.commands[10].arg<TourPanelSwitch>().to, TourSwitch::off);
    EXPECT_EQ(t.commands[11].arg<TourPanelSwitch>().panel, TourPanel::all);
    EXPECT_EQ(t.commands[13].arg<std::string>(), "melee");
    EXPECT_EQ(t.commands[15].arg<TourPanelSwitch>().panel, TourPanel::explanation);
    EXPECT_EQ(t.commands[15].arg<TourPanelSwitch>().to, TourSwitch::toggle);
    EXPECT_EQ(t.commands[17].arg<std::string>(), "test");
    EXPECT_EQ(t.commands[20].arg<double>(), 0.5);
    EXPECT_EQ(t.commands[21].arg<std::int64_t>(), 1500);
    EXPECT_EQ(t.commands[22].arg<std::int64_t>(), 3);
    EXPECT_EQ(t.commands[23].arg<TourSize>().width, 800);
    EXPECT_EQ(t.commands[23].arg<TourSize>().height, 600);
    EXPECT_EQ(t.commands[24].arg<std::string>(), "out/a.png");
}

TEST(TourScript, AcceptsTheEndsOfEveryRange) {
    namespace limits = sim::limits;
    const Tour t = parse_tour(
        "wait 0\nwait 3600\nwait 216000 frames\nspeed 0.25\nspeed 8\nstep event -1000000\n"
        "back turn 1000000\nseek 3600000\nseek .5\nseek turn:0\nseek event:0\nsize 16x16\n"
        "size 8192x8192\n",
        "tour.txt");
    ASSERT_EQ(t.commands.size(), 13u);
    EXPECT_EQ(t.commands[1].arg<std::int64_t>(), 3600 * 1000);
    EXPECT_EQ(t.commands[2].arg<std::int64_t>(), limits::kMaxWaitFrames);
    EXPECT_EQ(t.commands[5].arg<TourStep>().count, -limits::kMaxStepCount);
    EXPECT_EQ(t.commands[6].arg<TourStep>().count, -limits::kMaxStepCount) << "back 1000000";
    EXPECT_EQ(t.commands[7].arg<std::int64_t>(), limits::kMaxReplayTimeMs);
    EXPECT_EQ(t.commands[8].arg<std::int64_t>(), 500);
    EXPECT_EQ(t.commands[11].arg<TourSize>().width, limits::kMinImageSide);
    EXPECT_EQ(t.commands[12].arg<TourSize>().height, limits::kMaxImageSide);
}

void expect_error(const std::string& text, const std::string& where, const std::string& words) {
    try {
        parse_tour(text, "tour.txt");
        FAIL() << "no error for: " << text;
    } catch (const sim::InputError& e) {
        EXPECT_EQ(e.file(), "tour.txt");
        EXPECT_EQ(e.where(), where) << e.what();
        EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
}

TEST(TourScript, NamesTheLineAndTheExpectedForm) {
    expect_error("seek 1\nfly away\n", "line 2", "unknown command 'fly'");
    expect_error("step sideways\n", "line 1", "step event|phase|turn");
    expect_error("step event two\n", "line 1", "the count expects a whole number");
    expect_error("seek event:x\n", "line 1", "seek event:N expects");
    expect_error("panel map on\n", "line 1", "no panel 'map'");
    expect_error("filter colour red\n", "line 1", "filter category CATEGORY");
    expect_error("speed 20\n", "line 1", "from 0.25 to 8");
    expect_error("screenshot a.jpg\n", "line 1", ".png");
    expect_error("size 10x10\n", "line 1", "from 16 to 8192");
    expect_error("\n\nwait 3 seconds\n", "line 3", "bad wait");
    expect_error("quit now\n", "line 1", "wrong number of arguments");
    expect_error("wait 1e308\n", "line 1", "(expected `wait SECONDS | wait N frames | wait key`)");
}

// Each file in tests/data/bad/tours has one bad line; its first line says which and what the
// message must contain: `# expect: line N: WORDS`.
TEST(TourScript, EveryBadTourFileIsRefusedAtItsLine) {
    const fs::path dir = fs::path(VEDETTE_SOURCE_DIR) / "tests/data/bad/tours";
    const std::regex expect_line("# expect: (line [0-9]+): (.*)");
    int files = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().extension() != ".tour") continue;
        ++files;
        std::ifstream in(entry.path(), std::ios::binary);
        std::string first;
        std::getline(in, first);
        std::smatch m;
        ASSERT_TRUE(std::regex_match(first, m, expect_line)) << entry.path();
        try {
            load_tour(entry.path().string());
            ADD_FAILURE() << "no error for " << entry.path();
        } catch (const sim::InputError& e) {
            EXPECT_EQ(e.file(), entry.path().string());
            EXPECT_EQ(e.where(), m[1].str()) << e.what();
            EXPECT_NE(e.message().find(m[2].str()), std::string::npos)
                << e.what() << "\n  expected to contain: " << m[2].str();
        }
    }
    EXPECT_GE(files, 30);
}

// A scratch folder for one test, removed afterwards.
struct ScratchDir {
    fs::path path;
    explicit ScratchDir(const std::string& name)
        : path(fs::temp_directory_path() /
               ("vedette_tour_test_" + name + "_" + std::to_string(::getpid()))) {
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~ScratchDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

void expect_load_error(const std::string& path, const std::string& words) {
    try {
        load_tour(path);
        ADD_FAILURE() << "no error for " << path;
    } catch (const sim::InputError& e) {
        EXPECT_EQ(e.file(), path);
        EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
}

TEST(TourScript, ReadsOnlyRegularFilesWithinTheSizeLimit) {
    const ScratchDir dir("load");
    expect_load_error("/nonexistent/tour.txt", "no such file");
    expect_load_error("/dev/zero", "not a regular file");
    const fs::path fifo = dir.path / "fifo.tour";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    expect_load_error(fifo.string(), "not a regular file");  // and does not wait for a writer
    expect_load_error(dir.path.string(), "folder");
    const fs::path big = dir.path / "big.tour";
    std::ofstream(big) << "quit\n";
    fs::resize_file(big, sim::limits::kMaxTourFileBytes + 1);
    expect_load_error(big.string(), "too large");
}

// Runs a one-screenshot tour written at `dir/tour.txt`; returns the PNG path the viewer is asked
// to write.
std::string run_screenshot(const fs::path& dir, const std::string& name) {
    const fs::path file = dir / "tour.txt";
    std::ofstream(file) << "wait 0 frames\nscreenshot " << name << "\n";
    TourRunner runner(load_tour(file.string()));
    const auto now = std::chrono::steady_clock::now();
    runner.run(nullptr, now);  // the wait
    const TourRequests r = runner.run(nullptr, now);
    return r.screenshot.value_or("");
}

void expect_screenshot_refused(const fs::path& dir, const std::string& name,
                               const std::string& words) {
    try {
        run_screenshot(dir, name);
        ADD_FAILURE() << "no error for screenshot " << name;
    } catch (const sim::InputError& e) {
        EXPECT_EQ(e.where(), "line 2") << e.what();
        EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
}

TEST(TourRunner, ScreenshotsAreWrittenInTheToursFolder) {
    const ScratchDir dir("shots");
    fs::create_directories(dir.path / "shots");
    EXPECT_EQ(run_screenshot(dir.path, "a.png"), (dir.path / "a.png").string());
    EXPECT_EQ(run_screenshot(dir.path, "shots/b.png"), (dir.path / "shots/b.png").string());
    std::ofstream(dir.path / "shots/c.png") << "an old screenshot, replaced";
    EXPECT_EQ(run_screenshot(dir.path, "shots/c.png"), (dir.path / "shots/c.png").string());
}

TEST(TourRunner, ScreenshotsNeverReplaceLinksOrSpecialFiles) {
    const ScratchDir dir("links");
    std::ofstream(dir.path / "precious.txt") << "not to be overwritten";
    fs::create_symlink(dir.path / "precious.txt", dir.path / "link.png");
    expect_screenshot_refused(dir.path, "link.png", "symbolic link");
    // The .txt written beside the PNG is checked too.
    fs::create_symlink(dir.path / "precious.txt", dir.path / "other.txt");
    expect_screenshot_refused(dir.path, "other.png", "symbolic link");
    ASSERT_EQ(::mkfifo((dir.path / "fifo.png").c_str(), 0600), 0);
    expect_screenshot_refused(dir.path, "fifo.png", "not a regular file: refusing to replace it");
    fs::create_directories(dir.path / "folder.png");
    expect_screenshot_refused(dir.path, "folder.png", "is a folder");
    expect_screenshot_refused(dir.path, "missing/a.png", "does not exist");
    std::ifstream in(dir.path / "precious.txt");
    std::string text;
    std::getline(in, text);
    EXPECT_EQ(text, "not to be overwritten");
}

}  // namespace
}  // namespace vedette::viewer

namespace vedette::viewer {
namespace {

TEST(TourScript, ViewCommandsForPresentersParseAndRefuseBadValues) {
    const Tour t = parse_tour("counters on\nlabels short\nlayout presenter\nfont 1.5\n", "t.txt");
    ASSERT_EQ(t.commands.size(), 4u);
    EXPECT_EQ(t.commands[0].arg<TourSwitch>(), TourSwitch::on);
    EXPECT_EQ(t.commands[1].arg<render::LabelStyle>(), render::LabelStyle::short_name);
    EXPECT_EQ(t.commands[2].arg<TourLayout>(), TourLayout::presenter);
    EXPECT_EQ(t.commands[3].arg<double>(), 1.5);
    for (const auto& [line, words] : std::vector<std::pair<std::string, std::string>>{
             {"counters maybe", "on, off or toggle"},
             {"labels nick", "name, short or id"},
             {"layout cinema", "standard or presenter"},
             {"font 9", "font"}}) {
        try {
            parse_tour(line + "\n", "t.txt");
            ADD_FAILURE() << "accepted: " << line;
        } catch (const sim::InputError& e) {
            EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
        }
    }
}

TEST(TourRunner, PresenterCommandsChangeTheView) {
    const auto scene = render::load_replay_scene(std::string(VEDETTE_SOURCE_DIR) +
                                                 "/replays/demo/demo_battle.replay.json");
    ViewerModel m(scene);
    TourRunner runner(parse_tour("counters on\nlabels id\nlayout presenter\nfont 2\n", "t.txt"));
    runner.run(&m, std::chrono::steady_clock::now());
    EXPECT_TRUE(m.counters);
    EXPECT_EQ(m.labels, render::LabelStyle::id);
    EXPECT_EQ(m.layout, Layout::presenter);
    EXPECT_FALSE(m.panels.events) << "the presenter layout closes the log";
    EXPECT_EQ(m.font_scale, 2.0f);
}

// The tour the README names ships and runs to its end on the demo battle with its notes, the
// presenter pressing a key at each `wait key`.
TEST(TourRunner, TheShippedDemoTourRunsToItsEnd) {
    const std::string src = VEDETTE_SOURCE_DIR;
    const std::string replay = src + "/replays/demo/demo_battle.replay.json";
    const auto scene = render::load_replay_scene(replay);
    ViewerModel m(scene);
    m.notes = render::load_notes(render::notes_file_for(replay), scene);
    const Tour tour = load_tour(src + "/replays/demo/tour.txt");
    EXPECT_FALSE(runs_unattended(tour)) << "the presenter's tour waits for keys";
    TourRunner runner(tour);
    auto now = std::chrono::steady_clock::now();
    int keys = 0;
    for (int i = 0; i < 200 && !runner.finished(); ++i) {
        runner.run(&m, now);
        if (m.tour_waits_for_key) m.tour_key = true, ++keys;
        now += std::chrono::seconds(30);
    }
    EXPECT_TRUE(runner.finished());
    EXPECT_GE(keys, 3);
    EXPECT_EQ(m.layout, Layout::presenter);
    const render::Note* pursuit = render::find_note(m.notes, "the pursuit");
    ASSERT_NE(pursuit, nullptr);
    EXPECT_EQ(m.timeline.time_ms(), pursuit->time_ms) << "the last bookmark";
    EXPECT_EQ(m.timeline.current_event(), pursuit->event);
    EXPECT_EQ(m.camera_mode, ViewerModel::CameraMode::overview);
}

}  // namespace
}  // namespace vedette::viewer

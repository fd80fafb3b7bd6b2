// The viewer in a real window: Xvfb (xvfb-run) with lavapipe and the validation layer. A tour
// steps through a charge and a melee of the demo battle, chosen from the replay's records, and
// takes screenshots; the test checks that the panels showed what those records explain (read
// through the replay reader, as the viewer reads them), that the scene changed between steps,
// that resizing works, and that there was no validation error. A broken replay must open an
// error dialog and exit with code 2.

#include <gtest/gtest.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "renderer/image_io.h"
#include "sim/replay/replay.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using vedette::sim::record::Category;
using vedette::sim::record::Event;
using vedette::sim::record::Explanation;

fs::path out_dir(const std::string& name) {
    const fs::path dir = fs::path(VEDETTE_TEST_OUTPUT_DIR) / "viewer" / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::string read_text(const fs::path& p) {
    std::ifstream f(p);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

struct ViewerRun {
    int exit_code = -1;
    std::string output;
};

// Runs `vedette view` under xvfb-run with lavapipe and validation on.
ViewerRun run_viewer(const std::string& replay, const fs::path& tour, const fs::path& dir,
                     const std::string& extra = "") {
    const fs::path log = dir / "viewer.log";
    const std::string cmd =
        "VK_DRIVER_FILES=" VEDETTE_LAVAPIPE_ICD " VK_ICD_FILENAMES=" VEDETTE_LAVAPIPE_ICD
        " VEDETTE_VALIDATION=1 xvfb-run -a -s '-screen 0 1600x1000x24' '" VEDETTE_BINARY
        "' view '" +
        replay + "' --script '" + tour.string() + "' " + extra + " > '" + log.string() + "' 2>&1";
    ViewerRun r;
    const int status = std::system(cmd.c_str());
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.output = read_text(log);
    return r;
}

bool contains(const std::string& text, const std::string& what) {
    return text.find(what) != std::string::npos;
}

// Fraction of pixels that differ in the middle of the frame (the 3D scene between the panels).
double scene_difference(const fs::path& a, const fs::path& b) {
    const auto x = vedette::render::read_png(a.string());
    const auto y = vedette::render::read_png(b.string());
    EXPECT_EQ(x.width, y.width);
    if (x.width != y.width || x.height != y.height) return 0;
    std::size_t differ = 0, total = 0;
    for (std::uint32_t row = 20; row < x.height * 3 / 4; ++row)
        for (std::uint32_t col = 350; col < x.width - 450; ++col, ++total) {
            const auto* p = x.at(col, row);
            const auto* q = y.at(col, row);
            if (std::abs(p[0] - q[0]) + std::abs(p[1] - q[1]) + std::abs(p[2] - q[2]) > 24)
                ++differ;
        }
    return double(differ) / double(total);
}

// What an explanation must put on the screen, read from the record itself: each section's title,
// its dice, arithmetic, lit rows, key-value lines and the actual outcome of the odds.
std::vector<std::string> expected_lines(const Explanation& x, const std::string& panel) {
    std::vector<std::string> out;
    std::string what = x.title;
    for (char& c : what) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const auto& s : x.sections) {
        if (!s.title.empty()) out.push_back(panel + ": " + s.title);
        for (const auto& g : s.dice) {
            if (g.dice.empty()) continue;
            std::string dice = panel + ": dice";
            for (const auto& d : g.dice) dice += " " + std::to_string(d.value);
            out.push_back(dice);
            if (!g.total.empty()) out.push_back(panel + ": " + g.total);
        }
        for (const auto& r : s.rows)
            if (r.lit) out.push_back(panel + ": " + r.label);
        for (const auto& r : s.results)
            if (r.lit) out.push_back(panel + ": > " + r.label);
        for (const auto& o : s.outcomes)
            if (o.actual) out.push_back(o.label + "  <- this " + what);
        for (const auto& l : s.lines) out.push_back(panel + ": " + l.key + ": " + l.value);
    }
    return out;
}

void expect_shown(const std::string& text, const Explanation& x, const std::string& panel) {
    for (const auto& line : expected_lines(x, panel))
        EXPECT_TRUE(contains(text, line)) << "missing: " << line << "\n" << text;
}

TEST(ViewerWindow, TourThroughAChargeAndAMeleeShowsTheirNumbers) {
    const std::string replay =
        std::string(VEDETTE_SOURCE_DIR) + "/replays/demo/demo_battle.replay.json";
    // Expectations come from the records the viewer reads (a version 1 file is converted on
    // read): the first explained melee with an actual outcome in its odds and dice on both
    // sides, and the charge (a declaration episode) that led to it.
    const vedette::sim::replay::Replay doc = vedette::sim::replay::read_replay(replay);
    const auto& events = doc.events;
    int melee = -1, declared = -1, contact = -1;
    for (const auto& e : events) {
        if (e.category != Category::melee || !e.explanation || e.units.empty()) continue;
        int dice_groups = 0;
        bool actual = false;
        for (const auto& s : e.explanation->sections) {
            for (const auto& g : s.dice) dice_groups += g.dice.empty() ? 0 : 1;
            for (const auto& o : s.outcomes) actual = actual || o.actual;
        }
        if (dice_groups >= 2 && actual) {
            melee = e.seq;
            break;
        }
    }
    ASSERT_GE(melee, 0);
    const Event& m = events[static_cast<std::size_t>(melee)];
    const std::string attacker = doc.header.units[static_cast<std::size_t>(m.units[0])].id;
    for (const auto& e : events) {
        if (e.seq >= melee) break;
        if (e.category == Category::declare && e.explanation && !e.units.empty() &&
            e.units[0] == m.units[0] && e.episode >= 0)
            declared = e.seq;
    }
    ASSERT_GE(declared, 0);
    const Event& d = events[static_cast<std::size_t>(declared)];
    for (const auto& e : events)
        if (e.episode == d.episode && e.kind == "contact") contact = e.seq;
    ASSERT_GT(contact, declared);

    const fs::path dir = out_dir("tour");
    const fs::path tour = dir / "tour.txt";
    std::ofstream(tour) << "# generated by viewer_window_test\n"
                        << "wait 2 frames\n"
                        << "seek event:" << declared << "\n"
                        << "select " << attacker << "\n"
                        << "screenshot charge_declared.png\n"
                        << "step event " << (contact - declared) << "\n"
                        << "screenshot charge_contact.png\n"
                        << "seek event:" << melee << "\n"
                        << "select none\n"
                        << "screenshot melee.png\n"
                        << "back event\n"
                        << "camera top\n"
                        << "screenshot before_melee_top.png\n"
                        << "size 960x540\n"
                        << "wait 3 frames\n"
                        << "screenshot resized.png\n"
                        << "quit\n";
    const ViewerRun r =
        run_viewer(replay, tour, dir, "--stats '" + (dir / "stats.json").string() + "'");
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_FALSE(contains(r.output, "Validation Error")) << r.output;
    EXPECT_FALSE(contains(r.output, "validation errors")) << r.output;

    // The episode panel followed the charge: the declaration's distances, then every step's
    // dice up to the contact, marked as the current step.
    const std::string declared_text = read_text(dir / "charge_declared.txt");
    expect_shown(declared_text, *d.explanation, "episode");
    bool distance = false;
    for (const auto& s : d.explanation->sections)
        for (const auto& l : s.lines) distance = distance || l.key == "distance";
    EXPECT_TRUE(distance) << "the declaration records the charge distance";
    EXPECT_TRUE(contains(declared_text, "unit: ")) << "the unit inspector shows the selected unit\n"
                                                   << declared_text;
    const std::string contact_text = read_text(dir / "charge_contact.txt");
    EXPECT_TRUE(contains(contact_text, "contact  <- now")) << contact_text;
    int tests = 0;
    for (int i = declared; i <= contact; ++i) {
        const Event& e = events[static_cast<std::size_t>(i)];
        if (!e.explanation) continue;
        tests += e.category == Category::test;
        expect_shown(contact_text, *e.explanation, "episode");
    }
    EXPECT_GT(tests, 0) << "the charge had tests with dice";
    EXPECT_GT(scene_difference(dir / "charge_declared.png", dir / "charge_contact.png"), 0.005)
        << "the scene must change between the declaration and the contact";

    // The explanation panel shows this melee: scores, dice and totals, the lit modifier rows,
    // the lit result row, the casualty arithmetic and the actual outcome of the odds.
    const std::string melee_text = read_text(dir / "melee.txt");
    expect_shown(melee_text, *m.explanation, "explanation");
    EXPECT_TRUE(contains(melee_text, "<- this melee")) << melee_text;
    EXPECT_TRUE(contains(melee_text,
                         "current: " + std::to_string(melee) + " " + m.kind + " (" + m.rule + ")"))
        << "the log shows the event with its rule\n"
        << melee_text;

    // Stepping back and switching to the top camera changes the picture.
    EXPECT_GT(scene_difference(dir / "melee.png", dir / "before_melee_top.png"), 0.05);
    EXPECT_TRUE(contains(read_text(dir / "before_melee_top.txt"),
                         "event " + std::to_string(melee - 1) + " of"));

    // Resizing recreated the swapchain and the frame.
    const auto resized = vedette::render::read_png((dir / "resized.png").string());
    EXPECT_EQ(resized.width, 960u);
    EXPECT_EQ(resized.height, 540u);

    const json stats = json::parse(std::ifstream(dir / "stats.json"));
    EXPECT_GT(stats["frames"].get<int>(), 10);
    EXPECT_GE(stats["steps"].get<int>(), 4);
}

TEST(ViewerWindow, BrokenReplayOpensAnErrorDialog) {
    const fs::path dir = out_dir("broken");
    const fs::path bad = dir / "broken.replay.json";
    const std::string good =
        read_text(fs::path(VEDETTE_SOURCE_DIR) / "replays/demo/demo_battle.replay.json");
    std::ofstream(bad) << good.substr(0, good.size() / 3);  // cut off mid-file
    const fs::path tour = dir / "tour.txt";
    std::ofstream(tour) << "wait 2 frames\nscreenshot error.png\nquit\n";
    const ViewerRun r = run_viewer(bad.string(), tour, dir);
    EXPECT_EQ(r.exit_code, 2) << r.output;
    EXPECT_FALSE(contains(r.output, "Validation Error")) << r.output;
    const std::string shown = read_text(dir / "error.txt");
    EXPECT_TRUE(contains(shown, "error: Vedette cannot open")) << shown;
    EXPECT_TRUE(contains(shown, "broken.replay.json")) << shown;
    const auto image = vedette::render::read_png((dir / "error.png").string());
    EXPECT_EQ(image.width, 1280u);
}

TEST(ViewerWindow, BadTourLineIsReportedWithExitCode2) {
    const fs::path dir = out_dir("bad_tour");
    const fs::path tour = dir / "tour.txt";
    std::ofstream(tour) << "wait 1 frames\nselect no_such_unit\nquit\n";
    const ViewerRun r = run_viewer(
        std::string(VEDETTE_SOURCE_DIR) + "/replays/demo/demo_battle.replay.json", tour, dir);
    EXPECT_EQ(r.exit_code, 2) << r.output;
    EXPECT_TRUE(contains(r.output, "line 2")) << r.output;
    EXPECT_TRUE(contains(r.output, "no_such_unit")) << r.output;
}

}  // namespace

// Text sizes a projector shows (issue 28): the viewer at 1920x1080 under Xvfb, presenter layout,
// font scale 1 and 2, one melee of each rule system. The sizes are measured from the capture the
// viewer writes beside each screenshot (FILE.layout.txt: each text item's pixel height and place):
// at scale 1 the result card's headline is at least 32 px, its lines 24, its dice 48 and the 3D
// labels 24; at scale 2 each is larger; nothing is cut off at its window's bottom or the frame's,
// and at scale 2 the luck line, the status line and the scrub bar are all there. The moments are
// read from the replays (each one's first melee with a result card).

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <sstream>

#include "renderer/scene/result_card.h"
#include "sim/replay/replay.h"
#include "tests/app/viewer/viewer_harness.h"

namespace text_size_viewer_test {

namespace viewer_test = vedette::viewer_test;
namespace fs = std::filesystem;

struct Item {
    std::string panel, kind, text;
    float pixels = 0, top = 0, bottom = 0, window_bottom = 0, display = 0;
};

std::vector<Item> read_layout(const fs::path& p) {
    std::vector<Item> items;
    std::istringstream in(viewer_test::read_text(p));
    for (std::string line; std::getline(in, line);) {
        std::vector<std::string> f;
        std::size_t at = 0;
        for (int i = 0; i < 7; ++i) {
            const std::size_t tab = line.find('\t', at);
            if (tab == std::string::npos) break;
            f.push_back(line.substr(at, tab - at));
            at = tab + 1;
        }
        EXPECT_EQ(f.size(), 7u) << "a layout line of 8 fields: " << line;
        if (f.size() != 7) continue;
        items.push_back({f[0], f[1], line.substr(at), std::stof(f[2]), std::stof(f[3]),
                         std::stof(f[4]), std::stof(f[5]), std::stof(f[6])});
    }
    return items;
}

// The smallest pixel height of the items of `panel` and `kind` (0 when there is none).
float smallest(const std::vector<Item>& items, const std::string& panel, const std::string& kind) {
    float s = 0;
    for (const auto& i : items)
        if (i.panel == panel && i.kind == kind) s = s == 0 ? i.pixels : std::min(s, i.pixels);
    return s;
}

bool any(const std::vector<Item>& items, const std::string& panel, const std::string& kind,
         const std::string& words = "") {
    for (const auto& i : items) {
        std::string t = i.text;
        for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (i.panel == panel && i.kind == kind && t.find(words) != std::string::npos) return true;
    }
    return false;
}

// Nothing cut off: every item ends inside its window and the frame. The episode panel is left
// out: it is a list that scrolls to the step in progress, its other steps below by design.
void expect_nothing_cut_off(const std::vector<Item>& items, const std::string& where) {
    for (const auto& i : items) {
        if (i.panel == "episode") continue;
        EXPECT_LE(i.bottom, i.window_bottom + 0.5f)
            << where << ": " << i.panel << " " << i.kind << " cut off: " << i.text;
        EXPECT_LE(i.bottom, i.display + 0.5f) << where << ": " << i.panel << " " << i.text;
    }
}

// The first melee (or shock) of `replay` whose explanation makes a result card.
int first_melee_with_card(const vedette::sim::replay::Replay& r) {
    for (const auto& e : r.events)
        if (e.category == vedette::sim::record::Category::melee && e.explanation &&
            vedette::render::result_card_of(*e.explanation))
            return e.seq;
    return -1;
}

void check_system(const std::string& name, const std::string& replay_file) {
    const std::string replay = std::string(VEDETTE_SOURCE_DIR) + "/" + replay_file;
    const int melee = first_melee_with_card(vedette::sim::replay::read_replay(replay));
    ASSERT_GE(melee, 0) << replay_file << " has a melee with a result card";
    const fs::path dir = viewer_test::out_dir("text_size_" + name);
    const fs::path tour = dir / "tour.txt";
    // Enough frames for the panels to take their places and the card to fit its text.
    std::ofstream(tour) << "wait 2 frames\nlayout presenter\nfont 1\nseek event:" << melee
                        << "\nwait 12 frames\nscreenshot scale1.png\nfont 2\nwait 12 frames\n"
                        << "screenshot scale2.png\nquit\n";
    std::string output;
    const int rc = viewer_test::run_logged(
        viewer_test::kLavapipe +
            "xvfb-run -a -s '-screen 0 1920x1080x24' '" VEDETTE_BINARY "' view '" + replay +
            "' --size 1920x1080 --script '" + tour.string() + "'",
        dir / "viewer.log", output);
    ASSERT_EQ(rc, 0) << output;
    EXPECT_FALSE(viewer_test::contains(output, "Validation Error")) << output;

    const auto one = read_layout(dir / "scale1.layout.txt");
    const auto two = read_layout(dir / "scale2.layout.txt");
    ASSERT_FALSE(one.empty());
    ASSERT_FALSE(two.empty());
    EXPECT_EQ(one.front().display, 1080.0f) << "the window is 1080 pixels high";
    struct Size {
        const char* panel;
        const char* kind;
        float at_least;
    };
    for (const Size& s : {Size{"explanation", "headline", 32}, Size{"explanation", "text", 24},
                          Size{"explanation", "dice", 48}, Size{"overlays", "label", 24}}) {
        const float a = smallest(one, s.panel, s.kind), b = smallest(two, s.panel, s.kind);
        EXPECT_GE(a, s.at_least) << name << ": " << s.panel << " " << s.kind << " at scale 1";
        EXPECT_GT(b, a) << name << ": " << s.panel << " " << s.kind << " larger at scale 2";
    }
    expect_nothing_cut_off(one, name + " at scale 1");
    expect_nothing_cut_off(two, name + " at scale 2");
    EXPECT_TRUE(any(two, "explanation", "heading", "luck")) << name << ": the luck line";
    EXPECT_TRUE(any(two, "timeline", "text", "event ")) << name << ": the status line";
    EXPECT_TRUE(any(two, "timeline", "scrub")) << name << ": the scrub bar";
}

TEST(TextSizeViewer, GeneralDeBrigadeMeleeAt1080p) {
    check_system("demo", "replays/demo/demo_battle.replay.json");
}

TEST(TextSizeViewer, BorodinoShockAt1080p) {
    check_system("borodino", "replays/borodino/shevardino_battle.replay.json");
}

TEST(TextSizeViewer, DicePoolMeleeAt1080p) {
    check_system("dicepool", "replays/dicepool/14_action.replay.json");
}

}  // namespace text_size_viewer_test

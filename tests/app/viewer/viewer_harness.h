#pragma once
// Shared by the window tests of the rule systems' replays (dicepool_viewer_test,
// borodino_viewer_test): run the viewer under Xvfb on lavapipe with validation on, and say what
// a panel must show for an explanation record. The expectations are read from the records, never
// written in a test.

#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "sim/replay/replay.h"

namespace vedette::viewer_test {

namespace fs = std::filesystem;

// A fresh folder for one test's screenshots and logs under the build's test output.
inline fs::path out_dir(const std::string& name) {
    const fs::path dir = fs::path(VEDETTE_TEST_OUTPUT_DIR) / "viewer" / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

inline std::string read_text(const fs::path& p) {
    std::ifstream f(p);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

inline bool contains(const std::string& text, const std::string& what) {
    return text.find(what) != std::string::npos;
}

inline const std::string kLavapipe =
    "VK_DRIVER_FILES=" VEDETTE_LAVAPIPE_ICD " VK_ICD_FILENAMES=" VEDETTE_LAVAPIPE_ICD
    " VEDETTE_VALIDATION=1 ";

// Runs a shell command, its output into `log`; returns the exit code.
inline int run_logged(const std::string& cmd, const fs::path& log, std::string& output) {
    const int status = std::system((cmd + " > '" + log.string() + "' 2>&1").c_str());
    output = read_text(log);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// `vedette view REPLAY --script TOUR` under xvfb-run with lavapipe and validation on.
inline int run_viewer(const std::string& replay, const fs::path& tour, const fs::path& dir,
                      std::string& output) {
    return run_logged(kLavapipe +
                          "xvfb-run -a -s '-screen 0 1600x1000x24' '" VEDETTE_BINARY "' view '" +
                          replay + "' --script '" + tour.string() + "'",
                      dir / "viewer.log", output);
}

// The first event of `kind` (-1 when the replay has none).
inline int first_of(const sim::replay::Replay& r, const std::string& kind) {
    for (const auto& e : r.events)
        if (e.kind == kind) return e.seq;
    return -1;
}

// What a panel must say for an explanation, read from the record: each section's title, the dice
// with their marks, the arithmetic after them, the lit modifier and result rows, the exact odds
// line and the actual outcome, and the key-value lines.
inline std::vector<std::string> expected_lines(const sim::record::Explanation& x,
                                               const std::string& panel) {
    std::vector<std::string> out;
    std::string what = x.title;
    for (char& c : what) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const auto& s : x.sections) {
        if (!s.title.empty()) out.push_back(panel + ": " + s.title);
        for (const auto& g : s.dice) {
            if (!g.label.empty()) out.push_back(panel + ": " + g.label);
            if (!g.dice.empty()) {
                std::string dice = panel + ": dice", marks;
                for (const auto& d : g.dice) {
                    dice += " " + std::to_string(d.value);
                    if (!d.mark.empty()) marks += (marks.empty() ? "" : ", ") + d.mark;
                }
                out.push_back(marks.empty() ? dice : dice + "  [" + marks + "]");
            }
            if (!g.total.empty()) out.push_back(panel + ": " + g.total);
        }
        for (const auto& r : s.rows)
            if (r.lit) out.push_back(panel + ": " + r.label);
        for (const auto& r : s.results)
            if (r.lit) out.push_back(panel + ": > " + r.label);
        if (s.kind == sim::record::SectionKind::odds && !s.denominator.empty())
            out.push_back(panel + ": exact, over " + s.denominator + " equally likely rolls");
        for (const auto& o : s.outcomes)
            if (o.actual) out.push_back(o.label + "  <- this " + what);
        for (const auto& l : s.lines) out.push_back(panel + ": " + l.key + ": " + l.value);
    }
    return out;
}

inline void expect_shown(const std::string& text, const sim::record::Explanation& x,
                         const std::string& panel) {
    for (const auto& line : expected_lines(x, panel))
        EXPECT_TRUE(contains(text, line)) << "missing: " << line << "\n" << text;
}

}  // namespace vedette::viewer_test

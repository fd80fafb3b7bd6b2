// fuzz_notebook: the umpire's notebook, `vedette record --live GAME.game`
// (app/cmd_record_live.cpp), without a terminal. The record is a shipped game without its `dice`
// lines (replays/games/gdb_two_charges.game; a first input line `@borodino_square` or
// `@dicepool_charge_short` picks another shipped game), written to a scratch file held by
// app/notebook_file.h's NotebookFile. The input's lines are then typed one by one as the notebook
// takes them: the record played (app/record_play.h play_record), `u` undoes the last entry
// (undo_last), `?` asks the waiting test's odds (result_odds, for tests of at most two dice), `r`
// or the dice typed ("5 4", "5,4", "54") become the waiting test's dice line (dice_entry), any
// other line is a line of the record; an entry is appended (append) only when the record with it
// still reads (record_mistake). Nothing here expects an error: the notebook's functions report
// what they refuse in words. After every step the file holds exactly the text the harness expects
// (what it held plus the entry, or what it held before the entry undone) and never a partial line.
//
// The app's files (record_play.cpp, notebook_file.cpp) are compiled into the target
// (tests/fuzz/CMakeLists.txt). One input is at most kMaxSteps entries, each a play or two.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "app/notebook_file.h"
#include "app/record_play.h"
#include "sim/gamerecord/game_record.h"
#include "tests/fuzz/fuzz_common.h"

namespace {

using namespace vedette;

constexpr int kMaxSteps = 8;

// The shipped game `name` without its `dice` lines: what the umpire has typed before the first
// throw.
std::string without_dice(const std::string& name) {
    std::istringstream in(fuzz::source_file("replays/games/" + name + ".game"));
    std::string out;
    for (std::string line; std::getline(in, line);) {
        const std::size_t first = line.find_first_not_of(" \t");
        if (first != std::string::npos && line.compare(first, 5, "dice ") == 0) continue;
        out += line + "\n";
    }
    return out;
}

const std::string& shipped(const std::string& name) {
    static const std::string gdb = without_dice("gdb_two_charges");
    static const std::string borodino = without_dice("borodino_square");
    static const std::string dicepool = without_dice("dicepool_charge_short");
    if (name == "borodino_square") return borodino;
    if (name == "dicepool_charge_short") return dicepool;
    return gdb;
}

void check_odds(const std::vector<std::pair<std::string, double>>& odds, int count, int faces) {
    if (odds.empty()) return;  // no test waiting, or a throw the rules refuse
    double sum = 0;
    int throws = 1;
    for (int k = 0; k < count; ++k) throws *= faces;
    fuzz::expect(odds.size() <= std::size_t(throws), "more results than throws");
    for (std::size_t i = 0; i < odds.size(); ++i) {
        fuzz::expect(odds[i].second > 0 && odds[i].second <= 1,
                     "a result's chance is not in (0, 1]");
        fuzz::expect(i == 0 || odds[i - 1].second >= odds[i].second,
                     "the results are not best first");
        sum += odds[i].second;
    }
    fuzz::expect(sum > 1 - 1e-9 && sum < 1 + 1e-9, "the results' chances do not add up to 1");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::string> lines;
    {
        std::istringstream in(fuzz::as_text(data, size));
        for (std::string line; std::getline(in, line);) lines.push_back(line);
    }
    std::size_t first = 0;
    std::string name;
    if (!lines.empty() && !lines[0].empty() && lines[0][0] == '@') name = lines[first++].substr(1);

    const std::string path = fuzz::write_scratch_file("notebook.game", shipped(name));
    std::string expected = shipped(name);
    std::vector<std::string> appended;  // the entries the notebook may take back, oldest first
    std::mt19937 roller{1};             // `r`: the notebook's die, fixed so inputs reproduce
    bool asked_odds = false;
    int steps = 0;
    app::NotebookFile notebook(path);

    const auto check_file = [&](const char* when) {
        const std::string text = app::record_text(path);
        if (text != expected) std::fprintf(stderr, "after %s\n", when);
        fuzz::expect(text == expected, "the record file is not what the notebook wrote");
        fuzz::expect(text.empty() || text.back() == '\n', "the record file ends in a partial line");
    };

    for (std::size_t i = first; i < lines.size() && steps < kMaxSteps; ++i) {
        std::string line = lines[i];
        if (line.size() > sim::gamerecord::kMaxLineBytes) continue;  // "not added: ... longer"
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        if (line.empty()) continue;
        ++steps;
        const std::string text = app::record_text(path);
        const app::PlayedRecord p = app::play_record(text, path, "");
        if (line == "u") {
            const std::string said = notebook.undo_last();
            if (appended.empty()) {
                fuzz::expect(said.rfind("nothing to undo", 0) == 0,
                             "undid an entry it never wrote");
            } else {
                fuzz::expect(said.rfind("undone: ", 0) == 0, "did not undo its last entry");
                expected.resize(expected.size() - appended.back().size());
                appended.pop_back();
            }
            check_file("an undo");
            continue;
        }
        if (line == "?" && p.wanted) {
            if (p.wanted->count <= 2 && !asked_odds) {
                asked_odds = true;  // every throw played: once an input
                check_odds(app::result_odds(text, path, "", p), p.wanted->count,
                           p.high - p.low + 1);
            }
            continue;
        }
        std::string entry = line;
        if (p.wanted) {
            std::vector<int> dice;
            if (line == "r") {
                const unsigned faces = unsigned(p.high - p.low + 1);
                for (int k = 0; k < p.wanted->count; ++k)
                    dice.push_back(p.low + int(roller() % faces));
            } else {
                dice = app::dice_typed(line, p.wanted->count, p.low, p.high);
            }
            if (!dice.empty()) entry = app::dice_entry(p, dice);
        }
        const std::string candidate =
            text + (text.empty() || text.back() == '\n' ? "" : "\n") + entry + "\n";
        if (!app::record_mistake(candidate, path).empty()) {
            check_file("an entry refused");
            continue;  // "not added: ..."
        }
        const std::string bytes = candidate.substr(text.size());
        notebook.append(bytes);  // EntryNotWritten only for a failed write: a finding here
        appended.push_back(bytes);
        expected = candidate;
        check_file("an entry");
        fuzz::expect(app::record_mistake(app::record_text(path), path).empty(),
                     "the record with an entry added does not read");
    }
    check_file("the last entry");
    return 0;
}

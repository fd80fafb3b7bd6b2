// `vedette record --live GAME.game`: the umpire's notebook at the table. After every entry the
// record is played again; the terminal shows what happened since, then asks for the next dice
// (the unit, the test and how many are needed) or, when no test waits, for the next line of the
// record (a move, a charge, a reaction, `turn N`). Every accepted entry is appended to the file at
// once and flushed to disk: a kill -9 loses nothing, and running it again goes on from the last
// line. The file itself is app/notebook_file.h's: locked, written whole or not at all, undone
// only as far as this notebook wrote it. Standard input may be a terminal, a pipe (the tests
// drive it so) or tmux; its lines are bounded while they are read.

#include <cstdio>
#include <optional>
#include <random>

#include "app/cli.h"
#include "app/notebook_file.h"
#include "app/record_play.h"
#include "sim/core/input_error.h"
#include "sim/gamerecord/record_lexer.h"
#include "sim/gamerecord/record_limits.h"
#include "sim/replay/replay.h"
#include "sim/ruleset/registry.h"

namespace vedette::app {

namespace {

// The chance of each total of `count` dice (the `?` answer).
void print_totals(int count, int low, int high) {
    std::vector<double> p(1, 1.0);
    for (int k = 0; k < count; ++k) {
        std::vector<double> next(p.size() + std::size_t(high - low), 0.0);
        for (std::size_t t = 0; t < p.size(); ++t)
            for (int f = 0; f <= high - low; ++f)
                next[t + std::size_t(f)] += p[t] / (high - low + 1);
        p = next;
    }
    std::printf("  totals of %d dice, and the chance of that total or more:\n", count);
    double more = 1.0;
    for (std::size_t t = 0; t < p.size(); ++t) {
        std::printf("    %2d: %5.1f%%   %d or more: %5.1f%%\n", int(t) + count * low, 100 * p[t],
                    int(t) + count * low, 100 * more);
        more -= p[t];
    }
}

// What happened since the last prompt, then the prompt: the waiting test's known modifiers and
// rows and the dice it needs, or the next line.
void show_story_and_prompt(const PlayedRecord& p, std::size_t& shown) {
    if (shown > p.events.size()) shown = p.events.size();  // after an undo
    for (; shown < p.events.size(); ++shown) std::printf("  %s\n", p.events[shown].c_str());
    if (!p.problem.empty()) std::printf("  (not playable yet: %s)\n", p.problem.c_str());
    if (p.wanted) {
        for (const auto& k : p.known) std::printf("  %s\n", k.c_str());
        std::printf("roll: turn %d, %s: %s, %dd%d%s> ", p.wanted->turn, p.wanted->unit_name.c_str(),
                    sim::replay::purpose_words(p.wanted->purpose).c_str(), p.wanted->count,
                    p.high - p.low + 1, p.low == 0 ? " read 0-9" : "");
    } else {
        std::printf("next line> ");
    }
    std::fflush(stdout);
}

// The `?` answer: the chance of each total, then of each result of the waiting test here.
void show_odds(const std::string& text, const std::string& game, const std::string& rules_dir,
               const PlayedRecord& p) {
    print_totals(p.wanted->count, p.low, p.high);
    const auto odds = result_odds(text, game, rules_dir, p);
    if (!odds.empty()) std::printf("  what the throw gives here (every throw played):\n");
    for (const auto& [result, chance] : odds)
        std::printf("    %5.1f%%  %s\n", 100 * chance, result.c_str());
}

// The record's line(s) for what was typed: the waiting test's dice (typed, or `r`: rolled at the
// table, not by the simulation's PRNG), else the line as typed.
std::string entry_for(const std::string& line, const PlayedRecord& p, std::mt19937& roller) {
    if (!p.wanted) return line;
    std::vector<int> dice;
    if (line == "r") {
        const unsigned faces = unsigned(p.high - p.low + 1);
        for (int k = 0; k < p.wanted->count; ++k) dice.push_back(p.low + int(roller() % faces));
    } else {
        dice = dice_typed(line, p.wanted->count, p.low, p.high);
    }
    return dice.empty() ? line : dice_entry(p, dice);
}

// One line of standard input, bounded as it is read; false at its end. A line too long is said
// and read as an empty one.
bool next_line(std::string& line) {
    bool too_long = false;
    if (!read_bounded_line(stdin, sim::gamerecord::kMaxLineBytes, line, too_long)) return false;
    if (too_long)
        std::printf(
            "  not added: the line is longer than %zu bytes, the most a record's line "
            "holds\n",
            sim::gamerecord::kMaxLineBytes);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    return true;
}

}  // namespace

int run_record_live(const std::string& game, const std::string& rules_dir) {
    NotebookFile record(game);  // refuses a read-only record, or one another notebook holds
    std::mt19937 roller{std::random_device{}()};
    std::size_t shown = 0;  // events printed: the story so far
    std::printf(
        "%s: the umpire's notebook (docs/GAME_RECORD.md). Type the dice thrown, or a line "
        "of the record; r: Vedette rolls, u: undo the last entry, ?: the odds, Ctrl-D: "
        "stop.\n",
        game.c_str());
    for (std::string line;;) {
        const std::string text = record_text(game);
        const PlayedRecord p = play_record(text, game, rules_dir);
        show_story_and_prompt(p, shown);
        if (!next_line(line)) break;
        if (line.empty()) continue;
        if (line == "u") {
            std::printf("  %s\n", record.undo_last().c_str());
            continue;
        }
        if (line == "?" && p.wanted) {
            show_odds(text, game, rules_dir, p);
            continue;
        }
        const std::string candidate = text + (text.empty() || text.back() == '\n' ? "" : "\n") +
                                      entry_for(line, p, roller) + "\n";
        if (const std::string mistake = record_mistake(candidate, game); !mistake.empty()) {
            std::printf("  not added: %s\n", mistake.c_str());
            continue;
        }
        try {
            record.append(candidate.substr(text.size()));
        } catch (const EntryNotWritten& e) {
            std::printf("  not added: %s\n", e.what());
            std::fflush(stdout);
            std::fprintf(stderr, "error: %s\n", e.what());
            return sim::kExitBadInput;
        }
    }
    std::printf("\n%s: %zu events so far; `vedette record %s -o REPLAY` makes the replay\n",
                game.c_str(), shown, game.c_str());
    return 0;
}

}  // namespace vedette::app

// Entry point of the `vedette` program: picks the subcommand and turns every failure into a
// clear message and an exit code (2 for usage errors and bad input, 1 for anything else).

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include <sys/resource.h>

#include "app/cli.h"
#include "app/interrupt.h"
#include "app/terminal_text.h"
#include "sim/core/input_error.h"
#include "sim/ruleset/registry.h"

namespace vedette::app {

namespace {

int run_version(const Args&) {
    std::printf("vedette %s\n", VEDETTE_VERSION);
    return 0;
}

const Subcommand kSubcommands[] = {
    {"version", "", "print the program version", run_version},
    {"melee", "FILE.json [--json] [--odds] [--seed N] [--rules DIR]",
     "resolve one melee (or shock) of the file's ruleset and explain every die, modifier and row",
     run_melee},
    {"simulate", "SCENARIO -o REPLAY [--rules DIR]",
     "play a scenario's battle by the rules and record it as a replay", run_simulate},
    {"record",
     "GAME.game -o REPLAY [--roll-missing] [--strict] [--rules DIR] | --live GAME.game | --from "
     "REPLAY_OR_SCENARIO -o GAME.game",
     "play a game record (a game as it was played, typed in any editor: docs/GAME_RECORD.md) into "
     "a replay that embeds it; --from writes any scenario or replay as a game record",
     run_record},
    {"verify", "REPLAY [--rules DIR]",
     "re-simulate a replay and say whether it is identical (exit 0) or where it differs",
     run_verify},
    {"events", "REPLAY", "print a replay's events with their rule references", run_events},
    {"luck", "REPLAY [--json] [--png FILE]",
     "how lucky each side was: its luck in every event with exact odds, the running sum, the "
     "luckiest and unluckiest moments; --png draws the graph",
     run_luck},
    {"branch",
     "REPLAY --at event:N (--outcome NAME | --dice V,V,... | --seed S) -o BRANCH [--rules DIR]",
     "what if event N's dice had fallen otherwise: keep every die before it, set its dice, play "
     "the rest again; the branch names its parent and verifies like any replay",
     run_branch},
    {"check", "SCENARIO [--png FILE] [--rules DIR]",
     "check a scenario: read it, play it once, find overlapping bases and doubtful orders; "
     "--png draws a deployment map",
     run_check},
    {"odds", "SCENARIO --runs N [--jobs J] [--json] [--replay REPLAY] [--png FILE] [--rules DIR]",
     "play a scenario under N seeds and count its outcomes: each side's losses, who holds the "
     "field, how often each unit survived",
     run_odds},
    {"migrate", "REPLAY [-o OUT] [--rules DIR]",
     "rewrite a replay of an older format version in the current one (version 3)", run_migrate},
    {"rules", "[--ruleset ID] [--rules DIR]",
     "print the loaded ruleset tables, marking the default values", run_rules},
#ifndef VEDETTE_SIM_ONLY
    {"view",
     "[REPLAY] [--script TOUR] [--size WxH] [--no-vsync] [--all-panels] [--stats FILE] [--rules "
     "DIR] [--labels name|short|id] [--layout standard|presenter] [--font-scale X] [--notes "
     "FILE]",
     "open the replay viewer (no REPLAY: the demo battle); a tour script can drive it", run_view},
    {"edit", "GAME.game [--script TOUR] [--size WxH] [--rules DIR]",
     "the viewer on a game record's table: place, turn and re-form its units (the unit panel or "
     "the tour's `edit UNIT key=value...`), then `save` rewrites their lines of the record",
     run_edit},
    {"render",
     "REPLAY (--event N | --time SECONDS) [--size WxH] [--camera "
     "top|director|overview|follow:UNIT] [--overlay none|captions|panels|presenter|viewer] "
     "[--labels name|short|id] [--luck] -o FILE.png",
     "render one moment of a replay offscreen to a PNG", run_render},
    {"export",
     "REPLAY -o FILE.mp4|.webm|.gif [--size WxH] [--fps 30|60] [--from T] [--to T] [--speed X] "
     "[--camera director|top|overview|follow:UNIT] [--overlay "
     "none|captions|panels|presenter|viewer] [--labels name|short|id] [--hold KIND=SECONDS]... "
     "[--min-caption SECONDS] [--max-caption SECONDS] [--reading-rate CHARS] "
     "[--title-card SECONDS] [--end-card SECONDS] [--story UNIT] [--notes FILE] "
     "[--luck] [--still-holds] "
     "[--quality CRF] [--srt "
     "FILE.srt] [--chapters FILE] [--footprints FILE.jsonl] [--frames DIR | --raw FILE] [--hash] "
     "[--render-every-frame] "
     "[--quiet]",
     "export a replay as a video (MP4, WebM or GIF; or PNG frames) at a fixed time step",
     run_export},
    {"triangle", "-o FILE.png [--size WxH]",
     "render the Vulkan smoke-test triangle offscreen and write it as PNG", run_triangle},
    {"gpu-info", "", "show the Vulkan device Vedette would render with", run_gpu_info},
#endif
};

void print_usage(std::FILE* out) {
    std::fprintf(out,
                 "Vedette: replay and explain Napoleonic charges and melees.\n\n"
                 "usage: vedette <command> [arguments]\n\ncommands:\n");
    for (const auto& c : kSubcommands)
        std::fprintf(out, "  %-10.*s %.*s\n", int(c.name.size()), c.name.data(),
                     int(c.summary.size()), c.summary.data());
    std::fprintf(out, "\n'vedette <command> --help' shows a command's arguments.\n");
}

}  // namespace

bool take_flag(Args& args, std::string_view flag) {
    for (auto it = args.begin(); it != args.end(); ++it)
        if (*it == flag) {
            args.erase(it);
            return true;
        }
    return false;
}

std::string take_option(Args& args, std::string_view name) {
    const std::string prefix = std::string(name) + "=";
    for (auto it = args.begin(); it != args.end(); ++it) {
        if (*it == name) {
            if (it + 1 == args.end()) throw UsageError{std::string(name) + " needs a value"};
            std::string value = *(it + 1);
            args.erase(it, it + 2);
            return value;
        }
        if (it->rfind(prefix, 0) == 0) {
            std::string value = it->substr(prefix.size());
            args.erase(it);
            return value;
        }
    }
    return {};
}

bool plain_decimal(const std::string& text, bool negative) {
    const std::size_t from = negative && !text.empty() && text[0] == '-' ? 1 : 0;
    return text.size() > from && text.find_first_not_of("0123456789", from) == std::string::npos;
}

std::int64_t whole_number(const std::string& text, const std::string& flag, std::int64_t lo,
                          std::int64_t hi) {
    char* end = nullptr;
    errno = 0;
    // Plain decimals only (strtoll alone would take "+6" and " 6" as 6).
    const long long v = plain_decimal(text, lo < 0) ? std::strtoll(text.c_str(), &end, 10) : 0;
    if (!plain_decimal(text, lo < 0) || errno != 0 || v < lo || v > hi)
        throw UsageError{flag + " expects a whole number from " + std::to_string(lo) + " to " +
                         std::to_string(hi) + ", got '" + text + "'"};
    return v;
}

void expect_no_more_options(const Args& args) {
    for (const auto& a : args)
        if (a.size() > 1 && a[0] == '-') throw UsageError{"unknown option " + a};
}

int main_impl(int argc, char** argv) {
    if (argc < 2) {
        print_usage(stderr);
        return sim::kExitBadInput;
    }
    const std::string name = argv[1];
    if (name == "--help" || name == "-h" || name == "help") {
        print_usage(stdout);
        return 0;
    }
    for (const auto& c : kSubcommands) {
        if (c.name != name) continue;
        Args args(argv + 2, argv + argc);
        if (take_flag(args, "--help") || take_flag(args, "-h")) {
            std::printf("usage: vedette %s %.*s\n  %.*s\n", name.c_str(), int(c.synopsis.size()),
                        c.synopsis.data(), int(c.summary.size()), c.summary.data());
            return 0;
        }
        try {
            return c.run(args);
        } catch (const UsageError& e) {
            std::fprintf(stderr, "vedette %s: %s\nusage: vedette %s %.*s\n", name.c_str(),
                         e.message.c_str(), name.c_str(), int(c.synopsis.size()),
                         c.synopsis.data());
            return sim::kExitBadInput;
        } catch (const sim::InputError& e) {
            std::fprintf(stderr, "error: %s\n", e.what());
            return sim::kExitBadInput;
        } catch (const std::exception& e) {
            std::fprintf(stderr, "error: %s\n", e.what());
            return 1;
        }
    }
    std::fprintf(stderr, "vedette: unknown command '%s'\n\n", name.c_str());
    print_usage(stderr);
    return sim::kExitBadInput;
}

}  // namespace vedette::app

namespace {

// With VEDETTE_PEAK_RSS=1 the program says on stderr how much memory it held at most: the memory
// tests compare a long export or viewer run with a short one (a leak grows with the frames).
void report_peak_memory() {
    const char* want = std::getenv("VEDETTE_PEAK_RSS");
    if (!want || want[0] != '1') return;
    rusage usage{};
    if (getrusage(RUSAGE_SELF, &usage) == 0)
        std::fprintf(stderr, "peak RSS: %ld KiB\n", static_cast<long>(usage.ru_maxrss));
}

}  // namespace

int main(int argc, char** argv) {
    // The program names its rule systems; the core's registry knows none by itself.
    vedette::sim::ruleset::register_builtin_rulesets();
    vedette::app::install_interrupt_handling();
    vedette::app::install_escaped_standard_streams();
    const int code = vedette::app::main_impl(argc, argv);
    report_peak_memory();
    return code;
}

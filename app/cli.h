#pragma once
// The `vedette` command line: a table of subcommands, each a function taking its arguments.
// Usage errors and bad input exit with code 2 (sim::kExitBadInput).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace vedette::app {

using Args = std::vector<std::string>;

struct Subcommand {
    std::string_view name;
    std::string_view synopsis;  // the argument pattern, e.g. "FILE.json [--json] [--odds]"
    std::string_view summary;   // one line for `vedette --help`
    int (*run)(const Args& args);
};

// Thrown for wrong flags or arguments; main prints it with the subcommand's synopsis, exits 2.
struct UsageError {
    std::string message;
};

// Small argument helpers shared by the subcommands.
bool take_flag(Args& args, std::string_view flag);
// Removes `--name VALUE` (or `--name=VALUE`) and returns VALUE; empty string when absent.
std::string take_option(Args& args, std::string_view name);
void expect_no_more_options(const Args& args);
// A whole number from lo to hi given to `flag`; a UsageError naming the flag and the range
// otherwise (anything after the digits is refused). For the commands of a VEDETTE_SIM_ONLY build
// too; the rendering commands' flags use cli_values.h.
std::int64_t whole_number(const std::string& text, const std::string& flag, std::int64_t lo,
                          std::int64_t hi);
// Digits only, with a leading '-' when `negative`: no '+', spaces, hex or anything after.
bool plain_decimal(const std::string& text, bool negative);

int run_melee(const Args& args);
int run_rules(const Args& args);
int run_simulate(const Args& args);
int run_verify(const Args& args);
int run_events(const Args& args);
int run_luck(const Args& args);
int run_branch(const Args& args);
int run_migrate(const Args& args);
int run_check(const Args& args);
int run_odds(const Args& args);
int run_record(const Args& args);
#ifndef VEDETTE_SIM_ONLY
int run_triangle(const Args& args);
int run_render(const Args& args);
int run_export(const Args& args);
int run_view(const Args& args);
int run_edit(const Args& args);
int run_gpu_info(const Args& args);
#endif

}  // namespace vedette::app

// `vedette branch REPLAY --at event:N (--outcome NAME | --dice V,V,... | --seed S) -o BRANCH`:
// what if event N's dice had fallen otherwise (sim/ruleset/branch.h). Every die before event N is
// kept; event N's dice are set (to the values given, to dice that give the outcome named, or
// re-rolled with all that follows under seed S); the rest of the battle plays out again. The
// branch is a replay like any other: its record names its parent and N, and `vedette verify`
// plays it again. Prints what changed: the dice, the outcome, the first event that differs.

#include <cerrno>
#include <cstdio>
#include <cstdlib>

#include "app/cli.h"
#include "app/cli_files.h"
#include "sim/core/atomic_file.h"
#include "sim/core/output_clash.h"
#include "sim/replay/replay.h"
#include "sim/ruleset/branch.h"
#include "sim/ruleset/registry.h"

namespace vedette::app {

namespace {

int event_flag(const std::string& text) {
    if (text.rfind("event:", 0) != 0)
        throw UsageError{"--at expects event:N (the event whose dice change), got '" + text + "'"};
    return static_cast<int>(whole_number(text.substr(6), "--at event:N", 0, 100000000));
}

std::vector<int> dice_flag(const std::string& text) {
    std::vector<int> dice;
    std::size_t at = 0;
    while (at <= text.size()) {
        const std::size_t comma = text.find(',', at);
        const std::string one =
            text.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
        dice.push_back(static_cast<int>(whole_number(one, "--dice V,V,...", 0, 1000)));
        if (comma == std::string::npos) break;
        at = comma + 1;
    }
    return dice;
}

// "French cuirassiers 2's melee x12, Russian line 2's melee x12": whose dice and what for, runs of
// the same grouped.
std::string whose(const std::vector<sim::replay::TapeDie>& dice,
                  const std::vector<sim::record::RosterUnit>& units) {
    std::string out;
    for (std::size_t i = 0; i < dice.size();) {
        std::size_t j = i;
        while (j < dice.size() && dice[j].unit == dice[i].unit &&
               dice[j].purpose == dice[i].purpose)
            ++j;
        const int u = dice[i].unit;
        const std::string name =
            u >= 0 && u < int(units.size()) ? units[std::size_t(u)].name + "'s " : "";
        out += (out.empty() ? "" : ", ") + name + dice[i].purpose +
               (j - i > 1 ? " x" + std::to_string(j - i) : "");
        i = j;
    }
    return out;
}

std::string joined(const std::vector<int>& v) {
    std::string s;
    for (int x : v) s += (s.empty() ? "" : ",") + std::to_string(x);
    return s;
}

sim::ruleset::BranchChoice choice_of(const std::string& outcome, const std::string& dice,
                                     const std::string& seed) {
    if (outcome.empty() + dice.empty() + seed.empty() != 2)
        throw UsageError{"give exactly one of --outcome NAME, --dice V,V,... or --seed S"};
    sim::ruleset::BranchChoice c;
    if (!dice.empty()) {
        c.kind = sim::ruleset::BranchChoice::Kind::dice;
        c.dice = dice_flag(dice);
    } else if (!seed.empty()) {
        c.kind = sim::ruleset::BranchChoice::Kind::seed;
        c.seed = static_cast<std::uint64_t>(whole_number(seed, "--seed", 0, INT64_MAX));
    } else {
        c.outcome = outcome;
    }
    return c;
}

}  // namespace

int run_branch(const Args& in) {
    Args args = in;
    const std::string out = take_option(args, "-o");
    const std::string at_text = take_option(args, "--at");
    const std::string outcome = take_option(args, "--outcome");
    const std::string dice = take_option(args, "--dice");
    const std::string seed = take_option(args, "--seed");
    const std::string rules_dir = take_option(args, "--rules");
    expect_no_more_options(args);
    if (args.size() != 1) throw UsageError{"expected one replay file"};
    if (out.empty()) throw UsageError{"-o BRANCH.replay.json is required"};
    if (at_text.empty()) throw UsageError{"--at event:N is required"};
    const int at = event_flag(at_text);
    const sim::ruleset::BranchChoice choice = choice_of(outcome, dice, seed);
    sim::check_output_path(out, "-o");
    const sim::replay::Replay parent = sim::replay::read_replay(args[0], rules_dir);
    sim::refuse_clashing_outputs(
        {{"REPLAY", args[0]}, ruleset_input(rules_dir, parent.header.ruleset)}, {{"-o", out}});
    const auto rules =
        sim::ruleset::make_ruleset(parent.header.ruleset, rules_dir, args[0], "$.ruleset");
    const sim::ruleset::Branch b = sim::ruleset::make_branch(parent, *rules, at, choice);
    sim::write_file_atomically(out, sim::replay::write_replay_text(b.recorded));
    const auto& e = parent.events[static_cast<std::size_t>(at)];
    std::printf("%s: branched at event %d (%s: %s)\n", args[0].c_str(), at, e.kind.c_str(),
                e.text.c_str());
    std::printf("  its dice: %s\n", whose(b.thrown, parent.header.units).c_str());
    std::printf("  dice %s -> %s%s\n", joined(b.was).c_str(), joined(b.now).c_str(),
                b.tries > 0 ? (" (found in " + std::to_string(b.tries) + " tries)").c_str() : "");
    if (!b.outcome_was.empty() || !b.outcome_now.empty())
        std::printf("  outcome \"%s\" -> \"%s\"\n", b.outcome_was.c_str(), b.outcome_now.c_str());
    if (b.first_difference >= 0)
        std::printf("  first difference at event %d; %zu events (the parent has %zu)\n",
                    b.first_difference, b.recorded.events.size(), parent.events.size());
    else
        std::printf("  the battle plays out the same: %zu events\n", b.recorded.events.size());
    std::printf("  wrote %s (its record names the parent, events hash %s)\n", out.c_str(),
                parent.events_hash.c_str());
    return 0;
}

}  // namespace vedette::app

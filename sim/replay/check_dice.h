#pragma once
// Where a play's dice came from, for `vedette check`: what became of each entry of a scenario's
// "dice" list (the values the writer forced for a narrated example) and which dice the seed threw
// because nothing forced them. The one dice source (dice_source.h) keeps it while a rule system
// plays, and the rule system hands it over with the record (replay::Recorded::dice). The audit is
// not written into replay files: it describes the scenario, and `verify` plays it again anyway.

#include <string>
#include <vector>

namespace vedette::sim::replay {

// One entry of the scenario's "dice" list and what the play did with its values.
struct ForcedDiceUse {
    std::string path;     // its JSON path, "$.dice[2]"
    int turn = 0;         // 0: any turn (a rule system whose forced dice name no turn)
    int unit = -1;        // roster index
    std::string purpose;  // as the scenario names it ("melee_test")
    int given = 0;        // values written
    int used = 0;         // values the play took
    std::string problem;  // why the play set them aside ("a melee takes exactly 2 dice")
    // Dice given without their test (`dice 5 4`): labelled to the next test that had none, whose
    // dice they fell short of when `needed` > given (0: they were enough). Unit -1: no test took
    // them.
    bool loose = false;
    int needed = 0;
};

// Loose dice (`$.loose_dice[loose]`) labelled by the play to the test that took them.
struct LooseLabel {
    std::size_t loose = 0;
    int turn = 0;
    int unit = -1;
    std::string purpose;
};

// The dice one unit threw from the seed for one purpose in one turn.
struct SeedDice {
    int turn = 0;
    int unit = -1;
    std::string purpose;  // in the scenario's words for forcing them
    int count = 0;
};

struct DiceAudit {
    std::vector<ForcedDiceUse> forced;  // in the scenario's order
    std::vector<SeedDice> from_seed;    // in the order the play threw them
    std::vector<LooseLabel> labels;     // loose dice, in the order the play took them
    // Entries that are an error: set aside for their count, or not all used.
    bool has_errors() const;
    // Whether entry `f` is an error.
    static bool is_error(const ForcedDiceUse& f);
};

// The audit in plain words for a player, one line each: forced dice left unused or set aside
// (errors), then the dice the seed throws. `unit_name` gives a roster index's name.
struct DiceReport {
    std::vector<std::string> errors;
    std::vector<std::string> from_seed;
};
template <class NameOf>
DiceReport describe_dice(const DiceAudit& audit, NameOf unit_name);

// A scenario's purpose id in words ("melee_test" -> "melee test").
std::string purpose_words(const std::string& purpose);
std::string describe_forced_error(const ForcedDiceUse& f, const std::string& unit);
std::string describe_seed_dice(const SeedDice& s, const std::string& unit);

template <class NameOf>
DiceReport describe_dice(const DiceAudit& audit, NameOf unit_name) {
    DiceReport r;
    for (const auto& f : audit.forced)
        if (DiceAudit::is_error(f)) r.errors.push_back(describe_forced_error(f, unit_name(f.unit)));
    for (const auto& s : audit.from_seed)
        r.from_seed.push_back(describe_seed_dice(s, unit_name(s.unit)));
    return r;
}

}  // namespace vedette::sim::replay

#pragma once
// The one dice source every rule system throws its dice through. A scenario's `dice` list (and a
// game record's dice lines) are read once, by the core, into typed GivenDice; the play asks the
// source for each die of a test, and the source answers with the next die given for that test
// (marked forced at the roll, with the table's ruling on the first die of its entry) or throws it
// from the engine's PRNG (marked from the seed). Dice given without their unit and test (a
// record's `dice 5 4`, the scenario's `loose_dice`) go to the next test, in the play's order, that
// has none given: they are labelled in the same single play, and the labels come back in the
// audit so the record can write them down.
//
// Nothing here decides an outcome: it hands over the faces the players wrote, in their order.

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sim/replay/check_dice.h"
#include "sim/replay/dice_tape.h"

namespace vedette::sim {
class JsonNode;
}

namespace vedette::sim::replay {

// One entry of the `dice` list: the faces thrown for one unit's test.
struct GivenDice {
    int turn = 0;  // 0: any turn (a rule system whose dice name no turn)
    int unit = -1;
    std::string purpose;  // the test, in the rule system's words ("charge_test")
    std::vector<int> values;
    std::string as_played;  // the table's ruling of the test ("" : as the dice give)
    std::string path;       // "$.dice[2]" or "$.loose_dice[0]", for messages
    // What else the table ruled with it, by key, as the rule system names them
    // (DiceRules::ruled_keys): e.g. {"casualties": "2", "retreat": "15cm"}.
    std::map<std::string, std::string> ruled;
};

// Dice given without their unit and test: for the next test that has none given.
struct LooseDice {
    int turn = 0;  // the turn they stand in (0: any)
    std::vector<int> values;
    std::string path;  // "$.loose_dice[0]"
};

// What a rule system says of its dice, for reading them.
struct DiceRules {
    std::vector<std::string> purposes;  // the tests a `dice` entry may name
    int low = 1, high = 6;              // the die's faces
    bool names_turns = true;            // entries carry their turn
    // The results `as_played` may name for a test (empty: the test takes no as_played), and how
    // many dice an entry with as_played must hold (one test's dice).
    std::function<std::vector<std::string>(const std::string& purpose)> as_played_results;
    std::function<int(const std::string& purpose)> dice_of_test;
    // The further keys an entry played otherwise may carry for a test (what the table ruled
    // with its result, e.g. "casualties"), and a check of each value: the problem, or "".
    std::function<std::vector<std::string>(const std::string& purpose)> ruled_keys;
    std::function<std::string(const std::string& key, const std::string& value)> check_ruled;
    // What the messages call them: as_played goes with "the dice of a charge test, a stand test
    // or a pursuit test (melee_test)"; "the 2 dice of the test played as ...".
    std::string as_played_goes_with;
    std::string test_word = "test";
};

// Reads the scenario's `dice` and `loose_dice` lists (either may be absent). `unit_of` reads a
// unit reference to its roster index; `turns` is the scenario's number of turns. Throws
// InputError at the entry's JSON path.
struct GivenDiceLists {
    std::vector<GivenDice> given;
    std::vector<LooseDice> loose;
};
GivenDiceLists read_given_dice(const JsonNode& root, const DiceRules& rules, int turns,
                               const std::function<int(const JsonNode&)>& unit_of);

// A die as the play threw it.
struct Die {
    int value = 0;
    bool forced = false;    // given by the scenario or the record (or set by a branch)
    std::string as_played;  // the table's ruling, on the first die of an entry that has one
    std::map<std::string, std::string> ruled;  // with it, what else the table ruled
};

class DiceSource {
public:
    DiceSource() = default;
    DiceSource(std::vector<GivenDice> given, std::vector<LooseDice> loose);

    // The next die of `unit`'s `purpose` test in `turn`: given (forced), else `from_prng()`
    // (from the seed). Either way it goes through `tape` (a branch may set it).
    Die roll(int turn, int unit, const std::string& purpose, int low, int high, DiceTape& tape,
             const std::function<int()>& from_prng);

    // The next die given for the test, without a PRNG (for engines that throw pools
    // themselves); nullopt when none is given. The die is marked forced.
    std::optional<Die> take(int turn, int unit, const std::string& purpose);
    // `n` dice of the test came from the seed.
    void from_seed(int turn, int unit, const std::string& purpose, int n = 1);
    // How many given dice of the test are still to take (its own entries, not loose dice).
    int remaining(int turn, int unit, const std::string& purpose) const;
    // The test's entries not yet touched are set aside (the seed throws instead): `problem`
    // says why ("a unit throws exactly 2 melee dice").
    void set_aside(int turn, int unit, const std::string& purpose, const std::string& problem);

    // Where every die came from; loose dice appear as the entries they were labelled to (their
    // path "$.loose_dice[i]"), and in `labels`.
    DiceAudit audit() const;

private:
    struct Entry {
        GivenDice dice;
        std::size_t used = 0;
        bool set_aside = false;
        std::string problem;  // why it was set aside
        bool loose = false;   // labelled by the play from loose dice
    };
    bool matches(const Entry& e, int turn, int unit, const std::string& purpose) const;
    // Labels the next loose dice to this test when it has had no die given yet.
    Entry* label_loose(int turn, int unit, const std::string& purpose);

    std::vector<Entry> entries_;
    std::vector<LooseDice> loose_;
    std::size_t next_loose_ = 0;
    std::vector<SeedDice> from_seed_;  // in the order the play threw them
    std::vector<LooseLabel> labels_;
};

}  // namespace vedette::sim::replay

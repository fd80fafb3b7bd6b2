#include "sim/replay/check_dice.h"

#include <algorithm>

namespace vedette::sim::replay {

namespace {

std::string dice_count(int n, const std::string& what) {
    return std::to_string(n) + " " + what + (n == 1 ? " die" : " dice");
}

}  // namespace

bool DiceAudit::is_error(const ForcedDiceUse& f) {
    return !f.problem.empty() || f.used < f.given || f.needed > f.given;
}

bool DiceAudit::has_errors() const {
    return std::any_of(forced.begin(), forced.end(), is_error);
}

std::string purpose_words(const std::string& purpose) {
    std::string s = purpose;
    std::replace(s.begin(), s.end(), '_', ' ');
    return s;
}

std::string describe_forced_error(const ForcedDiceUse& f, const std::string& unit) {
    if (f.loose && f.unit < 0)
        return std::string("dice for no test") +
               (f.turn > 0 ? " in turn " + std::to_string(f.turn) : "") +
               ": every test of the game has its dice (or they stand under the wrong `turn`)";
    if (f.loose && f.needed > f.given)
        return "turn " + std::to_string(f.turn) + ", " + unit +
               ": the next test waiting for its "
               "dice is its " +
               purpose_words(f.purpose) + ", which takes " + std::to_string(f.needed) + ", not " +
               std::to_string(f.given);
    if (f.loose && f.used < f.given)
        return "turn " + std::to_string(f.turn) + ", " + unit +
               ": the next test waiting for its "
               "dice is its " +
               purpose_words(f.purpose) + ", which takes " + std::to_string(f.used) + ", not " +
               std::to_string(f.given);
    std::string s = f.path + ": " + (f.turn > 0 ? "turn " + std::to_string(f.turn) + ", " : "") +
                    unit + ": " + dice_count(f.given, purpose_words(f.purpose)) + " forced, ";
    if (!f.problem.empty()) return s + "but " + f.problem + ": none used, the seed throws them";
    if (f.used == 0)
        return s + "but the play never throws " + purpose_words(f.purpose) +
               " dice for this unit then: none used";
    return s + "but the play throws only " + std::to_string(f.used) + ": " +
           std::to_string(f.given - f.used) + " left unused";
}

std::string describe_seed_dice(const SeedDice& s, const std::string& unit) {
    return "turn " + std::to_string(s.turn) + ", " + unit + ": " +
           dice_count(s.count, purpose_words(s.purpose));
}

}  // namespace vedette::sim::replay

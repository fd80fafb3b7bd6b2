#include "sim/ruleset/odds.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace vedette::sim::ruleset {

std::string decimal_text(OddsCount value) {
    if (value == 0) return "0";
    std::string digits;
    while (value > 0) {
        digits.push_back(static_cast<char>('0' + static_cast<int>(value % 10)));
        value /= 10;
    }
    std::reverse(digits.begin(), digits.end());
    return digits;
}

double odds_probability(OddsCount count, OddsCount denominator) {
    if (denominator == 0) return 0.0;
    return static_cast<double>(static_cast<long double>(count) /
                               static_cast<long double>(denominator));
}

const char* odds_winner_name(OddsWinner winner) {
    switch (winner) {
        case OddsWinner::attacker:
            return "attacker";
        case OddsWinner::defender:
            return "defender";
        case OddsWinner::none:
            break;
    }
    return "none";
}

nlohmann::ordered_json fraction_json(OddsCount count, OddsCount denominator) {
    return {{"count", decimal_text(count)}, {"probability", odds_probability(count, denominator)}};
}

nlohmann::ordered_json odds_json(const Odds& odds) {
    nlohmann::ordered_json j;
    j["method"] = odds.method;
    j["denominator"] = decimal_text(odds.denominator);
    nlohmann::ordered_json outcomes = nlohmann::ordered_json::array();
    // Every outcome has exactly one winner (or none), so these add up to the denominator too.
    OddsCount by_winner[3] = {0, 0, 0};
    for (const OddsOutcome& o : odds.outcomes) {
        nlohmann::ordered_json x;
        x["id"] = o.id;
        x["label"] = o.label;
        x["winner"] = odds_winner_name(o.winner);
        x["count"] = decimal_text(o.count);
        x["probability"] = odds_probability(o.count, odds.denominator);
        x["actual"] = o.actual;
        if (!o.specific.empty()) x[odds.ruleset] = nlohmann::ordered_json::parse(o.specific);
        outcomes.push_back(std::move(x));
        by_winner[static_cast<int>(o.winner)] += o.count;
    }
    j["outcomes"] = std::move(outcomes);
    nlohmann::ordered_json winners;
    for (const OddsWinner w : {OddsWinner::attacker, OddsWinner::defender, OddsWinner::none})
        winners[odds_winner_name(w)] =
            fraction_json(by_winner[static_cast<int>(w)], odds.denominator);
    j["winners"] = std::move(winners);
    if (!odds.specific.empty()) j[odds.ruleset] = nlohmann::ordered_json::parse(odds.specific);
    return j;
}

}  // namespace vedette::sim::ruleset

#include "sim/gamerecord/dice_use.h"

#include <nlohmann/json.hpp>

#include "sim/core/input_error.h"
#include "sim/replay/check_dice.h"

namespace vedette::sim::gamerecord {

void refuse_unused_dice(const std::map<std::string, int>& lines, const replay::Recorded& result,
                        const std::string& file) {
    for (const auto& f : result.dice.forced) {
        if (!replay::DiceAudit::is_error(f)) continue;
        const auto at = lines.find(f.path);
        const int line = at == lines.end() ? 1 : at->second;
        const std::string unit = f.unit >= 0 && std::size_t(f.unit) < result.header.units.size()
                                     ? result.header.units[std::size_t(f.unit)].name
                                     : std::string("a unit");
        throw InputError(file + ":" + std::to_string(line) + ":1", "",
                         replay::describe_forced_error(f, unit));
    }
}

int line_of_test(const Json& scenario, const std::map<std::string, int>& lines,
                 const std::map<int, int>& turn_lines, int turn, const std::string& unit) {
    const Json& orders = scenario.value("orders", Json::array());
    for (const char* field : {"unit", "charge"})
        for (std::size_t i = 0; i < orders.size(); ++i) {
            const Json& o = orders[i];
            if (!o.is_object() || o.value("turn", 0) != turn || !o.contains(field) ||
                !o[field].is_string() || o[field].get<std::string>() != unit)
                continue;
            const auto at = lines.find("$.orders[" + std::to_string(i) + "]");
            if (at != lines.end()) return at->second;
        }
    const auto at = turn_lines.find(turn);
    return at == turn_lines.end() ? 1 : at->second;
}

}  // namespace vedette::sim::gamerecord

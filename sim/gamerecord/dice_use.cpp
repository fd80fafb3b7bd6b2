#include "sim/gamerecord/dice_use.h"

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

}  // namespace vedette::sim::gamerecord

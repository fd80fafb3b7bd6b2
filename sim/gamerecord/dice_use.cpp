#include "sim/gamerecord/dice_use.h"

#include "sim/core/input_error.h"
#include "sim/replay/check_dice.h"

namespace vedette::sim::gamerecord {

void refuse_unused_dice(const ReadRecord& record, const replay::Recorded& result,
                        const std::string& file) {
    for (const auto& f : result.dice.forced) {
        if (f.problem.empty() && f.used >= f.given) continue;
        const auto at = record.lines.find(f.path);
        const int line = at == record.lines.end() ? 1 : at->second;
        const std::string unit = f.unit >= 0 && std::size_t(f.unit) < result.header.units.size()
                                     ? result.header.units[std::size_t(f.unit)].name
                                     : std::string("a unit");
        throw InputError(file + ":" + std::to_string(line) + ":1", "",
                         replay::describe_forced_error(f, unit));
    }
}

}  // namespace vedette::sim::gamerecord

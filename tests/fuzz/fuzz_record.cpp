// fuzz_record: the game record reader (sim/gamerecord, `vedette record GAME.game`). Expected for
// bad input: sim::InputError "FILE:LINE:COL: ...". A record that reads must write back
// (`record --from`) to a text that reads as the same scenario, and the ruleset it names must read
// that scenario or refuse it with an InputError at one of the record's lines.

#include <cstddef>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "sim/core/input_error.h"
#include "sim/gamerecord/game_record.h"
#include "sim/ruleset/registry.h"
#include "sim/ruleset/ruleset.h"
#include "tests/fuzz/fuzz_common.h"

namespace {

using namespace vedette;

void check_written_back(const sim::gamerecord::ReadRecord& record) {
    sim::Json plain = record.scenario;
    plain.erase("game_record");
    const std::string text = sim::gamerecord::record_of_scenario(plain);
    sim::gamerecord::ReadRecord again;
    try {
        again = sim::gamerecord::read_record(text, "written.game");
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);
        fuzz::expect(false, "a record written back from one that read does not read");
    }
    again.scenario.erase("game_record");
    fuzz::expect(again.scenario == plain, "a record written back reads as another scenario");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    sim::gamerecord::ReadRecord record;
    try {
        record = sim::gamerecord::read_record(fuzz::as_text(data, size), "fuzz.game");
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);
        return 0;  // bad input: `vedette record` reports it (exit 2)
    }
    check_written_back(record);
    const std::string ruleset = record.scenario.value("ruleset", "");
    if (!sim::ruleset::has_ruleset(ruleset)) return 0;  // every registered rule system
    try {
        try {
            (void)fuzz::shipped_ruleset(ruleset).parse_scenario(record.scenario, "fuzz.game");
        } catch (const sim::InputError&) {
            sim::gamerecord::rethrow_at_record_line(record, "fuzz.game");
        }
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);
    }
    return 0;
}

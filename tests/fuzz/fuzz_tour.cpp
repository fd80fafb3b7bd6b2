// fuzz_tour: the tour script parser (app/viewer/tour_script parse_tour), compiled in without the
// viewer. Expected for bad input: sim::InputError naming the line. A tour that parses must hold
// only commands the runner knows, each with a line number inside the text.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "app/viewer/tour_script.h"
#include "sim/core/input_error.h"
#include "tests/fuzz/fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vedette;
    const std::string text = fuzz::as_text(data, size);
    viewer::Tour tour;
    try {
        tour = viewer::parse_tour(text, "fuzz.tour");
    } catch (const sim::InputError& e) {
        fuzz::rejected(e);
        return 0;  // bad input: `vedette view --script` reports it before the window opens (exit 2)
    }
    const auto lines = static_cast<int>(std::count(text.begin(), text.end(), '\n')) + 1;
    int previous = 0;
    for (const auto& c : tour.commands) {
        fuzz::expect(c.line > previous && c.line <= lines,
                     "a command's line number is not in the text");
        fuzz::expect(c.kind >= viewer::TourKind::seek_time && c.kind <= viewer::TourKind::quit,
                     "a command of no kind the runner knows");
        previous = c.line;
    }
    return 0;
}

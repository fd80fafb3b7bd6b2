// fuzz_cli_values: the parsers of the values users type on the command line and in tours
// (app/cli_values.h: numbers, seconds, sizes, label styles, looks, cameras, export's --from/--to
// moments), compiled in without the renderer (tests/fuzz/CMakeLists.txt). Each input line is given
// to every parser, with the ranges the commands and tours use. Expected for bad input: the plain
// parsers throw app::ValueError, the *_flag ones app::UsageError naming the flag; nothing else. A
// value returned lies in its range (a number in [lo, hi], a size's sides within the image limits,
// a moment within the replay's clock), reads back the same when written, and the flag version of a
// parser agrees with the plain one. The moments are taken in a shipped replay and in one without
// events.
//
// Not here: `whole_number` (app/cli.h), which the other subcommands' flags use, is defined in
// app/main.cpp beside main() and cannot be linked into a harness.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli.h"
#include "app/cli_values.h"
#include "renderer/scene/scene_state.h"
#include "sim/core/limits.h"
#include "sim/replay/replay.h"
#include "tests/fuzz/fuzz_common.h"

namespace {

using namespace vedette;
namespace limits = sim::limits;

constexpr std::size_t kMaxLines = 16;

struct WholeRange {
    std::int64_t lo, hi;
};
// The ranges the commands and tours give (cmd_export --quality, tour seek event:/turn:, step,
// size, click, sway; and the widest).
constexpr WholeRange kWholeRanges[] = {
    {0, 51},
    {0, std::numeric_limits<int>::max()},
    {0, limits::kMaxTurns},
    {-limits::kMaxStepCount, limits::kMaxStepCount},
    {0, limits::kMaxImageSide},
    {-20, 20},
    {std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()},
};

struct DecimalRange {
    double lo, hi;
};
constexpr DecimalRange kDecimalRanges[] = {
    {0.5, 4.0},       // --font-scale, tour `font`
    {0.0, 3600.0},    // pacing seconds
    {-1e6, 1e6},      // tour camera positions
    {0.0, 1e-3},      // a narrow range
    {-1e300, 1e300},  // the widest
};

const render::ReplayScene& scene() {
    static const render::ReplayScene loaded = render::scene_of(sim::replay::parse_replay(
        fuzz::source_file("replays/seed000/02_dragoons_vs_square.replay.json"),
        "02_dragoons_vs_square.replay.json"));
    return loaded;
}

const render::ReplayScene& empty_scene() {
    static const render::ReplayScene made = [] {
        render::ReplayScene s = scene();
        s.replay.events.clear();
        return s;
    }();
    return made;
}

bool starts(const std::string& s, const std::string& flag) {
    return s.rfind(flag, 0) == 0;
}

void numbers(const std::string& text) {
    for (const auto& r : kWholeRanges) {
        bool plain = false;
        std::int64_t v = 0;
        try {
            v = app::parse_whole(text, r.lo, r.hi);
            plain = true;
            fuzz::expect(v >= r.lo && v <= r.hi, "a whole number outside its range");
            fuzz::expect(app::parse_whole(std::to_string(v), r.lo, r.hi) == v,
                         "a whole number does not read back as itself");
        } catch (const app::ValueError&) {
        }
        try {
            const std::int64_t f = app::whole_flag("--n", text, r.lo, r.hi);
            fuzz::expect(plain && f == v, "whole_flag and parse_whole disagree");
        } catch (const app::UsageError& e) {
            fuzz::expect(!plain && starts(e.message, "--n expects "),
                         "whole_flag refused what parse_whole took, or did not name the flag");
        }
    }
    for (const auto& r : kDecimalRanges) {
        bool plain = false;
        double v = 0;
        try {
            v = app::parse_decimal(text, r.lo, r.hi);
            plain = true;
            fuzz::expect(std::isfinite(v) && v >= r.lo && v <= r.hi,
                         "a decimal number outside its range");
        } catch (const app::ValueError&) {
        }
        try {
            const double f = app::decimal_flag("--x", text, r.lo, r.hi);
            fuzz::expect(plain && f == v, "decimal_flag and parse_decimal disagree");
        } catch (const app::UsageError& e) {
            fuzz::expect(!plain && starts(e.message, "--x expects "),
                         "decimal_flag refused what parse_decimal took, or did not name the flag");
        }
    }
}

void seconds_and_sizes(const std::string& text) {
    bool plain = false;
    std::int64_t ms = 0;
    try {
        ms = app::parse_replay_seconds(text);
        plain = true;
        fuzz::expect(ms >= 0 && ms <= limits::kMaxReplayTimeMs, "seconds outside a replay's clock");
    } catch (const app::ValueError&) {
    }
    try {
        const std::int64_t f = app::replay_seconds_flag("--t", text);
        fuzz::expect(plain && f == ms, "replay_seconds_flag and parse_replay_seconds disagree");
    } catch (const app::UsageError& e) {
        fuzz::expect(!plain && starts(e.message, "--t expects "),
                     "replay_seconds_flag refused what parse_replay_seconds took");
    }

    plain = false;
    app::ImageSize size;
    try {
        size = app::parse_image_size(text);
        plain = true;
        for (const int side : {size.width, size.height})
            fuzz::expect(side >= limits::kMinImageSide && side <= limits::kMaxImageSide,
                         "an image side outside the limits");
    } catch (const app::ValueError&) {
    }
    const VkExtent2D fallback{123, 45};
    try {
        const VkExtent2D f = app::size_flag("--size", text, fallback);
        if (text.empty())
            fuzz::expect(f.width == 123 && f.height == 45, "no --size is not the fallback");
        else
            fuzz::expect(plain && f.width == std::uint32_t(size.width) &&
                             f.height == std::uint32_t(size.height),
                         "size_flag and parse_image_size disagree");
    } catch (const app::UsageError& e) {
        fuzz::expect(!plain && !text.empty() && starts(e.message, "--size expects "),
                     "size_flag refused what parse_image_size took");
    }
}

void words(const std::string& text) {
    try {
        const auto style = app::labels_flag("--labels", text);
        fuzz::expect(style.has_value() != text.empty(), "--labels without a style, or one unasked");
    } catch (const app::UsageError&) {
        fuzz::expect(!text.empty(), "no --labels refused");
    }
    for (const char* overlay : {"viewer", "none"}) {
        try {
            const render::Look look = app::look_flag("--look", text, overlay);
            fuzz::expect(look == render::Look::table || std::string(overlay) != "viewer",
                         "the miniature look taken with the viewer overlay");
        } catch (const app::UsageError&) {
            fuzz::expect(!text.empty(), "no --look refused");
        }
    }
    try {
        const render::CameraSpec camera = app::camera_flag("--camera", text);
        if (camera.mode == render::CameraSpec::Mode::follow) {
            fuzz::expect(!camera.unit.empty(), "a camera following no unit");
            try {
                app::check_camera_unit("--camera", camera, scene());
                bool found = false;
                for (const auto& u : scene().replay.header.units)
                    found = found || u.id == camera.unit;
                fuzz::expect(found, "a camera follows a unit the replay does not have");
            } catch (const app::UsageError&) {
            }
        }
    } catch (const app::UsageError&) {
    }
}

void moments(const std::string& text) {
    for (const render::ReplayScene* s : {&scene(), &empty_scene()}) {
        const std::int64_t latest =
            std::max<std::int64_t>(s->duration_ms, limits::kMaxReplayTimeMs);
        for (const bool end : {false, true}) {
            try {
                const std::int64_t t = app::replay_moment_flag("--from", text, *s, 7, end);
                if (text.empty()) fuzz::expect(t == 7, "no --from is not the fallback");
                fuzz::expect(t >= 0 && t <= latest, "a moment outside the replay's clock");
                if (starts(text, "event:") || starts(text, "turn:")) {
                    bool some = false;
                    for (const auto& e : s->replay.events)
                        some = some || t == (end ? e.t1_ms : e.t0_ms);
                    fuzz::expect(some, "event:N or turn:N is no event's moment");
                }
            } catch (const app::UsageError& e) {
                fuzz::expect(starts(e.message, "--from"),
                             "a moment's error does not name the flag");
            }
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(fuzz::as_text(data, size));
    std::size_t n = 0;
    for (std::string line; n < kMaxLines && std::getline(in, line); ++n) {
        numbers(line);
        seconds_and_sizes(line);
        words(line);
        moments(line);
    }
    (void)app::some_unit_ids(scene());
    (void)app::some_unit_ids(empty_scene());
    return 0;
}

#include "app/cli_values.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "app/cli.h"
#include "sim/core/limits.h"

namespace vedette::app {

namespace {

namespace limits = sim::limits;

// Longer than any number in range; anything longer is refused before conversion.
constexpr std::size_t kMaxNumberChars = 32;
// Unit ids listed in an error message.
constexpr std::size_t kUnitIdsShown = 8;

std::string number_words(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
}

std::string got(std::string_view text) {
    return ", got '" + std::string(text) + "'";
}

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

// -?digits, or -?digits.digits / -?.digits / -?digits. when `decimal`.
bool plain_number(std::string_view s, bool decimal) {
    if (s.empty() || s.size() > kMaxNumberChars) return false;
    std::size_t i = s[0] == '-' ? 1 : 0;
    bool digits = false, dot = false;
    for (; i < s.size(); ++i) {
        if (is_digit(s[i]))
            digits = true;
        else if (s[i] == '.' && decimal && !dot)
            dot = true;
        else
            return false;
    }
    return digits;
}

std::string whole_range(std::int64_t lo, std::int64_t hi) {
    return "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
}

std::string decimal_range(double lo, double hi) {
    return "a number from " + number_words(lo) + " to " + number_words(hi);
}

[[noreturn]] void flag_error(std::string_view flag, const ValueError& e) {
    throw UsageError{std::string(flag) + " expects " + e.what()};
}

}  // namespace

std::int64_t parse_whole(std::string_view text, std::int64_t lo, std::int64_t hi) {
    std::int64_t v = 0;
    if (plain_number(text, false)) {
        const auto r = std::from_chars(text.data(), text.data() + text.size(), v);
        // Out of int64's range is out of ours too.
        if (r.ec == std::errc() && r.ptr == text.data() + text.size() && v >= lo && v <= hi)
            return v;
    }
    throw ValueError(whole_range(lo, hi) + got(text));
}

double parse_decimal(std::string_view text, double lo, double hi) {
    double v = 0;
    if (plain_number(text, true)) {
        // fixed: no exponent; plain_number already refused inf, nan and hex.
        const auto r =
            std::from_chars(text.data(), text.data() + text.size(), v, std::chars_format::fixed);
        if (r.ec == std::errc() && r.ptr == text.data() + text.size() && std::isfinite(v) &&
            v >= lo && v <= hi)
            return v;
    }
    throw ValueError(decimal_range(lo, hi) + got(text));
}

std::int64_t parse_replay_seconds(std::string_view text) {
    constexpr double kMaxSeconds = static_cast<double>(limits::kMaxReplayTimeMs) / 1000.0;
    try {
        return static_cast<std::int64_t>(parse_decimal(text, 0.0, kMaxSeconds) * 1000.0);
    } catch (const ValueError&) {
        throw ValueError("seconds of replay time from 0 to " + number_words(kMaxSeconds) +
                         got(text));
    }
}

ImageSize parse_image_size(std::string_view text) {
    const std::string expected = "WIDTHxHEIGHT with each side from " +
                                 std::to_string(limits::kMinImageSide) + " to " +
                                 std::to_string(limits::kMaxImageSide);
    const auto x = text.find('x');
    if (x == std::string_view::npos) throw ValueError(expected + got(text));
    try {
        ImageSize s;
        s.width = static_cast<int>(
            parse_whole(text.substr(0, x), limits::kMinImageSide, limits::kMaxImageSide));
        s.height = static_cast<int>(
            parse_whole(text.substr(x + 1), limits::kMinImageSide, limits::kMaxImageSide));
        return s;
    } catch (const ValueError&) {
        throw ValueError(expected + got(text));
    }
}

std::int64_t whole_flag(std::string_view flag, std::string_view text, std::int64_t lo,
                        std::int64_t hi) {
    try {
        return parse_whole(text, lo, hi);
    } catch (const ValueError& e) {
        flag_error(flag, e);
    }
}

double decimal_flag(std::string_view flag, std::string_view text, double lo, double hi) {
    try {
        return parse_decimal(text, lo, hi);
    } catch (const ValueError& e) {
        flag_error(flag, e);
    }
}

std::int64_t replay_seconds_flag(std::string_view flag, std::string_view text) {
    try {
        return parse_replay_seconds(text);
    } catch (const ValueError& e) {
        flag_error(flag, e);
    }
}

VkExtent2D size_flag(std::string_view flag, std::string_view text, VkExtent2D fallback) {
    if (text.empty()) return fallback;
    try {
        const ImageSize s = parse_image_size(text);
        return {static_cast<std::uint32_t>(s.width), static_cast<std::uint32_t>(s.height)};
    } catch (const ValueError& e) {
        flag_error(flag, e);
    }
}

std::optional<render::LabelStyle> labels_flag(std::string_view flag, const std::string& text) {
    if (text.empty()) return std::nullopt;
    if (const auto style = render::parse_label_style(text)) return style;
    throw UsageError{std::string(flag) + " expects name, short or id"};
}

render::Look look_flag(std::string_view flag, const std::string& text, const std::string& overlay) {
    if (text.empty()) return render::Look::table;
    render::Look look = render::Look::table;
    try {
        look = render::parse_look(text);
    } catch (const std::invalid_argument& e) {
        throw UsageError{std::string(flag) + ": " + e.what()};
    }
    if (look == render::Look::miniature && overlay == "viewer")
        throw UsageError{std::string(flag) +
                         " miniature goes with --overlay none, captions, panels or presenter, not "
                         "viewer (the viewer's panels would blur with the table)"};
    return look;
}

render::CameraSpec camera_flag(std::string_view flag, const std::string& text) {
    try {
        return render::parse_camera(text);
    } catch (const std::invalid_argument& e) {
        throw UsageError{std::string(flag) + ": " + e.what()};
    }
}

std::string some_unit_ids(const render::ReplayScene& scene) {
    const auto& units = scene.replay.header.units;
    std::string ids;
    for (std::size_t i = 0; i < units.size() && i < kUnitIdsShown; ++i)
        ids += (i ? ", " : "") + units[i].id;
    if (units.size() > kUnitIdsShown) ids += ", ...";
    return ids + " (" + std::to_string(units.size()) + " units)";
}

void check_camera_unit(std::string_view flag, const render::CameraSpec& camera,
                       const render::ReplayScene& scene) {
    if (camera.mode != render::CameraSpec::Mode::follow) return;
    const auto& units = scene.replay.header.units;
    if (std::any_of(units.begin(), units.end(), [&](const auto& u) { return u.id == camera.unit; }))
        return;
    throw UsageError{std::string(flag) + " follow:" + camera.unit + ": no unit '" + camera.unit +
                     "' in this replay; its units are " + some_unit_ids(scene)};
}

std::int64_t replay_moment_flag(std::string_view flag, std::string_view text,
                                const render::ReplayScene& scene, std::int64_t fallback, bool end) {
    if (text.empty()) return fallback;
    const auto& events = scene.replay.events;
    const std::string f(flag);
    if (text.substr(0, 6) == "event:") {
        if (events.empty()) throw UsageError{f + ": the replay has no events"};
        const auto n = whole_flag(f + " event:N", text.substr(6), 0,
                                  static_cast<std::int64_t>(events.size()) - 1);
        const auto& e = events[static_cast<std::size_t>(n)];
        return end ? e.t1_ms : e.t0_ms;
    }
    if (text.substr(0, 5) == "turn:") {
        const auto n = whole_flag(f + " turn:N", text.substr(5), 0, limits::kMaxTurns);
        std::int64_t first = -1, last = -1;
        for (const auto& e : events)
            if (e.turn == n) {
                if (first < 0) first = e.t0_ms;
                last = e.t1_ms;
            }
        if (first < 0) throw UsageError{f + ": the replay has no turn " + std::to_string(n)};
        return end ? last : first;
    }
    try {
        return parse_replay_seconds(text);
    } catch (const ValueError& e) {
        throw UsageError{f + " expects event:N, turn:N or " + e.what()};
    }
}

}  // namespace vedette::app

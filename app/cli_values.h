#pragma once
// Strict parsing of the values users type on the command line (render, view, export) and in tours.
// A number is plain decimal: digits, at most one '.', and a leading '-' only where the range allows
// negatives. No exponent ("1e308"), no hex ("0x10"), no "inf" or "nan", no '+', no spaces and
// nothing after the number ("3x"); and it must lie in the range the caller names. So a typo is an
// error instead of a huge wait, a NaN speed or an overflowing count.
//
// The plain parsers throw ValueError saying what was expected; the *_flag versions turn that into a
// UsageError naming the flag (exit 2). Tours add their file and line instead (tour_script.cpp).

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include <vulkan/vulkan.h>

#include "renderer/scene/camera.h"
#include "renderer/scene/look.h"
#include "renderer/scene/scene_state.h"
#include "renderer/scene/unit_labels.h"

namespace vedette::app {

struct ValueError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A whole number from lo to hi.
std::int64_t parse_whole(std::string_view text, std::int64_t lo, std::int64_t hi);
// A decimal number from lo to hi.
double parse_decimal(std::string_view text, double lo, double hi);
// Seconds of replay time, 0 to limits::kMaxReplayTimeMs / 1000, as milliseconds (truncated).
std::int64_t parse_replay_seconds(std::string_view text);
// WxH, each side from limits::kMinImageSide to limits::kMaxImageSide.
struct ImageSize {
    int width = 0, height = 0;
};
ImageSize parse_image_size(std::string_view text);

// The same for a command-line flag: throw UsageError{"FLAG expects ..., got '...'"}.
std::int64_t whole_flag(std::string_view flag, std::string_view text, std::int64_t lo,
                        std::int64_t hi);
double decimal_flag(std::string_view flag, std::string_view text, double lo, double hi);
std::int64_t replay_seconds_flag(std::string_view flag, std::string_view text);
// --size WxH; `fallback` when the flag was not given (empty text).
VkExtent2D size_flag(std::string_view flag, std::string_view text, VkExtent2D fallback);

// --labels name|short|id; nullopt when the flag was not given (empty text).
std::optional<render::LabelStyle> labels_flag(std::string_view flag, const std::string& text);
// --look table|miniature (table when not given). The miniature look blurs the rendered picture,
// so it is refused with --overlay viewer, whose panels are drawn into that picture.
render::Look look_flag(std::string_view flag, const std::string& text, const std::string& overlay);
// --camera top|director|overview|follow:UNIT; the syntax only (before the replay is loaded).
render::CameraSpec camera_flag(std::string_view flag, const std::string& text);
// Once the replay is loaded: a followed unit must be one of its units. The error names the
// unknown id and lists a few valid ones.
void check_camera_unit(std::string_view flag, const render::CameraSpec& camera,
                       const render::ReplayScene& scene);
// A few of the replay's unit ids for error messages: "a, b, c, ... (42 units)".
std::string some_unit_ids(const render::ReplayScene& scene);

// `--from`/`--to` of export: seconds of replay time, event:N (its start, or its end when `end`)
// or turn:N (its first event's start, or its last event's end). `fallback` when text is empty.
std::int64_t replay_moment_flag(std::string_view flag, std::string_view text,
                                const render::ReplayScene& scene, std::int64_t fallback, bool end);

}  // namespace vedette::app

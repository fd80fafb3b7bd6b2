// Command-line values (render, view, export): plain decimal numbers within their ranges, nothing
// else; errors name the flag and are usage errors (exit 2); a followed unit must exist.

#include <gtest/gtest.h>

#include <cmath>

#include "app/cli.h"
#include "app/cli_values.h"
#include "sim/core/limits.h"

namespace vedette::app {
namespace {

namespace limits = sim::limits;

TEST(CliValues, WholeNumbers) {
    EXPECT_EQ(parse_whole("0", 0, 10), 0);
    EXPECT_EQ(parse_whole("10", 0, 10), 10);
    EXPECT_EQ(parse_whole("-7", -10, 10), -7);
    EXPECT_EQ(parse_whole("007", 0, 10), 7);
    for (const char* bad : {"", "-", "11", "-1", "3x", "x3", " 3", "3 ", "+3", "0x10", "1e2", "2.0",
                            "nan", "inf", "99999999999999999999", "-9223372036854775809"})
        EXPECT_THROW(parse_whole(bad, 0, 10), ValueError) << bad;
    try {
        parse_whole("3x", 0, 10);
    } catch (const ValueError& e) {
        EXPECT_STREQ(e.what(), "a whole number from 0 to 10, got '3x'");
    }
}

TEST(CliValues, DecimalNumbers) {
    EXPECT_EQ(parse_decimal("2.5", 0, 8), 2.5);
    EXPECT_EQ(parse_decimal(".25", 0, 8), 0.25);
    EXPECT_EQ(parse_decimal("3.", 0, 8), 3.0);
    EXPECT_EQ(parse_decimal("8", 0, 8), 8.0);
    EXPECT_EQ(parse_decimal("-1.5", -2, 8), -1.5);
    for (const char* bad : {"", ".", "-", "1e308", "1E3", "nan", "NaN", "inf", "-inf", "infinity",
                            "0x1p3", "3x", "1.2.3", "+1", " 1", "1 ", "8.000001", "-0.1",
                            "1000000000000000000000000000000000000000"})
        EXPECT_THROW(parse_decimal(bad, 0, 8), ValueError) << bad;
    try {
        parse_decimal("nan", 0.25, 8);
    } catch (const ValueError& e) {
        EXPECT_STREQ(e.what(), "a number from 0.25 to 8, got 'nan'");
    }
}

TEST(CliValues, ReplaySeconds) {
    EXPECT_EQ(parse_replay_seconds("0"), 0);
    EXPECT_EQ(parse_replay_seconds("12.5"), 12500);
    EXPECT_EQ(parse_replay_seconds("3600000"), limits::kMaxReplayTimeMs);
    for (const char* bad : {"1e308", "3600000.5", "-1", "nan", "inf", "12s", "event:3"})
        EXPECT_THROW(parse_replay_seconds(bad), ValueError) << bad;
}

TEST(CliValues, ImageSizes) {
    const ImageSize s = parse_image_size("1280x720");
    EXPECT_EQ(s.width, 1280);
    EXPECT_EQ(s.height, 720);
    EXPECT_EQ(parse_image_size("16x8192").height, limits::kMaxImageSide);
    for (const char* bad : {"", "1280", "1280x", "x720", "15x720", "1280x8193", "0x0", "1280X720",
                            "1280x720x", "1280x720 ", "-1280x720", "1e3x720", "99999999999x720"})
        EXPECT_THROW(parse_image_size(bad), ValueError) << bad;
}

// A UsageError whose message contains `words`.
template <typename F>
void expect_usage_error(F f, const std::string& words) {
    try {
        f();
        ADD_FAILURE() << "no error; expected: " << words;
    } catch (const UsageError& e) {
        EXPECT_NE(e.message.find(words), std::string::npos) << e.message;
    }
}

TEST(CliValues, FlagsAreNamedInErrors) {
    EXPECT_EQ(whole_flag("--event", "3", 0, 5), 3);
    EXPECT_EQ(decimal_flag("--speed", "0.5", 0.05, 100), 0.5);
    EXPECT_EQ(replay_seconds_flag("--time", "1.5"), 1500);
    expect_usage_error([] { whole_flag("--event", "-2147483648", 0, 147); },
                       "--event expects a whole number from 0 to 147, got '-2147483648'");
    expect_usage_error([] { decimal_flag("--speed", "nan", 0.05, 100); },
                       "--speed expects a number from 0.05 to 100, got 'nan'");
    expect_usage_error([] { replay_seconds_flag("--time", "1e308"); },
                       "--time expects seconds of replay time from 0 to 3600000, got '1e308'");
    const VkExtent2D fallback{1280, 720};
    EXPECT_EQ(size_flag("--size", "", fallback).width, 1280u);
    EXPECT_EQ(size_flag("--size", "800x600", fallback).height, 600u);
    expect_usage_error([&] { size_flag("--size", "100000x100000", fallback); },
                       "--size expects WIDTHxHEIGHT with each side from 16 to 8192");
}

// A replay with three units and three events over two turns, enough for the camera and moments.
render::ReplayScene small_scene() {
    render::ReplayScene scene;
    for (const char* id : {"f_cuir_1", "a_foot_1", "p_uhlans"}) {
        sim::record::RosterUnit u;
        u.id = id;
        scene.replay.header.units.push_back(u);
        scene.replay.unit_ids.push_back(id);
    }
    for (int i = 0; i < 3; ++i) {
        sim::record::Event e;
        e.seq = i;
        e.turn = i == 0 ? 1 : 2;
        e.t0_ms = i * 1000;
        e.t1_ms = i * 1000 + 800;
        scene.replay.events.push_back(e);
    }
    scene.duration_ms = 3000;
    return scene;
}

TEST(CliValues, CameraFollowsOnlyUnitsOfTheReplay) {
    const render::ReplayScene scene = small_scene();
    const render::CameraSpec spec = camera_flag("--camera", "follow:a_foot_1");
    EXPECT_EQ(spec.unit, "a_foot_1");
    EXPECT_NO_THROW(check_camera_unit("--camera", spec, scene));
    EXPECT_NO_THROW(check_camera_unit("--camera", camera_flag("--camera", "top"), scene));
    expect_usage_error([] { camera_flag("--camera", "sideways"); }, "--camera: unknown camera");
    const render::CameraSpec ghost = camera_flag("--camera", "follow:ghost");
    expect_usage_error([&] { check_camera_unit("--camera", ghost, scene); },
                       "--camera follow:ghost: no unit 'ghost' in this replay; its units are "
                       "f_cuir_1, a_foot_1, p_uhlans (3 units)");
}

TEST(CliValues, ExportMoments) {
    const render::ReplayScene scene = small_scene();
    EXPECT_EQ(replay_moment_flag("--from", "", scene, 0, false), 0);
    EXPECT_EQ(replay_moment_flag("--to", "", scene, 3000, true), 3000);
    EXPECT_EQ(replay_moment_flag("--from", "1.25", scene, 0, false), 1250);
    EXPECT_EQ(replay_moment_flag("--from", "event:1", scene, 0, false), 1000);
    EXPECT_EQ(replay_moment_flag("--to", "event:1", scene, 0, true), 1800);
    EXPECT_EQ(replay_moment_flag("--from", "turn:2", scene, 0, false), 1000);
    EXPECT_EQ(replay_moment_flag("--to", "turn:2", scene, 0, true), 2800);
    expect_usage_error([&] { replay_moment_flag("--from", "event:3", scene, 0, false); },
                       "--from event:N expects a whole number from 0 to 2, got '3'");
    expect_usage_error([&] { replay_moment_flag("--from", "event:1x", scene, 0, false); },
                       "got '1x'");
    expect_usage_error([&] { replay_moment_flag("--to", "turn:3", scene, 0, true); },
                       "--to: the replay has no turn 3");
    expect_usage_error([&] { replay_moment_flag("--to", "turn:-1", scene, 0, true); },
                       "--to turn:N expects a whole number from 0 to 1000");
    expect_usage_error([&] { replay_moment_flag("--from", "1e308", scene, 0, false); },
                       "--from expects event:N, turn:N or seconds of replay time");
    expect_usage_error([&] { replay_moment_flag("--from", "nan", scene, 0, false); }, "got 'nan'");
}

}  // namespace
}  // namespace vedette::app

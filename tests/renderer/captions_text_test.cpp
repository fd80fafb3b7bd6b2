// What captions and subtitles say (renderer/export/captions.h, subtitles.h), without a GPU: rule
// references without the project's seed numbers, and one subtitle cue per event of the range.
#include <gtest/gtest.h>

#include "renderer/export/captions.h"
#include "renderer/export/subtitles.h"
#include "tests/renderer/demo_fixture.h"

namespace vedette::render {
namespace {

// A card's line wraps at spaces and never splits a rule number ("GdB 12.\n17", as ImGui's own
// wrap did after the full stop) or leaves a bracketed clause number on a line of its own.
TEST(CaptionText, WrappedLinesKeepRuleNumbersWhole) {
    CaptionPainter text(1080, 34);
    const std::string reason = "Charging / pursuing +2 (GdB 12.17 (6))";
    const int full = text.text_width(reason);
    // Every width the cited rule fits in: "(GdB 12.17 (6))" is never broken.
    for (int width = text.text_width("(GdB 12.17 (6))") + 1; width <= full + 4; width += 3) {
        const auto lines = text.wrapped_lines(reason, width);
        std::string joined;
        for (const auto& l : lines) {
            ASSERT_FALSE(l.empty()) << width;
            EXPECT_NE(l.back(), '.') << width << ": \"" << l << "\"";
            EXPECT_NE(l.rfind("(6", 0), 0u) << width << ": \"" << l << "\"";  // "(6))" alone
            if (l.find("12.") != std::string::npos) {
                EXPECT_NE(l.find("12.17"), std::string::npos) << l;
            }
            joined += (joined.empty() ? "" : " ") + l;
            // Wider than the width only where a single word is.
            if (l.find(' ') != std::string::npos) {
                EXPECT_LE(text.text_width(l), width + 1) << l;
            }
        }
        EXPECT_EQ(joined, reason) << width;
    }
    EXPECT_EQ(text.wrapped_lines(reason, full + 4).size(), 1u);
    EXPECT_GE(text.wrapped_lines(reason, full / 2).size(), 2u);
    // Narrower than the citation: it breaks at a space, never inside "12.17".
    const int narrow = text.text_width("(GdB 12.17");
    for (const auto& l : text.wrapped_lines(reason, narrow)) EXPECT_NE(l.back(), '.') << l;
}

TEST(CaptionText, RuleReferencesLoseTheSeedNumbers) {
    EXPECT_EQ(readable_rule("GdB charges (seed 000)"), "GdB charges");
    EXPECT_EQ(readable_rule("GdB evades (seed 000; RULINGS evaders)"),
              "GdB evades (RULINGS evaders)");
    EXPECT_EQ(readable_rule("GdB 12.19 c; seed 000 (routers pass through friends)"),
              "GdB 12.19 c (routers pass through friends)");
    EXPECT_EQ(readable_rule("GdB evades (seed 000; RULINGS evaders); GdB 12.20"),
              "GdB evades (RULINGS evaders); GdB 12.20");
    EXPECT_EQ(readable_rule("Hex 9.22"), "Hex 9.22");
    EXPECT_EQ(readable_rule("seeds of doubt"), "seeds of doubt");
}

TEST(CaptionText, NoShippedCaptionNamesASeed) {
    const ReplayScene& scene = demo();
    int with_rule = 0;
    for (const auto& e : scene.replay.events) {
        const std::string detail = caption_detail(scene, e);
        EXPECT_EQ(detail.find("seed 0"), std::string::npos) << detail;
        if (e.turn > 0 && !e.rule.empty()) ++with_rule;
    }
    EXPECT_GT(with_rule, 10);
}

TEST(Subtitles, OneCuePerEventFromTheStartOfTheRange) {
    const ReplayScene& scene = demo();
    const auto& events = scene.replay.events;
    ASSERT_GT(events.size(), 8u);
    const std::int64_t from = events[3].t0_ms, to = events[7].t1_ms;
    const std::string srt = srt_of(scene, from, to, 2.0);
    EXPECT_EQ(srt.rfind("1\n00:00:00,000 --> ", 0), 0u) << srt.substr(0, 80);
    for (int i = 3; i <= 7; ++i) {
        if (events[std::size_t(i)].text.empty()) continue;
        EXPECT_NE(srt.find("\n" + events[std::size_t(i)].text + "\n"), std::string::npos) << i;
    }
    EXPECT_EQ(srt.find(events[2].text.empty() ? "\x01" : "\n" + events[2].text + "\n"),
              std::string::npos)
        << "an event before the range";
    // At speed 2 the video is half the replay time: the last cue ends at (to - from) / 2.
    const auto last_arrow = srt.rfind(" --> ");
    ASSERT_NE(last_arrow, std::string::npos);
    const std::string end = srt.substr(last_arrow + 5, 12);
    const std::int64_t ms = std::stoll(end.substr(0, 2)) * 3600000 +
                            std::stoll(end.substr(3, 2)) * 60000 +
                            std::stoll(end.substr(6, 2)) * 1000 + std::stoll(end.substr(9, 3));
    EXPECT_NEAR(double(ms), double(to - from) / 2.0, 1.0);
}

}  // namespace
}  // namespace vedette::render

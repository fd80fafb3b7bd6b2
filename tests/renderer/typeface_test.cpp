// The typeface every viewer-facing text is set in (renderer/ui/typeface.h) and the result card of
// presenter videos (renderer/export/card_painter.h): a proportional face, text sizes that read at
// a distance at 1080p (the presentation issue's minimums), dice drawn large, and dice colours
// that tell hits, misses and forced dice apart at a glance.
#include <gtest/gtest.h>

#include <cstdlib>

#include "renderer/export/captions.h"
#include "renderer/export/card_painter.h"
#include "renderer/ui/typeface.h"

namespace vedette::render {
namespace typeface_test {

int colour_distance(const std::uint8_t a[3], const std::uint8_t b[3]) {
    return std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]);
}

TEST(Typeface, IsDejaVuSansFromTheDebianPackage) {
    const std::string regular = typeface_file(Weight::regular);
    const std::string bold = typeface_file(Weight::bold);
    ASSERT_FALSE(regular.empty()) << "fonts-dejavu-core is not installed (tools/setup.sh)";
    EXPECT_NE(regular.find("DejaVuSans.ttf"), std::string::npos) << regular;
    EXPECT_NE(bold.find("DejaVuSans-Bold.ttf"), std::string::npos) << bold;
}

TEST(Typeface, CaptionsAreSetInAProportionalFace) {
    CaptionPainter text(1080, 40.0f);
    // In the old bitmap monospace every letter had the same advance.
    EXPECT_LT(text.text_width("iiiiiiii") * 2, text.text_width("MMMMMMMM"));
    EXPECT_NEAR(text.pixel_size(), 27.0f, 0.01f);
}

TEST(Typeface, TheViewersSizesArePickedFromAboveSoTextIsScaledDown) {
    const std::vector<float> sizes = {14, 18, 24, 32};
    EXPECT_EQ(nearest_type_size(sizes, 10), 0);
    EXPECT_EQ(nearest_type_size(sizes, 16), 1);
    EXPECT_EQ(nearest_type_size(sizes, 24), 2);
    EXPECT_EQ(nearest_type_size(sizes, 24.3f), 2) << "half a pixel is not worth a size up";
    EXPECT_EQ(nearest_type_size(sizes, 25), 3);
    EXPECT_EQ(nearest_type_size(sizes, 100), 3);
}

TEST(ResultCardPainter, TextAndDiceReadAtADistanceAt1080p) {
    const CardPainter card(1080);
    EXPECT_GE(card.headline_pixels(), 32.0f);
    EXPECT_GE(card.line_pixels(), 24.0f);
    EXPECT_GE(card.die_pixels(), 48);
    // At 720p everything is two thirds of that; at font scale 2 twice as large.
    const CardPainter small(720), big(1080, 2.0f);
    EXPECT_NEAR(small.line_pixels(), card.line_pixels() * 720 / 1080, 0.5f);
    EXPECT_NEAR(big.headline_pixels(), card.headline_pixels() * 2, 0.5f);
    EXPECT_GE(big.die_pixels(), card.die_pixels() * 2 - 1);
}

TEST(ResultCardPainter, HitsMissesAndForcedDiceHaveColoursOfTheirOwn) {
    const DieColours hit = die_colours("hit"), miss = die_colours("miss");
    const DieColours forced = die_colours("forced"), plain = die_colours("");
    EXPECT_GT(colour_distance(hit.face, miss.face), 150);
    // A forced die keeps a plain face (it is not a hit or a miss) with a border of its own.
    EXPECT_EQ(colour_distance(forced.face, plain.face), 0);
    EXPECT_GT(colour_distance(forced.border, plain.border), 150);
    EXPECT_GT(colour_distance(forced.border, hit.face), 150);
    EXPECT_GT(colour_distance(forced.border, miss.face), 150);
}

TEST(ResultCardPainter, ACardIsAsTallAsItsContentAndPaintsOnlyInsideItsBox) {
    ResultCard c;
    c.title = "Melee: 1er cuirassiers v 42nd Foot";
    c.outcome = "attacker wins; the defender is dispersed";
    c.dice.push_back({"French", {{5, "hit"}, {6, "hit"}, {2, "miss"}}, "2 hits", "French: 3 dice"});
    CardPainter painter(1080);
    RgbaImage frame(1920, 1080);
    const int bottom = painter.paint(frame, c, 1300, 20, 576, true);
    // Title, headline, dice heading, two rows of dice and the total at least.
    EXPECT_GT(bottom - 20, 2 * painter.die_pixels() + 3 * int(painter.line_pixels()));
    for (const auto p : frame.pixels) ASSERT_EQ(p, 0) << "measuring painted";
    EXPECT_EQ(painter.paint(frame, c, 1300, 20, 576), bottom);
    for (std::uint32_t y = 0; y < frame.height; ++y)
        for (std::uint32_t x = 0; x < frame.width; ++x) {
            if (x >= 1300 && x < 1876 && y >= 20 && y < std::uint32_t(bottom)) continue;
            const std::uint8_t* px = &frame.pixels[(std::size_t(y) * frame.width + x) * 4];
            ASSERT_EQ(px[0] | px[1] | px[2], 0) << "painted outside the card at " << x << "," << y;
        }
}

TEST(ResultCardPainter, TheNumberEachDieMustReachIsMarked) {
    const auto span = target_number_span("French cuirassiers 2: 12 dice, needs 4+");
    ASSERT_TRUE(span);
    EXPECT_EQ(std::string("French cuirassiers 2: 12 dice, needs 4+").substr(span->at, span->length),
              "needs 4+");
    EXPECT_TRUE(target_number_span("needs 10+ to hit"));
    EXPECT_FALSE(target_number_span("needs 100+"));
    EXPECT_FALSE(target_number_span("needs four"));
    EXPECT_FALSE(target_number_span("kneeds 4+"));
    EXPECT_FALSE(target_number_span("French: 3 dice"));

    // On the card: a gold chip behind "needs 4+" on the heading's row, none without it.
    auto gold_pixels = [](const std::string& heading) {
        ResultCard c;
        c.title = "Melee";
        c.outcome = "attacker wins";
        c.dice.push_back({"French", {{5, "hit"}, {2, "miss"}}, "", heading});
        CardPainter painter(1080);
        RgbaImage frame(1920, 1080);
        painter.paint(frame, c, 1300, 20, 576);
        int gold = 0;
        for (std::size_t i = 0; i < frame.pixels.size(); i += 4)
            gold +=
                frame.pixels[i] == 255 && frame.pixels[i + 1] == 214 && frame.pixels[i + 2] == 90;
        return gold;
    };
    const int marked = gold_pixels("French: 12 dice, needs 4+");
    const int plain = gold_pixels("French: 12 dice");
    EXPECT_GT(marked - plain, 20 * 100) << "no chip behind the target number";
}

}  // namespace typeface_test
}  // namespace vedette::render

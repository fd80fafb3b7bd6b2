// The typeface every viewer-facing text is set in (renderer/ui/typeface.h) and the result card of
// presenter videos (renderer/overlay/card_painter.h): a proportional face, text sizes that read at
// a distance at 1080p (the presentation issue's minimums), dice drawn large, and dice colours
// that tell hits, misses and forced dice apart at a glance.
#include <gtest/gtest.h>

#include <cstdlib>

#include "renderer/export/captions.h"
#include "renderer/export/image_canvas.h"
#include "renderer/overlay/card_painter.h"
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
    EXPECT_GE(card.headline_pixels(), 36.0f);
    // A room reads the card's body at 1/34 of the frame height (issue 41): 32 px at 1080p.
    EXPECT_GE(card.line_pixels(), 1080.0f / 34.0f);
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
    TypeCache types;
    ImageCanvas canvas(frame, types, 1080);
    const int bottom = painter.paint(canvas, c, 1300, 20, 576, true);
    // Title, headline, dice heading, two rows of dice and the total at least.
    EXPECT_GT(bottom - 20, 2 * painter.die_pixels() + 3 * int(painter.line_pixels()));
    for (const auto p : frame.pixels) ASSERT_EQ(p, 0) << "measuring painted";
    EXPECT_EQ(painter.paint(canvas, c, 1300, 20, 576), bottom);
    for (std::uint32_t y = 0; y < frame.height; ++y)
        for (std::uint32_t x = 0; x < frame.width; ++x) {
            if (x >= 1300 && x < 1876 && y >= 20 && y < std::uint32_t(bottom)) continue;
            const std::uint8_t* px = &frame.pixels[(std::size_t(y) * frame.width + x) * 4];
            ASSERT_EQ(px[0] | px[1] | px[2], 0) << "painted outside the card at " << x << "," << y;
        }
}

// A video reveals the card as a presenter says it (pacing.h): the parts not yet said keep their
// room (the card never jumps) and are painted only once their turn comes.
TEST(ResultCardPainter, APartNotYetRevealedKeepsItsRoomButIsNotPainted) {
    ResultCard c;
    c.title = "Melee: 1er cuirassiers v 42nd Foot";
    c.outcome = "attacker wins; the defender is dispersed";
    c.dice.push_back({"French", {{5, ""}, {6, ""}}, "11 + 7 = 18", "Attacker: score 18"});
    c.modifiers.push_back({"attacker", {{"Cuirassiers", "+5", "GdB 12.17", "Cuirassiers +5"}}});
    c.table_rows.push_back({"Result", "7 or more: loser broken", "GdB 12.18", "Result: 7 or more"});
    const auto lit = [](const RgbaImage& f) {
        std::size_t n = 0;
        for (std::size_t i = 0; i < f.pixels.size(); i += 4) n += f.pixels[i] > 100;
        return n;
    };
    CardPainter painter(1080);
    std::vector<std::size_t> lit_by_parts;
    int first_bottom = -1;
    for (std::size_t shown = 0; shown <= card_part_chars(c).size(); ++shown) {
        RgbaImage frame(1920, 1080);
        TypeCache types;
        ImageCanvas canvas(frame, types, 1080);
        const int bottom = painter.paint(canvas, c, 20, 20, 576, false, 0, shown);
        if (first_bottom < 0) first_bottom = bottom;
        EXPECT_EQ(bottom, first_bottom) << "the card's height changed with " << shown << " parts";
        lit_by_parts.push_back(lit(frame));
    }
    // Each part with words adds lit pixels; the luck part (none here) adds none.
    for (std::size_t k = 1; k + 1 < lit_by_parts.size(); ++k)
        EXPECT_GT(lit_by_parts[k], lit_by_parts[k - 1]) << "part " << k - 1 << " painted nothing";
    EXPECT_EQ(lit_by_parts.back(), lit_by_parts[lit_by_parts.size() - 2]);
}

// Every reason is listed (issue 41: "and 2 more reasons" once): a card taller than the room
// above the caption band turns pages in a video and grows a second column in a still, and
// either way stops above the band.
TEST(ResultCardPainter, ATallCardPagesInAVideoAndGrowsInAStillAndListsEveryReason) {
    ResultCard c;
    c.title = "Melee: 1er cuirassiers v 42nd Foot";
    c.outcome = "attacker wins; the defender is dispersed";
    c.dice.push_back({"French", {{5, ""}, {6, ""}}, "11 + 7 = 18", "Attacker: score 18"});
    c.dice.push_back({"British", {{1, ""}, {2, ""}}, "3 + 0 = 3", "Defender: score 3"});
    ResultCard::SideModifiers side{"attacker", {}};
    for (int i = 0; i < 12; ++i)
        side.modifiers.push_back({"Reason " + std::to_string(i), "+1", "GdB 12.17",
                                  "Reason number " + std::to_string(i) + " +1 (GdB 12.17)"});
    c.modifiers.push_back(side);
    c.table_rows.push_back({"Result", "7 or more: loser broken", "GdB 12.18", "Result: 7 or more"});
    CardPainter painter(1080);
    RgbaImage frame(1920, 1080);
    TypeCache types;
    ImageCanvas canvas(frame, types, 1080);
    const int room = 860, width = 576;
    ASSERT_GT(painter.paint(canvas, c, 1300, 20, width, true), room) << "the card fits: no test";
    // A video: pages, each within the room; the last page is shown once everything is revealed.
    const int paged = painter.paint(canvas, c, 1300, 20, width, false, room, std::size_t(-1), true);
    EXPECT_GE(painter.last_pages(), 2u);
    EXPECT_LE(paged, room);
    EXPECT_EQ(painter.last_right() - painter.last_left(), width);
    // A still: one page in two columns (towards the frame's middle: left of a right card).
    const int grown =
        painter.paint(canvas, c, 1300, 20, width, false, room, std::size_t(-1), false, true);
    EXPECT_EQ(painter.last_pages(), 1u);
    EXPECT_LE(grown, room);
    EXPECT_EQ(painter.last_left(), 1300 - width);
    EXPECT_EQ(painter.last_right(), 1300 + width);
}

TEST(ResultCardPainter, TheNumberEachDieMustReachIsMarked) {
    // The record's target, where the words say it.
    const auto span = target_span("French cuirassiers 2: 12 dice, needs 4+", 4);
    ASSERT_TRUE(span);
    EXPECT_EQ(std::string("French cuirassiers 2: 12 dice, needs 4+").substr(span->at, span->length),
              "needs 4+");
    EXPECT_TRUE(target_span("needs 10+ to hit", 10));
    EXPECT_FALSE(target_span("needs 4+", 5)) << "the words must say the record's number";
    EXPECT_FALSE(target_span("needs 4+", 0)) << "no target in the record: no mark";
    EXPECT_FALSE(target_span("French: 3 dice", 4));

    // On the card: a gold chip behind "needs 4+" on the heading's row, none without it.
    auto gold_pixels = [](const std::string& heading) {
        ResultCard c;
        c.title = "Melee";
        c.outcome = "attacker wins";
        c.dice.push_back({"French", {{5, "hit"}, {2, "miss"}}, "", heading, 6, 4});
        CardPainter painter(1080);
        RgbaImage frame(1920, 1080);
        TypeCache types;
        ImageCanvas canvas(frame, types, 1080);
        painter.paint(canvas, c, 1300, 20, 576);
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

#pragma once
// The result card of a presenter video and the viewer, drawn on an overlay canvas: what happened in
// large type, each side's dice drawn as dice (hits and misses in their own rows), the reasons (the
// modifiers that applied, with their rules), the table row and how lucky it was in plain words.
// Sized from the frame height: at 1080p the headline is 40 px, its lines 33 px and a die 56 px,
// readable from the back of a classroom. Nothing here knows a rule system: it paints a ResultCard.

#include "renderer/overlay/canvas.h"
#include "renderer/scene/result_card.h"

namespace vedette::render {

class CardPainter {
public:
    explicit CardPainter(std::uint32_t frame_height, float font_scale = 1.0f);

    // Paints `card` in a shaded box `width` wide whose top-left corner is (x0, y0); returns the
    // bottom of the box painted (the page shown; measuring: the tallest page). With `measure_only`
    // nothing is painted. With
    // `max_bottom` > 0 (the caption band below) a card that would run past it is laid out in
    // pages (`paged`, each under the title and headline again: the page shown is the one holding
    // the latest part revealed) or grows a second column beside the first (to the left with
    // `grow_left`): every reason is listed. Only the first `parts_shown` parts (result_card.h
    // card_part_chars' order) are painted; the others keep their room, so the card never jumps
    // while a video reveals it as a presenter says it.
    int paint(Canvas& frame, const ResultCard& card, int x0, int y0, int width,
              bool measure_only = false, int max_bottom = 0,
              std::size_t parts_shown = std::size_t(-1), bool paged = false,
              bool grow_left = false);
    // The pages of the last paint (or measure): 1 when everything fits.
    std::size_t last_pages() const { return last_.pages.size(); }
    // The box the last paint (or measure) took, left and right: two columns wide when it grew.
    int last_left() const { return last_.x0; }
    int last_right() const { return last_.x1; }

    // The pixel sizes used (tests check them against the minimums).
    float headline_pixels() const { return type_pixels(headline_, frame_height_); }
    float line_pixels() const { return type_pixels(text_, frame_height_); }
    int die_pixels() const { return die_; }

private:
    struct Block;
    struct Layout {
        int x0 = 0, x1 = 0, bottom = 0;
        // Each page's blocks with their top-left corners.
        std::vector<std::vector<std::pair<std::size_t, std::pair<int, int>>>> pages;
        std::vector<int> page_bottoms;  // each page's own bottom (`bottom`: the tallest's)
    };
    std::vector<Block> blocks(Canvas& c, const ResultCard& card);
    Layout lay_out(Canvas& c, const std::vector<Block>& blocks, int x0, int y0, int width,
                   int max_bottom, bool paged, bool grow_left);
    std::size_t page_shown(const std::vector<Block>& blocks, std::size_t parts_shown) const;
    int dice_rows(Canvas& frame, const ResultCard::Dice& d, int x, int y, int width, bool paint);
    int die(Canvas& frame, const sim::record::Die& face, int x, int y, bool paint, int sides = 6);
    int heading(Canvas& target, const std::string& words, int needs, int x, int y, int width);

    int frame_height_;  // what the type and dice are sized from (the canvas's type height)
    Type headline_, text_, die_text_;
    int die_ = 48;
    Layout last_;
    std::string page_mark_;  // "  (1/2)" after the title of a card in pages
};

// A die's colours by its mark: the face, the number and the border (forced dice have a border of
// their own, never a hit or miss colour).
struct DieColours {
    std::uint8_t face[3], number[3], border[3];
};
DieColours die_colours(const std::string& mark);

}  // namespace vedette::render

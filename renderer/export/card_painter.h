#pragma once
// The result card of a presenter video, painted on the CPU: what happened in large type, each
// side's dice drawn as dice (hits and misses in their own rows), the reasons (the modifiers that
// applied, with their rules), the table row and how lucky it was in plain words. Sized from the
// frame height: at 1080p the headline is 36 px, its lines 26 px and a die 56 px, readable from the
// back of a classroom. Nothing here knows a rule system: it paints a ResultCard.

#include "renderer/export/captions.h"
#include "renderer/scene/result_card.h"

namespace vedette::render {

class CardPainter {
public:
    explicit CardPainter(std::uint32_t frame_height, float font_scale = 1.0f);

    // Paints `card` in a shaded box `width` wide whose top-left corner is (x0, y0); returns the
    // box's bottom. With `measure_only` nothing is painted (the height is still returned). With
    // `max_bottom` > 0 the reasons stop short of it (the caption band below).
    int paint(RgbaImage& frame, const ResultCard& card, int x0, int y0, int width,
              bool measure_only = false, int max_bottom = 0);

    // The pixel sizes used (tests check them against the minimums).
    float headline_pixels() const { return headline_.pixel_size(); }
    float line_pixels() const { return text_.pixel_size(); }
    int die_pixels() const { return die_; }

private:
    int dice_rows(RgbaImage& frame, const ResultCard::Dice& d, int x, int y, int width, bool paint);
    int die(RgbaImage& frame, const sim::record::Die& face, int x, int y, bool paint,
            int sides = 6);
    int heading(RgbaImage& target, const std::string& words, int x, int y, int width);
    int why(RgbaImage& target, const ResultCard& card, int x, int y, int width, int max_bottom);

    CaptionPainter headline_, text_, die_text_;
    int die_ = 48;
};

// A die's colours by its mark: the face, the number and the border (forced dice have a border of
// their own, never a hit or miss colour).
struct DieColours {
    std::uint8_t face[3], number[3], border[3];
};
DieColours die_colours(const std::string& mark);

}  // namespace vedette::render

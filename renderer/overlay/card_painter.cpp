#include "renderer/overlay/card_painter.h"

#include <algorithm>
#include <cctype>
#include <functional>

namespace vedette::render {

namespace {

// Type as lines per frame height (1080p: 40, 33 and 39 px); a die is 56 px there. The body is at
// least 1/34 of the frame, what a room reads from its back row.
constexpr float kHeadlineLines = 27, kTextLines = 33, kDieNumberLines = 28, kDieFraction = 19.3f;

std::string capitalised(std::string s) {
    if (!s.empty()) s[0] = char(std::toupper(static_cast<unsigned char>(s[0])));
    return s;
}

bool is_hit(const sim::record::Die& d) {
    return d.mark == "hit";
}
bool is_miss(const sim::record::Die& d) {
    return d.mark == "miss";
}

}  // namespace

DieColours die_colours(const std::string& mark) {
    if (mark == "hit") return {{56, 186, 86}, {255, 255, 255}, {20, 70, 30}};
    if (mark == "miss") return {{58, 58, 64}, {175, 175, 182}, {24, 24, 28}};
    if (mark == "dropped" || mark == "rerolled")
        return {{120, 114, 100}, {60, 56, 50}, {70, 66, 60}};
    if (mark == "kept") return {{240, 232, 210}, {24, 24, 24}, {255, 200, 60}};
    if (mark == "forced") return {{240, 232, 210}, {24, 24, 24}, {70, 150, 255}};
    return {{240, 232, 210}, {24, 24, 24}, {40, 36, 30}};
}

CardPainter::CardPainter(std::uint32_t frame_height, float font_scale)
    : frame_height_(int(frame_height)),
      headline_{kHeadlineLines / font_scale, Weight::bold},
      text_{kTextLines / font_scale},
      die_text_{kDieNumberLines / font_scale, Weight::bold},
      die_(std::max(20, int(float(frame_height) * font_scale / kDieFraction))) {}

namespace {

// A d10's kite: its point at the top, widest a little above the middle, its point at the bottom;
// `inset` pixels inside the box (a border is the kite drawn larger behind).
void fill_kite(Canvas& frame, int x, int y, int size, int inset, const std::uint8_t rgb[3]) {
    const float top = float(inset), bottom = float(size - inset), wide = 0.38f;
    for (int r = inset; r < size - inset; ++r) {
        const float t = (float(r) - top) / std::max(1.0f, bottom - top);
        const float half =
            (float(size) / 2 - float(inset)) * (t < wide ? t / wide : (1 - t) / (1 - wide));
        const int x0 = x + int(float(size) / 2 - half), x1 = x + int(float(size) / 2 + half);
        frame.fill(x0, y + r, std::max(x0 + 1, x1), y + r + 1, Rgb{rgb[0], rgb[1], rgb[2]});
    }
}

}  // namespace

int CardPainter::die(Canvas& frame, const sim::record::Die& face, int x, int y, bool paint,
                     int sides) {
    if (!paint) return x + die_;
    DieColours c = die_colours(face.mark);
    // A forced die keeps its hit or miss face and gets the forced border.
    const bool forced = face.forced || face.mark == "forced";
    if (forced) {
        const DieColours mark = die_colours("forced");
        for (int i = 0; i < 3; ++i) c.border[i] = mark.border[i];
    }
    const int border = forced ? std::max(3, die_ / 10) : std::max(2, die_ / 24);
    int ty = y + (die_ - frame.line_height(die_text_)) / 2 + frame.line_height(die_text_) / 12;
    if (sides == 10) {  // a d10 drawn as a d10: a kite with its number
        fill_kite(frame, x, y, die_, 0, c.border);
        fill_kite(frame, x, y, die_, border + 1, c.face);
        ty -= die_ / 10;
    } else {
        frame.fill(x, y, x + die_, y + die_, Rgb{c.border[0], c.border[1], c.border[2]});
        frame.fill(x + border, y + border, x + die_ - border, y + die_ - border,
                   Rgb{c.face[0], c.face[1], c.face[2]});
    }
    const std::string number = std::to_string(face.value);
    const int tx = x + (die_ - frame.text_width(die_text_, number)) / 2;
    frame.text(die_text_, number, tx, ty, die_ * 2, Rgb{c.number[0], c.number[1], c.number[2]});
    return x + die_;
}

// The group's dice in rows: hits first and misses in a row of their own when the dice are
// marked so (one glance tells how many hit), else all in one row, wrapped at `width`.
int CardPainter::dice_rows(Canvas& frame, const ResultCard::Dice& d, int x0, int y, int width,
                           bool paint) {
    std::vector<std::vector<sim::record::Die>> rows;
    const bool sorted = std::any_of(d.faces.begin(), d.faces.end(), is_hit) ||
                        std::any_of(d.faces.begin(), d.faces.end(), is_miss);
    if (sorted) {
        rows.emplace_back(), rows.emplace_back();
        for (const auto& f : d.faces) rows[is_miss(f) ? 1 : 0].push_back(f);
    } else {
        rows.push_back(d.faces);
    }
    const int gap = std::max(4, die_ / 6);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (rows[r].empty()) continue;
        int x = x0;
        for (const auto& f : rows[r]) {
            if (x > x0 && x + die_ > x0 + width) x = x0, y += die_ + gap;
            x = die(frame, f, x, y, paint, d.sides) + gap;
        }
        if (sorted) {
            const std::string what = std::to_string(rows[r].size()) + (r == 0 ? " hit" : " missed");
            const int ty = y + (die_ - frame.line_height(text_)) / 2;
            if (paint && x + frame.text_width(text_, what) <= x0 + width)
                frame.text(text_, what, x + gap, ty, width, Rgb{230, 230, 230});
        }
        y += die_ + gap;
    }
    return y;
}

// The card as blocks in the order a presenter says them, each in its reveal part (result_card.h):
// the title and headline, each dice line, each reason (a side's heading goes with its first), the
// table rows, the luck sentences. A block draws itself at (x, y) and returns the y below it.
struct CardPainter::Block {
    std::size_t part = 0;
    std::function<int(Canvas&, int x, int y, int width, bool paint)> draw;
};

std::vector<CardPainter::Block> CardPainter::blocks(Canvas& c, const ResultCard& card) {
    std::vector<Block> out;
    const int pad = c.line_height(text_) / 2;
    out.push_back(
        {0, [this, &card](Canvas& t, int x, int y, int w, bool) {
             y = t.text(text_, card.title + page_mark_, x, y, w, Rgb{235, 225, 190});
             return t.text(headline_, capitalised(card.outcome), x, y + 2, w, Rgb{255, 214, 90});
         }});
    for (std::size_t i = 0; i < card.dice.size(); ++i)
        out.push_back({card_dice_part(i),
                       [this, &d = card.dice[i], pad](Canvas& t, int x, int y, int w, bool paint) {
                           y += pad / 2;
                           if (!d.heading.empty()) y = heading(t, d.heading, d.target, x, y, w);
                           if (!d.faces.empty()) y = dice_rows(t, d, x, y + 2, w, paint);
                           if (!d.total.empty())
                               y = t.text(text_, d.total, x, y, w, Rgb{205, 205, 205});
                           return y;
                       }});
    for (const auto& side : card.modifiers)
        for (std::size_t m = 0; m < side.modifiers.size(); ++m)
            out.push_back(
                {card_why_part(card), [this, &side, m, pad](Canvas& t, int x, int y, int w, bool) {
                     if (m == 0) {
                         y += pad / 2;
                         if (!side.side.empty())
                             y = t.text(text_, "Why, " + side.side + ":", x, y, w,
                                        Rgb{255, 235, 180});
                     }
                     return t.text(text_, "  " + side.modifiers[m].text, x, y, w,
                                   Rgb{225, 225, 225});
                 }});
    for (std::size_t r = 0; r < card.table_rows.size(); ++r)
        out.push_back({card_rows_part(card), [this, &row = card.table_rows[r], r, pad](
                                                 Canvas& t, int x, int y, int w, bool) {
                           return t.text(text_, row.text, x, y + (r == 0 ? pad / 2 : 0), w,
                                         Rgb{240, 228, 200});
                       }});
    if (!card.luck.empty())
        out.push_back(
            {card_luck_part(card), [this, &card, pad](Canvas& t, int x, int y, int w, bool) {
                 y += pad / 2;
                 for (const auto& l : card.luck)
                     y = t.text(text_, l.sentence.empty() ? l.side + ": " + l.verdict : l.sentence,
                                x, y, w, Rgb{210, 210, 210});
                 return y;
             }});
    return out;
}

// Where each block goes. Down one column; a block that would run past `max_bottom` (the caption
// band) starts a new page, under the title and headline again (`paged`: a video turns the pages
// as it reveals the card), or a second column beside the first, towards the frame's middle (a
// still shows everything at once). Either way every reason is listed.
CardPainter::Layout CardPainter::lay_out(Canvas& c, const std::vector<Block>& blocks, int x0,
                                         int y0, int width, int max_bottom, bool paged,
                                         bool grow_left) {
    const int pad = c.line_height(text_) / 2, inner = width - 2 * pad, top = y0 + pad;
    MeasureCanvas scratch(c);
    const int head = blocks.front().draw(scratch, 0, 0, inner, false);
    Layout l;
    l.pages.emplace_back();
    l.page_bottoms.push_back(top);
    int y = top, left = x0;
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        const int h = blocks[i].draw(scratch, 0, 0, inner, false);
        const bool overflows = max_bottom > 0 && y + h + pad > max_bottom && y > top + head;
        // A still has one more column to give; a video as many pages as it needs.
        if (overflows && (paged || left == x0)) {
            y = top;
            if (paged) {
                l.pages.emplace_back();
                l.page_bottoms.push_back(top);
                l.pages.back().push_back({0, {x0 + pad, y}});  // the title and headline again
                y += head;
            } else {
                left = x0 + width;
            }
        }
        l.pages.back().push_back({i, {left + pad, y}});
        y += h;
        l.page_bottoms.back() = std::max(l.page_bottoms.back(), y + pad);
    }
    l.x0 = x0, l.x1 = left + width;
    if (grow_left && left != x0) {  // the second column grows to the left: all shift by one
        for (auto& [block, at] : l.pages.front()) at.first -= width;
        l.x0 -= width, l.x1 -= width;
    }
    l.bottom = *std::max_element(l.page_bottoms.begin(), l.page_bottoms.end());
    return l;
}

// The page a video shows: the one holding the latest block revealed (the first page before any).
std::size_t CardPainter::page_shown(const std::vector<Block>& blocks,
                                    std::size_t parts_shown) const {
    std::size_t page = 0;
    for (std::size_t p = 0; p < last_.pages.size(); ++p)
        for (const auto& [block, at] : last_.pages[p])
            if (block > 0 && blocks[block].part < parts_shown) page = p;
    return page;
}

int CardPainter::paint(Canvas& frame, const ResultCard& card, int x0, int y0, int width,
                       bool measure_only, int max_bottom, std::size_t parts_shown, bool paged,
                       bool grow_left) {
    page_mark_.clear();
    const std::vector<Block> all = blocks(frame, card);
    last_ = lay_out(frame, all, x0, y0, width, max_bottom, paged, grow_left);
    if (measure_only) return last_.bottom;
    const std::size_t page = page_shown(all, parts_shown);
    if (last_.pages.size() > 1)
        page_mark_ =
            "  (" + std::to_string(page + 1) + "/" + std::to_string(last_.pages.size()) + ")";
    const int pad = frame.line_height(text_) / 2, bottom = last_.page_bottoms[page];
    // Opaque: a name tag behind the card must not show through its lines.
    frame.fill(last_.x0, y0, last_.x1, bottom, Rgb{16, 16, 14});
    frame.fill(last_.x0, y0, last_.x0 + std::max(3, pad / 3), bottom, Rgb{255, 214, 90});
    // A part not yet revealed keeps its room, so the card never jumps, but is not painted.
    for (const auto& [block, at] : last_.pages[page])
        if (all[block].part < parts_shown)
            all[block].draw(frame, at.first, at.second, width - 2 * pad, true);
    return bottom;
}

// A dice line's heading; the number each die must reach ("needs 4+") on a gold chip when the
// line fits on one row, so the hits and misses rows below read against it.
int CardPainter::heading(Canvas& target, const std::string& words, int needs, int x, int y,
                         int width) {
    const auto span = target_span(words, needs);
    const int chip_pad = std::max(3, target.line_height(text_) / 5);
    if (!span) return target.text(text_, words, x, y, width, Rgb{230, 230, 230});
    const std::string before = words.substr(0, span->at),
                      mark = words.substr(span->at, span->length),
                      after = words.substr(span->at + span->length);
    int cx = x + target.text_width(text_, before);
    if (target.text_width(text_, words) + 2 * chip_pad > width) {
        // Too long for one row: the words wrap, and the chip starts the next row.
        y = target.text(text_, before, x, y, width, Rgb{230, 230, 230});
        cx = x;
    } else {
        target.text(text_, before, x, y, width, Rgb{230, 230, 230});
    }
    const int mark_width = target.text_width(text_, mark) + 2 * chip_pad;
    target.fill(cx, y + 1, cx + mark_width, y + target.line_height(text_) + 1, Rgb{255, 214, 90});
    target.text(text_, mark, cx + chip_pad, y, mark_width, Rgb{34, 26, 8});
    cx += mark_width;
    if (!after.empty()) target.text(text_, after, cx, y, width - (cx - x), Rgb{230, 230, 230});
    return y + target.line_height(text_);
}

}  // namespace vedette::render

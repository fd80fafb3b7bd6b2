// A scale bar in the result card's corner: how long 10 cm (or 6 in, or 2 hexes: the board's own
// unit) is on the table where the camera looks, so a viewer can judge a charge's distance. Under
// the card on its outer side (under a note there), while a card shows and leaves room above the
// caption band; none on a hex board, whose hexes are its scale.

#include <algorithm>

#include "renderer/overlay/overlay_layer.h"
#include "renderer/overlay/presenter_layout.h"
#include "renderer/scene/scale_bar.h"

namespace vedette::render {

namespace {

class ScaleBarLayer final : public OverlayLayer {
public:
    const char* name() const override { return "scale bar"; }
    void draw(Canvas& c, const OverlayMoment& m, const PresenterLayout& l) override {
        if (!l.card) return;
        const float w = float(c.width()), h = float(c.height());
        double cx = 0, cy = 0;  // the table point at the frame's centre
        if (!screen_to_table(m.camera, w / 2, h / 2, w, h, 0.0, cx, cy)) return;
        const double ground = m.terrain.height(float(cx), float(cy));
        const double mm_per_px = mm_per_pixel_at_centre(m.camera, w, h, ground);
        if (mm_per_px <= 0) return;
        // A hex board's hexes are its scale already; a bar whose smallest round length is wider
        // than its room would say little and cover the table.
        const BoardUnit unit = board_unit(m.scene.replay.header.board);
        const float room = w * 0.12f;
        if (unit.kind == BoardUnit::Kind::hexes) return;
        const ScaleBar bar = choose_scale_bar(mm_per_px, room, unit);
        if (bar.px > room) return;
        const Type& type = presenter_type::small;
        const int line = c.line_height(type), pad = line / 3, thick = std::max(4, line / 4);
        const int box_w = std::max(int(bar.px), c.text_width(type, bar.label)) + 2 * pad;
        // Just under the card, at its outer edge.
        const PixelRect& card = l.card_box;
        const int x0 = card.x0 < c.width() - card.x1 ? card.x0 : card.x1 - box_w;
        int y0 = card.y1 + l.margin / 2;
        const int height = pad + line + thick + pad;
        // A teacher's note under the card keeps its place: the bar goes under the note.
        if (l.note_box && l.note_box->y0 < y0 + height && l.note_box->y1 > y0 &&
            l.note_box->x0 < x0 + box_w && l.note_box->x1 > x0)
            y0 = l.note_box->y1 + l.margin / 2;
        const int y1 = y0 + height;
        if (y1 > l.caption_top - l.margin / 2) return;  // no room above the caption: no bar
        c.shade(x0, y0, x0 + box_w, y1, 0.3f);
        const int y = c.text(type, bar.label, x0 + pad, y0 + pad / 2, box_w, {240, 236, 220});
        // Half dark, half light, like a map's bar; the light one frames the dark half, which so
        // reads on the shaded box.
        const int bx = x0 + pad, len = int(bar.px), half = len / 2;
        c.fill(bx, y - thick / 2, bx + len, y + thick, {245, 245, 240});
        c.fill(bx + 2, y + 1, bx + half, y + thick - 1, {20, 20, 20});
    }
};

}  // namespace

std::unique_ptr<OverlayLayer> scale_bar_layer(const LayerOptions&) {
    return std::make_unique<ScaleBarLayer>();
}

}  // namespace vedette::render

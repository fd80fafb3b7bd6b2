// A teacher's note (renderer/scene/replay_notes.h) at its moment: its arrows and circles on the
// table, its name and text in the column the layout gave it (under the card, else a top corner).

#include "renderer/overlay/marks_painter.h"
#include "renderer/overlay/overlay_layer.h"
#include "renderer/overlay/presenter_layout.h"
#include "renderer/scene/replay_notes.h"

namespace vedette::render {

namespace {

class NoteLayer final : public OverlayLayer {
public:
    const char* name() const override { return "note"; }
    explicit NoteLayer(const ReplayNotes& notes) : notes_(notes) {}
    void draw(Canvas& canvas, const OverlayMoment& m, const PresenterLayout& l) override {
        const Note* n = note_at(notes_, m.state.time_ms, kNoteShowMs);
        if (!n) return;
        MarksPainter(std::uint32_t(canvas.type_height()))
            .paint_drawings(canvas, *n, m.camera, m.terrain);
        if (n->text.empty() && n->name.empty()) return;
        const Type& small = presenter_type::small;
        const int x0 = l.note_column.x0, box_w = l.note_column.x1 - l.note_column.x0;
        const int top = l.note_column.y0, pad = canvas.line_height(small) / 2;
        auto lay_out = [&](Canvas& target) {
            int y = target.text(small, "NOTE  " + n->name, x0 + pad, top + pad, box_w - 2 * pad,
                                {255, 220, 60});
            y = target.text(small, n->text, x0 + pad, y, box_w - 2 * pad, {250, 246, 232});
            return y + pad;
        };
        MeasureCanvas measure(canvas);
        const int bottom = lay_out(measure);
        canvas.shade(x0, top, x0 + box_w, bottom, 0.12f);
        canvas.fill(x0, top, x0 + 4, bottom, {255, 220, 60});
        lay_out(canvas);
    }

private:
    const ReplayNotes& notes_;
};

}  // namespace

std::unique_ptr<OverlayLayer> note_layer(const LayerOptions& o) {
    if (!o.notes) return nullptr;
    return std::make_unique<NoteLayer>(*o.notes);
}

}  // namespace vedette::render

#include "renderer/overlay/presenter_layout.h"

#include <algorithm>

#include "renderer/overlay/card_painter.h"
#include "renderer/scene/replay_notes.h"

namespace vedette::render {

namespace {

bool on_screen(const Camera& camera, const TerrainModel& terrain, int width, int height,
               double x_mm, double y_mm, float lift, ScreenPoint& out) {
    const float h = terrain.height(float(x_mm), float(y_mm)) + lift;
    return project_to_screen(camera, table_point(x_mm, y_mm, h), float(width), float(height),
                             out.first, out.second);
}

// The box round the current event's units' whole bases on screen (nullopt: none on the table).
std::optional<PixelRect> event_footprints_box(int width, int height, const OverlayMoment& m) {
    const auto* ids = event_units(m.scene, m.state);
    if (!ids) return std::nullopt;
    std::optional<PixelRect> box;
    for (const auto& u : m.state.units) {
        if (!u.on_table || std::find(ids->begin(), ids->end(), u.unit) == ids->end()) continue;
        for (const auto& [x, y] : footprint(u)) {
            ScreenPoint p;
            if (!on_screen(m.camera, m.terrain, width, height, x, y, 0.0f, p)) continue;
            // Clamped before the cast: a corner near the camera's plane projects far away.
            const int px = int(std::clamp(p.first, -1e6f, 1e6f));
            const int py = int(std::clamp(p.second, -1e6f, 1e6f));
            box = box ? PixelRect{std::min(box->x0, px), std::min(box->y0, py),
                                  std::max(box->x1, px), std::max(box->y1, py)}
                      : PixelRect{px, py, px, py};
        }
    }
    return box;
}

// The result card shown at `event` (result_card.h card_event: its own, or the melee's it
// follows) and, in `shown`, the event it belongs to.
std::optional<ResultCard> result_card_at(const ReplayScene& scene, int event, int& shown) {
    shown = card_event(scene, event);
    if (shown < 0) return std::nullopt;
    return result_card_of(*scene.replay.events[static_cast<std::size_t>(shown)].explanation);
}

}  // namespace

int type_height(std::uint32_t width, std::uint32_t height) {
    return int(std::min(width, height));
}

int frame_margin(int width, int height) {
    return std::max(4, type_height(std::uint32_t(width), std::uint32_t(height)) / 54);
}

// A card grows a second column towards the frame's middle: left of a card in the right corner,
// right of one in the left corner or under a portrait frame's table.
bool grows_left(int width, int height, bool card_left) {
    return !card_left && width >= height;
}

// Landscape: a top corner, three tenths of the width (at least 240 px where the frame allows,
// never over half). Portrait (a phone's vertical video): the whole width under the table, which
// takes the top of the frame (framing.h).
PixelRect card_column(int width, int height, bool left, bool paged) {
    const int w = width, h = height;
    const int margin = frame_margin(width, height);
    // Portrait: the whole width in a video (whose card turns pages), the left half in a still
    // (a second column, when the card grows, takes the right half).
    if (h > w)
        return {margin, int(float(h) * kPortraitTableShare) + margin,
                paged ? w - margin : w / 2 - margin / 2, h};
    const int column_w = std::max(w * 3 / 10, std::min(240, w / 2));
    const int x0 = left ? margin : w - margin - column_w;
    return {x0, margin, x0 + column_w, h};
}

// The reasons stop above the caption band (a fifth of the frame from the bottom).
int card_limit(int height) {
    return height * 4 / 5 - std::max(4, height / 54);
}

std::vector<std::pair<double, double>> footprint(const UnitView& u) {
    const double fx = u.facing_x, fy = u.facing_y;  // forward
    const double rx = fy, ry = -fx;                 // right
    const double hw = std::max(5.0, u.width_mm / 2 + 3), hd = std::max(5.0, u.depth_mm / 2 + 3);
    return {{u.x_mm + rx * hw + fx * hd, u.y_mm + ry * hw + fy * hd},
            {u.x_mm - rx * hw + fx * hd, u.y_mm - ry * hw + fy * hd},
            {u.x_mm - rx * hw - fx * hd, u.y_mm - ry * hw - fy * hd},
            {u.x_mm + rx * hw - fx * hd, u.y_mm + ry * hw - fy * hd}};
}

const std::vector<int>* event_units(const ReplayScene& scene, const SceneState& state) {
    if (state.event < 0) return nullptr;
    const auto& e = scene.replay.events[static_cast<std::size_t>(state.event)];
    return e.category == sim::record::Category::turn ? nullptr : &e.units;
}

std::optional<PixelRect> event_units_box(int width, int height, const ReplayScene& scene,
                                         const SceneState& state, const Camera& camera,
                                         const TerrainModel& terrain) {
    const auto* ids = event_units(scene, state);
    if (!ids) return std::nullopt;
    std::optional<PixelRect> box;
    for (const auto& u : state.units) {
        if (std::find(ids->begin(), ids->end(), u.unit) == ids->end()) continue;
        ScreenPoint p;
        if (!on_screen(camera, terrain, width, height, u.x_mm, u.y_mm, 0.0f, p)) continue;
        const int x = int(p.first), y = int(p.second);
        box = box ? PixelRect{std::min(box->x0, x), std::min(box->y0, y), std::max(box->x1, x),
                              std::max(box->y1, y)}
                  : PixelRect{x, y, x, y};
    }
    return box;
}

bool box_goes_left(int width, int height, const ReplayScene& scene, const SceneState& state,
                   const Camera& camera, const TerrainModel& terrain) {
    const auto action = event_units_box(width, height, scene, state, camera, terrain);
    return action && (action->x0 + action->x1) / 2 > width / 2;
}

int caption_band_top(Canvas& canvas, const Type& type, const std::string& caption) {
    const int size = int(canvas.pixel_size(type));
    const int max_width = canvas.width() - 2 * size;
    // The band holds two lines; a title that wraps to more raises its top so that the detail
    // line below it never overlaps the title's last line.
    MeasureCanvas measure(canvas);
    const int title_h = measure.text(type, caption, 0, 0, max_width, {});
    const float px = canvas.pixel_size(type);
    const int band = std::max(int(px * 4.2f), int(px * 0.4f) + title_h + int(px * 1.5f));
    return canvas.height() - band;
}

PresenterLayout PresenterLayouter::lay_out(Canvas& canvas, const OverlayMoment& m) {
    PresenterLayout l;
    const int w = canvas.width(), h = canvas.height();
    l.margin = frame_margin(w, h);
    l.caption_top = h;
    if (m.full_frame != OverlayMoment::FullFrame::none) {
        l.full_frame = true;
        return l;
    }
    const auto& events = m.scene.replay.events;
    if (m.state.event >= 0)
        l.caption_top = caption_band_top(canvas, presenter_type::caption,
                                         events[std::size_t(m.state.event)].text);
    // The card stops above the caption band, however many lines the caption takes.
    l.card_max_bottom = std::min(card_limit(h), l.caption_top - l.margin);
    int shown = -1;
    l.card = result_card_at(m.scene, m.state.event, shown);
    int key = 0;
    if (l.card) {
        const int episode = events[std::size_t(shown)].episode;
        key = episode >= 0 ? episode : -2 - shown;
        l.card_parts = m.card_parts;  // revealed part by part over its own event's segment
    } else if ((l.card = charge_card_of(events, m.state.event))) {
        // During a charge's approach, the charge's own card, on the side its episode's take.
        key = events[std::size_t(m.state.event)].episode;
    }
    if (l.card) {
        l.card_left = side_for(key, canvas, m);
        l.card_column = card_column(w, h, l.card_left, !m.still);
        CardPainter card(canvas.type_height());
        MeasureCanvas measure(canvas);
        // A video turns pages as it reveals the card; a still grows a second column if need be.
        const int bottom = card.paint(measure, *l.card, l.card_column.x0, l.card_column.y0,
                                      l.card_column.x1 - l.card_column.x0, false, l.card_max_bottom,
                                      l.card_parts, !m.still, grows_left(w, h, l.card_left));
        l.card_box = {card.last_left(), l.card_column.y0, card.last_right(), bottom};
    }
    // A teacher's note goes in the card's column, under the card and above the caption band (the
    // framed units stay clear); when it has no room there, in the other top corner.
    const PixelRect& c = l.card_box;
    const int under_card = l.card ? note_height(canvas, m, c.x1 - c.x0) : 0;
    if (l.card && c.y1 + l.margin + under_card <= l.caption_top)
        l.note_column = {c.x0, c.y1 + l.margin, c.x1, h};
    else if (l.card)  // no room under the card: the top corner with more room beside the card
        l.note_column = card_column(w, h, c.x0 > w - c.x1);
    else
        l.note_column =
            card_column(w, h, box_goes_left(w, h, m.scene, m.state, m.camera, m.terrain));
    const PixelRect& n = l.note_column;
    if (const int note = note_height(canvas, m, n.x1 - n.x0); note > 0)
        l.note_box = PixelRect{n.x0, n.y0, n.x1, n.y0 + note};
    return l;
}

// The height of the note box shown at this moment in a column `width` wide (0: none).
int PresenterLayouter::note_height(Canvas& canvas, const OverlayMoment& m, int width) {
    if (!notes_) return 0;
    const Note* n = note_at(*notes_, m.state.time_ms, kNoteShowMs);
    if (!n || (n->text.empty() && n->name.empty())) return 0;
    const Type& small = presenter_type::small;
    const int pad = canvas.line_height(small) / 2;
    MeasureCanvas measure(canvas);
    int y = measure.text(small, "NOTE  " + n->name, pad, pad, width - 2 * pad, {});
    y = measure.text(small, n->text, pad, y, width - 2 * pad, {});
    return y + pad;
}

std::optional<PixelRect> PresenterLayouter::card_box(Canvas& metrics, int width, int height,
                                                     const ReplayScene& scene, int event, bool left,
                                                     bool still) {
    int shown = -1;
    const auto card = result_card_at(scene, event, shown);
    if (!card) return std::nullopt;
    PixelRect box = card_column(width, height, left, !still);
    CardPainter painter(metrics.type_height());
    MeasureCanvas measure(metrics, width, height);
    box.y1 =
        painter.paint(measure, *card, box.x0, box.y0, box.x1 - box.x0, true, card_limit(height),
                      std::size_t(-1), !still, grows_left(width, height, left));
    box.x0 = painter.last_left(), box.x1 = painter.last_right();  // two columns when it grew
    return box;
}

// The top corner farther from the action, chosen when the episode's card first shows. It keeps
// that side (a card that jumps sides mid-story loses the reader) unless the camera has brought the
// action under it and the other corner is clear: the units of the moment are never hidden.
bool PresenterLayouter::side_for(int key, Canvas& canvas, const OverlayMoment& m) {
    const int w = canvas.width(), h = canvas.height();
    const auto [side, first] =
        card_side_.try_emplace(key, box_goes_left(w, h, m.scene, m.state, m.camera, m.terrain));
    const auto action = event_footprints_box(w, h, m);
    if (first || !action) return side->second;
    const auto covers = [&](bool left) {
        const auto box = card_box(canvas, w, h, m.scene, m.state.event, left);
        const PixelRect c = box ? *box : card_column(w, h, left);
        return action->x1 >= c.x0 && action->x0 <= c.x1 && action->y1 >= c.y0 && action->y0 <= c.y1;
    };
    if (covers(side->second) && !covers(!side->second)) side->second = !side->second;
    return side->second;
}

bool PresenterLayouter::card_left(int episode_or_event) const {
    const auto it = card_side_.find(episode_or_event);
    return it != card_side_.end() && it->second;
}

}  // namespace vedette::render

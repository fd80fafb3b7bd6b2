#include "renderer/export/presenter_overlay.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "renderer/export/label_painter.h"
#include "renderer/export/overlay_panels.h"
#include "renderer/export/stroke_painter.h"
#include "renderer/scene/result_card.h"

namespace vedette::render {

namespace {

// Text sizes as lines per frame height: large enough for a phone screen at any output size.
constexpr float kTitleLines = 12, kCaptionLines = 20, kCardLines = 30, kSmallLines = 38,
                kLabelLines = 36;
constexpr double kTitleFadeSeconds = 0.6;

// The four corners of a unit's footprint on the table.
std::vector<std::pair<double, double>> footprint(const UnitView& u) {
    const double fx = u.facing_x, fy = u.facing_y;  // forward
    const double rx = fy, ry = -fx;                 // right
    const double hw = std::max(5.0, u.width_mm / 2 + 3), hd = std::max(5.0, u.depth_mm / 2 + 3);
    return {{u.x_mm + rx * hw + fx * hd, u.y_mm + ry * hw + fy * hd},
            {u.x_mm - rx * hw + fx * hd, u.y_mm - ry * hw + fy * hd},
            {u.x_mm - rx * hw - fx * hd, u.y_mm - ry * hw - fy * hd},
            {u.x_mm + rx * hw - fx * hd, u.y_mm + ry * hw - fy * hd}};
}

bool on_screen(const FrameMoment& m, const RgbaImage& frame, double x_mm, double y_mm, float lift,
               ScreenPoint& out) {
    const float h = m.terrain.height(float(x_mm), float(y_mm)) + lift;
    return project_to_screen(m.camera, table_point(x_mm, y_mm, h), float(frame.width),
                             float(frame.height), out.first, out.second);
}

const std::vector<int>* event_units(const ReplayScene& scene, const SceneState& state) {
    if (state.event < 0) return nullptr;
    const auto& e = scene.replay.events[static_cast<std::size_t>(state.event)];
    return e.category == sim::record::Category::turn ? nullptr : &e.units;
}

// The box round the current event's units' whole bases on screen (nullopt: none on the table).
std::optional<PixelRect> event_footprints_box(const RgbaImage& frame, const ReplayScene& scene,
                                              const FrameMoment& m) {
    const auto* ids = event_units(scene, m.state);
    if (!ids) return std::nullopt;
    std::optional<PixelRect> box;
    for (const auto& u : m.state.units) {
        if (!u.on_table || std::find(ids->begin(), ids->end(), u.unit) == ids->end()) continue;
        for (const auto& [x, y] : footprint(u)) {
            ScreenPoint p;
            if (!on_screen(m, frame, x, y, 0.0f, p)) continue;
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

// The margin overlays keep from the frame's edges.
int frame_margin(std::uint32_t width, std::uint32_t height) {
    return std::max(4, type_height(width, height) / 54);
}

// A card grows a second column towards the frame's middle: left of a card in the right corner,
// right of one in the left corner or under a portrait frame's table.
bool grows_left(std::uint32_t width, std::uint32_t height, bool card_left) {
    return !card_left && width >= height;
}

// The column a card (or a note) stands in. Landscape: a top corner, three tenths of the width
// (at least 240 px where the frame allows, never over half). Portrait (a phone's vertical video):
// the whole width under the table, which takes the top of the frame (framing.h). A margin from
// the frame's edges; y1 is the frame's bottom until the card's height is known.
PixelRect card_column(std::uint32_t width, std::uint32_t height, bool left, bool paged = false) {
    const int w = int(width), h = int(height);
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

}  // namespace

int type_height(std::uint32_t width, std::uint32_t height) {
    return int(std::min(width, height));
}

PresenterOverlay::PresenterOverlay(std::uint32_t width, std::uint32_t height, LabelStyle labels,
                                   const Visuals& visuals, const ReplayNotes* notes, bool luck)
    : PresenterOverlay(labels, visuals, notes, luck, std::uint32_t(type_height(width, height))) {}

PresenterOverlay::PresenterOverlay(LabelStyle labels, const Visuals& visuals,
                                   const ReplayNotes* notes, bool luck, std::uint32_t type)
    : labels_(labels),
      visuals_(visuals),
      notes_(notes),
      marks_(type),
      title_(type, kTitleLines),
      caption_(type, kCaptionLines),
      card_text_(type, kCardLines),
      small_(type, kSmallLines),
      label_text_(type, kLabelLines),
      card_(type),
      luck_(luck ? std::make_unique<LuckPainter>(type, visuals) : nullptr) {}

void PresenterOverlay::paint(RgbaImage& frame, const ReplayScene& scene, const FrameMoment& m) {
    if (m.segment.event == kTitleCard) {
        const double left = m.segment.video_end_s() - m.video_s;
        title_card(frame, scene, std::clamp(left / kTitleFadeSeconds, 0.0, 1.0));
        return;
    }
    if (m.segment.event == kEndCard) {
        const double shown = m.video_s - m.segment.video_start_s;
        end_card(frame, scene, m.segment.recap_events,
                 std::clamp(shown / kTitleFadeSeconds, 0.0, 1.0));
        return;
    }
    marks_.paint(frame, table_marks(scene, m.state, visuals_), m.camera, m.terrain);
    highlight_event_units(frame, scene, m);
    paint_unit_labels(label_text_, frame, m.state, m.camera, m.terrain, labels_,
                      side_tag_colours(visuals_, scene.replay.header.sides));
    int caption_top = int(frame.height);
    if (m.state.event >= 0) {
        const auto& e = scene.replay.events[static_cast<std::size_t>(m.state.event)];
        caption_.paint_lines(frame, e.text, caption_detail(scene, e));
        caption_top = caption_.band_top(frame.width, frame.height, e.text);
    }
    // A teacher's note goes in the card's column, under the card and above the caption band (the
    // framed units stay clear); when it has no room there, in the other top corner.
    const int w = int(frame.width), margin = frame_margin(frame.width, frame.height);
    // The card stops above the caption band, however many lines the caption takes.
    const int card_bottom = std::min(card_limit(frame.height), caption_top - margin);
    const std::optional<PixelRect> card = result_card(frame, scene, m, card_bottom);
    PixelRect column;
    if (card && card->y1 + margin + note_height(m, card->x1 - card->x0) <= caption_top)
        column = {card->x0, card->y1 + margin, card->x1, int(frame.height)};
    else if (card)  // no room under the card: the top corner with more room beside the card
        column = card_column(frame.width, frame.height, card->x0 > w - card->x1);
    else
        column = card_column(frame.width, frame.height,
                             box_goes_left(frame, scene, m.state, m.camera, m.terrain));
    note(frame, m, column);
    if (luck_) luck_strip(frame, scene, m, card, caption_top);
    last_card_ = card, last_caption_top_ = caption_top;
}

// The luck strip above the caption band, on the side away from the card (left without one).
void PresenterOverlay::luck_strip(RgbaImage& frame, const ReplayScene& scene, const FrameMoment& m,
                                  const std::optional<PixelRect>& card, int caption_top) {
    const int w = int(frame.width), margin = frame_margin(frame.width, frame.height);
    const int width = w * 38 / 100, height = LuckPainter::height(frame.height);
    const bool left = !(card && card->x0 < w / 2);
    const int x0 = left ? margin : w - margin - width, y1 = caption_top - margin;
    luck_->paint(frame, scene, m.state, x0, y1 - height, x0 + width, y1);
}

// The height of the note box shown at this moment in a column `width` wide (0: none).
int PresenterOverlay::note_height(const FrameMoment& m, int width) {
    if (!notes_) return 0;
    const Note* n = note_at(*notes_, m.state.time_ms, kNoteShowMs);
    if (!n || (n->text.empty() && n->name.empty())) return 0;
    const int pad = small_.line_height() / 2;
    RgbaImage scratch(1, 1);
    int y = small_.draw_text(scratch, "NOTE  " + n->name, pad, pad, width - 2 * pad, 0, 0, 0);
    y = small_.draw_text(scratch, n->text, pad, y, width - 2 * pad, 0, 0, 0);
    return y + pad;
}

void PresenterOverlay::note(RgbaImage& frame, const FrameMoment& m, const PixelRect& column) {
    if (!notes_) return;
    const Note* n = note_at(*notes_, m.state.time_ms, kNoteShowMs);
    if (!n) return;
    marks_.paint_drawings(frame, *n, m.camera, m.terrain);
    if (n->text.empty() && n->name.empty()) return;
    const int x0 = column.x0, box_w = column.x1 - column.x0, top = column.y0;
    const int pad = small_.line_height() / 2;
    auto lay_out = [&](RgbaImage& target) {
        int y = small_.draw_text(target, "NOTE  " + n->name, x0 + pad, top + pad, box_w - 2 * pad,
                                 255, 220, 60);
        y = small_.draw_text(target, n->text, x0 + pad, y, box_w - 2 * pad, 250, 246, 232);
        return y + pad;
    };
    RgbaImage scratch(1, 1);
    const int bottom = lay_out(scratch);
    card_text_.shade(frame, x0, top, x0 + box_w, bottom, 0.12f);
    card_text_.fill(frame, x0, top, x0 + 4, bottom, 255, 220, 60);
    lay_out(frame);
}

// A card over the whole frame (the title and end cards): the table darkened, the more the further
// the card has faded in, and the battle's title at `top`. Returns the y under the title, or -1
// while the card is still too faint for words.
int PresenterOverlay::full_frame_title(RgbaImage& frame, const ReplayScene& scene, double fade,
                                       int top) {
    const auto& h = scene.replay.header;
    title_.shade(frame, 0, 0, int(frame.width), int(frame.height), float(1.0 - 0.8 * fade));
    if (fade < 0.35) return -1;
    const int margin = int(frame.width) / 10;
    return title_.draw_text(frame, h.title.empty() ? "A Vedette replay" : h.title, margin, top,
                            int(frame.width) - 2 * margin, 255, 235, 180);
}

// The last line of a full-frame card: the rule system, and what replayed it.
void PresenterOverlay::rules_line(RgbaImage& frame, const ReplayScene& scene, int y) {
    const int margin = int(frame.width) / 10;
    small_.draw_text(frame,
                     "Rules: " + scene.replay.header.ruleset + "   -   replayed with Vedette",
                     margin, y + 24, int(frame.width) - 2 * margin, 180, 170, 140);
}

void PresenterOverlay::title_card(RgbaImage& frame, const ReplayScene& scene, double fade) {
    int y = full_frame_title(frame, scene, fade, int(frame.height) / 4);
    if (y < 0) return;
    const auto& h = scene.replay.header;
    const int margin = int(frame.width) / 10, max_w = int(frame.width) - 2 * margin;
    std::string sides;
    for (const auto& s : h.sides) sides += (sides.empty() ? "" : "  v  ") + s.name;
    if (!sides.empty()) y = caption_.draw_text(frame, sides, margin, y + 8, max_w, 235, 235, 235);
    if (!h.description.empty())
        y = card_text_.draw_text(frame, h.description, margin, y + 16, max_w, 210, 210, 200);
    rules_line(frame, scene, y);
}

// The end card: the battle's title, then what the video showed, each result card's outcome as a
// headline over the caption it came with (the last four), and the rule system.
void PresenterOverlay::end_card(RgbaImage& frame, const ReplayScene& scene,
                                const std::vector<int>& recap, double fade) {
    int y = full_frame_title(frame, scene, fade, int(frame.height) / 6);
    if (y < 0) return;
    const int margin = int(frame.width) / 10, max_w = int(frame.width) - 2 * margin;
    const auto& events = scene.replay.events;
    for (std::size_t i = recap.size() > 4 ? recap.size() - 4 : 0; i < recap.size(); ++i) {
        const auto& e = events[static_cast<std::size_t>(recap[i])];
        const auto card = result_card_of(*e.explanation);
        if (!card) continue;
        std::string outcome = card->outcome;
        if (!outcome.empty())
            outcome[0] = char(std::toupper(static_cast<unsigned char>(outcome[0])));
        y = caption_.draw_text(frame, outcome, margin, y + 16, max_w, 255, 214, 90);
        y = card_text_.draw_text(frame, e.text, margin, y + 4, max_w, 225, 225, 215);
    }
    rules_line(frame, scene, y);
}

std::optional<PixelRect> event_units_box(const RgbaImage& frame, const ReplayScene& scene,
                                         const SceneState& state, const Camera& camera,
                                         const TerrainModel& terrain) {
    const auto* ids = event_units(scene, state);
    if (!ids) return std::nullopt;
    std::optional<PixelRect> box;
    for (const auto& u : state.units) {
        if (std::find(ids->begin(), ids->end(), u.unit) == ids->end()) continue;
        ScreenPoint p;
        const float h = terrain.height(float(u.x_mm), float(u.y_mm));
        if (!project_to_screen(camera, table_point(u.x_mm, u.y_mm, h), float(frame.width),
                               float(frame.height), p.first, p.second))
            continue;
        const int x = int(p.first), y = int(p.second);
        if (!box)
            box = PixelRect{x, y, x, y};
        else
            *box = {std::min(box->x0, x), std::min(box->y0, y), std::max(box->x1, x),
                    std::max(box->y1, y)};
    }
    return box;
}

bool box_goes_left(const RgbaImage& frame, const ReplayScene& scene, const SceneState& state,
                   const Camera& camera, const TerrainModel& terrain) {
    const auto action = event_units_box(frame, scene, state, camera, terrain);
    return action && (action->x0 + action->x1) / 2 > int(frame.width) / 2;
}

void PresenterOverlay::highlight_event_units(RgbaImage& frame, const ReplayScene& scene,
                                             const FrameMoment& m) {
    const auto* ids = event_units(scene, m.state);
    if (!ids) return;
    const Stroke gold{255, 214, 90, std::max(2.0f, float(frame.height) / 360.0f), 0.9f, 0.0f};
    for (const auto& u : m.state.units) {
        if (!u.on_table || std::find(ids->begin(), ids->end(), u.unit) == ids->end()) continue;
        std::vector<ScreenPoint> outline;
        for (const auto& [x, y] : footprint(u)) {
            ScreenPoint p;
            if (on_screen(m, frame, x, y, 1.5f, p)) outline.push_back(p);
        }
        if (outline.size() == 4) paint_polyline(frame, outline, gold, true);
    }
}

std::optional<PixelRect> PresenterOverlay::card_box(std::uint32_t width, std::uint32_t height,
                                                    const ReplayScene& scene, int event, bool left,
                                                    bool still) {
    const int shown = PanelPainter::explained_event(scene, event);
    if (shown < 0) return std::nullopt;
    const auto card =
        result_card_of(*scene.replay.events[static_cast<std::size_t>(shown)].explanation);
    if (!card) return std::nullopt;
    PixelRect box = card_column(width, height, left, !still);
    RgbaImage scratch(1, 1);
    box.y1 = card_.paint(scratch, *card, box.x0, box.y0, box.x1 - box.x0, true, card_limit(height),
                         std::size_t(-1), !still, grows_left(width, height, left));
    box.x0 = card_.last_left(), box.x1 = card_.last_right();  // two columns when it grew
    return box;
}

PixelRect PresenterOverlay::caption_box(std::uint32_t width, std::uint32_t height,
                                        const std::string& caption) {
    return {0, caption_.band_top(width, height, caption), int(width), int(height)};
}

// The reasons stop above the caption band (a fifth of the frame from the bottom).
int PresenterOverlay::card_limit(std::uint32_t height) {
    return int(height) * 4 / 5 - std::max(4, int(height) / 54);
}

std::optional<PixelRect> PresenterOverlay::result_card(RgbaImage& frame, const ReplayScene& scene,
                                                       const FrameMoment& m, int max_bottom) {
    const int shown = PanelPainter::explained_event(scene, m.state.event);
    const auto card = shown >= 0
                          ? result_card_of(*scene.replay.events[std::size_t(shown)].explanation)
                          : std::nullopt;
    if (!card) return charge_card(frame, scene, m, max_bottom);
    const auto& event = scene.replay.events[static_cast<std::size_t>(shown)];
    const int key = event.episode >= 0 ? event.episode : -2 - shown;
    const bool left = side_for(key, frame, scene, m);
    const PixelRect box = card_column(frame.width, frame.height, left, !m.still);
    // Revealed part by part over its own event's segment (pacing.h), whole afterwards.
    const auto& at = m.segment.card_parts_at_s;
    const std::size_t parts =
        at.empty()
            ? std::size_t(-1)
            : std::size_t(std::upper_bound(at.begin(), at.end(), m.video_s + 1e-9) - at.begin());
    // A video turns pages as it reveals the card; a still grows a second column if need be.
    const int bottom = card_.paint(frame, *card, box.x0, box.y0, box.x1 - box.x0, false, max_bottom,
                                   parts, !m.still, grows_left(frame.width, frame.height, left));
    return PixelRect{card_.last_left(), box.y0, card_.last_right(), bottom};
}

// During a charge's approach, the charge's own card (result_card.h charge_card_of), on the side
// its episode's cards take.
std::optional<PixelRect> PresenterOverlay::charge_card(RgbaImage& frame, const ReplayScene& scene,
                                                       const FrameMoment& m, int max_bottom) {
    const auto card = charge_card_of(scene.replay.events, m.state.event);
    if (!card) return std::nullopt;
    const int episode = scene.replay.events[static_cast<std::size_t>(m.state.event)].episode;
    const bool left = side_for(episode, frame, scene, m);
    PixelRect box = card_column(frame.width, frame.height, left, !m.still);
    box.y1 = card_.paint(frame, *card, box.x0, box.y0, box.x1 - box.x0, false, max_bottom,
                         std::size_t(-1), !m.still, grows_left(frame.width, frame.height, left));
    box.x0 = card_.last_left(), box.x1 = card_.last_right();
    return box;
}

// The top corner farther from the action, chosen when the episode's card first shows. It keeps
// that side (a card that jumps sides mid-story loses the reader) unless the camera has brought the
// action under it and the other corner is clear: the units of the moment are never hidden.
bool PresenterOverlay::side_for(int key, const RgbaImage& frame, const ReplayScene& scene,
                                const FrameMoment& m) {
    const auto [side, first] =
        card_side_.try_emplace(key, box_goes_left(frame, scene, m.state, m.camera, m.terrain));
    const auto action = event_footprints_box(frame, scene, m);
    if (first || !action) return side->second;
    const auto covers = [&](bool left) {
        const auto box = card_box(frame.width, frame.height, scene, m.state.event, left);
        const PixelRect c = box ? *box : card_column(frame.width, frame.height, left);
        return action->x1 >= c.x0 && action->x0 <= c.x1 && action->y1 >= c.y0 && action->y0 <= c.y1;
    };
    if (covers(side->second) && !covers(!side->second)) side->second = !side->second;
    return side->second;
}

bool PresenterOverlay::card_left(int episode_or_event) const {
    const auto it = card_side_.find(episode_or_event);
    return it != card_side_.end() && it->second;
}

}  // namespace vedette::render

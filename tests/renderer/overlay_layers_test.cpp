// The presenter's overlay layers (renderer/overlay): their order, and what each draws where the
// one layout step put its box. Drawn on a recording canvas: what a back end would be asked to
// draw, with no pixels (the CPU back end's pixels are the golden tests'; the ImGui back end's
// calls are imgui_canvas_test.cpp's).

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "renderer/overlay/overlay_layer.h"
#include "renderer/overlay/presenter_layout.h"
#include "renderer/scene/replay_notes.h"
#include "renderer/scene/scale_bar.h"
#include "tests/renderer/demo_fixture.h"

namespace vedette::render {
namespace {

// A canvas that keeps what it was asked to draw. Its type is 10 px a character wide and its lines
// 1.2 times the type's size, so layouts are easy to reckon.
class RecordingCanvas final : public Canvas {
public:
    struct Text {
        std::string words;
        int x, y;
    };
    RecordingCanvas(int w, int h) : w_(w), h_(h) {}
    int width() const override { return w_; }
    int height() const override { return h_; }
    int type_height() const override { return std::min(w_, h_); }
    int text(const Type& type, const std::string& words, int x, int y, int max_width,
             Rgb) override {
        const auto lines = wrapped_lines(type, words, max_width);
        for (const auto& l : lines) texts.push_back({l, x, y}), y += line_height(type);
        return lines.empty() ? y + line_height(type) : y;
    }
    int text_width(const Type&, const std::string& words) override {
        return 10 * int(words.size());
    }
    int line_height(const Type& type) override { return int(pixel_size(type) * 1.2f); }
    std::vector<std::string> wrapped_lines(const Type&, const std::string& words,
                                           int max_width) override {
        std::vector<std::string> lines;
        std::string line;
        for (std::size_t i = 0; i <= words.size(); ++i) {
            if (i < words.size() && words[i] != ' ') {
                line += words[i];
                continue;
            }
            if (!line.empty() &&
                (lines.empty() || 10 * int(lines.back().size() + 1 + line.size()) > max_width))
                lines.push_back(line);
            else if (!line.empty())
                lines.back() += " " + line;
            line.clear();
        }
        return lines;
    }
    void fill(int x0, int y0, int x1, int y1, Rgb) override { fills.push_back({x0, y0, x1, y1}); }
    void shade(int x0, int y0, int x1, int y1, float) override {
        shades.push_back({x0, y0, x1, y1});
    }
    void segment(ScreenPoint a, ScreenPoint b, const Stroke&) override { lines.push_back({a, b}); }
    void polyline(const std::vector<ScreenPoint>& points, const Stroke&, bool, float) override {
        lines.push_back(points);
    }

    std::vector<Text> texts;
    std::vector<PixelRect> fills, shades;
    std::vector<std::vector<ScreenPoint>> lines;

private:
    int w_, h_;
};

std::vector<std::string> names(const OverlayLayers& layers) {
    std::vector<std::string> out;
    for (const auto& l : layers) out.push_back(l->name());
    return out;
}

bool has(const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

TEST(PresenterLayers, DrawBottomToTopAndTakeTheirOptions) {
    const std::vector<std::string> plain = names(presenter_layers({visuals()}));
    // The table's marks under the tags, the caption and card over them, the full-frame cards last.
    ASSERT_GE(plain.size(), 6u);
    EXPECT_EQ(plain.front(), "marks");
    EXPECT_LT(std::find(plain.begin(), plain.end(), "name tags"),
              std::find(plain.begin(), plain.end(), "caption"));
    EXPECT_LT(std::find(plain.begin(), plain.end(), "caption"),
              std::find(plain.begin(), plain.end(), "card"));
    EXPECT_FALSE(has(plain, "luck"));
    EXPECT_FALSE(has(plain, "note"));
    const ReplayNotes notes;
    const auto all = names(presenter_layers({visuals(), LabelStyle::name, &notes, true}));
    EXPECT_TRUE(has(all, "luck"));
    EXPECT_TRUE(has(all, "note"));
}

// The demo's first melee with a result card, seen from above it.
struct Melee {
    int event = -1;
    SceneState state;
};
Melee first_melee() {
    const auto& events = demo().replay.events;
    for (std::size_t i = 0; i < events.size(); ++i)
        if (events[i].explanation && result_card_of(*events[i].explanation))
            return {int(i), scene_at_time(demo(), time_of_event(demo(), int(i)))};
    ADD_FAILURE() << "the demo has no result card";
    return {};
}

TEST(PresenterLayers, TheCaptionAndTheCardDrawInTheBoxesTheLayoutGave) {
    const Melee m = first_melee();
    const TerrainModel terrain(demo().replay.header.board.terrain);
    RecordingCanvas canvas(1920, 1080);
    const Camera camera = make_camera(CameraSpec{}, demo(), m.state, 1920.0f / 1080.0f);
    const OverlayMoment moment{demo(), m.state, camera, terrain};
    PresenterLayouter layouter;
    const PresenterLayout layout = layouter.lay_out(canvas, moment);
    ASSERT_TRUE(layout.card);
    ASSERT_LT(layout.caption_top, 1080);
    OverlayLayers layers = presenter_layers({visuals()});
    draw_layers(layers, canvas, moment, layout);
    const std::string caption = demo().replay.events[std::size_t(m.event)].text;
    std::string outcome = layout.card->outcome;
    outcome[0] = char(std::toupper(static_cast<unsigned char>(outcome[0])));
    bool caption_seen = false, outcome_seen = false;
    for (const auto& t : canvas.texts) {
        if (caption.rfind(t.words, 0) == 0 && t.y >= layout.caption_top) caption_seen = true;
        if (outcome.rfind(t.words, 0) == 0) {
            outcome_seen = true;
            const PixelRect& b = layout.card_box;
            EXPECT_TRUE(t.x >= b.x0 && t.x < b.x1 && t.y >= b.y0 && t.y < b.y1)
                << "the card's headline at " << t.x << "," << t.y << " is outside its box";
        }
    }
    EXPECT_TRUE(caption_seen) << "no caption in the band";
    EXPECT_TRUE(outcome_seen) << "no headline on the card";
    // The card's box stays above the caption band.
    EXPECT_LE(layout.card_box.y1, layout.caption_top);
}

TEST(PresenterLayers, ATitleCardIsDrawnAloneOverTheWholeFrame) {
    const Melee m = first_melee();
    const TerrainModel terrain(demo().replay.header.board.terrain);
    RecordingCanvas canvas(1280, 720);
    const Camera camera = make_camera(CameraSpec{}, demo(), m.state, 1280.0f / 720.0f);
    OverlayMoment moment{demo(), m.state, camera, terrain};
    moment.full_frame = OverlayMoment::FullFrame::title;
    PresenterLayouter layouter;
    const PresenterLayout layout = layouter.lay_out(canvas, moment);
    EXPECT_TRUE(layout.full_frame);
    OverlayLayers layers = presenter_layers({visuals()});
    draw_layers(layers, canvas, moment, layout);
    ASSERT_FALSE(canvas.shades.empty());
    const PixelRect& whole = canvas.shades.front();
    EXPECT_EQ(whole.x1 - whole.x0, 1280);
    EXPECT_EQ(whole.y1 - whole.y0, 720);
    // Only the title card: no caption of the event under it.
    const std::string caption = demo().replay.events[std::size_t(m.event)].text;
    for (const auto& t : canvas.texts) EXPECT_NE(caption.rfind(t.words, 0), 0u) << t.words;
}

}  // namespace
}  // namespace vedette::render

namespace vedette::render {
namespace {

// The scale bar in the card's corner: the board's unit at the length a round bar takes where the
// camera looks, just under the card on its outer side.
TEST(PresenterLayers, TheScaleBarSaysTheBoardsUnitUnderTheCard) {
    const Melee m = first_melee();
    const TerrainModel terrain(demo().replay.header.board.terrain);
    const float w = 1920, h = 1080;
    RecordingCanvas canvas{int(w), int(h)};
    const Camera camera = make_camera(CameraSpec{}, demo(), m.state, w / h);
    const OverlayMoment moment{demo(), m.state, camera, terrain};
    PresenterLayouter layouter;
    const PresenterLayout layout = layouter.lay_out(canvas, moment);
    ASSERT_TRUE(layout.card);
    OverlayLayers all = presenter_layers({visuals()});
    OverlayLayers bar_only;
    for (auto& l : all)
        if (std::string(l->name()) == "scale bar") bar_only.push_back(std::move(l));
    ASSERT_EQ(bar_only.size(), 1u) << "a scale bar among the presenter's layers";
    draw_layers(bar_only, canvas, moment, layout);

    // What it should say, reckoned here from the camera.
    double x = 0, y = 0;
    ASSERT_TRUE(screen_to_table(camera, w / 2, h / 2, w, h, 0.0, x, y));
    const double mm_per_px =
        mm_per_pixel_at_centre(camera, w, h, terrain.height(float(x), float(y)));
    const ScaleBar bar =
        choose_scale_bar(mm_per_px, w * 0.12f, board_unit(demo().replay.header.board));
    ASSERT_EQ(canvas.texts.size(), 1u);
    EXPECT_EQ(canvas.texts[0].words, bar.label);
    EXPECT_NE(bar.label.find("cm"), std::string::npos) << "the demo's table is in centimetres";
    // Just under the card, inside its width.
    const PixelRect& card = layout.card_box;
    EXPECT_GT(canvas.texts[0].y, card.y1);
    EXPECT_LT(canvas.texts[0].y, card.y1 + canvas.line_height(presenter_type::small) * 2);
    EXPECT_GE(canvas.texts[0].x, card.x0);
    EXPECT_LT(canvas.texts[0].x, card.x1);
    // The bar itself: as long as the round length is on the screen, its left half dark.
    ASSERT_EQ(canvas.fills.size(), 2u);
    EXPECT_NEAR(canvas.fills[0].x1 - canvas.fills[0].x0, bar.px, 1.0);
    EXPECT_NEAR(canvas.fills[1].x1 - canvas.fills[0].x0, bar.px / 2, 1.0);

    // A teacher's note under the card keeps its place: the bar goes under the note.
    ReplayNotes notes;
    notes.notes.push_back({"the melee", m.state.time_ms, m.event, "Heavy cavalry +5.", {}});
    RecordingCanvas noted{int(w), int(h)};
    PresenterLayouter with_notes(&notes);
    const PresenterLayout below = with_notes.lay_out(noted, moment);
    ASSERT_TRUE(below.note_box) << "the note is shown under the card";
    EXPECT_EQ(below.note_box->y0, below.note_column.y0);
    draw_layers(bar_only, noted, moment, below);
    ASSERT_EQ(noted.texts.size(), 1u);
    EXPECT_GT(noted.texts[0].y, below.note_box->y1) << "the bar is under the note";

    // A hex board's hexes are its scale: no bar there, even under a card.
    const ReplayScene hexes = load_replay_scene(
        kSource + "/replays/borodino/clause_9_22_fallback_commitment.replay.json");
    int shock = -1;
    for (std::size_t i = 0; i < hexes.replay.events.size() && shock < 0; ++i)
        if (card_event(hexes, int(i)) == int(i)) shock = int(i);
    ASSERT_GE(shock, 0) << "a shock with a card";
    const SceneState hex_state = scene_at_time(hexes, time_of_event(hexes, shock));
    const TerrainModel hex_terrain(hexes.replay.header.board.terrain);
    const Camera hex_camera = make_camera(CameraSpec{}, hexes, hex_state, w / h);
    const OverlayMoment on_hexes{hexes, hex_state, hex_camera, hex_terrain};
    RecordingCanvas hex_canvas{int(w), int(h)};
    const PresenterLayout hex_layout = PresenterLayouter().lay_out(hex_canvas, on_hexes);
    ASSERT_TRUE(hex_layout.card);
    draw_layers(bar_only, hex_canvas, on_hexes, hex_layout);
    EXPECT_TRUE(hex_canvas.texts.empty() && hex_canvas.fills.empty());

    // No card, no bar: it belongs to the card's corner.
    const SceneState before = scene_at_time(demo(), time_of_event(demo(), 1));
    const Camera wide = make_camera(CameraSpec{}, demo(), before, w / h);
    const OverlayMoment setup{demo(), before, wide, terrain};
    RecordingCanvas empty{int(w), int(h)};
    const PresenterLayout no_card = PresenterLayouter().lay_out(empty, setup);
    ASSERT_FALSE(no_card.card);
    draw_layers(bar_only, empty, setup, no_card);
    EXPECT_TRUE(empty.texts.empty() && empty.fills.empty());
}

}  // namespace
}  // namespace vedette::render

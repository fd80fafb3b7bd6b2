#pragma once
// The viewer's panels, one function each (like the Dear ImGui demo). Each reads the model and the
// frame being drawn and pushes commands; none changes anything itself.

#include <cstddef>
#include <utility>

#include <imgui.h>

#include "app/viewer/viewer_model.h"
#include "renderer/scene/terrain_mesh.h"
#include "renderer/scene/visuals.h"

namespace vedette::viewer {

struct FrameView {
    const ViewerModel& model;
    const render::SceneState& state;
    const render::Camera& camera;
    const render::TerrainModel& terrain;
    float width = 0, height = 0;  // the frame in pixels
    bool relayout = false;        // the window size changed: put panels back in their places
    // Where the table is drawn: the part of the frame the docked panels leave free.
    float scene_x = 0, scene_y = 0, scene_w = 0, scene_h = 0;
    const render::Visuals* visuals = nullptr;  // how units look (the counters' symbols)
};

// The part of a width x height frame left free by the open docked panels (the log and unit
// inspector on the left, the explanation and episode panels on the right, the timeline at the
// bottom).
struct SceneRect {
    float x, y, w, h;
};
SceneRect scene_rect(const PanelVisibility& panels, float width, float height,
                     Layout layout = Layout::standard);

// Where each panel sits by default, as fractions of the frame (timeline along the bottom, log and
// inspector on the left, explanation and episode panels on the right).
void place_panel(const FrameView& f, const char* name, float x, float y, float w, float h);
constexpr float kLuckStripHeight = 40.0f;  // under the standard timeline's ruler
constexpr float kTimelineHeight = 150.0f + kLuckStripHeight;
// The docked panels keep their places around the table and draw no background of their own: the
// frame is cleared to the panel colour around the table, which spares a CPU rasteriser blending
// two thirds of every frame (see docs/BENCHMARKS.md). They can still be closed.
constexpr ImGuiWindowFlags kDockedPanel = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                          ImGuiWindowFlags_NoCollapse |
                                          ImGuiWindowFlags_NoBackground;
// The colour around the table (Dear ImGui's dark window background, opaque).
constexpr float kPanelBackground[4] = {0.06f, 0.06f, 0.06f, 1.0f};
constexpr float kLeftWidth = 340.0f;
constexpr float kRightWidth = 440.0f;
// The presenter layout: a right column of this share of the width (at least kPresenterMinRight
// pixels) and a compact timeline; the table keeps at least 70% of the window.
constexpr float kPresenterRightShare = 0.22f;
constexpr float kPresenterMinRight = 300.0f;
constexpr float kPresenterTimelineHeight = 64.0f;
// The presenter layout's right column for a frame `width` pixels wide.
inline float presenter_right_width(float width) {
    return width * kPresenterRightShare > kPresenterMinRight ? width * kPresenterRightShare
                                                             : kPresenterMinRight;
}
// Where the layout puts the right column and the timeline, and the flags of its panels. In the
// presenter layout both grow with the text (its size in pixels now: ui_text_pixels()).
float ui_text_pixels();
float presenter_column_width(float width, float text_pixels);
float presenter_timeline_height(float text_pixels);
// The presenter's scrub bar: three quarters of a line of text.
inline float presenter_scrub_height(float text_pixels) {
    return text_pixels * 0.75f > 16.0f ? text_pixels * 0.75f : 16.0f;
}
float right_width(const FrameView& f);
float timeline_height(const FrameView& f);
// The explanation panel's share of the right column's height (the episode panel has the rest).
float explanation_share(const FrameView& f);
// The presenter's explanation panel shrinks its text when a large font scale asks for more than
// fits its window, never below the sizes of font scale 1: begin after Begin (sets the window's
// font scale; resets when the event, the font scale or the window change), end after what must
// fit; fitted_text_scale() is the scale now (text drawn larger multiplies it).
float begin_fitted_text(const FrameView& f, int shown_event);
float fitted_text_scale();
void end_fitted_text(const FrameView& f);
ImGuiWindowFlags panel_flags(const FrameView& f);
// The presenter's overlay layers over the table (video_overlay.cpp): the caption in the presenter
// layout; every layer a presenter video draws with the video panel on.
void video_overlay(const FrameView& f);

void timeline_panel(const FrameView& f, CommandQueue& q);
void event_log_panel(const FrameView& f, CommandQueue& q);
// The event log lays out every row it draws each frame (wrapped rows defeat ImGui's list
// clipper), so it draws at most this many: the rows around the playhead's.
inline constexpr std::size_t kMaxLogRows = 600;
// Which of `rows` rows the log draws, [first, last): all of them, or kMaxLogRows centred on
// `playhead_row` (-1: before the first) and kept inside the list.
std::pair<std::size_t, std::size_t> log_rows_shown(std::size_t rows, int playhead_row);
// Any typed explanation (record::Explanation): the one ViewerModel::shown_explanation picks.
void explanation_panel(const FrameView& f, CommandQueue& q);
// The steps of the episode in progress, each with its explanation.
void episode_panel(const FrameView& f, CommandQueue& q);
void unit_panel(const FrameView& f, CommandQueue& q);
// `vedette edit`: the selected unit's record line, its edit field and the record's saving, in the
// unit panel (deployment_panel.cpp).
void deployment_section(const FrameView& f, CommandQueue& q, const std::string& unit_id);
// `vedette edit`: adding a unit to a side and drawing a terrain piece (deployment_tools.cpp).
void deployment_tools(const FrameView& f, CommandQueue& q);
void rules_panel(const FrameView& f, CommandQueue& q);
// Labels, trails, the charge arrow of the episode shown, the selected unit's roster overlays (arcs,
// rings); picking and tooltips.
void scene_overlays(const FrameView& f, CommandQueue& q);
// The scale bar in the table's corner and the ruler (the M key) (measure_overlay.cpp).
void measure_overlay(const FrameView& f, CommandQueue& q);
// The replay's notes (notes_panel.cpp): the panel listing the bookmarks (jump, add at now,
// delete); over the table the note shown now (its drawings and its text as a caption), the tour's
// caption, drawing with the mouse in draw mode (the D key) and the camera as a capture line.
void notes_panel(const FrameView& f, CommandQueue& q);
void notes_overlay(const FrameView& f, CommandQueue& q);
// Queued by the panel and the N key: a bookmark at the playhead (named `name`, made unique;
// at the current event when the playhead is at that event's moment), saved at once.
// Refused (said in m.notes_problem, nothing saved) when the notes file already holds the most
// notes it may (sim/core/limits.h).
void add_note_now(ViewerModel& m, const std::string& name, const std::string& text);
// Queued by draw mode: an arrow or a circle into the note shown at the playhead (a new note there
// when none is shown), saved at once. Refused, and said in m.notes_problem, when the notes file
// could not hold it: a point beyond 1 km, a note that has the most drawings it may.
void add_drawing_now(ViewerModel& m, const render::NoteDrawing& d);
// Saves m.notes (atomically); a failure is kept in m.notes_problem for the panel to show.
void save_model_notes(ViewerModel& m);
// The counters view: each counter's symbol and printed values (counter_faces.cpp).
void counter_faces(const FrameView& f);

// Every panel and the 3D overlays, in the order the viewer draws them.
void draw_panels(const FrameView& f, CommandQueue& q);

// Draws dice faces at the cursor (pips, not digits; a value outside 1-6 as its number) and
// records them for the capture as "dice 4 2".
// `sides`: a die of 10 sides is drawn as a d10 (the record's DiceGroup::sides).
void draw_dice(const std::vector<sim::record::Die>& dice, float size = 18.0f, int sides = 6);
// Draws one explanation, every section in order (the explanation and episode panels use it).
void draw_explanation(const sim::record::Explanation& e, float dice_size = 18.0f);
// "As played: ..." under an event of a game recorded as played where the table went against the
// rules (nothing for any other event).
void as_played_line(const sim::record::Event& e);
// The result card at the top of an explanation that has a result or odds: the outcome, the dice,
// the chance of this outcome and a luck meter (the winner's chance to win). False when the
// explanation has neither (a move, a note).
bool result_card(const sim::record::Explanation& e, float dice_size);

}  // namespace vedette::viewer

#pragma once
// What the viewer shows and how: the playhead, the selection, the event filter, which panels are
// open and the camera. Panels and tours read it and queue commands; the viewer applies the queue
// between frames. Nothing here can change the replay (it is const): the battle is fixed, only the
// way we look at it moves. Everything comes from the replay's records; no rules code is involved.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "app/viewer/timeline.h"
#include "app/viewer/what_if.h"
#include "renderer/scene/camera.h"
#include "renderer/scene/event_colours.h"
#include "renderer/scene/replay_notes.h"
#include "renderer/scene/scene_state.h"
#include "renderer/scene/unit_labels.h"
#include "sim/replay/luck.h"

namespace vedette::viewer {

struct PanelVisibility {
    bool timeline = true, events = true, explanation = true, episode = true, unit = true,
         rules = false, overlays = true, notes = false;
    // The presenter video's overlay over the table (video_overlay.cpp), as the export paints it.
    bool video = false;
};

// Standard: every panel docked around the table. Presenter (a projector, a lesson): the table
// takes most of the window, a large caption for the event in progress sits over it, the
// explanation and episode panels share a narrow right column (movable, resizable, collapsible;
// the explanation opens on its result card, the full tables behind a toggle), a compact
// timeline, the log and the unit panel closed, text larger.
enum class Layout { standard, presenter };

// The ruleset's data file as the rules panel shows it: loaded as plain data when it is installed.
struct RulesetData {
    std::string file;  // where it was found (empty: not installed)
    // Shared, so that the panels need no JSON header to hold it: null when not installed or
    // unreadable.
    std::shared_ptr<const nlohmann::json> data;
    std::string problem;  // why not, in words
};

struct ViewerModel;
struct Deployment;  // deployment.h
// Switches the layout: presenter closes the log and the unit panel and makes text larger (at
// least 1.3); standard opens them again at the usual size. Panels are laid out afresh.
void set_layout(ViewerModel& m, Layout layout);
// How much larger than font_scale a window's text is drawn: the presenter layout's text grows with
// the window's height above 720 px (24-pixel lines at 1080p, read from the back of a classroom);
// the standard layout's stays the desktop's size.
float window_text_factor(const ViewerModel& m, float window_height);

// "What if...": plays the branch of the battle as played at event `at` to `outcome` and, when it
// could be made, asks to show it (B). The panels' button and the tour's `what-if` both come here.
void ask_what_if(ViewerModel& m, int at, const std::string& outcome);
// The A/B switch: the battle as played (false) or the branch (true), at the same moment.
void show_branch(ViewerModel& m, bool branch);
// `vedette edit`: applies "UNIT key=value..." to the record and asks to show the new table; saves
// the record. The panel and the tour's `edit` and `save` both come here.
void edit_units(ViewerModel& m, const std::string& edit);
bool save_record(ViewerModel& m);
// `vedette edit`: adds a unit ("SIDE ID \"NAME\" key=value...") or a terrain piece ("KIND
// \"NAME\" polygon=..."), a new line of the record, and asks to show the new table (the deployment
// panel and the tour's `add` and `terrain` both come here).
void add_unit(ViewerModel& m, const std::string& side_and_unit);
void add_terrain(ViewerModel& m, const std::string& piece);
// `vedette edit`: removes a unit's line (the unit panel's button, the tour's `remove UNIT`).
void remove_unit(ViewerModel& m, const std::string& unit_id);
// Puts `unit_id` in contact with `target_id`, edge to edge: facing the target's front (`flank`
// false) or its right flank, as the table shows them at the start. Boards measured in cm or
// inches; a hex board's units take their hex instead.
void snap_unit(ViewerModel& m, const std::string& unit_id, const std::string& target_id,
               bool flank);
// Undoes the last edit of the record (`undo` true) or redoes the last undone one.
void undo_edit(ViewerModel& m, bool undo);
// Turns a unit of the record by `degrees` (clockwise) from the facing its line gives (the
// unit panel's buttons, Q and E).
void turn_unit(ViewerModel& m, const std::string& unit_id, int degrees);
// The view of `from` (panels, layout, camera, selection, labels, notes, the moment) on `to`, a
// model of the other scene.
void carry_view(const ViewerModel& from, ViewerModel& to);

struct ViewerModel {
    explicit ViewerModel(const render::ReplayScene& scene);

    const render::ReplayScene& scene;
    RulesetData ruleset;
    Timeline timeline;
    EventFilter filter;
    int selected_unit = -1;  // roster index
    int pinned_event = -1;   // an event whose explanation was chosen (-1: follow the playhead)
    PanelVisibility panels;
    Layout layout = Layout::standard;
    float font_scale = 1.0f;  // all the viewer's text (a projector wants 1.5 or more)
    enum class CameraMode {
        director,
        top,
        overview,
        follow,
        orbit
    } camera_mode = CameraMode::director;
    render::OrbitView orbit;
    std::string follow_unit;
    bool counters = false;  // counters instead of figures (the C key, the tour's `counters`)
    bool relayout = false;  // put the panels back in the layout's places on the next frame
    // What the 3D labels say: names by default (`--labels`, the L key, the tour's `labels`).
    render::LabelStyle labels = render::LabelStyle::name;
    // The replay's notes (REPLAY.notes.json beside it, or --notes FILE): bookmarks with a text
    // and drawings. The notes panel, the N and D keys and drawing on the table edit them (saved
    // at each change); tours jump to them (`note NAME`).
    render::ReplayNotes notes;
    std::string notes_problem;  // why the last save failed, for the notes panel ("" when saved)
    bool draw_notes = false;    // draw mode (the D key): left-drag an arrow, Shift+drag a circle
    std::string tour_caption;   // the tour's `caption`, over the table until the next one
    bool tour_waits_for_key = false;  // a tour's `wait key`: Space, Right or PageDown go on...
    bool tour_key = false;            // ...and one was pressed (the tour runner takes it)
    render::Camera last_camera;       // the camera of the last frame (a `camera move` starts there)
    // The ruler (the M key): measuring on, and the measurement's ends on the table in mm (a left
    // drag on the table; app/viewer/panels/measure_overlay.cpp).
    struct Ruler {
        bool on = false;
        bool has = false;  // a measurement to show
        double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    } ruler;

    // "What if...": the branch asked for and what it changed (shared by the models of A and B),
    // and a switch between them the viewer makes between frames (it rebuilds the model for the
    // other scene, keeping the view: switch_view).
    std::shared_ptr<WhatIf> what_if;
    // `vedette edit GAME.game`: the record being placed (deployment.h); null when viewing.
    std::shared_ptr<Deployment> deployment;
    bool placing = false;  // `vedette edit`: a click on the table puts the selected unit there (G)
    // `vedette edit`, drawing a terrain piece: each click on the table adds a corner (table mm),
    // the deployment panel's "add the piece" writes it into the record.
    bool drawing_terrain = false;
    std::vector<std::pair<double, double>> terrain_points;
    enum class SceneSwitch { none, played, branch, edited } switch_to = SceneSwitch::none;
    std::string rules_dir;  // --rules, for the branch's rules

    const std::vector<sim::record::Event>& events() const { return scene.replay.events; }
    const std::vector<sim::record::RosterUnit>& roster() const { return scene.replay.header.units; }
    // The kinds the replay's events use, sorted (the log's kind filter offers these).
    const std::vector<std::string>& kinds() const { return kinds_; }
    // Each side's luck in every event with exact odds (sim/replay/luck.h), for the luck strip.
    const sim::replay::BattleLuck& luck() const { return luck_; }

    // The event whose explanation the explanation panel shows: the pinned event if any; else the
    // latest event at or before the playhead, in the playhead's turn, whose category is `melee`
    // and which has an explanation; failing that the latest such `test`. -1 when none.
    int shown_explanation() const;
    // The episode the playhead is in (the current event's `episode`), -1 when none.
    int shown_episode() const;
    // The events of an episode, in order (empty for -1).
    std::vector<int> episode_events(int episode) const;
    // The roster index of a unit id, -1 when the replay has none.
    int unit_index(const std::string& id) const;
    // The roster name of a unit (its id when it has no name; "?" for a bad index).
    const std::string& unit_name(int unit) const;

private:
    std::vector<std::string> kinds_;
    sim::replay::BattleLuck luck_;
};

using Command = std::function<void(ViewerModel&)>;

// Panels push commands here; the viewer applies them after the frame's UI is built.
class CommandQueue {
public:
    void push(Command c) { commands_.push_back(std::move(c)); }
    void apply(ViewerModel& m) {
        for (auto& c : commands_) c(m);
        commands_.clear();
    }
    bool empty() const { return commands_.empty(); }

private:
    std::vector<Command> commands_;
};

// Colours of event categories on the timeline and in the log: the renderer's, shared with the
// exporter.
using render::category_colour;
using render::EventColour;

}  // namespace vedette::viewer

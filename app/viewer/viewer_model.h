#pragma once
// What the viewer shows and how: the playhead, the selection, the event filter, which panels are
// open and the camera. Panels and tours read it and queue commands; the viewer applies the queue
// between frames. Nothing here can change the replay (it is const): the battle is fixed, only the
// way we look at it moves.

#include <functional>
#include <string>
#include <vector>

#include "app/viewer/timeline.h"
#include "renderer/scene/camera.h"
#include "renderer/scene/event_colours.h"
#include "renderer/scene/scene_state.h"
#include "sim/battle/battle_rules.h"

namespace vedette::viewer {

struct PanelVisibility {
    bool timeline = true, events = true, melee = true, charge = true, unit = true, rules = false,
         overlays = true;
};

struct ViewerModel {
    ViewerModel(const render::ReplayScene& scene, const sim::battle::BattleRules& rules,
                std::string rules_file)
        : scene(scene),
          rules(rules),
          rules_file(std::move(rules_file)),
          timeline(scene.replay.events, scene.duration_ms) {}

    const render::ReplayScene& scene;
    const sim::battle::BattleRules& rules;
    std::string rules_file;  // the ruleset JSON, for the rules panel
    Timeline timeline;
    EventFilter filter;
    int selected_unit = -1;  // scenario unit index
    int pinned_melee = -1;   // a melee event chosen in the log (-1: follow the playhead)
    int pinned_charge = -1;  // a charge_declared event chosen (-1: follow the playhead)
    PanelVisibility panels;
    enum class CameraMode {
        director,
        top,
        overview,
        follow,
        orbit
    } camera_mode = CameraMode::director;
    render::OrbitView orbit;
    std::string follow_unit;

    // The melee the melee panel shows: the pinned one, else the latest melee at or before the
    // playhead in the current turn. -1 when none.
    int shown_melee() const;
    // The charge the charge panel shows: pinned, else the charge_declared at or before the
    // playhead whose sequence the playhead is in (same turn). -1 when none.
    int shown_charge() const;
    // The events of a charge: from its declaration to the event before the next declaration or
    // the end of that turn's charge phase.
    std::pair<int, int> charge_span(int declared) const;
    int unit_index(const std::string& id) const;
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

// Colours of event kinds on the timeline and in the log: the renderer's, shared with the exporter.
using render::kind_colour;
using render::KindColour;

}  // namespace vedette::viewer

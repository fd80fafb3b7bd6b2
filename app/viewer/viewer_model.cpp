#include "app/viewer/viewer_model.h"

#include "app/viewer/deployment.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "renderer/scene/result_card.h"

namespace vedette::viewer {

using sim::record::Category;

ViewerModel::ViewerModel(const render::ReplayScene& scene)
    : scene(scene),
      timeline(scene.replay.events, scene.duration_ms),
      luck_(sim::replay::battle_luck(scene.replay.header, scene.replay.events)) {
    for (const auto& e : scene.replay.events) kinds_.push_back(e.kind);
    std::sort(kinds_.begin(), kinds_.end());
    kinds_.erase(std::unique(kinds_.begin(), kinds_.end()), kinds_.end());
}

int ViewerModel::unit_index(const std::string& id) const {
    const auto& units = roster();
    for (std::size_t i = 0; i < units.size(); ++i)
        if (units[i].id == id) return static_cast<int>(i);
    return -1;
}

void set_layout(ViewerModel& m, Layout layout) {
    if (m.layout == layout) return;
    m.layout = layout;
    const bool presenter = layout == Layout::presenter;
    m.panels.events = m.panels.unit = !presenter;
    m.relayout = true;
}

float window_text_factor(const ViewerModel& m, float window_height) {
    if (m.layout != Layout::presenter) return 1.0f;
    return std::max(1.0f, window_height / 720.0f);
}

const std::string& ViewerModel::unit_name(int unit) const {
    static const std::string unknown = "?";
    if (unit < 0 || unit >= static_cast<int>(roster().size())) return unknown;
    const auto& u = roster()[static_cast<std::size_t>(unit)];
    return u.name.empty() ? u.id : u.name;
}

// A melee's explanation is what a teacher wants in view during the melee phase and after it, a
// test's during the charges; both only within the turn, so an old melee never lingers, and only
// one that concerns the event shown (its units, or its episode): a pursuit shows the melee its
// pursuer won, not a later melee of other units.
int ViewerModel::shown_explanation() const {
    const auto& ev = events();
    if (pinned_event >= 0 && pinned_event < static_cast<int>(ev.size())) return pinned_event;
    const int cur = timeline.current_event();
    if (cur < 0) return -1;
    for (const Category wanted : {Category::melee, Category::test}) {
        const auto& e = ev[static_cast<std::size_t>(cur)];
        if (e.category == wanted && e.explanation) return cur;
        const int related = render::related_explained_event(ev, cur, wanted);
        if (related >= 0) return related;
    }
    return -1;
}

int ViewerModel::shown_episode() const {
    const int cur = timeline.current_event();
    return cur < 0 ? -1 : events()[static_cast<std::size_t>(cur)].episode;
}

std::vector<int> ViewerModel::episode_events(int episode) const {
    std::vector<int> out;
    if (episode < 0) return out;
    const auto& ev = events();
    for (std::size_t i = 0; i < ev.size(); ++i)
        if (ev[i].episode == episode) out.push_back(static_cast<int>(i));
    return out;
}

void ask_what_if(ViewerModel& m, int at, const std::string& outcome) {
    // Always from the battle as played, also while its branch is shown.
    const render::ReplayScene& played =
        m.what_if && m.what_if->parent ? *m.what_if->parent : m.scene;
    m.what_if = std::make_shared<WhatIf>(compute_what_if(played, m.rules_dir, at, outcome));
    if (m.what_if->branch) m.switch_to = ViewerModel::SceneSwitch::branch;
}

void show_branch(ViewerModel& m, bool branch) {
    if (!m.what_if || !m.what_if->branch || m.what_if->showing_branch == branch) return;
    m.switch_to = branch ? ViewerModel::SceneSwitch::branch : ViewerModel::SceneSwitch::played;
}

void edit_units(ViewerModel& m, const std::string& edit) {
    // "UNIT front_of=TARGET" or "UNIT flank_of=TARGET" (the unit panel's field): a snap.
    for (const char* key : {" front_of=", " flank_of="}) {
        const auto at = edit.find(key);
        if (at == std::string::npos) continue;
        const std::string target = edit.substr(at + std::string(key).size());
        return snap_unit(m, edit.substr(0, edit.find(' ')), target.substr(0, target.find(' ')),
                         std::string(key) == " flank_of=");
    }
    if (m.deployment && edit_deployment(*m.deployment, edit))
        m.switch_to = ViewerModel::SceneSwitch::edited;
}

void turn_unit(ViewerModel& m, const std::string& unit_id, int degrees) {
    if (!m.deployment || m.scene.replay.keyframes.empty()) return;
    // The facing the table starts with (the record may say "towards X"), in whole degrees
    // clockwise from up the table: a UI's number, written into the record, never a rule's.
    const auto& roster = m.scene.replay.header.units;
    int facing = 0;
    for (const auto& k : m.scene.replay.keyframes.front().units)
        if (k.unit >= 0 && std::size_t(k.unit) < roster.size() &&
            roster[std::size_t(k.unit)].id == unit_id)
            facing = int(std::lround(std::atan2(double(k.pose.facing.x), double(k.pose.facing.y)) *
                                     180.0 / 3.14159265358979));
    edit_units(m, unit_id + " facing=" + std::to_string(((facing + degrees) % 360 + 360) % 360));
}

void add_unit(ViewerModel& m, const std::string& side_and_unit) {
    if (m.deployment && add_unit_to_deployment(*m.deployment, side_and_unit))
        m.switch_to = ViewerModel::SceneSwitch::edited;
}

void add_terrain(ViewerModel& m, const std::string& piece) {
    if (m.deployment && add_terrain_to_deployment(*m.deployment, piece))
        m.switch_to = ViewerModel::SceneSwitch::edited;
}

void remove_unit(ViewerModel& m, const std::string& unit_id) {
    if (m.deployment && remove_unit_from_deployment(*m.deployment, unit_id))
        m.switch_to = ViewerModel::SceneSwitch::edited;
}

void undo_edit(ViewerModel& m, bool undo) {
    if (m.deployment && undo_deployment(*m.deployment, undo))
        m.switch_to = ViewerModel::SceneSwitch::edited;
}

namespace {

const sim::record::Snapshot* at_start(const ViewerModel& m, const std::string& id) {
    const auto& roster = m.scene.replay.header.units;
    if (m.scene.replay.keyframes.empty()) return nullptr;
    for (const auto& k : m.scene.replay.keyframes.front().units)
        if (k.unit >= 0 && std::size_t(k.unit) < roster.size() &&
            roster[std::size_t(k.unit)].id == id)
            return &k;
    return nullptr;
}

}  // namespace

void snap_unit(ViewerModel& m, const std::string& unit_id, const std::string& target_id,
               bool flank) {
    if (!m.deployment) return;
    const sim::record::Snapshot* u = at_start(m, unit_id);
    const sim::record::Snapshot* t = at_start(m, target_id);
    if (!u || !t || unit_id == target_id || m.scene.replay.header.board.hex) {
        m.deployment->status =
            "not edited: snap needs two units on a table measured in cm or "
            "inches (a hex board's units take their hex)";
        return;
    }
    // Unit vectors of the target's front and right, and where the unit's centre goes: its depth
    // and the target's half depth (front) or half width (flank) from the target's centre.
    const double q16 = 65536.0;
    const double fx = double(t->pose.facing.x) / q16, fy = double(t->pose.facing.y) / q16;
    const double rx = fy, ry = -fx;
    const double reach = (flank ? double(t->look.width_mm) : double(t->look.depth_mm)) / 2 +
                         double(u->look.depth_mm) / 2;
    const double dx = flank ? rx : fx, dy = flank ? ry : fy;
    const double x = double(t->pose.pos.x) + dx * reach, y = double(t->pose.pos.y) + dy * reach;
    const int facing =
        int(std::lround(std::atan2(-dx, -dy) * 180.0 / 3.14159265358979) + 360) % 360;
    const bool inches = m.scene.replay.header.board.table_in_inches;
    char at[64];
    if (inches)
        std::snprintf(at, sizeof at, "at=%.2fin,%.2fin", x / 25.4, y / 25.4);
    else
        std::snprintf(at, sizeof at, "at=%.2f,%.2f", x / 10.0, y / 10.0);
    edit_units(m, unit_id + " " + at + " facing=" + std::to_string(facing));
}

bool save_record(ViewerModel& m) {
    return m.deployment && save_deployment(*m.deployment);
}

void carry_view(const ViewerModel& from, ViewerModel& to) {
    to.ruleset = from.ruleset;
    to.rules_dir = from.rules_dir;
    // The same unit, by its id: an added unit moves the roster's indices after it.
    to.selected_unit = -1;
    const auto& was = from.scene.replay.header.units;
    const auto& now = to.scene.replay.header.units;
    if (from.selected_unit >= 0 && std::size_t(from.selected_unit) < was.size())
        for (std::size_t i = 0; i < now.size(); ++i)
            if (now[i].id == was[std::size_t(from.selected_unit)].id) to.selected_unit = int(i);
    to.panels = from.panels;
    to.layout = from.layout;
    to.font_scale = from.font_scale;
    to.camera_mode = from.camera_mode;
    to.orbit = from.orbit;
    to.follow_unit = from.follow_unit;
    to.counters = from.counters;
    to.labels = from.labels;
    to.notes = from.notes;
    to.ruler = from.ruler;
    to.last_camera = from.last_camera;
    to.tour_caption = from.tour_caption;
    to.what_if = from.what_if;
    to.deployment = from.deployment;
    to.placing = from.placing;
    to.drawing_terrain = from.drawing_terrain;
    to.terrain_points = from.terrain_points;
    to.timeline.set_speed(from.timeline.speed());
    to.timeline.seek(std::min(from.timeline.time_ms(), to.timeline.duration_ms()));
}

}  // namespace vedette::viewer

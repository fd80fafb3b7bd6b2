#include "app/viewer/tour_runner.h"

#include <algorithm>
#include <array>
#include <sstream>

#include <glm/glm.hpp>

#include "app/cli_values.h"
#include "app/viewer/deployment.h"
#include "sim/core/atomic_file.h"
#include "sim/core/input_error.h"

namespace vedette::viewer {

void TourRunner::fail(const TourCommand& c, const std::string& what) const {
    throw sim::InputError(tour_.file, "line " + std::to_string(c.line), what);
}

// A kind the replay's events use: a tour written for another replay fails here, naming the kinds
// this one has.
std::string TourRunner::kind_of(const TourCommand& c, const ViewerModel& m,
                                const std::string& kind) const {
    const auto& kinds = m.kinds();
    if (std::find(kinds.begin(), kinds.end(), kind) != kinds.end()) return kind;
    std::string known;
    for (const auto& k : kinds) known += (known.empty() ? "" : ", ") + k;
    fail(c, "no event kind '" + kind + "' in this replay; its kinds are " + known);
}

sim::record::Category TourRunner::category_of(const TourCommand& c, const std::string& name) const {
    const auto& names = sim::record::category_names();
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == name) return static_cast<sim::record::Category>(i);
    std::string known;
    for (const auto& n : names) known += (known.empty() ? "" : ", ") + n;
    fail(c, "no event category '" + name + "' (expected one of " + known + ")");
}

std::string TourRunner::screenshot_target(const TourCommand& c) const {
    const std::string png = screenshot_path(tour_, c);
    const std::string txt = png.substr(0, png.size() - 4) + ".txt";
    const std::string layout = png.substr(0, png.size() - 4) + ".layout.txt";
    // None may be a symlink (it could point anywhere), a folder, a FIFO or a device, and the
    // folder must exist; the files are then written atomically (sim::write_file_atomically).
    for (const std::string& path : {png, txt, layout}) {
        try {
            sim::check_output_path(path, "screenshot");
        } catch (const sim::InputError& e) {
            fail(c, "screenshot \"" + path + "\" " + e.message());
        }
    }
    return png;
}

namespace {

// A table point (x, y, height in mm) as a world point: world = (x, height, -y).
glm::vec3 tour_world_point(const std::array<double, 3>& p) {
    return render::table_point(p[0], p[1], p[2]);
}

// The orbit camera standing at `eye` and looking at `look` (pitch kept within the orbit's 5 to
// 89.5 degrees, distance at least 50 mm).
void tour_place_camera(ViewerModel& m, glm::vec3 eye, glm::vec3 look) {
    render::Camera camera;
    camera.eye = eye;
    camera.target = look;
    m.orbit = render::orbit_from_camera(camera);
    m.camera_mode = ViewerModel::CameraMode::orbit;
}

}  // namespace

void TourRunner::start_move(const TourCommand& c, ViewerModel& m,
                            std::chrono::steady_clock::time_point now) {
    CameraMove move;
    const TourPlace& to = c.arg<TourPlace>();
    move.to_eye = tour_world_point(to.eye);
    move.to_look = tour_world_point(to.look);
    // From the camera shown now: the orbit camera itself, or the preset the last frame drew.
    render::Camera from = m.camera_mode == ViewerModel::CameraMode::orbit
                              ? render::make_orbit_camera(m.orbit, 1.0f)
                              : m.last_camera;
    if (from.eye == from.target) from.eye = move.to_eye, from.target = move.to_look;  // none yet
    move.from_eye = from.eye;
    move.from_look = from.target;
    move.start = now;
    move.duration_ms = to.duration_ms;
    move_ = move;
    if (advance_move(m, now)) move_.reset();
}

bool TourRunner::advance_move(ViewerModel& m, std::chrono::steady_clock::time_point now) const {
    const auto elapsed =
        std::chrono::duration_cast<std::chrono::milliseconds>(now - move_->start).count();
    const float f = move_->duration_ms <= 0
                        ? 1.0f
                        : std::clamp(float(elapsed) / float(move_->duration_ms), 0.0f, 1.0f);
    const float eased = f * f * (3.0f - 2.0f * f);  // smoothstep: starts and stops gently
    tour_place_camera(m, glm::mix(move_->from_eye, move_->to_eye, eased),
                      glm::mix(move_->from_look, move_->to_look, eased));
    return f >= 1.0f;
}

void TourRunner::wait_for_key(ViewerModel* model, std::chrono::steady_clock::time_point now) {
    if (unattended_ || !model) {
        wait_until_ = now + std::chrono::milliseconds(kUnattendedKeyWaitMs);
        return;
    }
    waiting_for_key_ = true;
    model->tour_waits_for_key = true;
    model->tour_key = false;
}

bool TourRunner::still_waiting(ViewerModel* model, std::chrono::steady_clock::time_point now) {
    if (waiting_for_screenshot_) return true;
    if (move_) {
        if (model && !advance_move(*model, now)) return true;
        move_.reset();
    }
    if (waiting_for_key_) {
        if (model && !model->tour_key) return true;
        waiting_for_key_ = false;
        if (model) model->tour_waits_for_key = model->tour_key = false;
    }
    if (wait_frames_ > 0) {
        --wait_frames_;
        return true;
    }
    if (wait_until_) {
        if (now < *wait_until_) return true;
        wait_until_.reset();
    }
    return false;
}

TourRequests TourRunner::run(ViewerModel* model, std::chrono::steady_clock::time_point now) {
    TourRequests r;
    if (still_waiting(model, now)) return r;
    while (next_ < tour_.commands.size())
        if (run_command(tour_.commands[next_++], model, now, r)) break;
    return r;
}

bool TourRunner::run_command(const TourCommand& c, ViewerModel* model,
                             std::chrono::steady_clock::time_point now, TourRequests& r) {
    switch (c.kind) {
        case TourKind::wait_key:
            wait_for_key(model, now);
            return true;
        case TourKind::wait_time:  // parse_tour checked it against limits::kMaxWaitSeconds
            wait_until_ = now + std::chrono::milliseconds(c.arg<std::int64_t>());
            return true;
        case TourKind::wait_frames:  // ... and this against limits::kMaxWaitFrames
            wait_frames_ = c.arg<std::int64_t>();
            return true;
        case TourKind::camera_move:
            if (!model) return false;
            start_move(c, *model, now);
            return move_.has_value();  // the glide holds the tour; a move over 0 s is done at once
        case TourKind::screenshot:
            r.screenshot = screenshot_target(c);
            waiting_for_screenshot_ = true;
            return true;
        case TourKind::size:
            r.resize = {c.arg<TourSize>().width, c.arg<TourSize>().height};
            return true;  // let the window settle at its new size before going on
        case TourKind::click:
            r.click = {c.arg<TourSize>().width, c.arg<TourSize>().height};
            wait_frames_ = 3;  // pressed, released, and the frame that shows what it did
            return true;
        case TourKind::drag: {
            std::istringstream in(c.arg<std::string>());
            std::array<int, 4> d{};
            in >> d[0] >> d[1] >> d[2] >> d[3];
            r.drag = d;
            wait_frames_ = 5;  // pressed, half way, there, released, and the frame after
            return true;
        }
        case TourKind::wheel: {
            std::istringstream in(c.arg<std::string>());
            std::array<int, 3> w{};
            in >> w[0] >> w[1] >> w[2];
            r.wheel = w;
            wait_frames_ = 2;
            return true;
        }
        case TourKind::quit:
            r.quit = true;
            return true;
        default:
            if (model) apply(c, *model, r);  // the error dialog has nothing else to act on
            return false;
    }
}

namespace {

ViewerModel::CameraMode tour_camera_mode(TourCamera camera) {
    using Mode = ViewerModel::CameraMode;
    switch (camera) {
        case TourCamera::top:
            return Mode::top;
        case TourCamera::overview:
            return Mode::overview;
        case TourCamera::orbit:
            return Mode::orbit;
        case TourCamera::director:
            break;
    }
    return Mode::director;
}

void switch_tour_panels(PanelVisibility& p, const TourPanelSwitch& s) {
    auto set = [&](TourPanel panel, bool& shown) {
        if (s.panel == panel || s.panel == TourPanel::all) shown = switched(s.to, shown);
    };
    set(TourPanel::timeline, p.timeline);
    set(TourPanel::events, p.events);
    set(TourPanel::explanation, p.explanation);
    set(TourPanel::episode, p.episode);
    set(TourPanel::unit, p.unit);
    set(TourPanel::rules, p.rules);
    set(TourPanel::overlays, p.overlays);
    set(TourPanel::notes, p.notes);
    if (s.panel == TourPanel::video) p.video = switched(s.to, p.video);
}

// |count| <= limits::kMaxStepCount (parse_tour); a step that cannot move ends the loop.
void step_tour(ViewerModel& m, const TourStep& s) {
    const int direction = s.count > 0 ? 1 : -1;
    for (std::int64_t i = 0; i < (s.count > 0 ? s.count : -s.count); ++i)
        if (!m.timeline.step(s.unit, direction, m.filter)) break;
}

}  // namespace

int TourRunner::unit_of(const TourCommand& c, const ViewerModel& m) const {
    const std::string& id = c.arg<std::string>();
    const int u = m.unit_index(id);
    if (u < 0)
        fail(c,
             "no unit '" + id + "' in this replay; its units are " + app::some_unit_ids(m.scene));
    return u;
}

void TourRunner::seek_event(const TourCommand& c, ViewerModel& m) const {
    // The index is 0 or more and fits an int (parse_tour).
    const std::int64_t event = c.arg<std::int64_t>();
    const auto& events = m.scene.replay.events;
    if (event >= static_cast<std::int64_t>(events.size()))
        fail(c, "event " + std::to_string(event) + " is not in this replay" +
                    (events.empty() ? std::string(" (it has no events)")
                                    : " (0 to " + std::to_string(events.size() - 1) + ")"));
    m.timeline.seek_event(static_cast<int>(event));
}

void TourRunner::seek_turn(const TourCommand& c, ViewerModel& m) const {
    const std::int64_t turn = c.arg<std::int64_t>();
    const auto& events = m.scene.replay.events;
    for (std::size_t i = 0; i < events.size(); ++i)
        if (events[i].turn == turn) return m.timeline.seek_event(static_cast<int>(i));
    fail(c, "turn " + std::to_string(turn) + " is not in this replay");
}

void TourRunner::follow(const TourCommand& c, ViewerModel& m) const {
    unit_of(c, m);
    m.camera_mode = ViewerModel::CameraMode::follow;
    m.follow_unit = c.arg<std::string>();
}

void TourRunner::jump_to_note(const TourCommand& c, ViewerModel& m) const {
    const std::string& name = c.arg<std::string>();
    const render::Note* note = render::find_note(m.notes, name);
    if (!note) {
        std::string known;
        for (const auto& n : m.notes.notes) known += (known.empty() ? "'" : ", '") + n.name + "'";
        fail(c, "no note named '" + name + "' in " +
                    (m.notes.file.empty() ? std::string("the replay's notes") : m.notes.file) +
                    (known.empty() ? std::string(" (it has none)") : "; its notes are " + known));
    }
    // Paused there, so the note's caption and drawings stay in view until `play`.
    m.timeline.pause();
    m.timeline.seek(note->time_ms);
}

void TourRunner::apply(const TourCommand& c, ViewerModel& m, TourRequests& r) const {
    switch (c.kind) {
        case TourKind::seek_time:
        case TourKind::seek_event:
        case TourKind::seek_turn:
        case TourKind::seek_end:
        case TourKind::step:
        case TourKind::note:
            r.stepped = true;
            return move_playhead(c, m);
        case TourKind::select:
            m.selected_unit = unit_of(c, m);
            return;
        case TourKind::select_none:
            m.selected_unit = -1;
            return;
        case TourKind::camera:
            m.camera_mode = tour_camera_mode(c.arg<TourCamera>());
            return;
        case TourKind::camera_follow:
            return follow(c, m);
        case TourKind::camera_at:
            return tour_place_camera(m, tour_world_point(c.arg<TourPlace>().eye),
                                     tour_world_point(c.arg<TourPlace>().look));
        case TourKind::caption:
            m.tour_caption = c.arg<std::string>();
            return;
        case TourKind::what_if: {
            const int at = m.shown_explanation();
            if (at < 0) fail(c, "what-if: no event with an explanation is shown here");
            return ask_what_if(m, at, c.arg<std::string>());
        }
        case TourKind::ab:
            return show_branch(m, c.arg<TourSwitch>() == TourSwitch::on);
        case TourKind::edit:
            if (!m.deployment) fail(c, "edit: only `vedette edit GAME.game` edits a record");
            return edit_units(m, c.arg<std::string>());
        case TourKind::drawing:
            if (!m.deployment) fail(c, "drawing: only in `vedette edit GAME.game`");
            m.drawing_terrain = switched(c.arg<TourSwitch>(), m.drawing_terrain);
            return;
        case TourKind::add_unit:
            if (!m.deployment) fail(c, "add: only `vedette edit GAME.game` adds units");
            return add_unit(m, c.arg<std::string>());
        case TourKind::remove_unit:
            if (!m.deployment) fail(c, "remove: only `vedette edit GAME.game` removes units");
            return remove_unit(m, c.arg<std::string>());
        case TourKind::add_terrain:
            if (!m.deployment) fail(c, "terrain: only `vedette edit GAME.game` adds terrain");
            return add_terrain(m, c.arg<std::string>());
        case TourKind::save_record:
            if (!m.deployment) fail(c, "save: only `vedette edit GAME.game` saves a record");
            if (!save_record(m)) fail(c, m.deployment->status);
            return;
        case TourKind::snap: {
            if (!m.deployment) fail(c, "snap: only in `vedette edit GAME.game`");
            std::istringstream words(c.arg<std::string>());
            std::string unit, target, side;
            words >> unit >> target >> side;
            return snap_unit(m, unit, target, side == "flank");
        }
        case TourKind::placing:
            if (!m.deployment) fail(c, "placing: only in `vedette edit GAME.game`");
            m.placing = switched(c.arg<TourSwitch>(), m.placing);
            return;
        case TourKind::undo_edit:
        case TourKind::redo_edit:
            if (!m.deployment) fail(c, "undo and redo: only in `vedette edit GAME.game`");
            return undo_edit(m, c.kind == TourKind::undo_edit);
        case TourKind::panel:
            return switch_tour_panels(m.panels, c.arg<TourPanelSwitch>());
        case TourKind::counters:
            m.counters = switched(c.arg<TourSwitch>(), m.counters);
            return;
        case TourKind::labels:
            m.labels = c.arg<render::LabelStyle>();
            return;
        case TourKind::layout:
            return set_layout(m, c.arg<TourLayout>() == TourLayout::presenter ? Layout::presenter
                                                                              : Layout::standard);
        case TourKind::font:
            m.font_scale = float(c.arg<double>());
            return;
        case TourKind::filter_clear:
            m.filter = {};
            return;
        case TourKind::filter_unit:
            m.filter.units.insert(unit_of(c, m));
            return;
        case TourKind::filter_category:
            m.filter.categories.insert(category_of(c, c.arg<std::string>()));
            return;
        case TourKind::filter_kind:
            m.filter.kinds.insert(kind_of(c, m, c.arg<std::string>()));
            return;
        case TourKind::play:
            return m.timeline.play();
        case TourKind::pause:
            return m.timeline.pause();
        case TourKind::speed:
            return m.timeline.set_speed(c.arg<double>());
        case TourKind::wait_time:
        case TourKind::wait_frames:
        case TourKind::wait_key:
        case TourKind::camera_move:
        case TourKind::size:
        case TourKind::screenshot:
        case TourKind::click:
        case TourKind::drag:
        case TourKind::wheel:
        case TourKind::quit:
            return;  // run_command's: they hold the tour or ask something of the window
    }
}

// The commands that move the playhead (a seek, a step, a note's bookmark).
void TourRunner::move_playhead(const TourCommand& c, ViewerModel& m) const {
    switch (c.kind) {
        case TourKind::seek_time:
            return m.timeline.seek(c.arg<std::int64_t>());
        case TourKind::seek_event:
            return seek_event(c, m);
        case TourKind::seek_turn:
            return seek_turn(c, m);
        case TourKind::seek_end:
            return m.timeline.seek(m.timeline.duration_ms());
        case TourKind::step:
            return step_tour(m, c.arg<TourStep>());
        case TourKind::note:
            return jump_to_note(c, m);
        default:
            return;
    }
}

}  // namespace vedette::viewer

#include "app/viewer/tour_runner.h"

#include <algorithm>
#include <array>

#include <glm/glm.hpp>

#include "app/cli_values.h"
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
    // Neither may be a symlink (it could point anywhere), a folder, a FIFO or a device, and the
    // folder must exist; the files are then written atomically (sim::write_file_atomically).
    for (const std::string& path : {png, txt}) {
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
    move.to_eye = tour_world_point(c.eye);
    move.to_look = tour_world_point(c.look);
    // From the camera shown now: the orbit camera itself, or the preset the last frame drew.
    render::Camera from = m.camera_mode == ViewerModel::CameraMode::orbit
                              ? render::make_orbit_camera(m.orbit, 1.0f)
                              : m.last_camera;
    if (from.eye == from.target) from.eye = move.to_eye, from.target = move.to_look;  // none yet
    move.from_eye = from.eye;
    move.from_look = from.target;
    move.start = now;
    move.duration_ms = c.time_ms;
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

TourRequests TourRunner::run(ViewerModel* model, std::chrono::steady_clock::time_point now) {
    TourRequests r;
    if (waiting_for_screenshot_) return r;
    if (move_) {
        if (model && !advance_move(*model, now)) return r;
        move_.reset();
    }
    if (waiting_for_key_) {
        if (model && !model->tour_key) return r;
        waiting_for_key_ = false;
        if (model) model->tour_waits_for_key = model->tour_key = false;
    }
    if (wait_frames_ > 0) {
        --wait_frames_;
        return r;
    }
    if (wait_until_) {
        if (now < *wait_until_) return r;
        wait_until_.reset();
    }
    while (next_ < tour_.commands.size()) {
        const TourCommand& c = tour_.commands[next_++];
        if (c.name == "wait" && c.args[0] == "key") {
            wait_for_key(model, now);
            return r;
        }
        if (c.name == "camera" && c.args[0] == "move") {
            if (!model) continue;
            start_move(c, *model, now);
            if (move_) return r;  // the glide holds the tour; a move over 0 s is done at once
            continue;
        }
        if (c.name == "wait") {
            // parse_tour checked both against limits::kMaxWaitFrames / kMaxWaitSeconds.
            if (c.args.size() == 2)
                wait_frames_ = c.count;
            else
                wait_until_ = now + std::chrono::milliseconds(c.time_ms);
            return r;
        }
        if (c.name == "screenshot") {
            r.screenshot = screenshot_target(c);
            waiting_for_screenshot_ = true;
            return r;
        }
        if (c.name == "size") {
            r.resize = {c.width, c.height};
            return r;  // let the window settle at its new size before going on
        }
        if (c.name == "quit") {
            r.quit = true;
            return r;
        }
        if (!model) continue;  // the error dialog: nothing else to act on
        apply(c, *model, r);
    }
    return r;
}

void TourRunner::apply(const TourCommand& c, ViewerModel& m, TourRequests& r) {
    const auto& a = c.args;
    const auto& events = m.scene.replay.events;
    auto unit_of = [&](const std::string& id) {
        const int u = m.unit_index(id);
        if (u < 0)
            fail(c, "no unit '" + id + "' in this replay; its units are " +
                        app::some_unit_ids(m.scene));
        return u;
    };
    if (c.name == "seek") {
        r.stepped = true;
        const std::string& v = a[0];
        if (v == "end") return m.timeline.seek(m.timeline.duration_ms());
        if (v.rfind("event:", 0) == 0) {
            // c.count is 0 or more and fits an int (parse_tour).
            if (c.count >= static_cast<std::int64_t>(events.size()))
                fail(c, "event " + std::to_string(c.count) + " is not in this replay" +
                            (events.empty() ? std::string(" (it has no events)")
                                            : " (0 to " + std::to_string(events.size() - 1) + ")"));
            return m.timeline.seek_event(static_cast<int>(c.count));
        }
        if (v.rfind("turn:", 0) == 0) {
            for (std::size_t i = 0; i < events.size(); ++i)
                if (events[i].turn == c.count) return m.timeline.seek_event(static_cast<int>(i));
            fail(c, "turn " + std::to_string(c.count) + " is not in this replay");
        }
        return m.timeline.seek(c.time_ms);
    }
    if (c.name == "step" || c.name == "back") {
        r.stepped = true;
        const StepUnit unit = a[0] == "event"   ? StepUnit::event
                              : a[0] == "phase" ? StepUnit::phase
                                                : StepUnit::turn;
        // |count| <= limits::kMaxStepCount (parse_tour); a step that cannot move ends the loop.
        const std::int64_t count = c.name == "back" ? -c.count : c.count;
        const int direction = count > 0 ? 1 : -1;
        for (std::int64_t i = 0; i < (count > 0 ? count : -count); ++i)
            if (!m.timeline.step(unit, direction, m.filter)) break;
        return;
    }
    if (c.name == "select") {
        m.selected_unit = a[0] == "none" ? -1 : unit_of(a[0]);
        return;
    }
    if (c.name == "camera") {
        using Mode = ViewerModel::CameraMode;
        const std::string& v = a[0];
        if (v == "at")
            tour_place_camera(m, tour_world_point(c.eye), tour_world_point(c.look));
        else if (v == "top")
            m.camera_mode = Mode::top;
        else if (v == "director")
            m.camera_mode = Mode::director;
        else if (v == "overview")
            m.camera_mode = Mode::overview;
        else if (v == "orbit")
            m.camera_mode = Mode::orbit;
        else if (v.rfind("follow:", 0) == 0) {
            unit_of(v.substr(7));
            m.camera_mode = Mode::follow;
            m.follow_unit = v.substr(7);
        } else {
            fail(c, "unknown camera '" + v +
                        "' (expected top, director, overview, orbit or follow:UNIT)");
        }
        return;
    }
    if (c.name == "panel") {
        auto& p = m.panels;
        const std::string& name = a[0];
        auto set = [&](bool& flag) { flag = a[1] == "on" ? true : a[1] == "off" ? false : !flag; };
        if (name == "timeline" || name == "all") set(p.timeline);
        if (name == "events" || name == "all") set(p.events);
        // "melee" and "charge" are the old names of the explanation and episode panels.
        if (name == "explanation" || name == "melee" || name == "all") set(p.explanation);
        if (name == "episode" || name == "charge" || name == "all") set(p.episode);
        if (name == "unit" || name == "all") set(p.unit);
        if (name == "rules" || name == "all") set(p.rules);
        if (name == "overlays" || name == "all") set(p.overlays);
        if (name == "notes" || name == "all") set(p.notes);
        return;
    }
    if (c.name == "layout") {
        set_layout(m, a[0] == "presenter" ? Layout::presenter : Layout::standard);
        return;
    }
    if (c.name == "font") {
        m.font_scale = float(c.font_scale);
        return;
    }
    if (c.name == "labels") {
        m.labels = *render::parse_label_style(a[0]);
        return;
    }
    if (c.name == "counters") {
        m.counters = a[0] == "on" ? true : a[0] == "off" ? false : !m.counters;
        return;
    }
    if (c.name == "filter") {
        if (a[0] == "clear")
            m.filter = {};
        else if (a[0] == "unit")
            m.filter.units.insert(unit_of(a[1]));
        else if (a[0] == "category")
            m.filter.categories.insert(category_of(c, a[1]));
        else
            m.filter.kinds.insert(kind_of(c, m, a[1]));
        return;
    }
    if (c.name == "caption") {
        m.tour_caption = c.text;
        return;
    }
    if (c.name == "note") {
        const render::Note* note = render::find_note(m.notes, c.text);
        if (!note) {
            std::string known;
            for (const auto& n : m.notes.notes)
                known += (known.empty() ? "'" : ", '") + n.name + "'";
            fail(c,
                 "no note named '" + c.text + "' in " +
                     (m.notes.file.empty() ? std::string("the replay's notes") : m.notes.file) +
                     (known.empty() ? std::string(" (it has none)") : "; its notes are " + known));
        }
        // Paused there, so the note's caption and drawings stay in view until `play`.
        r.stepped = true;
        m.timeline.pause();
        m.timeline.seek(note->time_ms);
        return;
    }
    if (c.name == "play") return m.timeline.play();
    if (c.name == "pause") return m.timeline.pause();
    if (c.name == "speed") return m.timeline.set_speed(c.speed);
}

}  // namespace vedette::viewer

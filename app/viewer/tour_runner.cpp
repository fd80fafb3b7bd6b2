#include "app/viewer/tour_runner.h"

#include <cstdlib>

#include "sim/core/input_error.h"

namespace vedette::viewer {

void TourRunner::fail(const TourCommand& c, const std::string& what) const {
    throw sim::InputError(tour_.file, "line " + std::to_string(c.line), what);
}

TourRequests TourRunner::run(ViewerModel* model, std::chrono::steady_clock::time_point now) {
    TourRequests r;
    if (waiting_for_screenshot_) return r;
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
        if (c.name == "wait") {
            if (c.args.size() == 2) wait_frames_ = std::atoi(c.args[0].c_str());
            else wait_until_ = now + std::chrono::milliseconds(static_cast<long long>(std::strtod(c.args[0].c_str(), nullptr) * 1000.0));
            return r;
        }
        if (c.name == "screenshot") {
            r.screenshot = c.args[0];
            waiting_for_screenshot_ = true;
            return r;
        }
        if (c.name == "size") {
            const auto x = c.args[0].find('x');
            r.resize = {std::atoi(c.args[0].c_str()), std::atoi(c.args[0].c_str() + x + 1)};
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
        if (u < 0) fail(c, "no unit '" + id + "' in this replay");
        return u;
    };
    if (c.name == "seek") {
        r.stepped = true;
        const std::string& v = a[0];
        if (v == "end") return m.timeline.seek(m.timeline.duration_ms());
        if (v.rfind("event:", 0) == 0) {
            const int n = std::atoi(v.c_str() + 6);
            if (n < 0 || n >= static_cast<int>(events.size()))
                fail(c, "event " + std::to_string(n) + " is not in this replay (0 to " + std::to_string(events.size() - 1) + ")");
            return m.timeline.seek_event(n);
        }
        if (v.rfind("turn:", 0) == 0) {
            const int turn = std::atoi(v.c_str() + 5);
            for (std::size_t i = 0; i < events.size(); ++i)
                if (events[i].turn == turn) return m.timeline.seek_event(static_cast<int>(i));
            fail(c, "turn " + std::to_string(turn) + " is not in this replay");
        }
        return m.timeline.seek(static_cast<std::int64_t>(std::strtod(v.c_str(), nullptr) * 1000.0));
    }
    if (c.name == "step" || c.name == "back") {
        r.stepped = true;
        const StepUnit unit = a[0] == "event" ? StepUnit::event : a[0] == "phase" ? StepUnit::phase : StepUnit::turn;
        int count = a.size() == 2 ? std::atoi(a[1].c_str()) : 1;
        if (c.name == "back") count = -count;
        for (int i = 0; i < std::abs(count); ++i) m.timeline.step(unit, count > 0 ? 1 : -1, m.filter);
        return;
    }
    if (c.name == "select") {
        m.selected_unit = a[0] == "none" ? -1 : unit_of(a[0]);
        return;
    }
    if (c.name == "camera") {
        using Mode = ViewerModel::CameraMode;
        const std::string& v = a[0];
        if (v == "top") m.camera_mode = Mode::top;
        else if (v == "director") m.camera_mode = Mode::director;
        else if (v == "overview") m.camera_mode = Mode::overview;
        else if (v == "orbit") m.camera_mode = Mode::orbit;
        else if (v.rfind("follow:", 0) == 0) {
            unit_of(v.substr(7));
            m.camera_mode = Mode::follow;
            m.follow_unit = v.substr(7);
        } else {
            fail(c, "unknown camera '" + v + "' (expected top, director, overview, orbit or follow:UNIT)");
        }
        return;
    }
    if (c.name == "panel") {
        auto& p = m.panels;
        const std::string& name = a[0];
        auto set = [&](bool& flag) { flag = a[1] == "on" ? true : a[1] == "off" ? false : !flag; };
        if (name == "timeline" || name == "all") set(p.timeline);
        if (name == "events" || name == "all") set(p.events);
        if (name == "melee" || name == "all") set(p.melee);
        if (name == "charge" || name == "all") set(p.charge);
        if (name == "unit" || name == "all") set(p.unit);
        if (name == "rules" || name == "all") set(p.rules);
        if (name == "overlays" || name == "all") set(p.overlays);
        return;
    }
    if (c.name == "filter") {
        if (a[0] == "clear") m.filter = {};
        else if (a[0] == "unit") m.filter.units.insert(unit_of(a[1]));
        else {
            const auto& kinds = sim::battle::event_kinds();
            if (std::find(kinds.begin(), kinds.end(), a[1]) == kinds.end()) fail(c, "no event kind '" + a[1] + "'");
            m.filter.kinds.insert(a[1]);
        }
        return;
    }
    if (c.name == "play") return m.timeline.play();
    if (c.name == "pause") return m.timeline.pause();
    if (c.name == "speed") return m.timeline.set_speed(std::strtod(a[0].c_str(), nullptr));
}

}  // namespace vedette::viewer

#include "renderer/scene/scene_state.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <stdexcept>

namespace vedette::render {

ReplayScene load_replay_scene(const std::string& path, const sim::battle::BattleRules& rules) {
    ReplayScene s;
    s.replay = sim::replay::read_replay(path);
    s.scenario = sim::replay::replay_scenario(s.replay, rules);
    s.duration_ms = s.replay.events.empty() ? 0 : s.replay.events.back().t1_ms;
    find_early_formation_changes(s);
    return s;
}

std::int64_t time_of_event(const ReplayScene& scene, int seq) {
    if (seq < 0 || seq >= static_cast<int>(scene.replay.events.size()))
        throw std::out_of_range("event " + std::to_string(seq) + " is not in the replay (it has " +
                                std::to_string(scene.replay.events.size()) + " events)");
    const auto& e = scene.replay.events[static_cast<std::size_t>(seq)];
    return (e.t0_ms + e.t1_ms) / 2;
}

namespace {
sim::gdb::Formation formation_from_name(const std::string& name, sim::gdb::Formation fallback);
}

void find_early_formation_changes(ReplayScene& s) {
    const auto& events = s.replay.events;
    std::vector<std::string> formation(s.scenario.units.size());  // as recorded so far
    for (std::size_t i = 0; i < events.size(); ++i) {
        const auto& e = events[i];
        const bool order = (e.kind == "form_square" || e.kind == "formation_change") &&
                           !e.units.empty() && e.details.is_object() &&
                           e.details.value("completes", false);
        if (order) {
            const int unit = e.units[0];
            // The first later event of the same turn that records this unit in another formation.
            for (std::size_t j = i + 1; j < events.size() && events[j].turn == e.turn; ++j) {
                const auto it = std::find_if(
                    events[j].after.begin(), events[j].after.end(),
                    [&](const sim::battle::UnitSnapshot& a) { return a.unit == unit; });
                if (it == events[j].after.end() ||
                    it->formation == formation[static_cast<std::size_t>(unit)])
                    continue;
                if (j > i + 1 && !(e.kind == "form_square" && it->formation != "square")) {
                    EarlyFormationChange c;
                    c.unit = unit;
                    c.start_ms = e.t0_ms;
                    c.end_ms = e.t1_ms;
                    c.until_ms = events[j].t1_ms;
                    c.from = formation_from_name(formation[static_cast<std::size_t>(unit)],
                                                 sim::gdb::Formation::line);
                    c.to = formation_from_name(it->formation, c.from);
                    s.early_formations.push_back(c);
                }
                break;
            }
        }
        for (const auto& a : e.after)
            if (a.unit >= 0 && a.unit < static_cast<int>(formation.size()))
                formation[static_cast<std::size_t>(a.unit)] = a.formation;
    }
}

namespace {
sim::gdb::Formation formation_from_name(const std::string& name, sim::gdb::Formation fallback) {
    for (std::size_t f = 0; f < sim::gdb::formation_names().size(); ++f)
        if (sim::gdb::formation_names()[f] == name) return static_cast<sim::gdb::Formation>(f);
    return fallback;
}

// What happens to the units during an unfinished event, beyond moving along a path: figures fall
// one by one as casualties are taken, figures walk to a new formation, melees surge, volleys smoke.
// The state shown is the one before the event; its "after" snapshots say where it is going.
void animate_event(const sim::battle::Event& e, std::int64_t t, SceneState& out) {
    const double span = static_cast<double>(std::max<std::int64_t>(1, e.t1_ms - e.t0_ms));
    const float u =
        static_cast<float>(std::clamp(static_cast<double>(t - e.t0_ms) / span, 0.0, 1.0));
    auto view_of = [&](int unit) -> UnitView* {
        for (auto& v : out.units)
            if (v.unit == unit) return &v;
        return nullptr;
    };
    for (const auto& after : e.after) {
        UnitView* v = view_of(after.unit);
        if (!v) continue;
        if (after.figures < v->figures) {
            // Lost figures leave one at a time over the event.
            const int lost = v->figures - after.figures;
            v->figures -= static_cast<int>(std::floor(u * static_cast<float>(lost) + 0.5f));
        }
        const auto to = formation_from_name(after.formation, v->formation);
        if (to != v->formation) {
            v->from_formation = v->formation;
            v->formation = to;
            v->formation_blend = u * u * (3.0f - 2.0f * u);  // ease in and out
        }
    }
    if (e.kind == "melee") {
        // Each side surges towards the middle of the other.
        double cx[2] = {0, 0}, cy[2] = {0, 0};
        int n[2] = {0, 0};
        for (int unit : e.units)
            if (const UnitView* v = view_of(unit)) {
                cx[v->side & 1] += v->x_mm, cy[v->side & 1] += v->y_mm, ++n[v->side & 1];
            }
        for (int unit : e.units) {
            UnitView* v = view_of(unit);
            const int other = (v ? v->side + 1 : 0) & 1;
            if (!v || n[other] == 0) continue;
            const double dx = cx[other] / n[other] - v->x_mm, dy = cy[other] / n[other] - v->y_mm;
            const double len = std::max(1e-6, std::sqrt(dx * dx + dy * dy));
            v->clash = std::sin(u * 3.14159265f);  // builds up and dies down over the melee
            v->clash_x = dx / len, v->clash_y = dy / len;
        }
    }
    if (e.kind == "volley" && !e.units.empty())
        if (UnitView* v = view_of(e.units[0])) v->volley = u;
}
}  // namespace

SceneState scene_at_time(const ReplayScene& scene, std::int64_t t) {
    const auto& events = scene.replay.events;
    SceneState out;
    out.time_ms = t;
    // The event in progress at t: the last one that has started.
    const auto it = std::upper_bound(
        events.begin(), events.end(), t,
        [](std::int64_t time, const sim::battle::Event& e) { return time < e.t0_ms; });
    const int current = static_cast<int>(it - events.begin()) - 1;
    out.event = current;
    std::vector<sim::battle::UnitSnapshot> state;
    const sim::battle::Event* moving = nullptr;
    if (current < 0) {
        state = sim::replay::state_after(scene.replay, 0);
    } else {
        const auto& e = events[static_cast<std::size_t>(current)];
        const bool finished = t >= e.t1_ms;
        // Event 0 (setup) places every unit, so the state "before" it is its own.
        state = sim::replay::state_after(scene.replay,
                                         finished || current == 0 ? current : current - 1);
        if (!finished && e.motion) moving = &e;
    }
    for (const auto& s : state) {
        if (s.unit < 0) continue;
        const auto& su = scene.scenario.units[static_cast<std::size_t>(s.unit)];
        UnitView v;
        v.unit = s.unit;
        v.side = su.side;
        v.id = su.id;
        v.nation = su.unit.nation;
        v.type = su.unit.type;
        v.x_mm = static_cast<double>(s.pos.x);
        v.y_mm = static_cast<double>(s.pos.y);
        v.facing_x = static_cast<double>(s.facing.x) / 65536.0;
        v.facing_y = static_cast<double>(s.facing.y) / 65536.0;
        v.figures = s.figures;
        v.status = s.status;
        v.on_table = s.status != "removed" && s.status != "dispersed";
        v.formation = formation_from_name(s.formation, v.formation);
        v.from_formation = v.formation;
        v.guns_abandoned = s.guns_abandoned;
        v.guns_x_mm = static_cast<double>(s.guns_at.x);
        v.guns_y_mm = static_cast<double>(s.guns_at.y);
        out.units.push_back(v);
    }
    if (current >= 0 && t < events[static_cast<std::size_t>(current)].t1_ms)
        animate_event(events[static_cast<std::size_t>(current)], t, out);
    // Ordered formation changes show from their order on: the record catches up at contact, and
    // the snapshots in between (tests, moves) still name the old formation.
    for (const auto& c : scene.early_formations) {
        if (t < c.start_ms || t >= c.until_ms) continue;
        for (auto& v : out.units) {
            if (v.unit != c.unit) continue;
            v.from_formation = c.from;
            v.formation = c.to;
            const float u = static_cast<float>(std::clamp(
                static_cast<double>(t - c.start_ms) /
                    static_cast<double>(std::max<std::int64_t>(1, c.end_ms - c.start_ms)),
                0.0, 1.0));
            v.formation_blend = u * u * (3.0f - 2.0f * u);
        }
    }
    if (moving && !moving->units.empty()) {
        // Interpolate the mover along its path; it turns to its new facing as it sets off.
        const int mover = moving->units[0];
        for (auto& v : out.units) {
            if (v.unit != mover) continue;
            const double u =
                static_cast<double>(t - moving->t0_ms) /
                static_cast<double>(std::max<std::int64_t>(1, moving->t1_ms - moving->t0_ms));
            const auto& path = moving->motion->path;
            const double fx = static_cast<double>(path.back().x),
                         fy = static_cast<double>(path.back().y);
            const double sx = static_cast<double>(path.front().x),
                         sy = static_cast<double>(path.front().y);
            v.x_mm = sx + (fx - sx) * u;
            v.y_mm = sy + (fy - sy) * u;
            v.facing_x = static_cast<double>(moving->motion->facing_end.x) / 65536.0;
            v.facing_y = static_cast<double>(moving->motion->facing_end.y) / 65536.0;
            v.moving = true;
        }
    }
    return out;
}

}  // namespace vedette::render

#include "renderer/scene/scene_state.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <utility>

#include "renderer/scene/base_contact.h"
#include "renderer/scene/event_colours.h"

namespace vedette::render {

using sim::record::EffectKind;
using sim::record::Event;
using sim::record::Snapshot;

Formation formation_of(sim::record::Stand stand) {
    using sim::record::Stand;
    switch (stand) {
        case Stand::four_faces:
            return Formation::four_faces;
        case Stand::limbered:
            return Formation::limbered;
        case Stand::open:
            return Formation::open;
        case Stand::ranks:
            break;
    }
    return Formation::ranks;
}

ReplayScene load_replay_scene(const std::string& path) {
    return scene_of(sim::replay::read_replay(path));
}

ReplayScene scene_of(sim::replay::Replay replay) {
    ReplayScene s;
    s.replay = std::move(replay);
    s.duration_ms = s.replay.events.empty() ? 0 : s.replay.events.back().t1_ms;
    find_held_looks(s);
    return s;
}

std::int64_t time_of_event(const ReplayScene& scene, int seq) {
    if (seq < 0 || seq >= static_cast<int>(scene.replay.events.size()))
        throw std::out_of_range("event " + std::to_string(seq) + " is not in the replay (it has " +
                                std::to_string(scene.replay.events.size()) + " events)");
    const auto& e = scene.replay.events[static_cast<std::size_t>(seq)];
    return (e.t0_ms + e.t1_ms) / 2;
}

void find_held_looks(ReplayScene& s) {
    s.held_looks.clear();
    // Every unit's look as recorded so far: where a change starts from.
    std::vector<sim::record::Look> looks(s.replay.header.units.size());
    auto known = [&](int unit) { return unit >= 0 && unit < static_cast<int>(looks.size()); };
    for (const Event& e : s.replay.events) {
        for (const auto& effect : e.effects) {
            if (effect.kind != EffectKind::formation_change || effect.units.empty() ||
                !effect.look || !known(effect.units[0]))
                continue;
            const auto& from = looks[static_cast<std::size_t>(effect.units[0])];
            HeldLook h;
            h.unit = effect.units[0];
            h.start_ms = e.t0_ms;
            h.end_ms = e.t1_ms;
            h.until_ms = effect.until_ms;
            h.from_formation = formation_of(from.stand);
            h.from_width_mm = static_cast<double>(from.width_mm);
            h.from_depth_mm = static_cast<double>(from.depth_mm);
            h.layout = effect.look->layout;
            h.formation = formation_of(effect.look->stand);
            h.width_mm = static_cast<double>(effect.look->width_mm);
            h.depth_mm = static_cast<double>(effect.look->depth_mm);
            s.held_looks.push_back(std::move(h));
        }
        for (const Snapshot& a : e.after)
            if (known(a.unit)) looks[static_cast<std::size_t>(a.unit)] = a.look;
    }
}

namespace {

float ease(float u) {
    return u * u * (3.0f - 2.0f * u);  // ease in and out
}

UnitView* view_of(SceneState& out, int unit) {
    for (auto& v : out.units)
        if (v.unit == unit) return &v;
    return nullptr;
}

// Lost figures leave one at a time over the event. The record gives the footprint before and
// after the losses, not in between: the block takes its new size once half of them have gone.
void animate_losses(const Snapshot& after, float u, UnitView& v) {
    if (after.look.figures >= v.figures) return;
    const int lost = v.figures - after.look.figures;
    const float x = u * static_cast<float>(lost);
    const int gone = static_cast<int>(std::floor(x + 0.5f));
    v.figures -= gone;
    // The next to go topples over the half of its turn before it is gone.
    if (gone < lost && x > static_cast<float>(gone)) {
        v.falling = 1;
        v.fall = std::min(1.0f, (x - static_cast<float>(gone)) * 2.0f);
        v.figures -= 1;
    }
    if (2 * gone >= lost) {
        v.width_mm = static_cast<double>(after.look.width_mm);
        v.depth_mm = static_cast<double>(after.look.depth_mm);
    }
}

// A new layout in the event's record: the figures walk from the old one to it over the event.
void animate_layout(const Snapshot& after, float u, UnitView& v) {
    if (after.look.layout == v.layout) return;
    v.from_formation = v.formation;
    v.from_width_mm = v.width_mm;
    v.from_depth_mm = v.depth_mm;
    v.layout = after.look.layout;
    v.formation = formation_of(after.look.stand);
    v.width_mm = static_cast<double>(after.look.width_mm);
    v.depth_mm = static_cast<double>(after.look.depth_mm);
    v.formation_blend = ease(u);
}

// Hand to hand: each side surges towards the middle of the other, building up and dying down.
void animate_clash(const std::vector<int>& units, float u, SceneState& out) {
    double cx[2] = {0, 0}, cy[2] = {0, 0};
    int n[2] = {0, 0};
    for (int unit : units)
        if (const UnitView* v = view_of(out, unit)) {
            cx[v->side & 1] += v->x_mm, cy[v->side & 1] += v->y_mm, ++n[v->side & 1];
        }
    for (int unit : units) {
        UnitView* v = view_of(out, unit);
        const int other = (v ? v->side + 1 : 0) & 1;
        if (!v || n[other] == 0) continue;
        const double dx = cx[other] / n[other] - v->x_mm, dy = cy[other] / n[other] - v->y_mm;
        const double len = std::max(1e-6, std::sqrt(dx * dx + dy * dy));
        v->clash = std::sin(u * 3.14159265f);
        v->clash_x = dx / len, v->clash_y = dy / len;
    }
}

// What happens to the units during an unfinished event, beyond moving along a path: figures fall
// one by one as casualties are taken, figures walk to a new layout, clashes surge, volleys smoke.
// The state shown is the one before the event; its "after" snapshots say where it is going.
void animate_event(const Event& e, std::int64_t t, SceneState& out) {
    const double span = static_cast<double>(std::max<std::int64_t>(1, e.t1_ms - e.t0_ms));
    const float u =
        static_cast<float>(std::clamp(static_cast<double>(t - e.t0_ms) / span, 0.0, 1.0));
    for (const Snapshot& after : e.after) {
        UnitView* v = view_of(out, after.unit);
        if (!v) continue;
        animate_layout(after, u, *v);
        animate_losses(after, u, *v);
    }
    for (const auto& effect : e.effects) {
        if (effect.kind == EffectKind::clash) animate_clash(effect.units, u, out);
        if (effect.kind == EffectKind::volley && !effect.units.empty())
            if (UnitView* v = view_of(out, effect.units[0])) v->volley = u;
    }
}

// Ordered formation changes show from their order on: the record catches up later, and the
// snapshots in between (tests, moves) still name the old layout.
void apply_held_looks(const ReplayScene& scene, std::int64_t t, SceneState& out) {
    for (const HeldLook& h : scene.held_looks) {
        if (t < h.start_ms || t >= h.until_ms) continue;
        UnitView* v = view_of(out, h.unit);
        if (!v) continue;
        v->from_formation = h.from_formation;
        v->from_width_mm = h.from_width_mm;
        v->from_depth_mm = h.from_depth_mm;
        v->layout = h.layout;
        v->formation = h.formation;
        v->width_mm = h.width_mm;
        v->depth_mm = h.depth_mm;
        const double span = static_cast<double>(std::max<std::int64_t>(1, h.end_ms - h.start_ms));
        v->formation_blend = ease(
            static_cast<float>(std::clamp(static_cast<double>(t - h.start_ms) / span, 0.0, 1.0)));
    }
}

// The mover goes along its path; it turns to its new facing as it sets off.
void apply_motion(const Event& e, std::int64_t t, SceneState& out) {
    UnitView* v = view_of(out, e.units[0]);
    if (!v) return;
    const double u = static_cast<double>(t - e.t0_ms) /
                     static_cast<double>(std::max<std::int64_t>(1, e.t1_ms - e.t0_ms));
    const auto& path = e.motion->path;
    const double fx = static_cast<double>(path.back().x), fy = static_cast<double>(path.back().y);
    const double sx = static_cast<double>(path.front().x), sy = static_cast<double>(path.front().y);
    v->x_mm = v->placed_x_mm = sx + (fx - sx) * u;
    v->y_mm = v->placed_y_mm = sy + (fy - sy) * u;
    v->facing_x = static_cast<double>(e.motion->facing_end.x) / 65536.0;
    v->facing_y = static_cast<double>(e.motion->facing_end.y) / 65536.0;
    v->moving = true;
    double length = 0;
    for (std::size_t i = 1; i < path.size(); ++i)
        length += std::hypot(static_cast<double>(path[i].x - path[i - 1].x),
                             static_cast<double>(path[i].y - path[i - 1].y));
    v->speed_mm_s =
        length * 1000.0 / static_cast<double>(std::max<std::int64_t>(1, e.t1_ms - e.t0_ms));
}

// A unit as the record leaves it: its roster entry, its pose and its look.
UnitView unit_view(const sim::record::RosterUnit& r, const Snapshot& s) {
    UnitView v;
    v.unit = s.unit;
    v.side = r.side;
    v.id = r.id;
    v.name = r.name;
    v.short_name = r.short_name;
    v.nation = r.nation;
    v.visual = r.visual;
    v.x_mm = v.placed_x_mm = static_cast<double>(s.pose.pos.x);
    v.y_mm = v.placed_y_mm = static_cast<double>(s.pose.pos.y);
    v.facing_x = static_cast<double>(s.pose.facing.x) / 65536.0;
    v.facing_y = static_cast<double>(s.pose.facing.y) / 65536.0;
    v.figures = s.look.figures;
    v.layout = s.look.layout;
    v.formation = v.from_formation = formation_of(s.look.stand);
    v.width_mm = v.from_width_mm = static_cast<double>(s.look.width_mm);
    v.depth_mm = v.from_depth_mm = static_cast<double>(s.look.depth_mm);
    v.state = s.state;
    v.disordered = s.look.disordered;
    v.fleeing = s.look.fleeing;
    v.markers = s.look.markers;
    v.counter = s.look.counter;
    v.properties = s.properties;
    v.on_table = !s.look.off_table;
    return v;
}

}  // namespace

namespace {

// On a hex board: the current event's units' hexes, and the hexes its motion passes through (a
// retreat, an advance, a charge), in the event's category colour.
void mark_event_hexes(const ReplayScene& scene, SceneState& out) {
    const auto& grid = scene.replay.header.board.hex;
    const auto& events = scene.replay.events;
    if (!grid || out.event <= 0 || out.event >= static_cast<int>(events.size())) return;
    const Event& e = events[static_cast<std::size_t>(out.event)];
    const EventColour c = category_colour(e.category);
    const std::array<float, 3> rgb{c.r / 255.0f, c.g / 255.0f, c.b / 255.0f};
    const HexLayout layout(*grid);
    if (e.motion)
        for (const HexCoord h : hexes_along(layout, e.motion->path))
            out.hex_marks.push_back({h.q, h.r, {rgb[0], rgb[1], rgb[2], 0.55f}});
    for (const int u : e.units)
        for (const UnitView& v : out.units)
            if (v.unit == u && v.on_table) {
                const HexCoord h = layout.nearest(v.x_mm, v.y_mm);
                out.hex_marks.push_back({h.q, h.r, {rgb[0], rgb[1], rgb[2], 0.35f}});
            }
}

}  // namespace

SceneState scene_at_time(const ReplayScene& scene, std::int64_t t) {
    const auto& events = scene.replay.events;
    const auto& roster = scene.replay.header.units;
    SceneState out;
    out.time_ms = t;
    if (scene.replay.header.board.hex)
        out.hex_size_mm = static_cast<double>(scene.replay.header.board.hex->size_mm);
    // The event in progress at t: the last one that has started.
    const auto it =
        std::upper_bound(events.begin(), events.end(), t,
                         [](std::int64_t time, const Event& e) { return time < e.t0_ms; });
    const int current = static_cast<int>(it - events.begin()) - 1;
    out.event = current;
    std::vector<Snapshot> state;
    const Event* in_progress = nullptr;
    if (current < 0) {
        state = sim::replay::state_after(scene.replay, 0);
    } else {
        const auto& e = events[static_cast<std::size_t>(current)];
        // Event 0 (setup) places every unit, so the state "before" it is its own.
        const bool finished = t >= e.t1_ms;
        state = sim::replay::state_after(scene.replay,
                                         finished || current == 0 ? current : current - 1);
        if (!finished) in_progress = &e;
    }
    for (const Snapshot& s : state)
        if (s.unit >= 0 && s.unit < static_cast<int>(roster.size()))
            out.units.push_back(unit_view(roster[static_cast<std::size_t>(s.unit)], s));
    if (in_progress) animate_event(*in_progress, t, out);
    apply_held_looks(scene, t, out);
    if (in_progress && in_progress->motion && !in_progress->units.empty())
        apply_motion(*in_progress, t, out);
    mark_event_hexes(scene, out);  // the hexes the record names, before bases slide apart
    separate_bases(out);
    return out;
}

}  // namespace vedette::render

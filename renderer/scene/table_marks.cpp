#include "renderer/scene/table_marks.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace vedette::render {

using sim::record::Category;
using sim::record::EffectKind;
using sim::record::Event;

namespace {

using Point = std::pair<double, double>;

// A unit's footprint: centre, facing and the perpendicular (unit vectors), half its width (across
// the front) and half its depth. Tiny footprints are given a few mm so a head can stop at them.
struct Footprint {
    double cx = 0, cy = 0, fx = 0, fy = 1, half_w = 4, half_d = 4;

    explicit Footprint(const UnitView& v)
        : cx(v.x_mm),
          cy(v.y_mm),
          half_w(std::max(4.0, v.width_mm / 2)),
          half_d(std::max(4.0, v.depth_mm / 2)) {
        const double len = std::hypot(v.facing_x, v.facing_y);
        if (len > 1e-9) fx = v.facing_x / len, fy = v.facing_y / len;
    }
    // In the unit's frame: across (u, to its right) and along its facing (v).
    Point local(Point p) const {
        const double dx = p.first - cx, dy = p.second - cy;
        return {dx * fy - dy * fx, dx * fx + dy * fy};
    }
    bool contains(Point p) const {
        const auto [u, v] = local(p);
        return std::abs(u) <= half_w && std::abs(v) <= half_d;
    }
    // Where the segment a->b first enters the footprint, as a fraction of it (Liang-Barsky on the
    // footprint's two slabs); none when it misses or starts inside.
    std::optional<double> entry(Point a, Point b) const {
        if (contains(a)) return std::nullopt;
        const Point la = local(a), lb = local(b);
        double t0 = 0, t1 = 1;
        const double p0[2] = {la.first, la.second},
                     d[2] = {lb.first - la.first, lb.second - la.second};
        const double half[2] = {half_w, half_d};
        for (int k = 0; k < 2; ++k) {
            if (std::abs(d[k]) < 1e-12) {
                if (std::abs(p0[k]) > half[k]) return std::nullopt;
                continue;
            }
            double ta = (-half[k] - p0[k]) / d[k], tb = (half[k] - p0[k]) / d[k];
            if (ta > tb) std::swap(ta, tb);
            t0 = std::max(t0, ta), t1 = std::min(t1, tb);
            if (t0 > t1) return std::nullopt;
        }
        return t0;
    }
};

Point lerp(Point a, Point b, double t) {
    return {a.first + (b.first - a.first) * t, a.second + (b.second - a.second) * t};
}

double path_length(const std::vector<Point>& path) {
    double len = 0;
    for (std::size_t i = 1; i < path.size(); ++i)
        len += std::hypot(path[i].first - path[i - 1].first, path[i].second - path[i - 1].second);
    return len;
}

// The path as far as `fraction` of its length: an arrow grows with its unit while the event plays.
std::vector<Point> grown(const std::vector<Point>& path, double fraction) {
    if (fraction >= 1) return path;
    double left = path_length(path) * std::max(0.0, fraction);
    std::vector<Point> out{path.front()};
    for (std::size_t i = 1; i < path.size(); ++i) {
        const double seg =
            std::hypot(path[i].first - path[i - 1].first, path[i].second - path[i - 1].second);
        if (seg >= left) {
            out.push_back(seg > 0 ? lerp(path[i - 1], path[i], left / seg) : path[i]);
            break;
        }
        left -= seg;
        out.push_back(path[i]);
    }
    return out;
}

// The head stops at the target's edge: a path that enters its footprint is cut where it does.
void stop_at(const Footprint& target, std::vector<Point>& path) {
    for (std::size_t i = 1; i < path.size(); ++i)
        if (const auto t = target.entry(path[i - 1], path[i])) {
            path[i] = lerp(path[i - 1], path[i], *t);
            path.resize(i + 1);
            return;
        }
}

const UnitView* view_in(const SceneState& state, int unit) {
    for (const auto& v : state.units)
        if (v.unit == unit) return &v;
    return nullptr;
}

// The events shown at the moment: the current episode's, from its first to the current one (its
// events are recorded one after another), else the current event alone.
std::vector<int> shown_events(const std::vector<Event>& events, int current) {
    if (current < 0 || current >= static_cast<int>(events.size())) return {};
    const int episode = events[static_cast<std::size_t>(current)].episode;
    int first = current;
    while (episode >= 0 && first > 0 &&
           events[static_cast<std::size_t>(first - 1)].episode == episode)
        --first;
    std::vector<int> out;
    for (int i = first; i <= current; ++i) out.push_back(i);
    return out;
}

struct Builder {
    const ReplayScene& scene;
    const SceneState& state;
    const Visuals& visuals;
    TableMarks out;
    std::vector<TagColour> side_colours = side_tag_colours(visuals, scene.replay.header.sides);

    const std::vector<Event>& events() const { return scene.replay.events; }
    bool enemies(int a, int b) const {
        const auto& roster = scene.replay.header.units;
        const int n = static_cast<int>(roster.size());
        return a >= 0 && b >= 0 && a < n && b < n &&
               roster[static_cast<std::size_t>(a)].side != roster[static_cast<std::size_t>(b)].side;
    }

    ArrowMark arrow(const std::string& style, int event, int unit, bool planned) const {
        ArrowMark a;
        a.style = style;
        a.look = visuals.arrow(style);
        if (planned) a.look.opacity *= visuals.planned_opacity;
        a.planned = planned;
        a.event = event;
        a.unit = unit;
        const auto& roster = scene.replay.header.units;
        if (unit >= 0 && unit < static_cast<int>(roster.size()))
            a.side = roster[static_cast<std::size_t>(unit)].side;
        return a;
    }

    // A declaration: from the declarer's edge, as it stood after it, to each target's edge (a
    // shock on two hexes has two).
    void planned(int seq, const std::string& style) {
        const Event& e = events()[static_cast<std::size_t>(seq)];
        if (e.units.size() < 2) return;
        const auto stood = sim::replay::state_after(scene.replay, seq);
        for (std::size_t k = 1; k < e.units.size(); ++k)
            if (e.units[k] != e.units[0] && (k == 1 || enemies(e.units[0], e.units[k])))
                planned_at(seq, style, stood, e.units[0], e.units[k]);
    }

    void planned_at(int seq, const std::string& style,
                    const std::vector<sim::record::Snapshot>& stood, int declarer, int aimed) {
        std::optional<UnitView> from, to;
        const auto& roster = scene.replay.header.units;
        for (const auto& s : stood) {
            if (s.unit < 0 || s.unit >= static_cast<int>(roster.size())) continue;
            if (s.unit == declarer) from = view_of_snapshot(s);
            if (s.unit == aimed) to = view_of_snapshot(s);
        }
        if (!from || !to) return;
        // Aimed at the target where it is now when it has moved since (a countercharge): the
        // head stops at its edge, never behind it.
        if (const UnitView* now = view_in(state, aimed); now && now->on_table) to = *now;
        const Point a{from->x_mm, from->y_mm}, b{to->x_mm, to->y_mm};
        const auto enter = Footprint(*to).entry(a, b);
        if (!enter) return;  // standing in (or on) the target: nothing to point at
        // The tail where the declarer's own footprint ends on the way (entering it from b).
        const auto leave = Footprint(*from).entry(b, a);
        const Point tail = leave && 1 - *leave < *enter ? lerp(a, b, 1 - *leave) : a;
        ArrowMark m = arrow(style, seq, declarer, true);
        m.target = aimed;
        m.path_mm = {tail, lerp(a, b, *enter)};
        out.arrows.push_back(std::move(m));
    }

    static UnitView view_of_snapshot(const sim::record::Snapshot& s) {
        UnitView v;
        v.unit = s.unit;
        v.x_mm = static_cast<double>(s.pose.pos.x);
        v.y_mm = static_cast<double>(s.pose.pos.y);
        v.facing_x = static_cast<double>(s.pose.facing.x) / 65536.0;
        v.facing_y = static_cast<double>(s.pose.facing.y) / 65536.0;
        v.width_mm = static_cast<double>(s.look.width_mm);
        v.depth_mm = static_cast<double>(s.look.depth_mm);
        return v;
    }

    // A motion: its path so far, its head stopped at the enemy it is aimed at.
    void moved(int seq, const std::string& style, int declared_target, int declarer) {
        const Event& e = events()[static_cast<std::size_t>(seq)];
        std::vector<Point> path;
        for (const auto& p : e.motion->path)
            path.emplace_back(static_cast<double>(p.x), static_cast<double>(p.y));
        if (path.size() < 2) return;
        const bool whole = visuals.arrow(style).whole_path;
        if (!whole && seq == state.event && state.time_ms < e.t1_ms) {
            const double span = static_cast<double>(std::max<std::int64_t>(1, e.t1_ms - e.t0_ms));
            path = grown(path, static_cast<double>(state.time_ms - e.t0_ms) / span);
        }
        int target = e.units.size() >= 2 ? e.units[1] : -1;
        if (target < 0 && e.units[0] == declarer) target = declared_target;
        if (!enemies(e.units[0], target)) target = -1;
        if (target >= 0)
            if (const UnitView* t = view_in(state, target); t && t->on_table)
                stop_at(Footprint(*t), path);
        if (path.size() < 2 || path_length(path) < 0.5) return;
        ArrowMark m = arrow(style, seq, e.units[0], false);
        m.target = target;
        m.path_mm = std::move(path);
        out.arrows.push_back(std::move(m));
    }

    void arrows(const std::vector<int>& shown) {
        int declared_target = -1, declarer = -1;
        for (int seq : shown) {
            const Event& e = events()[static_cast<std::size_t>(seq)];
            if (e.units.empty()) continue;
            const std::string style = arrow_style(scene.replay.header, e);
            if (style == "none") continue;
            if (e.category == Category::declare) {
                if (e.units.size() >= 2) declarer = e.units[0], declared_target = e.units[1];
                planned(seq, style);
            } else if (e.motion) {
                moved(seq, style, declared_target, declarer);
            }
        }
    }

    // Where a melee is fought: between the two sides' units (their middles), sized by their fronts.
    void clash(int seq, const std::vector<int>& units) {
        double sx[2] = {0, 0}, sy[2] = {0, 0}, width = 0;
        int n[2] = {0, 0};
        for (int u : units)
            if (const UnitView* v = view_in(state, u)) {
                const int s = v->side == 0 ? 0 : 1;
                sx[s] += v->x_mm, sy[s] += v->y_mm, ++n[s];
                width += v->width_mm;
            }
        if (n[0] == 0 || n[1] == 0) return;
        ClashMark c;
        c.x_mm = (sx[0] / n[0] + sx[1] / n[1]) / 2;
        c.y_mm = (sy[0] / n[0] + sy[1] / n[1]) / 2;
        c.radius_mm = std::clamp(0.3 * width / (n[0] + n[1]), 12.0, 80.0);
        c.event = seq;
        out.clashes.push_back(c);
    }

    void clashes(const std::vector<int>& shown) {
        for (int seq : shown) {
            const Event& e = events()[static_cast<std::size_t>(seq)];
            bool found = false;
            for (const auto& effect : e.effects)
                if (effect.kind == EffectKind::clash) clash(seq, effect.units), found = true;
            if (!found && e.category == Category::melee) clash(seq, e.units);
        }
    }

    void units() {
        for (const UnitView& v : state.units) {
            if (!v.on_table) continue;
            const Footprint f(v);
            const double half = std::max(4.0, v.width_mm / 2), depth = v.depth_mm / 2;
            const double px = f.fy, py = -f.fx;  // to the unit's right
            const double mx = v.x_mm + f.fx * depth, my = v.y_mm + f.fy * depth;
            const TagColour colour = v.side >= 0 && v.side < int(side_colours.size())
                                         ? side_colours[std::size_t(v.side)]
                                         : TagColour{};
            out.fronts.push_back({v.unit, v.side, mx - px * half, my - py * half, mx + px * half,
                                  my + py * half, colour});
            const std::string marker = status_marker(scene.replay.header, v);
            if (marker.empty()) continue;
            const StatusLook look = visuals.status(marker);
            out.statuses.push_back(
                {v.unit, v.x_mm, v.y_mm, marker, look.r, look.g, look.b, look.label});
        }
    }
};

}  // namespace

std::string arrow_style(const sim::record::Header& header, const Event& event) {
    if (const auto it = header.looks.arrows.find(event.kind); it != header.looks.arrows.end())
        return it->second;
    if (event.category == Category::declare) return "charge";
    if (!event.motion) return "move";
    if (event.motion->gait == "flee") return "retreat";
    if (event.category == Category::loss) return "push_back";
    if (event.motion->gait == "gallop") return "charge";
    return "move";
}

std::string status_marker(const sim::record::Header& header, const UnitView& unit) {
    if (const auto it = header.looks.statuses.find(unit.state); it != header.looks.statuses.end())
        return it->second == "none" ? std::string() : it->second;
    if (unit.fleeing) return "retreating";
    if (unit.disordered) return "disordered";
    return {};
}

TableMarks table_marks(const ReplayScene& scene, const SceneState& state) {
    static const Visuals built_in;
    return table_marks(scene, state, built_in);
}

TableMarks table_marks(const ReplayScene& scene, const SceneState& state, const Visuals& visuals) {
    Builder b{scene, state, visuals, {}};
    const std::vector<int> shown = shown_events(scene.replay.events, state.event);
    b.arrows(shown);
    b.clashes(shown);
    b.units();
    b.out.hex_numbers = hex_number_marks(scene, state);
    return std::move(b.out);
}

std::vector<std::pair<double, double>> circle_points(double cx, double cy, double radius,
                                                     int segments) {
    std::vector<std::pair<double, double>> out;
    const double pi = 3.14159265358979323846;
    for (int i = 0; i < segments; ++i) {
        const double a = 2 * pi * i / segments;
        out.emplace_back(cx + std::cos(a) * radius, cy + std::sin(a) * radius);
    }
    return out;
}

}  // namespace vedette::render

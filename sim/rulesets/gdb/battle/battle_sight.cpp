// What units see and where evaders and routers go (seed 000): a charger sees its target if it
// sees any part of it; evaders look for real shelter (woods, buildings, fortifications) or
// friends within 22 degrees of straight back; fleeing units disorder only the friends they
// pass in the first half of their move (12.19 c).

#include <algorithm>

#include "sim/board/heightfield.h"
#include "sim/rulesets/gdb/battle/battle_engine.h"

namespace vedette::sim::battle {

using geom::i64;
using geom::Vec;

namespace {
// The first area of one of `kinds` holding p, or nullptr.
const TerrainFeature* area_of_kind(const std::vector<TerrainFeature>& features, Vec p,
                                   std::initializer_list<FeatureKind> kinds) {
    for (const auto& f : features)
        for (FeatureKind k : kinds)
            if (f.kind == k && geom::point_in_polygon(p, f.points)) return &f;
    return nullptr;
}

// Where evaders are safe: woods, built-up areas and fortifications; hills, water and rough
// ground as such are no shelter (seed 000, evades 3).
bool real_shelter(FeatureKind k) {
    return k == FeatureKind::woods || k == FeatureKind::built_up || k == FeatureKind::fortified;
}
}  // namespace

// Nothing between a and b that hides one from the other: woods, buildings and hills (a unit
// inside one sees out of it and is seen at its edge), a rise of the ground, or another unit on
// the table. Abandoned guns do not block: chargers ride through them (seed 000, the uhlans).
bool Battle::clear_sight_line(int from, int to, Vec a, Vec b) const {
    for (const auto& f : scenario_.terrain.features)
        if (f.blocks_sight() && !geom::point_in_polygon(a, f.points) &&
            !geom::point_in_polygon(b, f.points) && geom::segment_crosses_polygon(a, b, f.points))
            return false;
    if (!board::ground_clear(scenario_.terrain, a, b, rules_.sight_eye_height_mm)) return false;
    for (std::size_t u = 0; u < units_.size(); ++u) {
        const int id = static_cast<int>(u);
        if (id != from && id != to && units_[u].on_table &&
            geom::segment_crosses_rect(a, b, rect_of(id)))
            return false;
    }
    return true;
}

std::string Battle::sight_blocker(int from, int to) const {
    const Vec a = rect_of(from).front_centre(), b = units_[static_cast<std::size_t>(to)].pos;
    for (const auto& f : scenario_.terrain.features)
        if (f.blocks_sight() && !geom::point_in_polygon(a, f.points) &&
            !geom::point_in_polygon(b, f.points) && geom::segment_crosses_polygon(a, b, f.points))
            return f.name;
    if (!board::ground_clear(scenario_.terrain, a, b, rules_.sight_eye_height_mm))
        return "a rise of the ground";
    for (std::size_t u = 0; u < units_.size(); ++u) {
        const int id = static_cast<int>(u);
        if (id != from && id != to && units_[u].on_table &&
            geom::segment_crosses_rect(a, b, rect_of(id)))
            return name(id);
    }
    return "";
}

bool Battle::line_of_sight(int from, int to) const {
    return clear_sight_line(from, to, rect_of(from).front_centre(),
                            units_[static_cast<std::size_t>(to)].pos);
}

bool Battle::sees_any_part(int from, int to) const {
    if (line_of_sight(from, to)) return true;
    const Vec a = rect_of(from).front_centre(), centre = units_[static_cast<std::size_t>(to)].pos;
    for (const Vec& corner : rect_of(to).corners()) {
        // A millimetre inside the corner, so that the target's own edge does not count as cover.
        const Vec p = corner + geom::scale(geom::normalize(centre - corner), 1);
        if (clear_sight_line(from, to, a, p)) return true;
    }
    return false;
}

const TerrainFeature* Battle::shelter_at(Vec p) const {
    for (const auto& f : scenario_.terrain.features)
        if (real_shelter(f.kind) && geom::point_in_polygon(p, f.points)) return &f;
    return nullptr;
}

namespace {
Vec centroid(const std::vector<Vec>& points) {
    Vec sum{0, 0};
    for (const Vec& p : points) sum = sum + p;
    const i64 n = static_cast<i64>(points.size());
    return n == 0 ? sum : Vec{sum.x / n, sum.y / n};
}
}  // namespace

Vec Battle::evade_direction(int unit, int enemy, std::string& towards) const {
    const auto& s = units_[static_cast<std::size_t>(unit)];
    const Vec straight = geom::normalize(s.pos - units_[static_cast<std::size_t>(enemy)].pos);
    const int side = scenario_.units[static_cast<std::size_t>(unit)].side;
    Vec best_point = s.pos;
    i64 best = -1;
    auto consider = [&](Vec point, const std::string& what) {
        if (point == s.pos || !geom::in_sector(s.pos, straight, point, geom::kCos22)) return;
        const i64 d = geom::length_squared(point - s.pos);
        if (best < 0 || d < best) {
            best = d;
            best_point = point;
            towards = what;
        }
    };
    // Real shelter only (real_shelter).
    for (const auto& f : scenario_.terrain.features)
        if (real_shelter(f.kind)) consider(centroid(f.points), f.name);
    // Friends in close order: the evaders go to the rear of them.
    for (std::size_t f = 0; f < units_.size(); ++f) {
        const int id = static_cast<int>(f);
        if (id == unit || !units_[f].on_table || scenario_.units[f].side != side) continue;
        const auto type = scenario_.units[f].unit.type;
        if (type == gdb::TroopType::skirmishers || type == gdb::TroopType::artillery) continue;
        const Vec behind = units_[f].pos - geom::scale(units_[f].facing, rect_of(id).half_depth);
        consider(behind, name(id));
    }
    if (best < 0) return straight;
    return geom::normalize(best_point - s.pos);
}

bool Battle::disorders_friend(int unit, int f, Vec from, Vec dir, i64 distance) const {
    const auto& fs = units_[static_cast<std::size_t>(f)];
    if (fs.formation == gdb::Formation::square) return false;
    if (const TerrainFeature* in = feature_at(fs.pos);
        in && (in->kind == FeatureKind::built_up || in->kind == FeatureKind::fortified))
        return false;
    // The first half of the unit's maximum retreat move (12.19 c), or of this move if shorter.
    const i64 first_half = std::min(distance, moves(unit).retreat_mm / 2);
    const Vec half_way = from + geom::scale(dir, first_half);
    const geom::Rect fr = rect_of(f);
    return geom::segment_crosses_rect(from, half_way, fr) ||
           geom::overlaps(rect_at(unit, half_way, dir), fr) ||
           geom::overlaps(rect_at(unit, from, dir), fr);
}

bool Battle::road_move(int u, Vec to) const {
    const auto f = units_[static_cast<std::size_t>(u)].formation;
    if (f != gdb::Formation::column && f != gdb::Formation::squadron_column &&
        f != gdb::Formation::limbered)
        return false;
    const i64 reach2 = static_cast<i64>(rules_.road_reach_mm) * rules_.road_reach_mm;
    auto on_road = [&](Vec p) {
        for (const auto& r : scenario_.terrain.features)
            if (r.kind == FeatureKind::road)
                for (std::size_t i = 0; i + 1 < r.points.size(); ++i)
                    if (geom::distance_squared_to_segment(p, r.points[i], r.points[i + 1]) <=
                        reach2)
                        return true;
        return false;
    };
    return on_road(units_[static_cast<std::size_t>(u)].pos) && on_road(to);
}

std::string Battle::terrain_refusal(int c, int t) const {
    const auto& features = scenario_.terrain.features;
    const Vec cpos = units_[static_cast<std::size_t>(c)].pos;
    const Vec tpos = units_[static_cast<std::size_t>(t)].pos;
    const auto ctype = scenario_.units[static_cast<std::size_t>(c)].unit.type;
    if (is_cavalry(c)) {
        if (const auto* f =
                area_of_kind(features, tpos, {FeatureKind::built_up, FeatureKind::fortified}))
            return "no cavalry may charge a built-up area, " + f->name + " (GdB 12.11)";
        if (const auto* f = area_of_kind(features, tpos, {FeatureKind::woods, FeatureKind::rough});
            f && ctype != gdb::TroopType::cossacks)
            return "only Cossacks may charge into rough ground or woods, " + f->name +
                   " (GdB 12.11)";
    }
    if (gdb::is_infantry(ctype))
        if (const auto* f =
                area_of_kind(features, cpos, {FeatureKind::built_up, FeatureKind::fortified});
            f && !geom::point_in_polygon(tpos, f->points))
            return "infantry defending " + f->name +
                   " may not charge an enemy outside it (GdB 12.9 g)";
    return "";
}

}  // namespace vedette::sim::battle

#pragma once
// The field tables of the record types: for each struct, its JSON keys in writing order, the
// member each key holds, whether the key is required, and whether an integer names a unit (then
// it is written as the unit's id). One table drives the writer and both readers (record_json.h),
// so the three cannot disagree. Optional fields are left out when they hold their default.

#include <tuple>

#include "sim/record/explanation.h"
#include "sim/record/header.h"
#include "sim/record/record.h"

namespace vedette::sim::record {

enum class Need : std::uint8_t { required, optional };
enum class Ref : std::uint8_t { none, unit };

template <class S, class M>
struct Field {
    const char* name;
    M S::*member;
    Need need;
    Ref ref;
};
template <class S, class M>
constexpr Field<S, M> req(const char* name, M S::*member, Ref ref = Ref::none) {
    return {name, member, Need::required, ref};
}
template <class S, class M>
constexpr Field<S, M> opt(const char* name, M S::*member, Ref ref = Ref::none) {
    return {name, member, Need::optional, ref};
}

template <class T>
struct FieldTable;  // only the types below have one

template <>
struct FieldTable<Die> {
    static constexpr auto fields = std::make_tuple(
        req("value", &Die::value), opt("mark", &Die::mark), opt("forced", &Die::forced));
};
template <>
struct FieldTable<DiceGroup> {
    static constexpr auto fields =
        std::make_tuple(req("label", &DiceGroup::label), req("dice", &DiceGroup::dice),
                        opt("sides", &DiceGroup::sides), opt("target", &DiceGroup::target),
                        opt("total", &DiceGroup::total), opt("note", &DiceGroup::note));
};
template <>
struct FieldTable<ModifierRow> {
    static constexpr auto fields =
        std::make_tuple(req("label", &ModifierRow::label), opt("rule", &ModifierRow::rule),
                        opt("values", &ModifierRow::values), req("lit", &ModifierRow::lit),
                        opt("reason", &ModifierRow::reason));
};
template <>
struct FieldTable<ResultRow> {
    static constexpr auto fields =
        std::make_tuple(req("label", &ResultRow::label), opt("rule", &ResultRow::rule),
                        req("lit", &ResultRow::lit));
};
template <>
struct FieldTable<Outcome> {
    static constexpr auto fields =
        std::make_tuple(req("label", &Outcome::label), opt("count", &Outcome::count),
                        req("probability", &Outcome::probability), opt("actual", &Outcome::actual),
                        opt("rank", &Outcome::rank));
};
template <>
struct FieldTable<KeyValue> {
    static constexpr auto fields =
        std::make_tuple(req("key", &KeyValue::key), req("value", &KeyValue::value));
};
template <>
struct FieldTable<Section> {
    static constexpr auto fields = std::make_tuple(
        req("kind", &Section::kind), opt("title", &Section::title), opt("rule", &Section::rule),
        opt("dice", &Section::dice), opt("columns", &Section::columns), opt("rows", &Section::rows),
        opt("results", &Section::results), opt("denominator", &Section::denominator),
        opt("outcomes", &Section::outcomes), opt("sides", &Section::sides),
        opt("lines", &Section::lines), opt("notes", &Section::notes));
};
template <>
struct FieldTable<Explanation> {
    static constexpr auto fields =
        std::make_tuple(req("title", &Explanation::title), opt("rule", &Explanation::rule),
                        req("sections", &Explanation::sections));
};

template <>
struct FieldTable<Pose> {
    static constexpr auto fields =
        std::make_tuple(req("pos", &Pose::pos), req("facing", &Pose::facing));
};
template <>
struct FieldTable<Marker> {
    static constexpr auto fields =
        std::make_tuple(req("kind", &Marker::kind), opt("at", &Marker::at));
};
template <>
struct FieldTable<Look> {
    static constexpr auto fields =
        std::make_tuple(req("figures", &Look::figures), opt("layout", &Look::layout),
                        opt("stand", &Look::stand), req("width_mm", &Look::width_mm),
                        req("depth_mm", &Look::depth_mm), opt("disordered", &Look::disordered),
                        opt("fleeing", &Look::fleeing), opt("off_table", &Look::off_table),
                        opt("markers", &Look::markers), opt("counter", &Look::counter));
};
template <>
struct FieldTable<Snapshot> {
    static constexpr auto fields =
        std::make_tuple(req("unit", &Snapshot::unit, Ref::unit), req("pose", &Snapshot::pose),
                        req("look", &Snapshot::look), req("state", &Snapshot::state),
                        opt("properties", &Snapshot::properties));
};
template <>
struct FieldTable<Motion> {
    static constexpr auto fields =
        std::make_tuple(req("path", &Motion::path), req("facing_end", &Motion::facing_end),
                        req("gait", &Motion::gait));
};
template <>
struct FieldTable<Effect> {
    static constexpr auto fields = std::make_tuple(
        req("kind", &Effect::kind), req("units", &Effect::units, Ref::unit),
        opt("look", &Effect::look), opt("until", &Effect::until_ms), opt("count", &Effect::count));
};
template <>
struct FieldTable<Event> {
    static constexpr auto fields = std::make_tuple(
        req("seq", &Event::seq), req("turn", &Event::turn), req("phase", &Event::phase),
        req("category", &Event::category), req("kind", &Event::kind),
        req("units", &Event::units, Ref::unit), req("rule", &Event::rule),
        req("text", &Event::text), req("t0", &Event::t0_ms), req("t1", &Event::t1_ms),
        opt("episode", &Event::episode), opt("motion", &Event::motion),
        opt("effects", &Event::effects), opt("explanation", &Event::explanation),
        req("after", &Event::after), opt("as_played", &Event::as_played));
};
template <>
struct FieldTable<TurnHash> {
    static constexpr auto fields =
        std::make_tuple(req("turn", &TurnHash::turn), req("hash", &TurnHash::hash));
};
template <>
struct FieldTable<Keyframe> {
    static constexpr auto fields =
        std::make_tuple(req("seq", &Keyframe::seq), req("turn", &Keyframe::turn),
                        req("time", &Keyframe::time_ms), req("units", &Keyframe::units));
};

template <>
struct FieldTable<Phase> {
    static constexpr auto fields =
        std::make_tuple(req("id", &Phase::id), req("label", &Phase::label));
};
template <>
struct FieldTable<SideInfo> {
    static constexpr auto fields = std::make_tuple(
        req("id", &SideInfo::id), req("name", &SideInfo::name), opt("nation", &SideInfo::nation));
};
template <>
struct FieldTable<Overlay> {
    static constexpr auto fields = std::make_tuple(
        req("kind", &Overlay::kind), opt("label", &Overlay::label),
        opt("radius_mm", &Overlay::radius_mm), opt("half_angle_deg", &Overlay::half_angle_deg),
        opt("centre", &Overlay::centre), opt("centre_unit", &Overlay::centre_unit, Ref::unit),
        opt("hexes", &Overlay::hexes), opt("inner_radius_mm", &Overlay::inner_radius_mm),
        opt("tick_mm", &Overlay::tick_mm), opt("relative", &Overlay::relative),
        opt("side_wide", &Overlay::side_wide), opt("states", &Overlay::states));
};
template <>
struct FieldTable<Property> {
    static constexpr auto fields =
        std::make_tuple(req("key", &Property::key), req("value", &Property::value));
};
template <>
struct FieldTable<RosterUnit> {
    static constexpr auto fields = std::make_tuple(
        req("id", &RosterUnit::id), req("name", &RosterUnit::name),
        opt("short_name", &RosterUnit::short_name), req("side", &RosterUnit::side),
        opt("nation", &RosterUnit::nation), req("visual", &RosterUnit::visual),
        opt("properties", &RosterUnit::properties), opt("overlays", &RosterUnit::overlays));
};
template <>
struct FieldTable<Hex> {
    static constexpr auto fields =
        std::make_tuple(req("q", &Hex::q), req("r", &Hex::r), opt("terrain", &Hex::terrain));
};
template <>
struct FieldTable<HexGrid> {
    static constexpr auto fields =
        std::make_tuple(req("origin", &HexGrid::origin), req("size_mm", &HexGrid::size_mm),
                        opt("orientation", &HexGrid::orientation), req("hexes", &HexGrid::hexes));
};

}  // namespace vedette::sim::record

// Version 1 events, keyframes and snapshots as records (gdb_replay_v1_record.h): each event's
// category, episode, effects and looks, worked out over the whole event list as the battle engine
// works them out event by event (battle/battle_recorder.h), so an old file plays like a new one.

#include "sim/rulesets/gdb/gdb_replay_v1_record.h"

#include <algorithm>

#include "sim/rulesets/gdb/battle/event_kind.h"

namespace vedette::sim::battle::v1 {

record::Snapshot to_record(const UnitSnapshot& s, const RecordContext& c) {
    record::Snapshot r;
    r.unit = s.unit;
    r.pose = {s.pos, s.facing};
    const auto type = c.scenario.units[static_cast<std::size_t>(s.unit)].unit.type;
    // A formation GdB does not know keeps its name, on the footprint of a line.
    r.look = formation_look(c.rules, type, formation_named(s.formation, gdb::Formation::line),
                            s.figures);
    r.look.layout = s.formation;
    show_state(r.look, s.status);
    if (s.guns_abandoned) r.look.markers.push_back({"abandoned_guns", s.guns_at});
    r.state = s.status;
    return r;
}

namespace {

// Episodes: a charge from its declaration to the next declaration in that turn's charge phase; a
// melee with its consequences up to the next melee of that turn's melee phase.
void number_episodes(const std::vector<Event>& in, std::vector<record::Event>& out) {
    int next = 0, current = -1, turn = -1;
    std::string phase;
    for (std::size_t i = 0; i < in.size(); ++i) {
        const Event& e = in[i];
        if (e.turn != turn || e.phase != phase) current = -1;
        turn = e.turn, phase = e.phase;
        if ((e.phase == "charges" && e.kind == kind_name(EventKind::charge_declared)) ||
            (e.phase == "melee" && e.kind == kind_name(EventKind::melee)))
            current = next++;
        out[i].episode = current;
    }
}

// A formation change ordered as a reaction (form_square, formation_change) that completes before
// contact: the engine records the new formation only when the charge arrives, but the figures
// are shown moving into it during the order's own event and holding it until then.
void early_formation_changes(const std::vector<Event>& in, const RecordContext& c,
                             std::vector<record::Event>& out) {
    std::vector<std::string> formation(c.scenario.units.size());  // as recorded so far
    for (std::size_t i = 0; i < in.size(); ++i) {
        const Event& e = in[i];
        const bool order = (e.kind == kind_name(EventKind::form_square) ||
                            e.kind == kind_name(EventKind::formation_change)) &&
                           !e.units.empty() && e.completes_before_contact;
        if (order) {
            const int unit = e.units[0];
            // The first later event of the same turn that records this unit in another formation.
            for (std::size_t j = i + 1; j < in.size() && in[j].turn == e.turn; ++j) {
                const auto it = std::find_if(in[j].after.begin(), in[j].after.end(),
                                             [&](const UnitSnapshot& a) { return a.unit == unit; });
                if (it == in[j].after.end() ||
                    it->formation == formation[static_cast<std::size_t>(unit)])
                    continue;
                if (j > i + 1 &&
                    !(e.kind == kind_name(EventKind::form_square) && it->formation != "square")) {
                    record::Effect fx;
                    fx.kind = record::EffectKind::formation_change;
                    fx.units = {unit};
                    fx.look = to_record(*it, c).look;
                    fx.until_ms = in[j].t1_ms;
                    out[i].effects.push_back(std::move(fx));
                }
                break;
            }
        }
        for (const auto& a : e.after)
            if (a.unit >= 0 && a.unit < static_cast<int>(formation.size()))
                formation[static_cast<std::size_t>(a.unit)] = a.formation;
    }
}

// Clashes, volleys and falling figures, from the kind and the snapshots.
void visual_effects(const std::vector<Event>& in, std::vector<record::Event>& out) {
    std::vector<int> figures;
    for (std::size_t i = 0; i < in.size(); ++i) {
        const Event& e = in[i];
        if (e.kind == kind_name(EventKind::melee) && !e.units.empty())
            out[i].effects.push_back({record::EffectKind::clash, e.units, std::nullopt, 0, 0});
        if (e.kind == kind_name(EventKind::volley) && !e.units.empty())
            out[i].effects.push_back(
                {record::EffectKind::volley, {e.units[0]}, std::nullopt, 0, 0});
        for (const auto& a : e.after) {
            if (a.unit < 0) continue;
            if (figures.size() <= static_cast<std::size_t>(a.unit))
                figures.resize(static_cast<std::size_t>(a.unit) + 1, -1);
            int& before = figures[static_cast<std::size_t>(a.unit)];
            if (before > a.figures)
                out[i].effects.push_back({record::EffectKind::figures_fall,
                                          {a.unit},
                                          std::nullopt,
                                          0,
                                          before - a.figures});
            before = a.figures;
        }
    }
}

}  // namespace

std::vector<record::Event> to_record(const std::vector<Event>& events, const RecordContext& c) {
    std::vector<record::Event> out(events.size());
    for (std::size_t i = 0; i < events.size(); ++i) {
        const Event& e = events[i];
        record::Event& r = out[i];
        r.seq = e.seq;
        r.turn = e.turn;
        r.phase = e.phase;
        r.category = category_of_kind(e.kind);
        r.kind = e.kind;
        r.units = e.units;
        r.rule = e.rule;
        r.text = e.text;
        r.t0_ms = e.t0_ms;
        r.t1_ms = e.t1_ms;
        if (e.motion)
            r.motion = record::Motion{e.motion->path, e.motion->facing_end, e.motion->gait};
        if (e.explanation) r.explanation = *e.explanation;
        for (const auto& a : e.after) r.after.push_back(to_record(a, c));
    }
    number_episodes(events, out);
    early_formation_changes(events, c, out);
    visual_effects(events, out);
    return out;
}

std::vector<record::Keyframe> to_record(const std::vector<Keyframe>& keyframes,
                                        const RecordContext& c) {
    std::vector<record::Keyframe> out;
    for (const auto& k : keyframes) {
        record::Keyframe r{k.seq, k.turn, k.time_ms, {}};
        for (const auto& s : k.units) r.units.push_back(to_record(s, c));
        out.push_back(std::move(r));
    }
    return out;
}

}  // namespace vedette::sim::battle::v1

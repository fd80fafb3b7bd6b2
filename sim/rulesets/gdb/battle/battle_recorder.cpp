#include "sim/rulesets/gdb/battle/battle_recorder.h"

#include <algorithm>

namespace vedette::sim::battle {

BattleRecorder::BattleRecorder(std::size_t units) : figures_(units, -1), layouts_(units) {}

record::Event& BattleRecorder::emit(const std::string& phase, EventKind kind,
                                    std::vector<int> units, const std::string& rule,
                                    std::string text, std::int64_t ms,
                                    std::vector<record::Snapshot> after) {
    follow_episodes(phase, kind);
    record::Event& e = rec_.emit(phase, category_of(kind), kind_name(kind), std::move(units), rule,
                                 std::move(text), ms, std::move(after));
    show_effects(e, kind);
    show_early_formation_changes(e);
    remember_layouts(e);
    return e;
}

// Episodes: a charge from its declaration to the next declaration in that turn's charge phase; a
// melee with its consequences up to the next melee of that turn's melee phase.
void BattleRecorder::follow_episodes(const std::string& phase, EventKind kind) {
    const auto& events = rec_.events();
    if (events.empty() || events.back().turn != rec_.turn() || events.back().phase != phase)
        rec_.end_episode();
    if ((phase == "charges" && kind == EventKind::charge_declared) ||
        (phase == "melee" && kind == EventKind::melee))
        rec_.begin_episode();
}

// Clashes, volleys and falling figures, from the kind and the snapshots.
void BattleRecorder::show_effects(record::Event& e, EventKind kind) {
    if (kind == EventKind::melee && !e.units.empty())
        e.effects.push_back({record::EffectKind::clash, e.units, std::nullopt, 0, 0});
    if (kind == EventKind::volley && !e.units.empty())
        e.effects.push_back({record::EffectKind::volley, {e.units[0]}, std::nullopt, 0, 0});
    for (const record::Snapshot& a : e.after) {
        if (a.unit < 0) continue;
        if (figures_.size() <= static_cast<std::size_t>(a.unit))
            figures_.resize(static_cast<std::size_t>(a.unit) + 1, -1);
        int& before = figures_[static_cast<std::size_t>(a.unit)];
        if (before > a.look.figures)
            e.effects.push_back({record::EffectKind::figures_fall,
                                 {a.unit},
                                 std::nullopt,
                                 0,
                                 before - a.look.figures});
        before = a.look.figures;
    }
}

// The first event of the order's turn that records the unit in another formation completes it.
// A change that shows at once (the very next event) needs no early look, nor does a square that
// ends in another formation.
void BattleRecorder::show_early_formation_changes(const record::Event& e) {
    for (auto change = early_.begin(); change != early_.end();) {
        if (change->turn != e.turn) {  // the turn ended before the change was recorded
            change = early_.erase(change);
            continue;
        }
        const auto it =
            std::find_if(e.after.begin(), e.after.end(),
                         [&](const record::Snapshot& a) { return a.unit == change->unit; });
        if (it == e.after.end() || it->look.layout == change->layout_before) {
            ++change;
            continue;
        }
        if (e.seq > change->seq + 1 && !(change->square && it->look.layout != "square")) {
            record::Event& order = rec_.event(change->seq);
            record::Effect fx;
            fx.kind = record::EffectKind::formation_change;
            fx.units = {change->unit};
            fx.look = it->look;
            fx.until_ms = e.t1_ms;
            // The order's own effects came from its own snapshots; this one goes first.
            order.effects.insert(order.effects.begin(), std::move(fx));
        }
        change = early_.erase(change);
    }
}

void BattleRecorder::remember_layouts(const record::Event& e) {
    replaced_layouts_.clear();
    for (const record::Snapshot& a : e.after) {
        if (a.unit < 0 || a.unit >= static_cast<int>(layouts_.size())) continue;
        std::string& layout = layouts_[static_cast<std::size_t>(a.unit)];
        const bool seen = std::any_of(replaced_layouts_.begin(), replaced_layouts_.end(),
                                      [&](const auto& r) { return r.first == a.unit; });
        if (!seen) replaced_layouts_.push_back({a.unit, layout});
        layout = a.look.layout;
    }
}

void BattleRecorder::completes_early(int unit) {
    const record::Event& order = rec_.events().back();
    std::string before = unit >= 0 && unit < static_cast<int>(layouts_.size())
                             ? layouts_[static_cast<std::size_t>(unit)]
                             : std::string();
    for (const auto& [u, layout] : replaced_layouts_)
        if (u == unit) before = layout;
    early_.push_back({order.seq, order.turn, unit, order.kind == kind_name(EventKind::form_square),
                      std::move(before)});
}

void BattleRecorder::begin_turn(int turn, std::vector<record::Snapshot> everyone) {
    rec_.begin_turn(turn, std::move(everyone));
}

replay::Recorded BattleRecorder::finish(record::Header header, std::uint64_t seed,
                                        std::string scenario_text) {
    return rec_.finish(std::move(header), seed, std::move(scenario_text));
}

}  // namespace vedette::sim::battle

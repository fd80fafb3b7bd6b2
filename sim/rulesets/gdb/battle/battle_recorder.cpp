#include "sim/rulesets/gdb/battle/battle_recorder.h"

#include <algorithm>

namespace vedette::sim::battle {

BattleRecorder::BattleRecorder(std::size_t units)
    : figures_(units, -1), layouts_(units), states_(units), causes_(units, -1) {}

record::Event& BattleRecorder::emit(const std::string& phase, EventKind kind,
                                    std::vector<int> units, const std::string& rule,
                                    std::string text, std::int64_t ms,
                                    std::vector<record::Snapshot> after) {
    follow_episodes(phase, kind, units);
    record::Event& e = rec_.emit(phase, category_of(kind), kind_name(kind), std::move(units), rule,
                                 std::move(text), ms, std::move(after));
    follow_causes(e, phase, kind);
    show_effects(e, kind);
    show_early_formation_changes(e);
    remember_layouts(e);
    return e;
}

// Episodes: a charge from its declaration to the next charge in that turn's charge phase; a
// melee with its consequences up to the next melee of that turn's melee phase.
void BattleRecorder::follow_episodes(const std::string& phase, EventKind kind,
                                     const std::vector<int>& units) {
    const auto& events = rec_.events();
    if (events.empty() || events.back().turn != rec_.turn() || events.back().phase != phase) {
        rec_.end_episode();
        charger_ = declaring_ = -1;
    }
    if (phase == "charges") follow_charges(kind, units);
    if (phase == "melee" && kind == EventKind::melee) rec_.begin_episode();
}

// What comes before a charge's declaration and belongs to it opens its episode: skirmishers
// clearing its path (they name the charger second) and the uncontrolled charge that forces it
// (12.24 f). The declaration then continues that episode.
void BattleRecorder::follow_charges(EventKind kind, const std::vector<int>& units) {
    const int second = units.size() >= 2 ? units[1] : -1;
    const bool clears_the_path = (kind == EventKind::evade || kind == EventKind::move) &&
                                 second >= 0 && second != charger_ && second != declaring_;
    if (clears_the_path || kind == EventKind::uncontrolled_charge) {
        rec_.begin_episode();
        declaring_ = clears_the_path ? second : units.front();
    } else if (kind == EventKind::charge_declared && !units.empty()) {
        if (units.front() != declaring_) rec_.begin_episode();
        charger_ = units.front();
        declaring_ = -1;
    } else if (kind == EventKind::charge_refused) {
        declaring_ = -1;
    }
}

namespace {

// The states a charge or a melee leaves a unit in until a later phase plays them out.
bool left_by_an_episode(const std::string& state) {
    return state == "retreating" || state == "broken" || state == "pushed_back" ||
           state == "blown" || state == "pursuing";
}

}  // namespace

// A melee's consequences are played out after its episode has ended: retreats, routs, push backs,
// pursuits, flights off the table and the rallies that end them in the mandatory phase, blown
// cavalry riding back (and re-forming) in later movement phases, a router's flight turn after
// turn. Each belongs to the episode that last named the unit it moves or tests, so the story of
// a melee runs on to its end; events of no such unit keep no episode.
void BattleRecorder::follow_causes(record::Event& e, const std::string& phase, EventKind kind) {
    if (e.episode >= 0) {
        for (int u : e.units)
            if (u >= 0 && u < static_cast<int>(causes_.size()))
                causes_[static_cast<std::size_t>(u)] = e.episode;
    } else if (!e.units.empty()) {
        // The unit the event is about: a router passing through a friend is named second.
        const int u = kind == EventKind::interpenetration ? e.units.back() : e.units.front();
        if (u >= 0 && u < static_cast<int>(causes_.size()) &&
            (phase == "mandatory" || kind == EventKind::blown ||
             left_by_an_episode(states_[static_cast<std::size_t>(u)])))
            e.episode = causes_[static_cast<std::size_t>(u)];
    }
    for (const record::Snapshot& a : e.after)
        if (a.unit >= 0 && a.unit < static_cast<int>(states_.size()))
            states_[static_cast<std::size_t>(a.unit)] = a.state;
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

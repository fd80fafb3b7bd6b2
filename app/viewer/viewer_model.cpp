#include "app/viewer/viewer_model.h"

namespace vedette::viewer {

int ViewerModel::unit_index(const std::string& id) const {
    const auto it = scene.scenario.unit_index.find(id);
    return it == scene.scenario.unit_index.end() ? -1 : it->second;
}

int ViewerModel::shown_melee() const {
    if (pinned_melee >= 0) return pinned_melee;
    const auto& events = scene.replay.events;
    const int cur = timeline.current_event();
    if (cur < 0) return -1;
    const int turn = events[static_cast<std::size_t>(cur)].turn;
    for (int i = cur; i >= 0 && events[static_cast<std::size_t>(i)].turn == turn; --i)
        if (events[static_cast<std::size_t>(i)].kind == "melee") return i;
    return -1;
}

std::pair<int, int> ViewerModel::charge_span(int declared) const {
    const auto& events = scene.replay.events;
    const auto& d = events[static_cast<std::size_t>(declared)];
    int last = declared;
    for (int i = declared + 1; i < static_cast<int>(events.size()); ++i) {
        const auto& e = events[static_cast<std::size_t>(i)];
        if (e.kind == "charge_declared" || e.turn != d.turn || e.phase != d.phase) break;
        last = i;
    }
    return {declared, last};
}

int ViewerModel::shown_charge() const {
    if (pinned_charge >= 0) return pinned_charge;
    const auto& events = scene.replay.events;
    const int cur = timeline.current_event();
    for (int i = cur; i >= 0; --i) {
        const auto& e = events[static_cast<std::size_t>(i)];
        if (e.kind == "charge_declared") return charge_span(i).second >= cur ? i : -1;
        if (e.phase != "charges" && e.kind != "uncontrolled_charge") break;
    }
    return -1;
}
}  // namespace vedette::viewer

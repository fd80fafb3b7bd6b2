#pragma once
// What the table looks like at replay time t: a pure function of the replay and t, so any moment
// can be drawn directly and the same t always gives the same picture. A unit that is moving at t
// is placed along its motion path; everything else shows the state after the last finished event.

#include <cstdint>
#include <string>
#include <vector>

#include "sim/battle/scenario.h"
#include "sim/replay/replay.h"

namespace vedette::render {

struct UnitView {
    int unit = -1;
    int side = 0;
    std::string id;
    std::string nation;
    sim::gdb::TroopType type = sim::gdb::TroopType::infantry;
    double x_mm = 0, y_mm = 0;
    double facing_x = 0, facing_y = 1;  // unit vector, table coordinates
    int figures = 0;
    sim::gdb::Formation formation = sim::gdb::Formation::line;
    std::string status;
    bool guns_abandoned = false;
    double guns_x_mm = 0, guns_y_mm = 0;
    bool on_table = true;
    bool moving = false;
    // Animation within the event in progress (all functions of t, like the rest):
    sim::gdb::Formation from_formation = sim::gdb::Formation::line;
    float formation_blend = 1.0f;     // < 1 while figures walk from `from_formation` to `formation`
    float clash = 0.0f;               // > 0 while meleeing: figures surge towards the enemy
    double clash_x = 0, clash_y = 0;  // unit vector towards the enemy
    float volley = -1.0f;             // 0..1 while firing a volley (smoke), -1 otherwise
};

struct SceneState {
    std::int64_t time_ms = 0;
    int event = -1;  // the event in progress or last finished at time_ms
    std::vector<UnitView> units;
};

// A formation change ordered as a reaction (form_square, formation_change) that completes before
// contact: the rules engine records the new formation only when the charge arrives, but the
// figures are shown moving into it during the order's own event and holding it until then.
struct EarlyFormationChange {
    int unit = -1;
    std::int64_t start_ms = 0, end_ms = 0;  // the order's event: the figures walk
    std::int64_t until_ms = 0;              // the end of the event that records the new formation
    sim::gdb::Formation from = sim::gdb::Formation::line, to = sim::gdb::Formation::line;
};

// The replay's scenario, parsed once for the renderer (unit types, sides, terrain).
struct ReplayScene {
    sim::replay::Replay replay;
    sim::battle::Scenario scenario;
    std::int64_t duration_ms = 0;
    std::vector<EarlyFormationChange> early_formations;
};

ReplayScene load_replay_scene(const std::string& path, const sim::battle::BattleRules& rules);
// Fills scene.early_formations from the events (load_replay_scene does this).
void find_early_formation_changes(ReplayScene& scene);

SceneState scene_at_time(const ReplayScene& scene, std::int64_t time_ms);
// The moment an event is shown: the middle of its time span.
std::int64_t time_of_event(const ReplayScene& scene, int seq);

}  // namespace vedette::render

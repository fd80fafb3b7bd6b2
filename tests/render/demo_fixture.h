#pragma once
// The GdB battle rules and the shipped demo battle, loaded once per test program.

#include <string>

#include "renderer/scene/scene_state.h"
#include "sim/battle/battle_rules.h"

namespace vedette::render {

inline const std::string kSource = VEDETTE_SOURCE_DIR;

inline const sim::battle::BattleRules& rules() {
    static const sim::battle::BattleRules r =
        sim::battle::load_battle_rules(kSource + "/sim/rulesets/gdb.json");
    return r;
}

inline const ReplayScene& demo() {
    static const ReplayScene s =
        load_replay_scene(kSource + "/replays/demo/demo_battle.replay.json", rules());
    return s;
}

}  // namespace vedette::render

#pragma once
// The shipped demo battle and the shipped visuals (assets/visuals.json), loaded once per test
// program. The replay is read through the record types only: no rules are loaded.

#include <string>

#include "renderer/scene/scene_state.h"
#include "renderer/scene/visuals.h"

namespace vedette::render {

inline const std::string kSource = VEDETTE_SOURCE_DIR;

inline const Visuals& visuals() {
    static const Visuals v = load_visuals(kSource + "/assets/visuals.json");
    return v;
}

inline const ReplayScene& demo() {
    static const ReplayScene s =
        load_replay_scene(kSource + "/replays/demo/demo_battle.replay.json");
    return s;
}

}  // namespace vedette::render

#pragma once
// "What if...": the viewer's branch of the replay it shows (sim/ruleset/branch.h). From the result
// card, the other outcomes of the event with their chances; choosing one plays the branch (every
// die before the event kept, the event's dice set to give that outcome, the rest played again),
// and the viewer can switch between the battle as played (A) and the branch (B) at the same
// moment, with the units whose fate changed listed. The rules run here, once, between frames;
// the panels only queue the request and read the result.

#include <memory>
#include <string>
#include <vector>

#include "renderer/scene/scene_state.h"

namespace vedette::viewer {

struct WhatIfChoice {
    std::string outcome;  // the odds' label ("defender wins")
    double probability = 0;
};
// The outcomes of event `e` other than what happened, with their chances before the dice; empty
// when the event has no odds to pick from.
std::vector<WhatIfChoice> what_if_choices(const sim::record::Event& e);

struct WhatIf {
    int at = -1;                                  // the event branched at
    std::string outcome;                          // the outcome asked for
    const render::ReplayScene* parent = nullptr;  // the battle as played (owned by the viewer)
    std::shared_ptr<const render::ReplayScene> branch;  // null when it could not be made
    std::vector<std::string> changed;  // "Russian line 2: 6 models, square -> destroyed"
    std::string dice;                  // "dice 2,1 -> 6,6"
    std::string error;                 // why there is no branch
    bool showing_branch = false;       // the viewer shows B
};

// Plays the branch of `parent` at event `at` to `outcome` with the rules in `rules_dir` ("": the
// default data); a refusal (no dice reach it...) comes back as `error`, never thrown.
WhatIf compute_what_if(const render::ReplayScene& parent, const std::string& rules_dir, int at,
                       const std::string& outcome);

// How each unit ends the battle in the two scenes, for the units that end differently.
std::vector<std::string> changed_fates(const render::ReplayScene& a, const render::ReplayScene& b);

}  // namespace vedette::viewer

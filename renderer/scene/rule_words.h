#pragma once
// Rule references as a viewer reads them: the record cites its sources by the project's seed
// numbers ("GdB charges (seed 000)"); the screen says the rule ("GdB charges"). Plain text, no
// rule system known.

#include <string>

#include "renderer/scene/scene_state.h"

namespace vedette::render {

// A rule reference as a viewer reads it: without the project's seed numbers ("(seed 000)").
std::string readable_rule(const std::string& rule);

// A caption's second line for an event: its turn, phase and rule (the battle's title at setup).
std::string caption_detail(const ReplayScene& scene, const sim::record::Event& e);

}  // namespace vedette::render

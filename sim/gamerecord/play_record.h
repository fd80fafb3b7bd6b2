#pragma once
// Playing a game record (game_record.h) by the rule system it names: dice written alone go to
// the next test that has none, then the scenario is played. `vedette record` and the viewer
// (`vedette view GAME.game`) both come here.

#include <string>

#include "sim/gamerecord/game_record.h"
#include "sim/replay/replay.h"
#include "sim/ruleset/ruleset.h"

namespace vedette::sim::gamerecord {

// Checks every die given against the system's die (Ruleset::die), labels the record's unlabelled
// dice (each set for the next test, in the play's order, that has no dice), then plays it. Mistakes
// are InputErrors at the record's lines.
replay::Recorded play_record(const ruleset::Ruleset& rules, ReadRecord& record,
                             const std::string& file);

}  // namespace vedette::sim::gamerecord

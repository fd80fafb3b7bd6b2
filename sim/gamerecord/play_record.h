#pragma once
// Playing a game record (game_record.h) by the rule system it names: dice written alone go to
// the next test that has none, then the scenario is played. `vedette record` and the viewer
// (`vedette view GAME.game`) both come here.

#include <string>

#include "sim/gamerecord/game_record.h"
#include "sim/replay/replay.h"
#include "sim/ruleset/ruleset.h"

namespace vedette::sim::gamerecord {

// Checks every die given against the system's die (Ruleset::die), then plays the record once: its
// unlabelled dice go to the next test, in the play's order, that has no dice (the rule system's
// dice source labels them as it plays), and the labels are written into the record's scenario
// (and the replay's). Mistakes in reading are InputErrors at the record's lines; what became of
// each die given is in the result's dice audit, its paths ("$.dice[2]", "$.loose_dice[0]") in
// record.lines.
replay::Recorded play_record(const ruleset::Ruleset& rules, ReadRecord& record,
                             const std::string& file);

}  // namespace vedette::sim::gamerecord

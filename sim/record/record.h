#pragma once
// The ruleset-neutral record of a battle: what every rule system's engine emits and what the
// renderer, the viewer and the exporter read. It names visual intent (poses, looks, effects,
// overlays) and typed explanations, never a rule concept: one viewer serves every rule system.
// JSON: docs/SCENARIO_AND_REPLAY.md; the field tables in record_fields.h drive the writer and both
// readers.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/geom/fixed_geometry.h"
#include "sim/record/box.h"
#include "sim/record/explanation.h"

namespace vedette::sim::record {

// The closed set of event categories the renderer, the timeline and the log colour by. A
// ruleset's own `kind` string says more ("charge_test", "shock", "commitment_check").
enum class Category : std::uint8_t {
    declare,  // an order or declaration (a charge declared, a shock declared)
    react,    // a reaction chosen (evade, countercharge, form square, retreat before shock)
    move,     // a unit moves (charge moves, pursuits, advances, ordinary moves)
    test,     // a test rolled (charge test, morale, commitment check)
    fire,     // shooting (closing fire, volleys, reaction fire)
    melee,    // a melee or shock resolved
    loss,     // casualties or a result applied (disorder, push back, retreat)
    leave,    // a unit leaves the table or is removed (rout, dispersal, elimination)
    rally,    // a unit recovers (rally, reform)
    turn,     // a turn or phase boundary
    info      // anything else worth a line in the log (setup, notes)
};
const std::vector<std::string>& category_names();

// Where a unit stands: centre in mm, facing as a Q16 unit vector (geom::Vec).
struct Pose {
    geom::Vec pos;
    geom::Vec facing;
    friend bool operator==(const Pose&, const Pose&) = default;
};

// A marker beside or on a unit: "abandoned_guns" (guns left standing at `at`), "disorder" (a
// chit), ... The renderer draws the kinds it knows (docs/SCENARIO_AND_REPLAY.md) and skips the
// rest; panels may list them.
struct Marker {
    std::string kind;
    std::optional<geom::Vec> at;  // absent: on the unit
    friend bool operator==(const Marker&, const Marker&) = default;
};

// How a unit's figures stand on its base, whatever its rule system calls the formation: in ranks
// and files (a line, a column), on four faces (a square, a mass), spread out (skirmishers, open or
// loose order), or as guns with their limbers. The rules engines state it; a viewer draws it.
enum class Stand : std::uint8_t { ranks, four_faces, open, limbered };
const std::vector<std::string>& stand_names();  // "ranks", "four_faces", "open", "limbered"

// How a unit looks: figures on a footprint in a layout (the rules' word for its formation, which
// the panels show) standing as `stand` says, with flags for how tidy it is and where it is.
struct Look {
    int figures = 0;
    std::string layout = "line";
    std::int64_t width_mm = 0;  // the footprint, across the unit's front
    std::int64_t depth_mm = 0;
    bool disordered = false;  // figures stand untidily
    bool fleeing = false;     // running away (retreat, rout)
    bool off_table = false;   // removed, dispersed or eliminated: not drawn
    std::vector<Marker> markers;
    // A board game's counter face, for the viewer's counters view: the printed values
    // ("4-6": strength-cohesion). The symbol comes from the unit's visual (assets/visuals.json).
    std::string counter;
    Stand stand = Stand::ranks;  // how its figures stand (the rules engine says)
    friend bool operator==(const Look&, const Look&) = default;
};

// A unit's state after an event: pose, look and the ruleset's own state label ("formed",
// "wavering", "disordered", "retreated"), which panels show as text.
struct Snapshot {
    int unit = -1;  // index into the roster
    Pose pose;
    Look look;
    std::string state;
    // The unit panel's values now, by key: each replaces the roster property of that key, and a
    // key the roster lacks is listed after them (a Borodino unit's cohesion, facing, stack).
    std::vector<KeyValue> properties;
    friend bool operator==(const Snapshot&, const Snapshot&) = default;
};

struct Motion {
    std::vector<geom::Vec> path;  // mm, at least two points
    geom::Vec facing_end;
    std::string gait;  // walk, trot, gallop, flee
    friend bool operator==(const Motion&, const Motion&) = default;
};

// Visual effects of an event, named as intent:
// - clash: the units fight hand to hand (figures surge at each other over the event);
// - volley: the units fire (smoke along their front);
// - formation_change: the first unit walks into `look` over the event and holds it until
//   `until_ms` (a change ordered now that the record completes later);
// - figures_fall: the units lose `count` figures over the event.
enum class EffectKind : std::uint8_t { clash, volley, formation_change, figures_fall };
const std::vector<std::string>& effect_kind_names();

struct Effect {
    EffectKind kind = EffectKind::clash;
    std::vector<int> units;
    std::optional<Look> look;
    std::int64_t until_ms = 0;
    int count = 0;
    friend bool operator==(const Effect&, const Effect&) = default;
};

struct Event {
    int seq = 0;
    int turn = 0;
    std::string phase;  // an id from the header's phases
    Category category = Category::info;
    std::string kind;  // the ruleset's own name for what happened
    std::vector<int> units;
    std::string rule;  // the rule it applies, e.g. "GdB 12.8 b", "Hex 9.22"
    std::string text;  // plain language
    std::int64_t t0_ms = 0;
    std::int64_t t1_ms = 0;
    int episode = -1;    // groups the events of one charge sequence or melee; -1: none
    Box<Motion> motion;  // most events have neither a motion nor an explanation (box.h)
    std::vector<Effect> effects;
    Box<Explanation> explanation;
    std::vector<Snapshot> after;  // every unit the event changed, as it is afterwards
    // A game recorded as it was played (docs/GAME_RECORD.md): where the record made this event
    // go otherwise than the rules as Vedette reads them, what the rules would have given and why,
    // citing the clause. Empty for an event played by the rules.
    std::string as_played;
};

// What the events did to a turn's state, for verification: the engine's own hash of its state
// after each turn (0 A.D.'s per-turn hash), and keyframes of every unit for seeking.
struct TurnHash {
    int turn = 0;
    std::string hash;
    friend bool operator==(const TurnHash&, const TurnHash&) = default;
};
struct Keyframe {
    int seq = 0;  // the first event after the keyframe: the state before it
    int turn = 0;
    std::int64_t time_ms = 0;
    std::vector<Snapshot> units;
    friend bool operator==(const Keyframe&, const Keyframe&) = default;
};

}  // namespace vedette::sim::record

#pragma once
// What the table looks like at replay time t: a pure function of the replay and t, so any moment
// can be drawn directly and the same t always gives the same picture. A unit that is moving at t
// is placed along its motion path; everything else shows the state after the last finished event.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "renderer/scene/hex_cells.h"
#include "sim/record/record.h"
#include "sim/replay/replay.h"

namespace vedette::render {

// How a unit's figures are drawn, from the record's look (its `stand`, which the rules engine
// states): on four faces, facing out; in ranks and files with limbers instead of guns; scattered
// loosely over the footprint; or in ranks and files.
enum class Formation : std::uint8_t { ranks, four_faces, limbered, open };
Formation formation_of(sim::record::Stand stand);

struct UnitView {
    int unit = -1;  // roster index
    int side = 0;
    std::string id;          // roster id
    std::string name;        // roster name ("1er cuirassiers")
    std::string short_name;  // roster short name (may be empty)
    std::string nation;
    std::string visual;         // the figures drawn: a key of assets/visuals.json (roster `visual`)
    double x_mm = 0, y_mm = 0;  // where it is drawn (bases slid apart to touch: base_contact.h)
    double placed_x_mm = 0, placed_y_mm = 0;  // where the record places it (counters lie there)
    double facing_x = 0, facing_y = 1;        // unit vector, table coordinates
    int figures = 0;
    std::string layout = "line";  // the record's layout name (record::Look::layout): a change
                                  // of it is a change of formation, which figures walk
    Formation formation = Formation::ranks;  // how the figures stand: the layout, parsed
    double width_mm = 0, depth_mm = 0;       // the footprint
    std::string state;                       // the ruleset's state label, for panels
    bool disordered = false;                 // figures stand untidily
    bool fleeing = false;
    std::vector<sim::record::Marker> markers;       // abandoned guns, chits
    std::string counter;                            // a counter's printed values (counters view)
    std::vector<sim::record::KeyValue> properties;  // the unit panel's values now, by key
    bool on_table = true;
    bool moving = false;
    double speed_mm_s = 0;  // along its path while moving: the gait its figures move at
    // A casualty on its way down: `falling` more figures than `figures` are drawn, the last of
    // them fallen this far (0 standing, 1 lying, then gone).
    int falling = 0;
    float fall = 0.0f;
    // Animation within the event in progress (all functions of t, like the rest):
    Formation from_formation = Formation::ranks;  // while figures walk from it to `formation`
    double from_width_mm = 0, from_depth_mm = 0;
    float formation_blend = 1.0f;     // < 1 while figures walk from `from_formation` to `formation`
    float clash = 0.0f;               // > 0 while meleeing: figures surge towards the enemy
    double clash_x = 0, clash_y = 0;  // unit vector towards the enemy
    float volley = -1.0f;             // 0..1 while firing a volley (smoke), -1 otherwise
};

struct SceneState {
    std::int64_t time_ms = 0;
    int event = -1;  // the event in progress or last finished at time_ms
    std::vector<UnitView> units;
    // On a hex board: hexes tinted on the ground (the event's units and their paths; the viewer
    // adds its selection's overlays).
    std::vector<HexMark> hex_marks;
    // Counters instead of figures (a board game's view): each unit a flat counter in its colours
    // with its facing edge marked; the viewer prints the counter's face (symbol and values) on it.
    bool counters = false;
    double hex_size_mm = 0;  // the board's hexes (centre to corner), 0 without a hex grid
};

// A formation_change effect, found once when the replay is loaded: the unit walks from the layout
// it had into `look` during the effect's event and holds it until `until_ms`, while the record
// (which completes the change later, at contact) still names the old one.
struct HeldLook {
    int unit = -1;
    std::int64_t start_ms = 0, end_ms = 0;        // the effect's event: the figures walk
    std::int64_t until_ms = 0;                    // held until then
    Formation from_formation = Formation::ranks;  // the look the unit had at the effect's event
    double from_width_mm = 0, from_depth_mm = 0;
    std::string layout = "line";  // the effect's look: its layout name, parsed, and footprint
    Formation formation = Formation::ranks;
    double width_mm = 0, depth_mm = 0;
};

// The replay, read once for the renderer: its header has the roster and the board, its events
// the poses, looks and effects. No rules code is involved.
struct ReplayScene {
    sim::replay::Replay replay;
    std::int64_t duration_ms = 0;
    std::vector<HeldLook> held_looks;  // from the events' formation_change effects
};

ReplayScene load_replay_scene(const std::string& path);
// A replay already read (a scenario simulated in memory) made ready to draw: its duration and
// held looks.
ReplayScene scene_of(sim::replay::Replay replay);
// Fills scene.held_looks from the events (load_replay_scene does this; a scene built by hand
// needs it only if its events have formation_change effects).
void find_held_looks(ReplayScene& scene);

SceneState scene_at_time(const ReplayScene& scene, std::int64_t time_ms);
// The moment an event is shown: the middle of its time span.
std::int64_t time_of_event(const ReplayScene& scene, int seq);

}  // namespace vedette::render

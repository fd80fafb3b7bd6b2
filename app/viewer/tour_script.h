#pragma once
// Tours: a plain-text list of viewer commands, one per line, for teachers' presentations and for
// tests. `#` starts a comment. The commands (docs/VIEWER.md has the details):
//   seek SECONDS | seek event:N | seek turn:N | seek end
//   step event|phase|turn [COUNT]     (a negative COUNT steps back)
//   back event|phase|turn [COUNT]
//   select UNIT | select none
//   camera top|director|overview|orbit|follow:UNIT
//   panel NAME on|off|toggle          (timeline events explanation episode unit rules overlays
//                                      all; melee and charge are the old names of explanation
//                                      and episode)
//   filter unit UNIT | filter category CATEGORY | filter kind KIND | filter clear
//   play | pause | speed X
//   counters on|off|toggle | labels name|short|id | layout standard|presenter | font SCALE
//   wait SECONDS | wait N frames | wait key  (key: Space, Right or PageDown go on; a tour that
//                                      ends with `quit` runs by itself and waits 1 s instead)
//   caption TEXT | caption             (a caption over the table until the next; none clears it)
//   camera at X Y Z look X Y Z         (table millimetres: x, y and height above the table)
//   camera move X Y Z look X Y Z over SECONDS   (eased from the camera shown; holds the tour)
//   note NAME                          (jumps to a bookmark of the replay's notes and pauses)
//   size WxH                          (resizes the window)
//   screenshot FILE.png               (also writes FILE.txt: the text the panels drew)
//   click X Y                         (a left click at that pixel of the window)
//   what-if OUTCOME                   (the explanation's event with another outcome: its branch)
//   ab a|b                            (the A/B switch: the battle as played, or the branch)
//   quit
// Every number is checked here, before the window opens: plain decimal (no exponent, hex, inf or
// nan, nothing after it) and within its range (sim/core/limits.h). A screenshot name must be
// relative without ".."; it is resolved against the tour's own folder, so a shared tour cannot
// write elsewhere on the presenter's machine.

#include <array>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "app/viewer/timeline.h"
#include "renderer/scene/unit_labels.h"

namespace vedette::viewer {

// What a tour line does, one kind for each effect, so the runner dispatches on it and never reads
// the line's words again. The comment says which argument (TourArgs) the kind carries.
enum class TourKind {
    seek_time,        // std::int64_t: replay milliseconds
    seek_event,       // std::int64_t: the event's index (0 or more, fits an int)
    seek_turn,        // std::int64_t: the turn
    seek_end,         // none
    step,             // TourStep (`back` steps a negative count)
    select,           // std::string: the unit's id
    select_none,      // none
    camera,           // TourCamera
    camera_follow,    // std::string: the unit's id
    camera_at,        // TourPlace
    camera_move,      // TourPlace, with its duration
    caption,          // std::string: the rest of the line (empty: clears the caption)
    note,             // std::string: the bookmark's name
    panel,            // TourPanelSwitch
    counters,         // TourSwitch
    labels,           // render::LabelStyle
    layout,           // TourLayout
    font,             // double: the font scale
    filter_clear,     // none
    filter_unit,      // std::string: the unit's id
    filter_category,  // std::string: the category's name
    filter_kind,      // std::string: the event kind
    play,             // none
    pause,            // none
    speed,            // double: replay seconds per second
    wait_time,        // std::int64_t: milliseconds of wall time
    wait_frames,      // std::int64_t: frames
    wait_key,         // none
    size,             // TourSize
    screenshot,       // std::string: the PNG's name as written (screenshot_path resolves it)
    click,            // TourSize: a left click at that pixel of the window (x, y from top left)
    drag,             // std::string "X0 Y0 X1 Y1": a left drag between window pixels (checked)
    wheel,            // std::string "X Y NOTCHES": the mouse wheel turned there (checked)
    what_if,          // std::string: the outcome (the rest of the line)
    ab,               // TourSwitch: on shows the branch (b), off the battle as played (a)
    edit,             // std::string: "UNIT key=value..." (`vedette edit`: deployment.h)
    save_record,      // none: `vedette edit` writes the record back
    undo_edit,        // none: `vedette edit` undoes the last edit
    placing,          // TourSwitch: `vedette edit`: a click on the table places the selected unit
    snap,             // std::string: "UNIT TARGET front|flank" (`vedette edit`)
    redo_edit,        // none: `vedette edit` redoes the last undone edit
    drawing,          // TourSwitch: `vedette edit`: clicks on the table add terrain corners
    add_unit,         // std::string: "SIDE ID \"NAME\" key=value..." (`vedette edit`)
    remove_unit,      // std::string: the unit's id (`vedette edit`)
    add_terrain,      // std::string: "KIND \"NAME\" polygon=..." (`vedette edit`)
    quit,             // none
};

enum class TourSwitch { on, off, toggle };
// The value a switched flag takes.
inline bool switched(TourSwitch s, bool now) {
    return s == TourSwitch::on ? true : s == TourSwitch::off ? false : !now;
}

struct TourStep {
    StepUnit unit = StepUnit::event;
    std::int64_t count = 1;  // negative: back
};
enum class TourCamera { top, director, overview, orbit };
// camera at/move: where the camera stands and the point it looks at, in table millimetres
// (x, y, height); world = (x, height, -y) as in renderer/scene/camera.h.
struct TourPlace {
    std::array<double, 3> eye{}, look{};
    std::int64_t duration_ms = 0;  // camera move ... over SECONDS
};
// "melee" and "charge", the old names of the explanation and episode panels, are read as those.
// `all`: every panel; the video overlay (video) is not a panel and only switches by its name.
enum class TourPanel {
    timeline,
    events,
    explanation,
    episode,
    unit,
    rules,
    overlays,
    notes,
    video,
    all
};
struct TourPanelSwitch {
    TourPanel panel = TourPanel::all;
    TourSwitch to = TourSwitch::toggle;
};
enum class TourLayout { standard, presenter };
struct TourSize {
    int width = 0, height = 0;
};

using TourArgs =
    std::variant<std::monostate, std::int64_t, double, std::string, TourStep, TourCamera, TourPlace,
                 TourPanelSwitch, TourSwitch, render::LabelStyle, TourLayout, TourSize>;

// One checked tour line: the runner never parses text again.
struct TourCommand {
    TourKind kind = TourKind::quit;
    TourArgs args;
    int line = 0;

    // The argument its kind carries (TourKind says which); throws std::bad_variant_access for
    // another.
    template <typename T>
    const T& arg() const {
        return std::get<T>(args);
    }
};

struct Tour {
    std::string file;
    std::vector<TourCommand> commands;
};

// A tour that ends by itself (it has a `quit`: tests, screenshot runs) runs unattended: its
// `wait key` waits kUnattendedKeyWaitMs instead of a key.
bool runs_unattended(const Tour& tour);
inline constexpr std::int64_t kUnattendedKeyWaitMs = 1000;

// Parses a tour; throws sim::InputError naming the file, line and what was expected.
Tour parse_tour(const std::string& text, const std::string& file);
// Reads the tour with sim::read_input_file: a regular file of at most limits::kMaxTourFileBytes.
Tour load_tour(const std::string& path);
// Where `screenshot NAME` writes its PNG: NAME resolved against the tour's folder.
std::string screenshot_path(const Tour& tour, const TourCommand& c);

}  // namespace vedette::viewer

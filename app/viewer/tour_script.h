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
//   quit
// Every number is checked here, before the window opens: plain decimal (no exponent, hex, inf or
// nan, nothing after it) and within its range (sim/core/limits.h). A screenshot name must be
// relative without ".."; it is resolved against the tour's own folder, so a shared tour cannot
// write elsewhere on the presenter's machine.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace vedette::viewer {

struct TourCommand {
    std::string name;
    std::vector<std::string> args;
    int line = 0;
    // The checked values, so the runner never parses text again:
    std::int64_t time_ms = 0;   // seek SECONDS, wait SECONDS
    std::int64_t count = 0;     // seek event:N / turn:N, step/back COUNT, wait N frames
    double speed = 1.0;         // speed X
    double font_scale = 1.0;    // font SCALE
    int width = 0, height = 0;  // size WxH
    std::string text;           // caption TEXT, note NAME: the rest of the line, trimmed
    // camera at/move: where the camera stands and the point it looks at, in table millimetres
    // (x, y, height); world = (x, height, -y) as in renderer/scene/camera.h.
    std::array<double, 3> eye{}, look{};
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

#pragma once
// Tours: a plain-text list of viewer commands, one per line, for teachers' presentations and for
// tests. `#` starts a comment. The commands (docs/VIEWER.md has the details):
//   seek SECONDS | seek event:N | seek turn:N | seek end
//   step event|phase|turn [COUNT]     (a negative COUNT steps back)
//   back event|phase|turn [COUNT]
//   select UNIT | select none
//   camera top|director|overview|orbit|follow:UNIT
//   panel NAME on|off|toggle          (timeline events melee charge unit rules overlays all)
//   filter unit UNIT | filter kind KIND | filter clear
//   play | pause | speed X
//   wait SECONDS | wait N frames
//   size WxH                          (resizes the window)
//   screenshot FILE.png               (also writes FILE.txt: the text the panels drew)
//   quit

#include <string>
#include <vector>

namespace vedette::viewer {

struct TourCommand {
    std::string name;
    std::vector<std::string> args;
    int line = 0;
};

struct Tour {
    std::string file;
    std::vector<TourCommand> commands;
};

// Parses a tour; throws sim::InputError naming the file, line and what was expected.
Tour parse_tour(const std::string& text, const std::string& file);
Tour load_tour(const std::string& path);

}  // namespace vedette::viewer

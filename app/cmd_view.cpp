// `vedette view [REPLAY] [--script TOUR] [--size WxH] [--no-vsync] [--all-panels] [--stats FILE]
//  [--labels name|short|id] [--layout standard|presenter] [--font-scale X] [--notes FILE]`:
// the replay viewer (docs/VIEWER.md).

#include "app/cli.h"
#include "app/cli_values.h"
#include "app/viewer/viewer_app.h"

namespace vedette::app {

int run_view(const Args& in) {
    Args args = in;
    viewer::ViewerOptions o;
    o.script = take_option(args, "--script");
    o.notes = take_option(args, "--notes");
    o.size = size_flag("--size", take_option(args, "--size"), {1280, 720});
    o.rules_dir = take_option(args, "--rules");
    o.stats = take_option(args, "--stats");
    o.vsync = !take_flag(args, "--no-vsync");
    o.all_panels = take_flag(args, "--all-panels");
    o.labels = labels_flag("--labels", take_option(args, "--labels")).value_or(o.labels);
    const std::string layout = take_option(args, "--layout");
    if (!layout.empty() && layout != "standard" && layout != "presenter")
        throw UsageError{"--layout expects standard or presenter"};
    o.presenter = layout == "presenter";
    const std::string font = take_option(args, "--font-scale");
    if (!font.empty()) o.font_scale = float(decimal_flag("--font-scale", font, 0.5, 4.0));
    expect_no_more_options(args);
    if (args.size() > 1) throw UsageError{"expected at most one replay file"};
    if (!args.empty()) o.replay = args[0];
    return viewer::run_viewer(o);
}

}  // namespace vedette::app

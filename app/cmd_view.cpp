// `vedette view [REPLAY] [--script TOUR] [--size WxH] [--no-vsync] [--all-panels] [--stats FILE]
//  [--labels name|short|id] [--layout standard|presenter] [--font-scale X] [--notes FILE]`:
// the replay viewer (docs/VIEWER.md).

#include <algorithm>

#include "app/cli.h"
#include "app/cli_files.h"
#include "app/cli_values.h"
#include "app/viewer/tour_script.h"
#include "app/viewer/viewer_app.h"
#include "renderer/scene/replay_notes.h"

namespace vedette::app {

namespace {

// What the viewer writes (--stats, each tour screenshot, its .txt and .layout.txt) may be nothing
// it reads and no other of its outputs; checked before a window opens. A tour that takes one
// screenshot twice replaces it, as it asks.
void refuse_clashing_view_outputs(const viewer::ViewerOptions& o) {
    std::vector<sim::NamedPath> reads = asset_inputs();
    // With no replay named the viewer opens the demo: its notes are as much an input.
    reads.push_back({"REPLAY", o.replay.empty() ? viewer::default_replay() : o.replay});
    reads.push_back({"--script", o.script});
    reads.push_back({"--notes", o.notes});
    std::vector<sim::NamedPath> writes = {{"--stats", o.stats}};
    if (!o.script.empty()) {
        const viewer::Tour tour = viewer::load_tour(o.script);
        for (const auto& c : tour.commands) {
            if (c.kind != viewer::TourKind::screenshot) continue;
            const std::string png = viewer::screenshot_path(tour, c);
            const bool again = std::any_of(writes.begin(), writes.end(),
                                           [&](const sim::NamedPath& w) { return w.path == png; });
            if (again) continue;
            const std::string flag =
                "the screenshot of " + o.script + " line " + std::to_string(c.line);
            writes.push_back({flag, png});
            const std::string stem = png.substr(0, png.size() - 4);
            writes.push_back({flag + " (its text)", stem + ".txt"});
            writes.push_back({flag + " (its layout)", stem + ".layout.txt"});
        }
    }
    sim::refuse_clashing_outputs(reads, writes);
}

}  // namespace

namespace {

int run_view_or_edit(const Args& in, bool edit) {
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
    o.edit = edit;
    if (edit && (args.size() != 1 || o.replay.size() < 6 ||
                 o.replay.compare(o.replay.size() - 5, 5, ".game") != 0))
        throw UsageError{"expected one game record (GAME.game)"};
    refuse_clashing_view_outputs(o);
    return viewer::run_viewer(o);
}

}  // namespace

int run_edit(const Args& args) {
    return run_view_or_edit(args, true);
}

int run_view(const Args& args) {
    return run_view_or_edit(args, false);
}

}  // namespace vedette::app

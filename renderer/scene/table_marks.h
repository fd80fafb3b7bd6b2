#pragma once
// What is marked on the table at a moment, beyond the figures: arrows for the moves of the
// charge or melee being shown (and the declaration's planned arrow), a clash where a melee is
// fought, every base's front edge and a status chip on units that are disordered, wavering,
// blown, broken... A pure function of the replay and the scene state, like the scene itself: no
// Vulkan, no ImGui, no rules code. The replay's header names the arrow style of each event kind
// and the marker of each state label (record::Looks); assets/visuals.json says how each style
// and marker is drawn. The viewer draws them (app/viewer/panels/scene_overlays.cpp) and the video
// exporter can too.
//
// Arrow styles (their looks in assets/visuals.json, built-in defaults in visuals.cpp):
//   charge         thick orange-red, solid, one head
//   countercharge  thick amber (the charge's family, another colour), solid
//   evade          light blue, dashed
//   retreat        light grey, dashed
//   rout           pink-red, thinner, short dashes
//   push_back      ochre, thickest, solid (a short shove)
//   pursuit        crimson, dotted
//   advance        green, solid
//   move           white, thin, translucent
// A planned arrow (a declaration: where a unit is going, not where it went) is drawn at the
// visuals' planned_opacity of its style.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "renderer/scene/hex_numbers.h"
#include "renderer/scene/scene_state.h"
#include "renderer/scene/visuals.h"

namespace vedette::render {

struct ArrowMark {
    std::string style;  // "charge", "countercharge", "evade", "retreat", "rout", "push_back",
                        // "pursuit", "advance", "move" (visual intent, from data)
    ArrowLook look;
    int unit = -1, side = 0;
    std::vector<std::pair<double, double>> path_mm;  // table mm, >= 2 points, head at the end
    bool planned = false;  // a declaration: where it is going, not where it went
    int event = -1;        // the event it shows
    int target = -1;       // the enemy it is aimed at (its head stops at that unit's edge), or -1
};
struct ClashMark {
    double x_mm = 0, y_mm = 0, radius_mm = 0;  // where a melee is fought
    int event = -1;                            // the melee's event
};
struct StatusMark {
    int unit = -1;
    double x_mm = 0, y_mm = 0;
    std::string status;  // marker name ("disordered", "broken", ...)
    std::uint8_t r = 255, g = 255, b = 255;
    std::string label;  // short text
};
struct FrontMark {
    int unit = -1, side = 0;
    double x0_mm = 0, y0_mm = 0, x1_mm = 0, y1_mm = 0;  // across the footprint's front
    TagColour colour;  // its side's (side_tag_colours): the same as its name tag's
};
struct TableMarks {
    std::vector<ArrowMark> arrows;
    std::vector<ClashMark> clashes;
    std::vector<StatusMark> statuses;
    std::vector<FrontMark> fronts;
    std::vector<HexNumberMark> hex_numbers;  // the hexes the event's texts cite (hex_numbers.h)
};

// The marks at the scene's moment, drawn with the built-in looks.
TableMarks table_marks(const ReplayScene& scene, const SceneState& state);
// The same with the looks of a visuals file.
TableMarks table_marks(const ReplayScene& scene, const SceneState& state, const Visuals& visuals);

// Points round a circle on the table (table mm), for outlines drawn as closed polylines.
std::vector<std::pair<double, double>> circle_points(double cx, double cy, double radius,
                                                     int segments = 48);

// The arrow style of an event: the header's looks by the event's kind, else by its motion's gait
// and its category (a replay without looks: a declaration "charge", gait "flee" "retreat", a
// loss "push_back", gait "gallop" "charge", anything else "move"). "none": no arrow.
std::string arrow_style(const sim::record::Header& header, const sim::record::Event& event);
// The status marker of a unit: the header's looks by its state label, else "retreating" when it
// is fleeing, "disordered" when disordered, "" for none.
std::string status_marker(const sim::record::Header& header, const UnitView& unit);

}  // namespace vedette::render

#pragma once
// Measuring the table on the screen: the unit a board is measured in (the one its scenario wrote
// the table in: centimetres or inches; hexes on a board with a hex grid), a scale bar of a round
// length for the camera at the view's centre, and a ruler's reading between two table points.
// Pure math, no drawing and no rules: the viewer's measure overlay draws what this computes.

#include <optional>
#include <string>

#include "renderer/scene/camera.h"
#include "renderer/scene/hex_layout.h"
#include "sim/record/header.h"

namespace vedette::render {

struct BoardUnit {
    enum class Kind { centimetres, inches, hexes } kind = Kind::centimetres;
    double mm = 10.0;  // one unit in mm (hexes: from one hex centre to the next)
    std::optional<HexLayout> hex;
};

// The board's unit: hexes when it has a hex grid, inches when its table is written in inches
// ("48in"), centimetres otherwise (cm, mm or plain numbers).
BoardUnit board_unit(const sim::record::Board& board);

// A bar of a round length: `value` units (1, 2, 5 x 10^k for centimetres and hexes; 1, 2, 3, 6,
// 12, 24, ... for inches), `length_mm` on the table, `px` on the screen.
struct ScaleBar {
    double value = 0;
    double length_mm = 0;
    float px = 0;
    std::string label;  // "10 cm", "6 in", "2 hexes"
};

// The longest round bar that fits in `max_px` pixels at `mm_per_px` (at least the smallest one,
// so there is always a bar; mm_per_px <= 0 gives the smallest).
ScaleBar choose_scale_bar(double mm_per_px, float max_px, const BoardUnit& unit);

// Where the screen point (sx, sy) of a width x height view falls on the table at height
// `ground_mm`; false when the ray misses it (above the horizon).
bool screen_to_table(const Camera& camera, float sx, float sy, float width, float height,
                     double ground_mm, double& x_mm, double& y_mm);

// Table millimetres per screen pixel at the view's centre, measured along the screen's x;
// 0 when the centre does not look at the table.
double mm_per_pixel_at_centre(const Camera& camera, float width, float height, double ground_mm);

// The steps between the hexes holding two points (0 in the same hex).
int hex_steps(const HexLayout& layout, double x0, double y0, double x1, double y1);

// A ruler's reading from (x0, y0) to (x1, y1): "152 mm (6\")", "152 mm (15.2 cm)",
// "152 mm (2 hexes)".
struct RulerReading {
    double mm = 0;
    std::string text;
};
RulerReading ruler_reading(double x0, double y0, double x1, double y1, const BoardUnit& unit);

}  // namespace vedette::render

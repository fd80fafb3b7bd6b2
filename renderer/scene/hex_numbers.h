#pragma once
// A hex board's numbers where the text cites them: a card that says "Result, hex (-1, 6)" or a
// caption that names "hex (2, 5)" finds that hex printed on the board, as a printed map numbers
// its hexes. "hex (q, r)" is how every record writes a hex of the board's grid (axial q, r;
// sim/record/header.h HexGrid); nothing here knows a rule system.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "renderer/scene/hex_layout.h"
#include "renderer/scene/scene_state.h"

namespace vedette::render {

struct HexNumberMark {
    HexCoord hex;
    double x_mm = 0, y_mm = 0;                           // the hex's centre on the table
    std::string text;                                    // as the texts write it: "(-1, 6)"
    std::array<std::pair<double, double>, 6> corners{};  // its outline, table mm
};

// Where a cited hex's number is printed: three fifths of the way from its centre to its corner
// lowest on the screen (nearest the camera), clear of the units at its centre and the name tags
// above them. `screen_y(x_mm, y_mm)` gives a table point's height on the screen, or nullopt when
// it is off screen.
template <class ScreenY>
std::pair<double, double> number_place(const HexNumberMark& h, ScreenY screen_y) {
    std::size_t near = 0;
    float near_y = -1e30f;
    for (std::size_t i = 0; i < h.corners.size(); ++i) {
        const std::optional<float> y = screen_y(h.corners[i].first, h.corners[i].second);
        if (y && *y > near_y) near_y = *y, near = i;
    }
    return {h.x_mm + (h.corners[near].first - h.x_mm) * 0.6,
            h.y_mm + (h.corners[near].second - h.y_mm) * 0.6};
}

// Every hex "(q, r)" written in `text` ("hex (q, r)" or bare), in order of first mention, each
// once.
std::vector<HexCoord> hexes_cited(std::string_view text);

// The hexes of the board that the event shown at the moment cites (its text, its explanation's
// titles, columns, lines and notes), and the result card shown with it; none on a board without
// a hex grid.
std::vector<HexNumberMark> hex_number_marks(const ReplayScene& scene, const SceneState& state);

}  // namespace vedette::render

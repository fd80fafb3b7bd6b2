#pragma once
// The geometry of a board's hex grid (sim/record/header.h HexGrid) in table millimetres: the
// centre and corners of an axial hex (q, r), the hex a point lies in and how far the point is
// from that hex's edge. Pointy-topped: q runs along +x, r along +y leaning +x by half a hex;
// flat-topped: q runs along +x leaning +y, r along +y. Hex (0, 0) is centred at the origin.
// The terrain mesh and the viewer's hex overlays both use it, so they agree to the millimetre.

#include <array>
#include <utility>

#include "sim/record/header.h"

namespace vedette::render {

struct HexCoord {
    int q = 0;
    int r = 0;
    friend bool operator==(const HexCoord&, const HexCoord&) = default;
};

class HexLayout {
public:
    HexLayout(double origin_x_mm, double origin_y_mm, double size_mm, bool pointy);
    explicit HexLayout(const sim::record::HexGrid& grid);

    std::pair<double, double> centre(HexCoord h) const;
    std::array<std::pair<double, double>, 6> corners(HexCoord h) const;
    // The hex whose area holds (x, y) (the nearest centre).
    HexCoord nearest(double x_mm, double y_mm) const;
    // From (x, y) to the nearest edge of its own hex: 0 on an edge, the apothem at the centre.
    double edge_distance(double x_mm, double y_mm) const;
    double size_mm() const { return size_; }
    double apothem_mm() const;  // centre to the middle of an edge
    bool pointy() const { return pointy_; }

private:
    double ox_, oy_, size_;
    bool pointy_;
};

}  // namespace vedette::render

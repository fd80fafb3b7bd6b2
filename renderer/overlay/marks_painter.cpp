#include "renderer/overlay/marks_painter.h"

#include <algorithm>
#include <cmath>

namespace vedette::render {

struct MarksPainter::Projection {
    const Camera& camera;
    const TerrainModel& terrain;
    float w, h;
    bool at(double x_mm, double y_mm, float lift, ScreenPoint& out) const {
        const float ground = terrain.height(float(x_mm), float(y_mm)) + lift;
        return project_to_screen(camera, table_point(x_mm, y_mm, ground), w, h, out.first,
                                 out.second);
    }
    // A table path on the screen, with points every `step_mm` so it follows the ground.
    std::vector<ScreenPoint> path(const std::vector<std::pair<double, double>>& pts, float lift,
                                  double step_mm = 20) const {
        std::vector<ScreenPoint> out;
        for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
            const auto [x0, y0] = pts[i];
            const auto [x1, y1] = pts[i + 1];
            const int n = std::max(1, int(std::hypot(x1 - x0, y1 - y0) / step_mm));
            for (int k = 0; k < n; ++k) {
                ScreenPoint p;
                const double t = double(k) / n;
                if (at(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, lift, p)) out.push_back(p);
            }
        }
        ScreenPoint last;
        if (!pts.empty() && at(pts.back().first, pts.back().second, lift, last))
            out.push_back(last);
        return out;
    }
};

MarksPainter::MarksPainter(std::uint32_t frame_height)
    : scale_(std::max(1.0f, float(frame_height) / 720.0f)),
      chip_text_{48.0f},
      hex_text_{40.0f, Weight::bold} {}

int MarksPainter::paint(Canvas& frame, const TableMarks& marks, const Camera& camera,
                        const TerrainModel& terrain) {
    const Projection p{camera, terrain, float(frame.width()), float(frame.height())};
    // The cited hexes' outlines first (the arrows go over them), their numbers over the arrows.
    int painted = paint_hex_numbers(frame, marks.hex_numbers, p, false);
    for (const auto& f : marks.fronts) {
        ScreenPoint a, b;
        if (!p.at(f.x0_mm, f.y0_mm, 1.5f, a) || !p.at(f.x1_mm, f.y1_mm, 1.5f, b)) continue;
        frame.segment(a, b, Stroke{f.colour.r, f.colour.g, f.colour.b, px(2.5f), 0.95f, 0});
        ++painted;
    }
    for (const auto& arrow : marks.arrows) {
        const auto line = p.path(arrow.path_mm, 3.0f);
        if (line.size() < 2) continue;
        const ArrowLook& look = arrow.look;
        Stroke s{look.r,       look.g,
                 look.b,       px(3.0f * look.width),
                 look.opacity, look.dashed ? px(9.0f * look.dash) : 0.0f};
        const float head = px(12.0f) * std::max(1.0f, look.width);
        // A dark outline under the colour: the arrow reads on grass, fields and figures alike.
        const float edge = px(1.5f);
        Stroke outline{20, 16, 12, s.width + 2 * edge, std::min(1.0f, s.opacity + 0.1f), s.dash};
        std::vector<ScreenPoint> back(line.rbegin(), line.rend());
        for (const Stroke* pass : {&outline, &s}) {
            frame.polyline(line, *pass, false, head + (pass == &outline ? 2 * edge : 0));
            if (look.heads > 1)  // a second head at the start: a two-way push
                frame.polyline({back[back.size() - 2], back.back()}, *pass, false,
                               head + (pass == &outline ? 2 * edge : 0));
        }
        ++painted;
    }
    for (const auto& c : marks.clashes) {
        // A starburst: a ring on the ground and crossed strokes over the clash point.
        const auto outline =
            p.path(circle_points(c.x_mm, c.y_mm, std::max(15.0, c.radius_mm), 36), 2.0f);
        const Stroke red{255, 70, 40, px(3.0f), 0.9f, 0};
        frame.polyline(outline, red, true);
        ScreenPoint centre;
        if (p.at(c.x_mm, c.y_mm, 8.0f, centre)) {
            const float r = px(11.0f);
            const Stroke white{255, 245, 220, px(3.5f), 1.0f, 0};
            frame.segment({centre.first - r, centre.second - r},
                          {centre.first + r, centre.second + r}, white);
            frame.segment({centre.first - r, centre.second + r},
                          {centre.first + r, centre.second - r}, white);
        }
        ++painted;
    }
    paint_hex_numbers(frame, marks.hex_numbers, p, true);
    for (const auto& s : marks.statuses) {
        ScreenPoint at;
        if (!p.at(s.x_mm, s.y_mm, 14.0f, at)) continue;
        const std::string& label = s.label.empty() ? s.status : s.label;
        const int tw = frame.text_width(chip_text_, label), lh = frame.line_height(chip_text_);
        const int x0 = int(at.first) - tw / 2 - 4, y0 = int(at.second) + 2;
        frame.fill(x0, y0, x0 + tw + 8, y0 + lh + 2, Rgb{s.r, s.g, s.b});
        // Dark text on a light chip, light text on a dark one.
        const bool light = int(s.r) + int(s.g) + int(s.b) > 400;
        const std::uint8_t ink = light ? 20 : 245;
        frame.text(chip_text_, label, x0 + 4, y0 + 1, tw + 8, Rgb{ink, ink, ink});
        ++painted;
    }
    return painted;
}

// A cited hex: its outline in pale ink, and its number on a paper plate inside its corner nearest
// the camera (lowest on the screen), as a printed map numbers its hexes: clear of the units at its
// centre and of the name tags above them.
int MarksPainter::paint_hex_numbers(Canvas& frame, const std::vector<HexNumberMark>& hexes,
                                    const Projection& p, bool numbers) {
    int painted = 0;
    for (const auto& h : hexes) {
        const std::vector<std::pair<double, double>> corners(h.corners.begin(), h.corners.end());
        if (!numbers) {
            const auto outline = p.path(corners, 1.0f);
            if (outline.size() < 3) continue;
            frame.polyline(outline, Stroke{250, 240, 205, px(2.0f), 0.85f, 0}, true);
            ++painted;
            continue;
        }
        const auto [x, y] = number_place(h, [&](double cx, double cy) -> std::optional<float> {
            ScreenPoint c;
            if (!p.at(cx, cy, 1.0f, c)) return std::nullopt;
            return c.second;
        });
        ScreenPoint at;
        if (!p.at(x, y, 1.0f, at)) continue;
        const int tw = frame.text_width(hex_text_, h.text), lh = frame.line_height(hex_text_);
        const int pad = int(px(5.0f)), x0 = int(at.first) - tw / 2 - pad,
                  y0 = int(at.second) - lh / 2 - 1;
        frame.fill(x0 - 1, y0 - 1, x0 + tw + 2 * pad + 1, y0 + lh + 3, Rgb{60, 44, 28});
        frame.fill(x0, y0, x0 + tw + 2 * pad, y0 + lh + 2, Rgb{238, 228, 200});
        frame.text(hex_text_, h.text, x0 + pad, y0 + 1, tw + 2 * pad, Rgb{60, 44, 28});
    }
    return painted;
}

int MarksPainter::paint_drawings(Canvas& frame, const Note& note, const Camera& camera,
                                 const TerrainModel& terrain) {
    const Projection p{camera, terrain, float(frame.width()), float(frame.height())};
    int painted = 0;
    for (const auto& d : note.drawings) {
        const Stroke s{d.r, d.g, d.b, px(4.0f), 0.95f, 0};
        if (d.kind == NoteDrawing::Kind::arrow) {
            const auto line = p.path({{d.x0_mm, d.y0_mm}, {d.x1_mm, d.y1_mm}}, 4.0f);
            if (line.size() < 2) continue;
            frame.polyline(line, s, false, px(16.0f));
        } else {
            const auto line = p.path(circle_points(d.x0_mm, d.y0_mm, d.radius_mm, 36), 3.0f);
            if (line.size() < 3) continue;
            frame.polyline(line, s, true);
        }
        ++painted;
    }
    return painted;
}

}  // namespace vedette::render

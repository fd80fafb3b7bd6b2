#include "renderer/export/label_painter.h"

#include <algorithm>
#include <cmath>

#include "renderer/scene/label_layout.h"

namespace vedette::render {

int paint_unit_labels(CaptionPainter& text, RgbaImage& frame, const SceneState& state,
                      const Camera& camera, const TerrainModel& terrain, LabelStyle style,
                      const std::vector<TagColour>& colours) {
    const float w = float(frame.width), h = float(frame.height);
    const int line = text.line_height();
    // Every tag on screen first, then spread apart so that close units' names stay readable.
    struct Tag {
        const UnitView* unit;
        const std::string* label;
        int width;
    };
    std::vector<Tag> tags;
    std::vector<LabelBox> boxes;
    for (const auto& u : state.units) {
        if (!u.on_table) continue;
        // A little above the figures, so the tag never hides the unit it names.
        const float lift = terrain.height(float(u.x_mm), float(u.y_mm)) + 22.0f;
        float sx = 0, sy = 0;
        if (!project_to_screen(camera, table_point(u.x_mm, u.y_mm, lift), w, h, sx, sy)) continue;
        const std::string& label = label_text(u, style);
        const int tw = text.text_width(label);
        const float x0 = float(int(sx) - tw / 2 - 4), y0 = float(int(sy) - line - 2);
        tags.push_back({&u, &label, tw});
        // Room under the name for the side's colour bar.
        boxes.push_back({x0, y0, x0 + float(tw + 8), float(int(sy) + 2 + line / 8)});
    }
    const std::vector<float> rise = spread_labels(boxes);
    int painted = 0;
    for (std::size_t i = 0; i < tags.size(); ++i) {
        const int x0 = int(boxes[i].x0), y0 = int(boxes[i].y0 + rise[i]);
        const int x1 = int(boxes[i].x1), y1 = int(boxes[i].y1 + rise[i]);
        if (x0 < 0 || y0 < 0 || x1 > int(frame.width) || y1 > int(frame.height)) continue;
        text.shade(frame, x0, y0, x1, y1, 0.45f);
        const int side = tags[i].unit->side;
        TagColour c = side == 0 ? TagColour{170, 200, 255} : TagColour{255, 170, 160};
        if (side >= 0 && side < int(colours.size())) c = colours[std::size_t(side)];
        // The name in near-white (it reads from the back of a room), the side as a bar of its
        // colour under the name (the colour its front edges and uniforms wear).
        const int bar = std::max(3, text.line_height() / 8);
        text.fill(frame, x0, y1 - bar, x1, y1, c.r, c.g, c.b);
        text.draw_text(frame, *tags[i].label, x0 + 4, y0 + 1, tags[i].width + 8, 246, 244, 236);
        ++painted;
    }
    return painted;
}

namespace {

// Distance from p to the segment a-b.
float segment_distance(float px, float py, float ax, float ay, float bx, float by) {
    const float dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
    const float t = len2 > 0 ? std::clamp(((px - ax) * dx + (py - ay) * dy) / len2, 0.0f, 1.0f) : 0;
    return std::hypot(ax + t * dx - px, ay + t * dy - py);
}

}  // namespace

void paint_arrow(RgbaImage& frame, float x0, float y0, float x1, float y1, std::uint8_t r,
                 std::uint8_t g, std::uint8_t b, float width) {
    const float len = std::hypot(x1 - x0, y1 - y0);
    if (len < 1) return;
    const float ux = (x1 - x0) / len, uy = (y1 - y0) / len;
    const float head = std::min(len * 0.5f, width * 5);
    // The head: two strokes back from the tip, 28 degrees either side.
    const float hx0 = x1 - head * (ux * 0.88f - uy * 0.47f),
                hy0 = y1 - head * (uy * 0.88f + ux * 0.47f);
    const float hx1 = x1 - head * (ux * 0.88f + uy * 0.47f),
                hy1 = y1 - head * (uy * 0.88f - ux * 0.47f);
    const float half = width / 2;
    const int xa = std::max(0, int(std::min({x0, x1, hx0, hx1}) - width));
    const int xb = std::min(int(frame.width) - 1, int(std::max({x0, x1, hx0, hx1}) + width));
    const int ya = std::max(0, int(std::min({y0, y1, hy0, hy1}) - width));
    const int yb = std::min(int(frame.height) - 1, int(std::max({y0, y1, hy0, hy1}) + width));
    for (int y = ya; y <= yb; ++y)
        for (int x = xa; x <= xb; ++x) {
            const float px = float(x) + 0.5f, py = float(y) + 0.5f;
            const float d = std::min({segment_distance(px, py, x0, y0, x1, y1),
                                      segment_distance(px, py, x1, y1, hx0, hy0),
                                      segment_distance(px, py, x1, y1, hx1, hy1)});
            // Anti-aliased: full inside the stroke, fading over its last pixel.
            const float cover = std::clamp(half + 0.5f - d, 0.0f, 1.0f);
            if (cover <= 0) continue;
            std::uint8_t* p = &frame.pixels[(std::size_t(y) * frame.width + std::size_t(x)) * 4];
            p[0] = std::uint8_t(p[0] + (float(r) - p[0]) * cover);
            p[1] = std::uint8_t(p[1] + (float(g) - p[1]) * cover);
            p[2] = std::uint8_t(p[2] + (float(b) - p[2]) * cover);
        }
}

}  // namespace vedette::render

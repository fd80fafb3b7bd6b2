#include "renderer/overlay/label_painter.h"

#include <algorithm>

#include "renderer/scene/label_layout.h"

namespace vedette::render {

int paint_unit_labels(Canvas& frame, const Type& text, const SceneState& state,
                      const Camera& camera, const TerrainModel& terrain, LabelStyle style,
                      const std::vector<TagColour>& colours) {
    const float w = float(frame.width()), h = float(frame.height());
    const int line = frame.line_height(text);
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
        const int tw = frame.text_width(text, label);
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
        if (x0 < 0 || y0 < 0 || x1 > frame.width() || y1 > frame.height()) continue;
        frame.shade(x0, y0, x1, y1, 0.45f);
        const int side = tags[i].unit->side;
        TagColour c = side == 0 ? TagColour{170, 200, 255} : TagColour{255, 170, 160};
        if (side >= 0 && side < int(colours.size())) c = colours[std::size_t(side)];
        // The name in near-white (it reads from the back of a room), the side as a bar of its
        // colour under the name (the colour its front edges and uniforms wear).
        const int bar = std::max(3, frame.line_height(text) / 8);
        frame.fill(x0, y1 - bar, x1, y1, Rgb{c.r, c.g, c.b});
        frame.text(text, *tags[i].label, x0 + 4, y0 + 1, tags[i].width + 8, Rgb{246, 244, 236});
        ++painted;
    }
    return painted;
}

}  // namespace vedette::render

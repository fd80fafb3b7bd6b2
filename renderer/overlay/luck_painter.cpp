#include "renderer/overlay/luck_painter.h"

#include <algorithm>

#include "renderer/scene/luck_strip.h"

namespace vedette::render {

LuckPainter::LuckPainter(const Visuals& visuals) : visuals_(visuals), text_{48.0f} {}

int LuckPainter::paint(Canvas& frame, const ReplayScene& scene, const SceneState& state, int x0,
                       int y0, int x1, int y1) {
    if (read_ != &scene) {
        luck_ = sim::replay::battle_luck(scene.replay.header, scene.replay.events);
        read_ = &scene;
    }
    if (luck_.moments.empty()) return 0;
    const int pad = frame.line_height(text_) / 4, title = frame.line_height(text_);
    frame.shade(x0, y0, x1, y1, 0.35f);
    // The legend on the first row, the graph below it.
    const auto colours = side_tag_colours(visuals_, scene.replay.header.sides);
    auto colour = [&](int side) {
        return side >= 0 && side < int(colours.size()) ? colours[std::size_t(side)]
                                                       : TagColour{220, 220, 220};
    };
    int x = x0 + pad;
    const auto word = [&](const std::string& w, TagColour c) {
        frame.text(text_, w, x, y0 + pad / 2, x1 - x, Rgb{c.r, c.g, c.b});
        x += frame.text_width(text_, w) + 2 * pad;
    };
    word("Luck (up: lucky)", TagColour{225, 225, 225});
    for (std::size_t k = 0; k < std::min<std::size_t>(2, luck_.sides.size()); ++k)
        word(luck_.sides[k], colour(int(k)));
    const LuckStrip strip =
        luck_strip(luck_, scene.replay.events, scene.duration_ms, float(x0 + pad),
                   float(y0 + title), float(x1 - pad), float(y1 - pad / 2), state.event);
    frame.segment({strip.x0, strip.mid}, {strip.x1, strip.mid},
                  Stroke{160, 160, 160, 1.0f, 0.8f, 0});
    for (const auto& b : strip.bars) {
        const TagColour c = colour(b.side);
        frame.fill(int(b.x0), int(b.y0), std::max(int(b.x0) + 1, int(b.x1)),
                   std::max(int(b.y0) + 1, int(b.y1)), Rgb{c.r, c.g, c.b});
    }
    for (std::size_t k = 0; k < strip.running.size(); ++k) {
        if (strip.running[k].size() < 2) continue;
        std::vector<ScreenPoint> line(strip.running[k].begin(), strip.running[k].end());
        const TagColour c = colour(int(k));
        frame.polyline(line, Stroke{c.r, c.g, c.b, std::max(2.0f, float(pad) / 2), 1.0f, 0});
    }
    return int(strip.bars.size());
}

}  // namespace vedette::render

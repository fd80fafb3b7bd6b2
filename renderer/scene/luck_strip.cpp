#include "renderer/scene/luck_strip.h"

#include <algorithm>
#include <cmath>

namespace vedette::render {

namespace {

// The index of the event with this seq (events are written in seq order; searched in case).
int event_index(const std::vector<sim::record::Event>& events, int seq) {
    if (seq >= 0 && seq < int(events.size()) && events[std::size_t(seq)].seq == seq) return seq;
    for (std::size_t i = 0; i < events.size(); ++i)
        if (events[i].seq == seq) return int(i);
    return -1;
}

}  // namespace

LuckStrip luck_strip(const sim::replay::BattleLuck& luck,
                     const std::vector<sim::record::Event>& events, std::int64_t duration_ms,
                     float x0, float y0, float x1, float y1, int until) {
    LuckStrip s{x0, y0, x1, y1, (y0 + y1) / 2, {}, {}, {}, {}};
    const std::size_t sides = std::min<std::size_t>(2, luck.sides.size());
    s.running.resize(sides);
    const float half = (y1 - y0) / 2 - 1, width = x1 - x0;
    const double total = double(std::max<std::int64_t>(1, duration_ms));
    // Bars a few pixels wide however many events there are; side 0 left of the moment, 1 right.
    const float bar =
        std::clamp(width / float(std::max<std::size_t>(1, luck.moments.size())) / 3, 1.5f, 6.0f);
    double scale = 1;
    for (const auto& m : luck.moments)
        for (std::size_t k = 0; k < sides && k < m.running.size(); ++k)
            scale = std::max(scale, std::abs(m.running[k]));
    for (auto& line : s.running) line.emplace_back(x0, s.mid);
    for (const auto& m : luck.moments) {
        const int index = event_index(events, m.seq);
        if (index < 0 || (until >= 0 && index > until)) continue;
        const auto& e = events[std::size_t(index)];
        const float x = x0 + float(double(width) * double(e.t0_ms) / total);
        s.moment_x.push_back(x);
        s.moment_event.push_back(index);
        for (std::size_t k = 0; k < sides && k < m.luck.size(); ++k) {
            const float top = s.mid - float(m.luck[k]) * half;
            const float left = k == 0 ? x - bar : x;
            s.bars.push_back({index, int(k), left, left + bar, std::min(top, s.mid),
                              std::max(top, s.mid), m.luck[k] > 0});
            s.running[k].emplace_back(x, s.mid - float(m.running[k] / scale) * half);
        }
    }
    return s;
}

int luck_event_at(const LuckStrip& strip, float x) {
    int best = -1;
    float distance = 0;
    for (std::size_t i = 0; i < strip.moment_x.size(); ++i) {
        const float d = std::abs(strip.moment_x[i] - x);
        if (best < 0 || d < distance) best = strip.moment_event[i], distance = d;
    }
    return best;
}

}  // namespace vedette::render

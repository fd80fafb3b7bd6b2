#include "renderer/export/subtitles.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "renderer/export/captions.h"

namespace vedette::render {

namespace {

// SRT's clock: HH:MM:SS,mmm.
std::string srt_time(double seconds) {
    const auto ms = static_cast<long long>(std::llround(std::max(0.0, seconds) * 1000.0));
    char out[32];
    std::snprintf(out, sizeof out, "%02lld:%02lld:%02lld,%03lld", ms / 3600000, (ms / 60000) % 60,
                  (ms / 1000) % 60, ms % 1000);
    return out;
}

}  // namespace

std::string srt_of(const ReplayScene& scene, std::int64_t from_ms, std::int64_t to_ms,
                   double speed) {
    const auto& events = scene.replay.events;
    std::string out;
    int cue = 0;
    for (std::size_t i = 0; i < events.size(); ++i) {
        const auto& e = events[i];
        // The event's caption stays until the next event starts (captions show the last event
        // begun at any moment).
        const std::int64_t start = std::max(e.t0_ms, from_ms);
        const std::int64_t end =
            std::min(i + 1 < events.size() ? events[i + 1].t0_ms : std::max(e.t1_ms, to_ms), to_ms);
        if (end <= start || e.text.empty()) continue;
        out += std::to_string(++cue) + "\n" + srt_time(double(start - from_ms) / 1000.0 / speed) +
               " --> " + srt_time(double(end - from_ms) / 1000.0 / speed) + "\n" + e.text + "\n" +
               caption_detail(scene, e) + "\n\n";
    }
    return out;
}

}  // namespace vedette::render

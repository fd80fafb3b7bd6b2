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

std::string srt_of(const ReplayScene& scene, const PacedVideo& video) {
    const auto& events = scene.replay.events;
    std::string out;
    int cue = 0;
    for (const auto& s : video.segments) {
        if (s.event < 0 || s.video_end_s() <= s.video_start_s) continue;
        const auto& e = events[static_cast<std::size_t>(s.event)];
        if (e.text.empty()) continue;
        const std::string detail = caption_detail(scene, e);
        out += std::to_string(++cue) + "\n" + srt_time(s.video_start_s) + " --> " +
               srt_time(s.video_end_s()) + "\n" + e.text + "\n" +
               (detail.empty() ? "" : detail + "\n") + "\n";
    }
    return out;
}

std::string srt_of(const ReplayScene& scene, std::int64_t from_ms, std::int64_t to_ms,
                   double speed) {
    Pacing plain;
    plain.speed = speed;
    return srt_of(scene, pace_video(scene, from_ms, to_ms, plain));
}

}  // namespace vedette::render

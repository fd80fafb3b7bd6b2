#include "renderer/export/pacing.h"

#include "renderer/scene/result_card.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

namespace vedette::render {

namespace {

constexpr double kMaxHoldSeconds = 60;

bool plain(const Pacing& p) {
    return p.min_caption_s <= 0 && p.reading_chars_per_s <= 0 && p.title_s <= 0 && p.end_s <= 0 &&
           p.story_unit < 0 && (p.note_hold_s <= 0 || p.note_times_ms.empty()) &&
           std::none_of(p.holds.begin(), p.holds.end(),
                        [](const HoldRule& h) { return h.seconds > 0; });
}

// Seconds to hold after an event: the longest rule naming its kind or its category.
class Holds {
public:
    explicit Holds(const std::vector<HoldRule>& rules) {
        for (const auto& r : rules) by_kind_[r.kind] = r.seconds;  // later rules win
    }
    double of(const sim::record::Event& e) const {
        const auto& categories = sim::record::category_names();
        const auto c = static_cast<std::size_t>(e.category);
        return std::max(find(e.kind), c < categories.size() ? find(categories[c]) : 0.0);
    }

private:
    double find(const std::string& key) const {
        const auto it = by_kind_.find(key);
        return it == by_kind_.end() ? 0.0 : it->second;
    }
    std::map<std::string, double> by_kind_;
};

void lay_out_again(std::vector<PacedSegment>& segments) {
    double video = 0;  // every video starts at 0
    for (auto& s : segments) s.video_start_s = video, video = s.video_end_s();
}

// A result card is read on its own event's segment, part after part as a presenter says it: that
// segment holds until every part has been up its reading time. The events shown under the card
// afterwards (its melee's losses, retreats, pursuit) see it whole and hold only for their own
// captions: nothing on the card is counted twice.
void reveal_cards(const ReplayScene& scene, const Pacing& pacing,
                  std::vector<PacedSegment>& segments) {
    if (pacing.reading_chars_per_s <= 0) return;
    const auto& events = scene.replay.events;
    std::map<int, std::vector<double>> parts_of;  // card event -> its parts' seconds
    for (auto& s : segments) {
        if (s.event < 0 || card_event(scene, s.event) != s.event) continue;
        const auto card = result_card_of(*events[static_cast<std::size_t>(s.event)].explanation);
        std::vector<double> parts = card_part_seconds(*card, pacing);
        double reading = 0;
        for (const double p : parts) reading += p;
        // Holds and notes come on top of reading time, as they do for captions.
        s.hold_s += std::max(0.0, reading - (s.play_s + s.hold_s - s.asked_s));
        parts_of[s.event] = std::move(parts);
    }
    lay_out_again(segments);
    std::map<int, std::vector<double>> at_of;  // card event -> the video times its parts appear
    for (auto& s : segments) {
        const int card = s.event < 0 ? -1 : card_event(scene, s.event);
        if (card < 0) continue;
        if (card == s.event && parts_of.count(card)) {
            double at = s.video_start_s;
            for (const double p : parts_of[card]) s.card_parts_at_s.push_back(at), at += p;
            at_of[card] = s.card_parts_at_s;
        } else if (const auto it = at_of.find(card); it != at_of.end()) {
            s.card_parts_at_s = it->second;
        }
    }
}

// A unit's story: the segments of the events that name it, cut together (the title card stays).
void keep_the_story(const ReplayScene& scene, const Pacing& pacing,
                    std::vector<PacedSegment>& segments) {
    if (pacing.story_unit < 0) return;
    segments.erase(std::remove_if(segments.begin(), segments.end(),
                                  [&](const PacedSegment& s) {
                                      return s.event != kTitleCard &&
                                             !shows_event(scene, s.event, pacing);
                                  }),
                   segments.end());
    lay_out_again(segments);
}

// The end card over the closing moment, recalling every result card the video showed.
void add_end_card(const ReplayScene& scene, const Pacing& pacing,
                  std::vector<PacedSegment>& segments) {
    if (pacing.end_s <= 0) return;
    PacedSegment end;
    end.event = kEndCard;
    end.from_ms = end.to_ms = segments.empty() ? 0 : segments.back().to_ms;
    end.video_start_s = segments.empty() ? 0 : segments.back().video_end_s();
    end.hold_s = pacing.end_s;
    for (const auto& s : segments) {
        const int card = s.event < 0 ? -1 : card_event(scene, s.event);
        if (card >= 0 && std::find(end.recap_events.begin(), end.recap_events.end(), card) ==
                             end.recap_events.end())
            end.recap_events.push_back(card);
    }
    segments.push_back(end);
}

std::vector<PacedSegment> segments_of(const ReplayScene& scene, std::int64_t from, std::int64_t to,
                                      const Pacing& pacing) {
    const auto& events = scene.replay.events;
    const Holds holds(pacing.holds);
    std::vector<PacedSegment> out;
    double video = 0;
    if (pacing.title_s > 0) {
        PacedSegment title;
        title.event = kTitleCard;
        title.from_ms = title.to_ms = from;
        title.hold_s = pacing.title_s;
        out.push_back(title);
        video = pacing.title_s;
    }
    // Cut the range where each event starts: one segment per event shown.
    std::vector<std::int64_t> cuts{from};
    for (const auto& e : events)
        if (e.t0_ms > cuts.back() && e.t0_ms < to) cuts.push_back(e.t0_ms);
    cuts.push_back(to);
    std::size_t next = 0;  // the first event not yet begun
    for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
        const std::int64_t a = cuts[k], b = cuts[k + 1];
        while (next < events.size() && events[next].t0_ms <= a) ++next;
        PacedSegment s;
        s.event = static_cast<int>(next) - 1;  // the last event begun at a
        s.from_ms = a, s.to_ms = b;
        s.video_start_s = video;
        s.play_s = double(b - a) / 1000.0 / pacing.speed;
        if (s.event >= 0) {
            const auto& e = events[static_cast<std::size_t>(s.event)];
            s.hold_s = std::max(0.0, reading_seconds(e, pacing) - s.play_s);
            s.asked_s = holds.of(e);
        }
        // A note belongs to the segment showing its moment; one at the range's very end to the
        // last segment, which shows that moment itself.
        const bool last = k + 2 == cuts.size();
        for (const std::int64_t t : pacing.note_times_ms)
            if (t >= a && (t < b || (last && t == b))) s.asked_s += pacing.note_hold_s;
        s.hold_s += s.asked_s;
        video = s.video_end_s();
        out.push_back(s);
    }
    keep_the_story(scene, pacing, out);
    reveal_cards(scene, pacing, out);
    add_end_card(scene, pacing, out);
    return out;
}

}  // namespace

bool shows_event(const ReplayScene& scene, int event, const Pacing& pacing) {
    if (event < 0 || event >= int(scene.replay.events.size())) return false;
    if (pacing.story_unit < 0) return true;
    const auto& units = scene.replay.events[std::size_t(event)].units;
    return std::find(units.begin(), units.end(), pacing.story_unit) != units.end();
}

std::size_t reading_chars(const sim::record::Event& e) {
    return chars_of(e.text);
}

double reading_seconds(const sim::record::Event& e, const Pacing& pacing) {
    if (e.text.empty()) return 0;
    double seconds = pacing.min_caption_s;
    if (pacing.reading_chars_per_s > 0) {
        double reading = double(reading_chars(e)) / pacing.reading_chars_per_s;
        if (pacing.max_caption_s > 0) reading = std::min(reading, pacing.max_caption_s);
        seconds = std::max(seconds, reading);
    }
    return seconds;
}

std::vector<double> card_part_seconds(const ResultCard& card, const Pacing& pacing) {
    // A part is read as a caption is, between these: a short line still takes a moment to find.
    constexpr double kMinPartSeconds = 1.0, kMaxPartSeconds = 5.0;
    std::vector<double> out;
    for (const std::size_t chars : card_part_chars(card)) {
        const double reading =
            pacing.reading_chars_per_s > 0 ? double(chars) / pacing.reading_chars_per_s : 0.0;
        out.push_back(chars == 0 || reading <= 0
                          ? 0.0
                          : std::clamp(reading, kMinPartSeconds, kMaxPartSeconds));
    }
    return out;
}

HoldRule parse_hold(const std::string& text) {
    const auto eq = text.find('=');
    const std::string expected =
        "expected KIND=SECONDS (an event kind or category, such as melee=2 or declare=1.5), "
        "not \"" +
        text + "\"";
    if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
        throw std::invalid_argument(expected);
    HoldRule r;
    r.kind = text.substr(0, eq);
    const std::string number = text.substr(eq + 1);
    std::size_t used = 0;
    try {
        r.seconds = std::stod(number, &used);
    } catch (const std::exception&) {
        throw std::invalid_argument(expected);
    }
    if (used != number.size() || !std::isfinite(r.seconds) || r.seconds < 0 ||
        r.seconds > kMaxHoldSeconds)
        throw std::invalid_argument(expected + " (SECONDS from 0 to " +
                                    std::to_string(int(kMaxHoldSeconds)) + ")");
    return r;
}

double paced_frame_count(const ReplayScene& scene, std::int64_t from, std::int64_t to,
                         const Pacing& pacing) {
    if (plain(pacing)) return double(to - from) / (pacing.speed * 1000.0 / pacing.fps) + 1;
    const auto segments = segments_of(scene, from, to, pacing);
    const double seconds = segments.empty() ? 0 : segments.back().video_end_s();
    return std::floor(seconds * pacing.fps + 1e-9) + 1;
}

PacedVideo pace_video(const ReplayScene& scene, std::int64_t from, std::int64_t to,
                      const Pacing& pacing) {
    PacedVideo v;
    v.segments = segments_of(scene, from, to, pacing);
    if (plain(pacing)) {
        // The plain clock, kept exactly: frame i at from + i * step.
        const double step_ms = pacing.speed * 1000.0 / pacing.fps;
        const auto count = static_cast<std::size_t>(double(to - from) / step_ms + 1);
        std::size_t seg = 0;
        for (std::size_t i = 0; i < count; ++i) {
            const std::int64_t t = from + std::int64_t(double(i) * step_ms);
            while (seg + 1 < v.segments.size() && t >= v.segments[seg].to_ms) ++seg;
            v.frames.push_back({t, static_cast<int>(seg)});
        }
        return v;
    }
    const auto count = static_cast<std::size_t>(std::floor(v.seconds() * pacing.fps + 1e-9) + 1);
    // The range's end is shown itself when it is the replay's end, or a teacher's note stands
    // exactly there (held on `to - 1`, the note would not be on screen yet).
    const bool to_the_end = to >= scene.duration_ms ||
                            (pacing.note_hold_s > 0 &&
                             std::find(pacing.note_times_ms.begin(), pacing.note_times_ms.end(),
                                       to) != pacing.note_times_ms.end());
    std::size_t seg = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const double at = double(i) / pacing.fps;
        while (seg + 1 < v.segments.size() && at >= v.segments[seg].video_end_s()) ++seg;
        const PacedSegment& s = v.segments[seg];
        // Held: the segment's last moment (its event finished); the range's end is shown itself.
        const bool last = seg + 1 == v.segments.size();
        const std::int64_t held = last && to_the_end ? s.to_ms : std::max(s.from_ms, s.to_ms - 1);
        const double local = at - s.video_start_s;
        const std::int64_t t =
            local < s.play_s
                ? std::min(held, s.from_ms + std::int64_t(local * pacing.speed * 1000.0))
                : held;
        v.frames.push_back({t, static_cast<int>(seg)});
    }
    return v;
}

}  // namespace vedette::render

#pragma once
// The pace of an exported video: which replay moment each video frame shows. Plainly, replay time
// runs at `speed`; a video for viewers also lets every caption stay as long as reading it takes
// (its characters at a reading rate, between a minimum and a maximum caption time), reveals a
// result card part by part as a presenter would say it and holds while that is read (once, on
// the card's own event: later events under the same card hold only for their captions), holds
// on key moments (`--hold KIND=SECONDS`) and may open on a title card. The plan is a list of
// segments, one per event shown, each played at `speed` and then held on its last moment; frames
// sample it at fixed video steps, so the same options always give the same frames.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "renderer/scene/result_card.h"
#include "renderer/scene/scene_state.h"

namespace vedette::render {

// Hold `seconds` of video on the last moment of every event whose kind (the ruleset's own name)
// or category ("declare", "melee", ...) is `kind`.
struct HoldRule {
    std::string kind;
    double seconds = 0;
};

struct Pacing {
    double speed = 1.0;  // replay seconds per video second
    int fps = 30;
    double min_caption_s = 0;  // every event with a caption stays at least this long
    // Reading time: an event's caption stays its length in characters divided by this, within
    // min_caption_s and max_caption_s, on top of the holds (0: off); a result card is revealed at
    // the same rate. Video captions default to 15 a second, 1.5 s to 7 s.
    double reading_chars_per_s = 0;
    double max_caption_s = 0;     // 0: no maximum
    std::vector<HoldRule> holds;  // later rules for the same kind replace earlier ones
    double title_s = 0;           // a title card first, over the opening moment
    double end_s = 0;  // an end card last, over the closing moment: what the video showed
    // A unit's story (roster index; -1: every event): only the events that name it are shown,
    // cut together; the replay time between them is skipped.
    int story_unit = -1;
    // Moments a teacher noted (replay_notes.h): the event showing each is held this much longer.
    std::vector<std::int64_t> note_times_ms;
    double note_hold_s = 0;
};

// Characters of `e`'s caption a viewer reads (characters, not bytes).
std::size_t reading_chars(const sim::record::Event& e);
// Seconds `e`'s caption must stay on screen to be read: its characters at `reading_chars_per_s`,
// at least `min_caption_s` and at most `max_caption_s` (when set; 0 when it has no caption).
double reading_seconds(const sim::record::Event& e, const Pacing& pacing);
// Seconds to read each part of a result card (result_card.h card_part_chars) at the reading
// rate: 1 s to 5 s a part, 0 for an empty part (all 0 without a reading rate).
std::vector<double> card_part_seconds(const ResultCard& card, const Pacing& pacing);

// "melee=2" -> {melee, 2}; throws std::invalid_argument with what was expected.
HoldRule parse_hold(const std::string& text);

struct PacedSegment {
    int event = -1;  // the event shown (-1: before the first; kTitleCard: the title card)
    std::int64_t from_ms = 0, to_ms = 0;  // the replay time it plays
    double video_start_s = 0;
    double play_s = 0;   // played at speed, then
    double hold_s = 0;   // held on its last moment (reading time, holds and notes together)
    double asked_s = 0;  // of hold_s, what holds and notes asked for (reading time comes first)
    // The video time each part of the result card shown appears at (card_part_chars' order): the
    // card is revealed over its own event's segment and stays whole for the events under it.
    // Empty: the whole card at once (no reading rate, or its event began before the range).
    std::vector<double> card_parts_at_s;
    // The end card's recap: the events whose result cards the video showed, in order.
    std::vector<int> recap_events;
    double video_end_s() const { return video_start_s + play_s + hold_s; }
};
constexpr int kTitleCard = -2, kEndCard = -3;

struct PacedFrame {
    std::int64_t replay_ms = 0;
    int segment = 0;  // index into PacedVideo::segments
};

struct PacedVideo {
    std::vector<PacedSegment> segments;
    std::vector<PacedFrame> frames;
    double seconds() const { return segments.empty() ? 0 : segments.back().video_end_s(); }
};

// Whether `event` is shown by a video paced so (false for an event outside a story).
bool shows_event(const ReplayScene& scene, int event, const Pacing& pacing);

// The frame count `pace_video` would give, without building the frames (for limits).
double paced_frame_count(const ReplayScene& scene, std::int64_t from_ms, std::int64_t to_ms,
                         const Pacing& pacing);
// The plan for replay time [from_ms, to_ms]. Without holds, minimum caption time or title card,
// frame i shows from_ms + i * speed / fps exactly as a plain export always has.
PacedVideo pace_video(const ReplayScene& scene, std::int64_t from_ms, std::int64_t to_ms,
                      const Pacing& pacing);

}  // namespace vedette::render
